/**
 * At synth, an ArgoApplication's charts checked against the AppProject the App holds (rule
 * resource-not-permitted; argo-cd `controller/sync.go` `validateSyncPermissions`, upstream test
 * `TestAppProject_IsGroupKindPermitted`). Written with the public API only, as users write it.
 */
import { ApiObject, App, Chart, Testing } from 'cdk8s';
import { stderrOf } from './helpers';
import { ArgoApplication, ArgoApplicationSet, argocd, Suppressions, SynthChecks, SyncWaves, Tier } from '../../src';

const REPO = 'https://git.example.com/platform.git';

/** A parent chart with the team's AppProject, and a child chart `web` that ships its own Namespace. */
function platform(projectSpec: argocd.AppProjectSpec, options: { project?: string; syncOptions?: string[]; withNamespace?: boolean } = {}) {
  const app = Testing.app();
  const web = new Chart(app, 'web', { namespace: 'web' });
  const namespace = options.withNamespace === false ? undefined : new ApiObject(web, 'namespace', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'web' } });
  new ApiObject(web, 'settings', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { LOG_LEVEL: 'info' } });
  const parent = new Chart(app, 'platform');
  new argocd.AppProject(parent, 'team', { metadata: { name: 'team', namespace: 'argocd' }, spec: projectSpec });
  const application = new ArgoApplication(parent, 'web-app', {
    name: 'web',
    charts: [web],
    repoURL: REPO,
    path: 'dist',
    project: options.project ?? 'team',
    destination: { namespace: 'web' },
    syncOptions: options.syncOptions,
    syncPolicy: { automated: true },
  });
  return { app, parent, web, namespace, application };
}

const DESTINATIONS = [{ server: 'https://kubernetes.default.svc', namespace: 'web' }];

function synthError(app: App): string {
  try {
    app.synth();
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}

test('a custom AppProject without clusterResourceWhitelist and a child chart that ships its Namespace: the synth fails, naming the ArgoApplication and the object', () => {
  const { app } = platform({ sourceRepos: ['*'], destinations: DESTINATIONS });
  const message = synthError(app);
  expect(message).toContain('[platform/web-app] ArgoApplication platform/web-app: error: Namespace/web (web/namespace): is cluster-scoped, '
    + 'and AppProject team has no clusterResourceWhitelist (absent or empty), which permits no cluster-scoped kind: '
    + 'Argo CD fails the sync of Application web before it applies anything');
  expect(message).toContain('"resource :Namespace is not permitted in project team"');
  expect(message).toContain('fix: add {group: \'\', kind: Namespace} to AppProject team\'s spec.clusterResourceWhitelist');
  // Only the Namespace: the ConfigMap is namespaced, and every namespaced kind is permitted.
  expect(message.match(/ArgoApplication platform\/web-app: error:/g)).toHaveLength(1);
});

test('the fix passes: the Namespace in clusterResourceWhitelist (or every kind), and the output is written', () => {
  const { app } = platform({ sourceRepos: ['*'], destinations: DESTINATIONS, clusterResourceWhitelist: [{ group: '', kind: 'Namespace' }] });
  expect(stderrOf(() => expect(synthError(app)).toBe(''))).toBe('');
  const all = platform({ sourceRepos: ['*'], destinations: DESTINATIONS, clusterResourceWhitelist: [{ group: '*', kind: '*' }] });
  expect(Testing.synth(all.web).map(o => o.kind)).toEqual(['Namespace', 'ConfigMap']);
});

test('the default project (no AppProject of that name in the App) is not known: nothing is reported', () => {
  const { app } = platform({ sourceRepos: ['*'], destinations: DESTINATIONS }, { project: 'default' });
  expect(synthError(app)).toBe('');
});

test('a namespace whitelist, CreateNamespace=true: each object refused is named', () => {
  const denied = platform({
    sourceRepos: ['*'],
    destinations: DESTINATIONS,
    clusterResourceWhitelist: [{ group: '*', kind: '*' }],
    namespaceResourceWhitelist: [{ group: 'apps', kind: 'Deployment' }],
  });
  const message = synthError(denied.app);
  expect(message).toContain('ConfigMap/settings (web/settings): is namespaced, and no entry of AppProject team\'s namespaceResourceWhitelist matches group \'\' and kind ConfigMap');
  expect(message).not.toContain('Namespace/web (web/namespace)');
  // A chart without its Namespace, and CreateNamespace=true: the Namespace Argo CD adds is refused the same way.
  const created = platform({ sourceRepos: ['*'], destinations: DESTINATIONS }, { syncOptions: ['CreateNamespace=true'], withNamespace: false });
  expect(synthError(created.app)).toContain('Namespace/web (<syncOptions CreateNamespace=true>): is cluster-scoped');
  expect(synthError(platform({ sourceRepos: ['*'], destinations: DESTINATIONS }, { withNamespace: false }).app)).toBe('');
});

test('Suppressions.add with a reason silences it, as on any rule', () => {
  const { app, namespace } = platform({ sourceRepos: ['*'], destinations: DESTINATIONS });
  Suppressions.add(namespace!, 'resource-not-permitted', 'the cluster admins whitelist it by hand');
  expect(synthError(app)).toBe('');
});

test('an AppProject added to the App after a first synth is seen at the next synchronous job', async () => {
  const app = Testing.app();
  const web = new Chart(app, 'web');
  new ApiObject(web, 'crd', {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [] },
  });
  const parent = new Chart(app, 'platform');
  new ArgoApplication(parent, 'web', { charts: [web], repoURL: REPO, path: 'dist', project: 'team', syncPolicy: { automated: true } });
  expect(synthError(app)).toBe('');
  await Promise.resolve();
  new ApiObject(parent, 'team', { apiVersion: 'argoproj.io/v1alpha1', kind: 'AppProject', metadata: { name: 'team', namespace: 'argocd' }, spec: { sourceRepos: ['*'] } });
  expect(synthError(app)).toContain('CustomResourceDefinition/widgets.example.com (web/crd): is cluster-scoped');
});

