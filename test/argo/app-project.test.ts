/**
 * Derived from argo-cd's tests of `IsAppNamespacePermitted` ("empty source namespaces allow
 * controller namespace", "denied source namespace") and `IsDestinationPermitted`; our own data.
 */
import { appNamespacePermitted, destinationNamespacePermitted } from '../../src/argo/app-project';

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
