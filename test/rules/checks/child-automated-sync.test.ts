/** child-automated-sync: argo-cd #8778; `IsAutomatedSyncEnabled` (`argo-cd pkg/apis/application/v1alpha1/types.go`). */
import { isAutomatedSync } from '../../../src/argo/application';
import { k, wave, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const childApp = (name: string, a?: Record<string, unknown>) => k('argoproj.io/v1alpha1', 'Application', name, {
  spec: { project: 'default', source: { repoURL: 'https://git.example.com/p.git', path: name }, destination: { server: 'https://kubernetes.default.svc', namespace: name } },
}, a);

const automatedApp = (name: string, a?: Record<string, unknown>) => {
  const app = childApp(name, a) as { spec: Record<string, unknown> };
  return { ...app, spec: { ...app.spec, syncPolicy: { automated: { prune: true } } } };
};

ruleCase('child-automated-sync', {
  ref: 'argo-cd #8778',
  trips: yaml(childApp('database', wave('0')), automatedApp('console', wave('1'))),
  passes: yaml(childApp('database', wave('0')), childApp('console', wave('1'))),
});

const W = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });
const app = (name: string, w: string, syncPolicy?: object) => k('argoproj.io/v1alpha1', 'Application', name, { spec: { project: 'default', syncPolicy } }, W(w));

test('an automated child among ordered children is reported, on its automated field', () => {
  const [f] = findingsOf('child-automated-sync', yaml(app('db', '0', { automated: {} }), app('web', '1')));
  expect(f.name).toBe('db');
  expect(f.message).toMatch(/orders only its first rollout/);
});

test('automated.enabled: false is manual; one wave of Applications orders nothing', () => {
  expect(findingsOf('child-automated-sync', yaml(app('db', '0', { automated: { enabled: false } }), app('web', '1')))).toEqual([]);
  expect(findingsOf('child-automated-sync', yaml(app('db', '0', { automated: {} }), app('web', '0', { automated: {} })))).toEqual([]);
});

test('isAutomatedSync follows IsAutomatedSyncEnabled', () => {
  expect(isAutomatedSync({ spec: { syncPolicy: { automated: {} } } })).toBe(true);
  expect(isAutomatedSync({ spec: { syncPolicy: { automated: { enabled: true } } } })).toBe(true);
  expect(isAutomatedSync({ spec: { syncPolicy: { automated: { enabled: false } } } })).toBe(false);
  expect(isAutomatedSync({ spec: { syncPolicy: { automated: null } } })).toBe(false);
  expect(isAutomatedSync({ spec: {} })).toBe(false);
});
