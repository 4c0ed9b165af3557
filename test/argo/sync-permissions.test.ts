/**
 * `validateSyncPermissions` (argo-cd `controller/sync.go`; upstream tests: the permission cases of
 * `controller/sync_test.go`, `TestAppProject_IsGroupKindPermitted` in
 * `pkg/apis/application/v1alpha1/types_test.go`, and gitops-engine `TestSyncNotPermittedNamespace`),
 * written with this project's own data: what one task's refusal says, and how the simulated sync
 * ends on it.
 */
import * as fc from 'fast-check';
import { buildPlan } from '../../src/argo';
import { simulate } from '../../src/argo/simulate';
import { AppProjectContext, customScopesOf, readSyncPermissionRefusal, syncPermissionRefusal } from '../../src/argo/sync-permissions';
import type { SyncTask } from '../../src/argo/types';
import { cm, deployment, k, manifest, widgetCrd } from '../fixtures/manifests';

function context(spec: Record<string, unknown>): AppProjectContext {
  return {
    application: 'shop',
    projectName: 'team',
    project: { apiVersion: 'argoproj.io/v1alpha1', kind: 'AppProject', metadata: { name: 'team' }, spec },
    destination: { server: 'https://kubernetes.default.svc' },
  };
}
const DESTINATIONS = [{ server: 'https://kubernetes.default.svc', namespace: 'shop' }];

function tasksOf(...objects: Record<string, unknown>[]): SyncTask[] {
  const plan = buildPlan(objects.map((o) => manifest(o)), { namespace: 'shop' });
  return plan.steps.flatMap((s) => s.tasks);
}
const task = (o: Record<string, unknown>) => tasksOf(o)[0];

test('a cluster-scoped kind with no clusterResourceWhitelist: refused, with the controller\'s words', () => {
  const r = syncPermissionRefusal(context({ destinations: DESTINATIONS }), task(k('v1', 'Namespace', 'shop')), 'shop', new Map());
  expect(r).toEqual({ message: 'resource :Namespace is not permitted in project team', kind: expect.objectContaining({ permitted: false, refusedBy: 'clusterResourceWhitelist' }), namespaced: false });
  expect(syncPermissionRefusal(context({ destinations: DESTINATIONS, clusterResourceWhitelist: [{ group: '', kind: 'Namespace' }] }), task(k('v1', 'Namespace', 'shop')), 'shop', new Map())).toBeUndefined();
});

test('namespaced kinds: permitted without a namespaceResourceWhitelist; a blacklist entry refuses by group and kind', () => {
  const blacklist = context({ destinations: DESTINATIONS, namespaceResourceBlacklist: [{ group: 'apps', kind: 'Deploy*' }] });
  expect(syncPermissionRefusal(context({ destinations: DESTINATIONS }), task(deployment('web')), 'shop', new Map())).toBeUndefined();
  expect(syncPermissionRefusal(blacklist, task(deployment('web')), 'shop', new Map())?.message).toBe('resource apps:Deployment is not permitted in project team');
  expect(syncPermissionRefusal(blacklist, task(cm('settings')), 'shop', new Map())).toBeUndefined();
});

test('a namespaced object outside the destination namespace: refused for its namespace when no destination permits it; in it, left to the Application\'s own check', () => {
  const other = task({ ...cm('settings'), metadata: { name: 'settings', namespace: 'billing' } });
  expect(syncPermissionRefusal(context({ destinations: DESTINATIONS }), other, 'shop', new Map())).toEqual({ message: 'namespace billing is not permitted in project \'team\'', namespaced: true });
  expect(syncPermissionRefusal(context({ destinations: [...DESTINATIONS, { server: '*', namespace: 'bill*' }] }), other, 'shop', new Map())).toBeUndefined();
  expect(syncPermissionRefusal(context({ destinations: [] }), task(cm('settings')), 'shop', new Map())).toBeUndefined();
});

test('a custom kind: judged by the scope its CRD among the manifests gives, not judged without one', () => {
  const widget = k('example.com/v1', 'Widget', 'w');
  const refuseAll = context({ destinations: DESTINATIONS, namespaceResourceWhitelist: [] });
  expect(syncPermissionRefusal(refuseAll, task(widget), 'shop', new Map())).toBeUndefined();
  const scopes = customScopesOf([manifest(widgetCrd())]);
  expect(scopes.get('example.com/Widget')).toBe(false);
  expect(syncPermissionRefusal(refuseAll, task(widget), 'shop', scopes)?.message).toBe('resource example.com:Widget is not permitted in project team');
});

