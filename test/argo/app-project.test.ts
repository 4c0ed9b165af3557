/**
 * Derived from argo-cd's tests of `IsAppNamespacePermitted` ("empty source namespaces allow
 * controller namespace", "denied source namespace"), `IsDestinationPermitted` and
 * `IsGroupKindNamePermitted` (`TestAppProject_IsGroupKindPermitted`); our own data.
 */
import {
  appNamespacePermitted, appProjectsOf, destinationNamespacePermitted, destinationPermitted, outsideControlPlane, projectNameOf, resourcePermission,
} from '../../src/argo/app-project';
import type { Manifest } from '../../src/argo/types';

const project = (spec: Record<string, unknown>) => ({ metadata: { name: 'platform', namespace: 'argocd' }, spec });

test('the control plane namespace (the AppProject\'s) and no namespace are always permitted', () => {
  expect(appNamespacePermitted(project({ sourceNamespaces: [] }), 'argocd')).toBe(true);
  expect(appNamespacePermitted(project({}), '')).toBe(true);
});

test('another namespace needs a sourceNamespaces entry: literal or * glob', () => {
  expect(appNamespacePermitted(project({}), 'team-b')).toBe(false);
  expect(appNamespacePermitted(project({ sourceNamespaces: ['team-a'] }), 'team-b')).toBe(false);
  expect(appNamespacePermitted(project({ sourceNamespaces: ['team-a', 'team-*'] }), 'team-b')).toBe(true);
  expect(appNamespacePermitted(project({ sourceNamespaces: ['*'] }), 'anything')).toBe(true);
});

test('a regex or other glob syntax is not decided here', () => {
  expect(appNamespacePermitted(project({ sourceNamespaces: ['/team-.+/'] }), 'team-b')).toBeUndefined();
  expect(appNamespacePermitted(project({ sourceNamespaces: ['team-?'] }), 'team-b')).toBeUndefined();
  expect(appNamespacePermitted(project({ sourceNamespaces: ['other', 'team-?'] }), 'team-b')).toBeUndefined();
});

test('destinations: the namespace must match an entry; a deny entry leaves it undecided', () => {
  expect(destinationNamespacePermitted(project({ destinations: [{ server: '*', namespace: 'db' }] }), 'web')).toBe(false);
  expect(destinationNamespacePermitted(project({ destinations: [{ server: '*', namespace: 'db' }, { server: '*', namespace: 'w*' }] }), 'web')).toBe(true);
  expect(destinationNamespacePermitted(project({ destinations: [] }), 'web')).toBe(false);
  expect(destinationNamespacePermitted(project({ destinations: [{ server: '*', namespace: '!kube-system' }] }), 'web')).toBeUndefined();
});

describe('destinationPermitted (argo-cd TestAppProject_IsDestinationPermitted, isDestinationMatched: server or name, and namespace)', () => {
  const proj = (destinations: unknown[]) => ({ metadata: { name: 'p', namespace: 'argocd' }, spec: { destinations } });
  const IN = 'https://kubernetes.default.svc';
  const REMOTE = 'https://prod.example.com:6443';

  test('a server pattern and a namespace pattern must both match', () => {
    const p = proj([{ server: IN, namespace: 'web' }]);
    expect(destinationPermitted(p, { server: IN, namespace: 'web' })).toBe(true);
    expect(destinationPermitted(p, { server: REMOTE, namespace: 'web' })).toBe(false);
    expect(destinationPermitted(p, { server: IN, namespace: 'db' })).toBe(false);
    expect(destinationPermitted(proj([{ server: '*', namespace: 'team-*' }]), { server: REMOTE, namespace: 'team-a' })).toBe(true);
  });

  test('a destination by name matches a name pattern; an entry with a server pattern may match the server the name stands for (not decided here)', () => {
    expect(destinationPermitted(proj([{ name: 'in-cluster', namespace: '*' }]), { name: 'in-cluster', namespace: 'web' })).toBe(true);
    expect(destinationPermitted(proj([{ name: 'prod-*', namespace: '*' }]), { name: 'staging', namespace: 'web' })).toBe(false);
    expect(destinationPermitted(proj([{ server: IN, namespace: '*' }]), { name: 'staging', namespace: 'web' })).toBeUndefined();
    // A destination by server has the name Argo CD looks up for the cluster (ValidateDestination): not in the manifests.
    expect(destinationPermitted(proj([{ name: 'in-cluster', namespace: '*' }]), { server: IN, namespace: 'web' })).toBeUndefined();
    expect(destinationPermitted(proj([{ namespace: '*' }]), { server: IN, namespace: 'web' })).toBe(false);
  });

  test('a deny entry or a pattern that is not plain leaves it undecided; no entries permit nothing', () => {
    expect(destinationPermitted(proj([{ server: '!' + REMOTE, namespace: '*' }, { server: '*', namespace: '*' }]), { server: IN, namespace: 'web' })).toBeUndefined();
    expect(destinationPermitted(proj([{ server: '/prod-.*/', namespace: '*' }]), { server: IN, namespace: 'web' })).toBeUndefined();
    expect(destinationPermitted(proj([]), { server: IN, namespace: 'web' })).toBe(false);
  });
});

