/** gitops-engine `pkg/sync/sync_context.go` `getSyncTasks`; argo-cd e2e `TestNamingNonHookResource`, `TestAutomaticallyNamingUnnamedHook`. */
import { buildPlan } from '../../../src/argo/plan';
import { yaml } from '../../fixtures/manifests';
import { findingsOf, manifestsOf, ruleCase } from '../helpers';

const pod = (annotations?: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: annotations ? { annotations } : { labels: { app: 'web' } },
  spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'registry.internal/tool:1.0.0', command: ['true'] }] },
});

describe('name-missing', () => {
  test('TestNamingNonHookResource: a Pod without a name is an error in the plan and a finding', () => {
    const text = yaml(pod());
    const plan = buildPlan(manifestsOf(text));
    expect(plan.errors.map(e => e.message)).toEqual([expect.stringMatching(/"resource name may not be empty"/)]);
    const [f] = findingsOf('name-missing', text);
    expect(f.level).toBe('error');
    expect(f.message).toMatch(/^Pod\/<no name> \(app\.yaml:3\): has neither metadata\.name nor metadata\.generateName and is not a hook/);
  });

  test('TestAutomaticallyNamingUnnamedHook: a hook in two phases is named by Argo CD, once per phase, and no finding', () => {
    const text = yaml(pod({ 'argocd.argoproj.io/hook': 'PreSync,PostSync' }));
    const plan = buildPlan(manifestsOf(text), { revision: '4f1c2d9e7a', startedAt: 1764600000 });
    expect(plan.errors).toEqual([]);
    expect(plan.steps.flatMap(s => s.tasks).map(t => t.name)).toEqual(['4f1c2d9-presync-1764600000', '4f1c2d9-postsync-1764600000']);
    expect(findingsOf('name-missing', text)).toEqual([]);
  });

  test('generateName alone is another rule\'s (generate-name-without-hook), and a Skip hook is never applied', () => {
    const generated = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'cfg-' } };
    expect(findingsOf('name-missing', yaml(generated, pod({ 'argocd.argoproj.io/hook': 'Skip' })))).toEqual([]);
  });
});

ruleCase('name-missing', {
  ref: 'TestNamingNonHookResource',
  trips: yaml({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { labels: { app: 'web' } }, data: { x: 'y' } }),
  passes: yaml({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', labels: { app: 'web' } }, data: { x: 'y' } }),
});
