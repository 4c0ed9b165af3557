/** argo-cd `controller/state.go` `NormalizeTargetObjects`, test `Test_NormalizeTargetObjects_Deduplication`. */
import { buildPlan } from '../../../src/argo/plan';
import { cm, hookJob, k, yaml } from '../../fixtures/manifests';
import { findingsOf, manifestsOf, ruleCase } from '../helpers';

const role = (verb: string) => k('rbac.authorization.k8s.io/v1', 'ClusterRole', 'reader', { rules: [{ verbs: [verb], resources: ['pods'], apiGroups: [''] }] });

describe('resource-repeated', () => {
  test('Test_NormalizeTargetObjects_Deduplication: three definitions, the last kept, each earlier one named with the place that wins', () => {
    const text = yaml(role('get'), role('list'), role('watch'));
    const plan = buildPlan(manifestsOf(text));
    const tasks = plan.steps.flatMap(s => s.tasks);
    expect(tasks.map(t => (t.manifest.object.rules as any)[0].verbs[0])).toEqual(['watch']);
    const found = findingsOf('resource-repeated', text);
    expect(found.map(f => [f.level, f.source.line])).toEqual([['error', 4], ['error', 16]]);
    for (const f of found) {
      expect(f.message).toMatch(/^ClusterRole\/reader \(app\.yaml:\d+\): is defined again at app\.yaml:25 as the same object \(rbac\.authorization\.k8s\.io\/ClusterRole\/\/reader\): Argo CD keeps only the last definition/);
    }
  });

  test('the destination namespace fills in: an object with and without its namespace is one object', () => {
    const text = yaml(cm('cfg'), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'shop' } });
    expect(findingsOf('resource-repeated', text)).toEqual([]);
    expect(findingsOf('resource-repeated', text, { namespace: 'shop' })).toHaveLength(1);
  });

  test('a cluster-scoped object in two namespaces (a Helm chart rendered twice): the message says its namespace tells nothing apart, the fix offers names only', () => {
    const inNs = (namespace: string) => ({ ...role('get'), metadata: { name: 'reader', namespace } });
    const [f] = findingsOf('resource-repeated', yaml(inNs('team-a'), inNs('team-b')));
    expect(f.message).toContain('(rbac.authorization.k8s.io/ClusterRole//reader): a ClusterRole lives outside namespaces, so Argo CD drops metadata.namespace (team-a, team-b) and both are one object; it keeps only the last definition');
    expect(f.fix).toBe('remove one of the definitions, or give them different names (a ClusterRole\'s namespace does not tell them apart)');
    const [same] = findingsOf('resource-repeated', yaml(role('get'), role('list')));
    expect(same.message).not.toContain('outside namespaces');
    expect(same.fix).toBe('remove one of the definitions, or give them different names (a ClusterRole\'s namespace does not tell them apart)');
  });

  test('Test_NormalizeTargetObjects_GenerateName: generateName objects never collide (a collision of generated names is another rule)', () => {
    expect(findingsOf('resource-repeated', yaml(hookJob('migrate-'), hookJob('migrate-')))).toEqual([]);
  });

  test('two hooks of one name: the earlier never runs', () => {
    const found = findingsOf('resource-repeated', yaml(hookJob('migrate'), hookJob('migrate', { 'argocd.argoproj.io/hook': 'PostSync' })));
    expect(found).toHaveLength(1);
    expect(found[0].fix).toMatch(/remove one of the definitions/);
  });
});

ruleCase('resource-repeated', {
  ref: 'Test_NormalizeTargetObjects_Deduplication',
  trips: yaml(hookJob('migrate'), cm('cfg'), hookJob('migrate')),
  passes: yaml(hookJob('migrate'), cm('cfg'), hookJob('migrate-search')),
});