test('outsideControlPlane: another namespace than the control plane\'s (no namespace is the control plane\'s)', () => {
  expect(outsideControlPlane('team-a', 'argocd')).toBe(true);
  expect(outsideControlPlane('argocd', 'argocd')).toBe(false);
  expect(outsideControlPlane('', 'argocd')).toBe(false);
});

describe('resourcePermission (argo-cd TestAppProject_IsGroupKindPermitted: IsGroupKindNamePermitted)', () => {
  const spec = (s: Record<string, unknown>) => ({ metadata: { name: 'team', namespace: 'argocd' }, spec: s });
  const ns = (group: string, kind: string) => ({ group, kind, name: 'x', namespaced: true });
  const cluster = (group: string, kind: string, name = 'x') => ({ group, kind, name, namespaced: false });
  const permitted = (s: Record<string, unknown>, r: ReturnType<typeof ns>, version?: string) => resourcePermission(spec(s), r, version).permitted;

  test('namespaced kinds: an absent whitelist permits every kind, an empty one none; the blacklist denies', () => {
    expect(permitted({}, ns('apps', 'StatefulSet'))).toBe(true);
    expect(permitted({ namespaceResourceWhitelist: null }, ns('apps', 'StatefulSet'))).toBe(true);
    expect(resourcePermission(spec({ namespaceResourceWhitelist: [] }), ns('batch', 'Job'))).toEqual({
      permitted: false, refusedBy: 'namespaceResourceWhitelist', emptyWhitelist: true,
    });
    expect(permitted({ namespaceResourceWhitelist: [{ group: 'batch', kind: 'Job' }] }, ns('batch', 'Job'))).toBe(true);
    expect(permitted({ namespaceResourceWhitelist: [{ group: 'batch', kind: 'Job' }] }, ns('batch', 'CronJob'))).toBe(false);
    expect(resourcePermission(spec({ namespaceResourceBlacklist: [{ group: '', kind: 'ResourceQuota' }] }), ns('', 'ResourceQuota'))).toEqual({
      permitted: false, refusedBy: 'namespaceResourceBlacklist', entry: { group: '', kind: 'ResourceQuota' },
    });
    expect(permitted({ namespaceResourceBlacklist: [{ group: '', kind: 'ResourceQuota' }] }, ns('', 'ConfigMap'))).toBe(true);
  });

  test('cluster-scoped kinds: no whitelist (absent or empty) permits none; * permits all but what the blacklist denies', () => {
    expect(resourcePermission(spec({}), cluster('', 'Namespace'))).toEqual({ permitted: false, refusedBy: 'clusterResourceWhitelist', emptyWhitelist: true });
    expect(resourcePermission(spec({ clusterResourceWhitelist: [] }), cluster('', 'Namespace')).emptyWhitelist).toBe(true);
    const all = { clusterResourceWhitelist: [{ group: '*', kind: '*' }] };
    expect(permitted(all, cluster('', 'Namespace'))).toBe(true); // * matches the empty core group
    expect(permitted({ ...all, clusterResourceBlacklist: [{ group: '*', kind: '*' }] }, cluster('', 'Namespace'))).toBe(false);
    expect(permitted({ ...all, clusterResourceBlacklist: [{ group: 'rbac.authorization.k8s.io', kind: 'ClusterRole' }] }, cluster('rbac.authorization.k8s.io', 'ClusterRole'))).toBe(false);
    // The namespace lists say nothing of cluster-scoped kinds, and the other way round.
    expect(permitted({ namespaceResourceWhitelist: [{ group: '*', kind: '*' }] }, cluster('', 'Namespace'))).toBe(false);
    expect(permitted(all, ns('apps', 'Deployment'))).toBe(true);
  });

  test('group and kind must both match, case-sensitively; the core group is written empty', () => {
    const white = (entry: Record<string, unknown>) => ({ clusterResourceWhitelist: [entry] });
    expect(permitted(white({ group: '', kind: 'Namespace' }), cluster('', 'Namespace'))).toBe(true);
    expect(permitted(white({ kind: 'Namespace' }), cluster('', 'Namespace'))).toBe(true); // an absent group is ''
    expect(permitted(white({ group: 'v1', kind: 'Namespace' }), cluster('', 'Namespace'))).toBe(false);
    expect(permitted(white({ group: '', kind: 'namespace' }), cluster('', 'Namespace'))).toBe(false);
    expect(permitted(white({ group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' }), cluster('', 'Namespace'))).toBe(false);
  });

  test('since 3.3 a cluster entry may name the objects (filepath glob); before, the name is not in the CRD and every name matches', () => {
    const teamOnly = { clusterResourceWhitelist: [{ group: '', kind: 'Namespace', name: 'team1-*' }] };
    expect(permitted(teamOnly, cluster('', 'Namespace', 'team1-namespace'))).toBe(true);
    expect(resourcePermission(spec(teamOnly), cluster('', 'Namespace', 'other-namespace'))).toEqual({
      permitted: false, refusedBy: 'clusterResourceWhitelist', namePatterns: ['team1-*'],
    });
    expect(permitted(teamOnly, cluster('', 'Namespace', 'other-namespace'), '3.2')).toBe(true);
    const denyKube = { clusterResourceWhitelist: [{ group: '*', kind: '*' }], clusterResourceBlacklist: [{ group: '', kind: 'Namespace', name: 'kube-*' }] };
    expect(permitted(denyKube, cluster('', 'Namespace', 'kube-public'))).toBe(false);
    expect(permitted(denyKube, cluster('', 'Namespace', 'team1'))).toBe(true);
    expect(permitted(denyKube, cluster('', 'Namespace', 'team1'), '3.2')).toBe(false);
  });

  test('a malformed pattern or entry is not decided here, unless another entry decides', () => {
    expect(permitted({ clusterResourceWhitelist: [{ group: '', kind: '[Namespace' }] }, cluster('', 'Namespace'))).toBeUndefined();
    expect(permitted({ clusterResourceWhitelist: [{ group: '', kind: '[Namespace' }, { group: '', kind: 'Namespace' }] }, cluster('', 'Namespace'))).toBe(true);
    expect(permitted({ clusterResourceWhitelist: ['Namespace'] }, cluster('', 'Namespace'))).toBeUndefined();
    expect(permitted({ clusterResourceWhitelist: 'all' }, cluster('', 'Namespace'))).toBeUndefined();
    // A blacklist entry that matches decides, whatever the whitelist holds.
    expect(permitted({ clusterResourceWhitelist: 'all', clusterResourceBlacklist: [{ group: '*', kind: '*' }] }, cluster('', 'Namespace'))).toBe(false);
  });
});

test('appProjectsOf keeps argoproj.io AppProjects by name; projectNameOf defaults to default', () => {
  const m = (object: Record<string, unknown>): Manifest => ({ object, source: { file: 'p.yaml', line: 1, index: 0 } });
  const team = { apiVersion: 'argoproj.io/v1alpha1', kind: 'AppProject', metadata: { name: 'team' }, spec: {} };
  const other = { apiVersion: 'example.com/v1', kind: 'AppProject', metadata: { name: 'fake' } };
  expect([...appProjectsOf([m(team), m(other), m({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'team' } })]).keys()]).toEqual(['team']);
  expect(projectNameOf({ spec: { project: 'team' } })).toBe('team');
  expect(projectNameOf({ spec: { project: '' } })).toBe('default');
  expect(projectNameOf({})).toBe('default');
});
