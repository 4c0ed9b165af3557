/**
 * application-order-ignored: Argo CD has no dependencies between Applications (argo-cd PR #15280);
 * waves on Applications an ApplicationSet generates are not supported (argo-cd #17639, #18268:
 * Progressive Syncs are the answer); app-of-apps waves order only the parent's own children.
 */
import { k, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const WAVE = 'argocd.argoproj.io/sync-wave';
const DEPENDS_ON = 'syncplan.cdk8s.io/depends-on';

const appSet = (name: string, templateAnnotations: Record<string, string> | undefined, strategy?: object) => k('argoproj.io/v1alpha1', 'ApplicationSet', name, {
  spec: {
    generators: [{ list: { elements: [{ name: 'db' }, { name: 'web' }] } }],
    strategy,
    template: {
      metadata: { name: '{{name}}', labels: { tier: '{{name}}' }, annotations: templateAnnotations },
      spec: { project: 'default', source: { repoURL: 'https://git.example.com/p.git', path: '{{name}}' }, destination: { server: 'https://kubernetes.default.svc', namespace: '{{name}}' } },
    },
  },
});

const rolling = {
  type: 'RollingSync',
  rollingSync: { steps: [{ matchExpressions: [{ key: 'tier', operator: 'In', values: ['db'] }] }, { matchExpressions: [{ key: 'tier', operator: 'In', values: ['web'] }] }] },
};

const app = (name: string, annotations?: Record<string, string>) => k('argoproj.io/v1alpha1', 'Application', name, {
  spec: { project: 'default', source: { repoURL: 'https://git.example.com/p.git', path: name }, destination: { server: 'https://kubernetes.default.svc', namespace: name } },
}, annotations);

ruleCase('application-order-ignored', {
  ref: 'argo-cd #17639',
  trips: yaml(appSet('platform', { [WAVE]: '{{wave}}' })),
  passes: yaml(appSet('platform', undefined, rolling)),
});

test('a sync-wave on the generated Applications without RollingSync: reported on the template annotation', () => {
  const [f] = findingsOf('application-order-ignored', yaml(appSet('platform', { [WAVE]: '1' })));
  expect(f.kind).toBe('ApplicationSet');
  expect(f.message).toMatch(/generates Applications with a sync-wave, but no parent syncs them/);
  expect(f.level).toBe('error');
});

test('a declared depends-on in the template without RollingSync trips too', () => {
  expect(findingsOf('application-order-ignored', yaml(appSet('platform', { [DEPENDS_ON]: 'argoproj.io/Application/argocd/db' })))).toHaveLength(1);
});

test('RollingSync orders the generated Applications: a wave left in the template is not this rule\'s', () => {
  expect(findingsOf('application-order-ignored', yaml(appSet('platform', { [WAVE]: '1' }, rolling)))).toEqual([]);
});

test('an Application declared to depend on an Application the manifests do not hold: no parent here orders them', () => {
  const [f] = findingsOf('application-order-ignored', yaml(app('console', { [DEPENDS_ON]: 'argoproj.io/Application/argocd/database' })));
  expect(f.name).toBe('console');
  expect(f.message).toMatch(/depends on Application argocd\/database, which these manifests do not hold/);
});

test('the same dependency on a sibling Application (app-of-apps: the parent\'s waves order them) passes', () => {
  const inArgocd = (o: any) => ({ ...o, metadata: { ...o.metadata, namespace: 'argocd' } });
  const text = yaml(
    inArgocd(app('database', { [WAVE]: '0' })),
    inArgocd(app('console', { [WAVE]: '1', [DEPENDS_ON]: 'argoproj.io/Application/argocd/database' })),
  );
  expect(findingsOf('application-order-ignored', text)).toEqual([]);
});

test('a depends-on naming objects that are not Applications is not this rule\'s', () => {
  expect(findingsOf('application-order-ignored', yaml(app('console', { [DEPENDS_ON]: '/ConfigMap/argocd/settings' })))).toEqual([]);
});