test('part of the rule pack at synth: a parent chart that checks less (SynthChecks.PROOF or NONE) leaves it to syncplan lint', () => {
  for (const checks of [SynthChecks.PROOF, SynthChecks.NONE]) {
    const { app, parent } = platform({ sourceRepos: ['*'], destinations: DESTINATIONS });
    SyncWaves.enable(parent, { checks });
    expect(synthError(app)).toBe('');
  }
  const { app, parent } = platform({ sourceRepos: ['*'], destinations: DESTINATIONS });
  SyncWaves.enable(parent, { checks: SynthChecks.ALL });
  expect(synthError(app)).toContain('Namespace/web (web/namespace): is cluster-scoped');
});

test('the check renders no child object again: a synth renders each as often as with the default project (nothing checked)', () => {
  const renders = (project: string): number[] => {
    let count = 0;
    class Counted extends ApiObject {
      public toJson(): any {
        count++;
        return super.toJson();
      }
    }
    const app = Testing.app();
    const web = new Chart(app, 'web', { namespace: 'web' });
    new Tier(web, 'config').add(new Counted(web, 'settings', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' } }));
    const parent = new Chart(app, 'platform');
    new argocd.AppProject(parent, 'team', { metadata: { name: 'team', namespace: 'argocd' }, spec: { sourceRepos: ['*'], destinations: DESTINATIONS } });
    new ArgoApplication(parent, 'web-app', { charts: [web], repoURL: REPO, path: 'dist', project, destination: { namespace: 'web' }, syncPolicy: { automated: true } });
    const counts: number[] = [];
    app.synth();
    counts.push(count);
    Testing.synth(web);
    counts.push(count);
    return counts;
  };
  const unchecked = renders('default');
  expect(unchecked[0]).toBeGreaterThan(0);
  expect(renders('team')).toEqual(unchecked);
});

test('an ArgoApplicationSet member is checked as an ArgoApplication: named with its set, against the template\'s project, destination namespace and sync options', () => {
  const app = Testing.app();
  const web = new Chart(app, 'web', { namespace: 'web' });
  new ApiObject(web, 'reader', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'reader' }, rules: [] });
  new ApiObject(web, 'settings', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' } });
  const docs = new Chart(app, 'docs', { namespace: 'docs' });
  new ApiObject(docs, 'settings', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' } });
  const parent = new Chart(app, 'platform');
  new argocd.AppProject(parent, 'team', { metadata: { name: 'team', namespace: 'argocd' }, spec: { sourceRepos: ['*'], destinations: [{ server: 'https://kubernetes.default.svc', namespace: '*' }] } });
  const set = new ArgoApplicationSet(parent, 'tenants', { repoURL: REPO, path: 'dist', project: 'team', syncOptions: ['CreateNamespace=true'] });
  const first = set.addApplication('docs', { charts: [docs], destinationNamespace: 'docs' });
  set.addApplication('web', { charts: [web], destinationNamespace: 'web', after: [first] });
  const message = synthError(app);
  expect(message).toContain('[platform/tenants/web] ArgoApplicationSet platform/tenants member web: error: ClusterRole/reader (web/reader): is cluster-scoped');
  // CreateNamespace=true from the template: each member's destination Namespace is refused the same way.
  expect(message).toContain('ArgoApplicationSet platform/tenants member docs: error: Namespace/docs (<syncOptions CreateNamespace=true>): is cluster-scoped');
  expect(message).toContain('ArgoApplicationSet platform/tenants member web: error: Namespace/web (<syncOptions CreateNamespace=true>): is cluster-scoped');
  expect(message).not.toContain('ConfigMap');
});

test('an ArgoApplicationSet of the default project, or whose project permits it all, passes', () => {
  for (const project of ['default', 'open']) {
    const app = Testing.app();
    const web = new Chart(app, 'web', { namespace: 'web' });
    new ApiObject(web, 'reader', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'reader' }, rules: [] });
    const parent = new Chart(app, 'platform');
    new argocd.AppProject(parent, 'open', { metadata: { name: 'open', namespace: 'argocd' }, spec: { sourceRepos: ['*'], destinations: DESTINATIONS, clusterResourceWhitelist: [{ group: '*', kind: '*' }] } });
    new ArgoApplicationSet(parent, 'tenants', { repoURL: REPO, path: 'dist', project }).addApplication('web', { charts: [web], destinationNamespace: 'web' });
    expect(synthError(app)).toBe('');
  }
});
