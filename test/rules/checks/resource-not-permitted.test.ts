/**
 * resource-not-permitted: argo-cd `controller/sync.go` `validateSyncPermissions` (tests in
 * `controller/sync_test.go`: "group kind not permitted returns error", "namespace not permitted returns
 * error", "cluster-scoped resource skips namespace check"), gitops-engine `TestSyncNotPermittedNamespace`.
 */
import type { AppProjectContext, LintOptions } from '../../../src/rules';
import { cm, hookJob, k, widgetCrd, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const IN = 'https://kubernetes.default.svc';
const project = (spec: Record<string, unknown>): AppProjectContext => ({
  application: 'web',
  project: { apiVersion: 'argoproj.io/v1alpha1', kind: 'AppProject', metadata: { name: 'team', namespace: 'argocd' }, spec },
  projectName: 'team',
  destination: { server: IN },
});
const DESTINATIONS = [{ server: '*', namespace: 'web' }];
const withProject = (spec: Record<string, unknown>, extra: LintOptions = {}): LintOptions => ({ namespace: 'web', appProject: project({ destinations: DESTINATIONS, ...spec }), ...extra });
const namespace = (name: string) => k('v1', 'Namespace', name);
const clusterRole = (name: string) => k('rbac.authorization.k8s.io/v1', 'ClusterRole', name, { rules: [] });

ruleCase('resource-not-permitted', {
  ref: 'argo-cd validateSyncPermissions, TestAppProject_IsGroupKindPermitted',
  trips: yaml(namespace('web'), cm('settings')),
  passes: yaml(namespace('web'), cm('settings')),
  options: withProject({}),
  passesOptions: withProject({ clusterResourceWhitelist: [{ group: '', kind: 'Namespace' }] }),
});

test('a custom AppProject without clusterResourceWhitelist: every cluster-scoped object, with Argo CD\'s words and the entry to add', () => {
  const found = findingsOf('resource-not-permitted', yaml(namespace('web'), clusterRole('reader'), cm('settings')), withProject({}));
  expect(found.map(f => `${f.kind}/${f.name}`)).toEqual(['Namespace/web', 'ClusterRole/reader']);
  const [ns, role] = found;
  expect(ns.level).toBe('error');
  expect(ns.message).toContain('is cluster-scoped, and AppProject team has no clusterResourceWhitelist (absent or empty), which permits no cluster-scoped kind');
  expect(ns.message).toContain('Argo CD fails the sync of Application web before it applies anything ("one or more synchronization tasks are not valid"; '
    + 'the object\'s result: "resource :Namespace is not permitted in project team"), and no SyncFail hook runs');
  expect(ns.fix).toBe('add {group: \'\', kind: Namespace} to AppProject team\'s spec.clusterResourceWhitelist, or create the Namespace from an Application whose project permits it (the parent, say)');
  expect(role.message).toContain('"resource rbac.authorization.k8s.io:ClusterRole is not permitted in project team"');
  expect(role.fix).toMatch(/^add \{group: 'rbac\.authorization\.k8s\.io', kind: ClusterRole\}/);
  // The line of the field at fault: the kind.
  expect(ns.source.line).toBe(2);
});

test('a whitelist entry for another kind, a name pattern that does not match (3.3+), a blacklist entry', () => {
  const crdOnly = withProject({ clusterResourceWhitelist: [{ group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' }] });
  expect(findingsOf('resource-not-permitted', yaml(namespace('web')), crdOnly)[0].message)
    .toContain('no entry of AppProject team\'s clusterResourceWhitelist matches group \'\' and kind Namespace (patterns match case-sensitively)');
  const named = withProject({ clusterResourceWhitelist: [{ group: '', kind: 'Namespace', name: 'team1-*' }] });
  const [byName] = findingsOf('resource-not-permitted', yaml(namespace('web')), named);
  expect(byName.message).toContain('AppProject team\'s clusterResourceWhitelist permits Namespace only named team1-*');
  expect(byName.fix).toMatch(/^add \{group: '', kind: Namespace, name: web\}/);
  expect(findingsOf('resource-not-permitted', yaml(namespace('team1-web')), named)).toEqual([]);
  expect(findingsOf('resource-not-permitted', yaml(namespace('web')), { ...named, argocdVersion: '3.2' })).toEqual([]);
  const denied = withProject({ clusterResourceWhitelist: [{ group: '*', kind: '*' }], clusterResourceBlacklist: [{ group: 'rbac.authorization.k8s.io', kind: 'ClusterRole' }] });
  const [role] = findingsOf('resource-not-permitted', yaml(namespace('web'), clusterRole('reader')), denied);
  expect(role.name).toBe('reader');
  expect(role.message).toContain('is denied by AppProject team\'s clusterResourceBlacklist (entry {"group":"rbac.authorization.k8s.io","kind":"ClusterRole"})');
  expect(role.fix).toMatch(/^remove or narrow that entry of AppProject team's spec\.clusterResourceBlacklist/);
});

test('namespaced kinds: an empty namespaceResourceWhitelist permits none, a listed one only its kinds; hooks are tasks too', () => {
  const [empty] = findingsOf('resource-not-permitted', yaml(cm('settings')), withProject({ namespaceResourceWhitelist: [] }));
  expect(empty.message).toContain('is namespaced, and AppProject team\'s namespaceResourceWhitelist is empty, which permits no namespaced kind');
  expect(empty.fix).toMatch(/remove the empty list to permit every namespaced kind$/);
  const onlyConfigMaps = withProject({ namespaceResourceWhitelist: [{ group: '', kind: 'ConfigMap' }] });
  expect(findingsOf('resource-not-permitted', yaml(cm('settings'), hookJob('migrate')), onlyConfigMaps).map(f => `${f.kind}/${f.name}`)).toEqual(['Job/migrate']);
});

test('a namespaced object outside the destination namespace, in one the destinations do not permit', () => {
  const found = findingsOf('resource-not-permitted', yaml({ ...cm('audit'), metadata: { name: 'audit', namespace: 'kube-system' } }, cm('settings')), withProject({}));
  expect(found).toHaveLength(1);
  expect(found[0].message).toContain('lives in namespace kube-system, which no entry of AppProject team\'s spec.destinations permits on the Application\'s cluster');
  expect(found[0].message).toContain('"namespace kube-system is not permitted in project \'team\'"');
  expect(found[0].fix).toBe('add a destination for namespace kube-system to AppProject team, or move the ConfigMap into web, the Application\'s destination namespace');
  // Cluster-scoped objects skip the namespace check; so does the destination namespace (application-project-forbids judges it).
  const open = withProject({ clusterResourceWhitelist: [{ group: '*', kind: '*' }], destinations: [{ server: '*', namespace: 'other' }] });
  expect(findingsOf('resource-not-permitted', yaml(namespace('web'), cm('settings')), open)).toEqual([]);
});

test('CreateNamespace=true: the Namespace it adds is checked too', () => {
  const [f] = findingsOf('resource-not-permitted', yaml(cm('settings')), withProject({}, { syncOptions: ['CreateNamespace=true'] }));
  expect(`${f.kind}/${f.name}`).toBe('Namespace/web');
  expect(f.message).toContain('(the Namespace CreateNamespace=true adds)');
  expect(f.fix).toContain('or drop CreateNamespace=true and create Namespace web from an Application whose project permits it');
  // With managedNamespaceMetadata the task is a step of every sync: the same finding.
  const managed = findingsOf('resource-not-permitted', yaml(cm('settings')), withProject({}, { syncOptions: ['CreateNamespace=true'], managedNamespaceMetadata: true }));
  expect(managed.map(x => [`${x.kind}/${x.name}`, x.message.includes('(the Namespace CreateNamespace=true adds)')])).toEqual([['Namespace/web', true]]);
  // A Namespace manifest of that name replaces the task: the manifest is reported, once.
  expect(findingsOf('resource-not-permitted', yaml(namespace('web')), withProject({}, { syncOptions: ['CreateNamespace=true'] })).map(x => x.message.includes('CreateNamespace'))).toEqual([false]);
});

test('custom kinds: scope from the CRD in the manifests (checked once the kind is served); unknown without it', () => {
  const widget = k('example.com/v1', 'Widget', 'w1');
  const onlyCrds = withProject({ clusterResourceWhitelist: [{ group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' }], namespaceResourceWhitelist: [{ group: '', kind: 'ConfigMap' }] });
  const [f] = findingsOf('resource-not-permitted', yaml(widgetCrd(), widget), onlyCrds);
  expect(`${f.kind}/${f.name}`).toBe('Widget/w1');
  expect(f.message).toContain('once the cluster serves its kind (on a first sync, after the steps up to its CRD, which is in this sync, were applied)');
  expect(findingsOf('resource-not-permitted', yaml(widgetCrd(), widget), { ...onlyCrds, installedCrds: ['example.com/Widget'] })[0].message)
    .toContain('before it applies anything');
  expect(findingsOf('resource-not-permitted', yaml(widget), onlyCrds)).toEqual([]);
});

test('nothing without an AppProject (the default project, or one not among the manifests), and a suppression silences it', () => {
  expect(findingsOf('resource-not-permitted', yaml(namespace('web')), { namespace: 'web' })).toEqual([]);
  const suppressed = { ...namespace('web'), metadata: { name: 'web', annotations: { 'syncplan.cdk8s.io/suppress': 'resource-not-permitted: the parent creates it first' } } };
  expect(findingsOf('resource-not-permitted', yaml(suppressed), withProject({}))).toEqual([]);
});
