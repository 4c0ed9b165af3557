/** Facts of an Application object (src/argo/application.ts), read as argo-cd's `v1alpha1` types read them. */
import { applicationSyncOptionItems, isAutomatedSync } from '../../src/argo/application';

const app = (spec: unknown) => ({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'a' }, spec });

test('isAutomatedSync (IsAutomatedSyncEnabled): automated set and not enabled: false', () => {
  expect(isAutomatedSync(app({ syncPolicy: { automated: {} } }))).toBe(true);
  expect(isAutomatedSync(app({ syncPolicy: { automated: { enabled: false } } }))).toBe(false);
  expect(isAutomatedSync(app({ syncPolicy: { automated: null } }))).toBe(false);
  expect(isAutomatedSync(app({}))).toBe(false);
});

test('applicationSyncOptionItems: the items as written, [] for anything that is not a list', () => {
  expect(applicationSyncOptionItems(app({ syncPolicy: { syncOptions: ['PruneLast=true', 3] } }))).toEqual(['PruneLast=true', 3]);
  for (const spec of [undefined, 'x', {}, { syncPolicy: null }, { syncPolicy: { syncOptions: 'Prune=false' } }]) {
    expect(applicationSyncOptionItems(app(spec))).toEqual([]);
  }
});
