/** child-automated-sync: reference §5.1, argo-cd #8778; `IsAutomatedSyncEnabled` (`CD/pkg/apis/application/v1alpha1/types.go`). */
import { isAutomatedSync } from '../../../src/argo/application';
import { k, yaml } from '../cases';
import { findingsOf } from '../helpers';

const W = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });
const app = (name: string, wave: string, syncPolicy?: object) => k('argoproj.io/v1alpha1', 'Application', name, { spec: { project: 'default', syncPolicy } }, W(wave));

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
