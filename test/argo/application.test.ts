/** Facts of an Application object (src/argo/application.ts), read as argo-cd's `v1alpha1` types read them. */
import { applicationSource, applicationSyncOptionItems, isAutomatedSync, managesNamespaceMetadata } from '../../src/argo/application';

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

test('applicationSource: spec.source, else the first of spec.sources, else {}', () => {
  const one = { repoURL: 'https://git.example.com/a.git', path: 'a' };
  const two = { repoURL: 'https://git.example.com/b.git', path: 'b' };
  expect(applicationSource({ spec: { source: one, sources: [two] } })).toBe(one);
  expect(applicationSource({ spec: { sources: [two, one] } })).toBe(two);
  expect(applicationSource({ spec: { source: null, sources: [two] } })).toBe(two);
  for (const spec of [undefined, {}, { source: 'a' }, { sources: [] }, { sources: 'x' }]) expect(applicationSource({ spec })).toEqual({});
});

test('managesNamespaceMetadata (controller/sync_namespace.go syncNamespace: ManagedNamespaceMetadata != nil): set, even empty; absent or null: not', () => {
  const withPolicy = (syncPolicy: unknown) => ({ spec: { syncPolicy } });
  expect(managesNamespaceMetadata(withPolicy({ managedNamespaceMetadata: {} }))).toBe(true);
  expect(managesNamespaceMetadata(withPolicy({ managedNamespaceMetadata: { labels: { team: 'a' } } }))).toBe(true);
  expect(managesNamespaceMetadata(withPolicy({ managedNamespaceMetadata: null }))).toBe(false);
  expect(managesNamespaceMetadata(withPolicy({}))).toBe(false);
  expect(managesNamespaceMetadata(withPolicy(null))).toBe(false);
  expect(managesNamespaceMetadata({})).toBe(false);
});