test('the simulated sync: one refused task fails the whole operation before anything is applied, every refused task with its result', () => {
  const plan = buildPlan([k('v1', 'Namespace', 'shop'), cm('settings'), deployment('web')].map((o) => manifest(o)), { namespace: 'shop' });
  const refused = simulate(plan, { appProject: context({ destinations: DESTINATIONS }) });
  expect(refused.operationPhase).toBe('Failed');
  expect(refused.message).toBe('one or more synchronization tasks are not valid: resource :Namespace is not permitted in project team');
  expect(refused.applied).toEqual([]);
  expect(refused.results.filter((r) => r.status === 'SyncFailed').map((r) => `${r.kind}/${r.name}: ${r.message}`)).toEqual(['Namespace/shop: resource :Namespace is not permitted in project team']);
  // Without the AppProject known (or one that permits it), the same sync succeeds.
  expect(simulate(plan, {}).operationPhase).toBe('Succeeded');
  expect(simulate(plan, { appProject: context({ destinations: DESTINATIONS, clusterResourceWhitelist: [{ group: '*', kind: '*' }] }) }).operationPhase).toBe('Succeeded');
});

test('a custom resource whose CRD is in the sync: checked once its kind is served, so the steps before it were applied when the sync fails', () => {
  const widgetCr = k('example.com/v1', 'Widget', 'w1', { spec: {} }, { 'argocd.argoproj.io/sync-wave': '1' });
  const plan = buildPlan([widgetCrd(), cm('settings'), widgetCr].map((o) => manifest(o)), { namespace: 'shop' });
  const refused = simulate(plan, { appProject: context({ destinations: DESTINATIONS, clusterResourceWhitelist: [{ group: '*', kind: '*' }], namespaceResourceWhitelist: [{ group: '', kind: 'ConfigMap' }] }) });
  expect(refused.operationPhase).toBe('Failed');
  expect(refused.message).toBe('one or more synchronization tasks are not valid: resource example.com:Widget is not permitted in project team');
  expect(refused.applied.map((a) => `${a.kind}/${a.name}`)).toEqual(['ConfigMap/settings', 'CustomResourceDefinition/widgets.example.com']);
  // Permitted, the same sync applies the custom resource after its CRD and succeeds.
  const permitted = simulate(plan, { appProject: context({ destinations: DESTINATIONS, clusterResourceWhitelist: [{ group: '*', kind: '*' }] }) });
  expect([permitted.operationPhase, permitted.applied.length]).toEqual(['Succeeded', 3]);
});

test('explain reads the words back as written: the refused kind and project, or the namespace and project (any names Kubernetes allows)', () => {
  const dns = fc.stringMatching(/^[a-z0-9]([-a-z0-9]{0,20}[a-z0-9])?$/);
  fc.assert(fc.property(fc.oneof(fc.constant(''), dns.map((d) => `${d}.example.com`)), fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,20}$/), dns, dns, (group, kind, project, namespace) => {
    const apiVersion = group === '' ? 'v1' : `${group}/v1`;
    // An empty namespaceResourceWhitelist permits no namespaced kind: every kind here is refused.
    const refuseAll = { ...context({ destinations: DESTINATIONS, namespaceResourceWhitelist: [] }), projectName: project };
    const byKind = syncPermissionRefusal(refuseAll, task(k(apiVersion, kind, 'x')), 'shop', new Map([[`${group}/${kind}`, false]]));
    expect(byKind && readSyncPermissionRefusal(byKind.message)).toEqual({ group, kind, project });
    const elsewhere = task({ ...cm('settings'), metadata: { name: 'settings', namespace: `${namespace}-x` } });
    const byNamespace = syncPermissionRefusal({ ...context({ destinations: DESTINATIONS }), projectName: project }, elsewhere, 'shop', new Map());
    expect(byNamespace && readSyncPermissionRefusal(byNamespace.message)).toEqual({ namespace: `${namespace}-x`, project });
  }), { numRuns: 200 });
  expect(readSyncPermissionRefusal('one or more synchronization tasks are not valid')).toBeUndefined();
});
