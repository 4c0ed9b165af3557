/**
 * Derived from argo-cd's tests of `IsAppNamespacePermitted` ("empty source namespaces allow
 * controller namespace", "denied source namespace") and `IsDestinationPermitted`; our own data.
 */
import { appNamespacePermitted, destinationNamespacePermitted, destinationPermitted, outsideControlPlane } from '../../src/argo/app-project';

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
    // A server-only destination is never matched by a name pattern.
    expect(destinationPermitted(proj([{ name: '*', namespace: '*' }]), { server: IN, namespace: 'web' })).toBe(false);
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
