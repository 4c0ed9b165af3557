/**
 * Application deletion (argo-cd `controller/appcontroller.go` `finalizeApplicationDeletion`,
 * `controller/hook.go`, `controller/sort_delete.go`), derived from argo-cd's tests: `TestFilterObjectsForDeletion`
 * (controller/sort_delete_test.go), `Test_syncDeleteOption` and `TestFinalizeAppDeletion`
 * (controller/appcontroller_test.go), e2e `TestPreDeleteHook`, `TestPreDeleteHookFailureAndRetry` and
 * `TestPostDeleteHook` (test/e2e/hook_test.go). Data are the project's own.
 */
import { planOf } from './helpers';
import { Manifest } from '../../../src/argo';
import { HealthStatus } from '../../../src/argo/simulate';
import { DeletionOptions, DeletionResult, simulateDeletion, unknownDeletionHandles } from '../../../src/argo/simulate/deletion';
import { SYNC_OPTIONS, m } from '../../fixtures/manifests';

function del(manifests: readonly Manifest[], options: Omit<DeletionOptions, 'health'> & { health?: Record<string, HealthStatus> } = {},
  planOptions: { syncOptions?: string[] } = {}): DeletionResult {
  const plan = planOf(manifests, { plan: planOptions });
  return simulateDeletion(plan, manifests, { ...options, health: new Map(Object.entries(options.health ?? {})) });
}

/** `stage action Kind/name`, in order. */
function events(r: DeletionResult): string[] {
  return r.events.map(e => `${e.reconcile} ${e.stage} ${e.action} ${e.kind}/${e.name}`);
}

const cm = (name: string, wave?: number, extra: Record<string, string> = {}) =>
  m({ kind: 'ConfigMap', name, ...(wave !== undefined ? { wave } : {}), annotations: extra });

describe('cascade order (TestFilterObjectsForDeletion)', () => {
  test('one wave per reconcile, highest first; objects of one wave go together', () => {
    const r = del([cm('a', 2), cm('b', 6), cm('c', 9), cm('d', 9), cm('e', 3)]);
    expect(r.outcome).toBe('Deleted');
    expect(events(r)).toEqual([
      '1 Delete delete ConfigMap/c', '1 Delete delete ConfigMap/d',
      '2 Delete delete ConfigMap/b',
      '3 Delete delete ConfigMap/e',
      '4 Delete delete ConfigMap/a',
    ]);
    expect(r.finalizersLeft).toEqual([]);
    expect(r.leftInCluster).toEqual([]);
  });

  test('a single object, and none at all, are one reconcile', () => {
    expect(events(del([cm('only', 4)]))).toEqual(['1 Delete delete ConfigMap/only']);
    const empty = del([]);
    expect(empty.outcome).toBe('Deleted');
    expect(empty.reconciles).toBe(1);
  });

  test('waves are the annotated ones (syncwaves.Wave), not the sync\'s hoisting: a Namespace of wave 3 goes first', () => {
    const r = del([m({ kind: 'Namespace', name: 'shop', wave: 3 }), cm('cfg', 0)]);
    expect(events(r)).toEqual(['1 Delete delete Namespace/shop', '2 Delete delete ConfigMap/cfg']);
  });

  test('an object that stays terminating holds every lower wave', () => {
    const r = del([cm('high', 5), cm('low', 1)], { health: { 'ConfigMap/high': 'Progressing' } });
    expect(r.outcome).toBe('Waiting');
    expect(events(r)).toEqual(['1 Delete delete ConfigMap/high']);
    expect(r.message).toBe('2 objects remaining for deletion');
    expect(r.waitingOn).toEqual(['ConfigMap/high']);
    expect(r.finalizersLeft).toEqual(['resources-finalizer.argocd.argoproj.io']);
    expect(r.leftInCluster.map(k => `${k.kind}/${k.name}: ${k.reason}`)).toEqual([
      // In the order of the sync that created them.
      'ConfigMap/low: not deleted yet: the deletion stalls before its wave',
      'ConfigMap/high: terminating: a finalizer never clears',
    ]);
  });

  test('hooks a successful sync leaves behind (no HookSucceeded) are the app\'s objects and are deleted too', () => {
    const r = del([
      m({ kind: 'Job', name: 'migrate', hook: 'PreSync', deletePolicy: 'BeforeHookCreation' }),
      m({ kind: 'Job', name: 'smoke', hook: 'PostSync', deletePolicy: 'HookSucceeded' }),
      cm('cfg'),
    ]);
    expect(events(r)).toEqual(['1 Delete delete Job/migrate', '1 Delete delete ConfigMap/cfg']);
  });
});

describe('what the cascade keeps (Test_syncDeleteOption, shouldBeDeleted)', () => {
  const reasons = (r: DeletionResult) => r.leftInCluster.map(k => `${k.kind}/${k.name}`);

  test('"with delete set to false object is retained": Delete=false and helm.sh/resource-policy: keep stay', () => {
    const r = del([cm('a', 0, { [SYNC_OPTIONS]: 'Delete=false' }), cm('b', 0, { 'helm.sh/resource-policy': 'keep' }), cm('c')]);
    expect(r.outcome).toBe('Deleted');
    expect(events(r)).toEqual(['1 Delete delete ConfigMap/c']);
    expect(reasons(r)).toEqual(['ConfigMap/a', 'ConfigMap/b']);
    expect(r.leftInCluster[0].reason).toMatch(/^Delete=false/);
    expect(r.leftInCluster[1].reason).toMatch(/^helm.sh\/resource-policy: keep/);
  });

  test('CRDs are never deleted (shouldBeDeleted: !kube.IsCRD)', () => {
    const crd = m({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'widgets.example.com' });
    const r = del([crd, cm('c')]);
    expect(reasons(r)).toEqual(['CustomResourceDefinition/widgets.example.com']);
  });

  test('"delete set on the app level" (3.4+): the Application\'s Delete=false keeps every object; before 3.4 it is not read', () => {
    expect(reasons(del([cm('a')], { syncOptions: ['Delete=false'] }))).toEqual(['ConfigMap/a']);
    expect(reasons(del([cm('a')], { syncOptions: ['Delete=false'], argocdVersion: '3.3' }))).toEqual([]);
  });

  test('"delete should be overridden on the resource": any Delete= value on the object beats the Application\'s', () => {
    const r = del([cm('a', 0, { [SYNC_OPTIONS]: 'Delete=foo' })], { syncOptions: ['Delete=false'] });
    expect(events(r)).toEqual(['1 Delete delete ConfigMap/a']);
  });
});

describe('Delete=confirm (isObjRequiresDeletionConfirmation, IsDeletionConfirmed)', () => {
  test('one object needing confirmation holds the whole cascade, every wave, until the Application is approved', () => {
    const manifests = [cm('high', 5), cm('ns', 0, { [SYNC_OPTIONS]: 'Delete=confirm' })];
    const waiting = del(manifests);
    expect(waiting.outcome).toBe('Waiting');
    expect(waiting.events).toEqual([]);
    expect(waiting.waitingOn).toEqual(['ConfigMap/ns']);
    expect(waiting.message).toMatch(/^waiting for deletion confirmation of ConfigMap\/ns/);
    const approved = del(manifests, { deletionApproved: true });
    expect(approved.outcome).toBe('Deleted');
    expect(events(approved)).toEqual(['1 Delete delete ConfigMap/high', '2 Delete delete ConfigMap/ns']);
  });

  test('since 3.4 Prune=confirm and the Application\'s Delete=confirm also ask; before, only the object\'s Delete=confirm', () => {
    expect(del([cm('a', 0, { [SYNC_OPTIONS]: 'Prune=confirm' })]).outcome).toBe('Waiting');
    expect(del([cm('a')], { syncOptions: ['Delete=confirm'] }).outcome).toBe('Waiting');
    expect(del([cm('a', 0, { [SYNC_OPTIONS]: 'Prune=confirm' })], { argocdVersion: '3.3' }).outcome).toBe('Deleted');
    expect(del([cm('a')], { syncOptions: ['Delete=confirm'], argocdVersion: '3.3' }).outcome).toBe('Deleted');
    expect(del([cm('a', 0, { [SYNC_OPTIONS]: 'Delete=confirm' })], { argocdVersion: '2.14' }).outcome).toBe('Waiting');
  });

  test('an object the cascade keeps needs no confirmation', () => {
    expect(del([cm('a', 0, { [SYNC_OPTIONS]: 'Delete=false', 'helm.sh/resource-policy': 'keep' })]).outcome).toBe('Deleted');
  });
});

describe('PreDelete hooks (TestFinalizeAppDeletion PreDelete_*, e2e TestPreDeleteHook*)', () => {
  const preDelete = (name: string, extra: Record<string, string> = {}) => m({ kind: 'Job', name, hook: 'PreDelete', annotations: extra });

  test('PreDelete_HookIsCreated, then PreDelete_HookIsExecuted: created first, nothing deleted, then the cascade', () => {
    const r = del([cm('cfg', 1), preDelete('backup')]);
    expect(events(r)).toEqual([
      '1 PreDelete create Job/backup',
      // The hook is tracked as the app's: the cascade deletes it with wave 0.
      '2 Delete delete ConfigMap/cfg',
      '3 Delete delete Job/backup',
    ]);
    expect(r.outcome).toBe('Deleted');
    // TestPreDeleteHook: the hook is gone once the Application is.
    expect(r.leftInCluster).toEqual([]);
  });

  test('a PreDelete hook that stays Progressing stalls the deletion before anything is deleted', () => {
    const r = del([cm('cfg'), preDelete('backup')], { health: { 'Job/backup': 'Progressing' } });
    expect(r.outcome).toBe('Waiting');
    expect(r.message).toBe('Waiting for 1 PreDelete hooks to complete');
    expect(r.waitingOn).toEqual(['Job/backup']);
    expect(events(r)).toEqual(['1 PreDelete create Job/backup']);
    expect(r.finalizersLeft).toContain('pre-delete-finalizer.argocd.argoproj.io');
  });

  test('TestPreDeleteHookFailureAndRetry: a Degraded hook is deleted and created again, forever, with the DeletionError message', () => {
    const r = del([cm('cfg'), preDelete('backup')], { health: { 'Job/backup': 'Degraded' } });
    expect(r.outcome).toBe('Blocked');
    expect(r.message).toBe('error executing pre-delete hooks: PreDelete hook(s) failed: app/backup');
    expect(events(r)).toEqual(['1 PreDelete create Job/backup', '2 PreDelete delete Job/backup', '3 PreDelete create Job/backup']);
    expect(r.leftInCluster.map(k => k.name)).toEqual(['cfg', 'backup']);
  });

  test('Suspended and Unknown hooks let the deletion go on (executeHooks waits only on Progressing, fails only on Degraded)', () => {
    for (const health of ['Suspended', 'Unknown'] as const) {
      expect(del([preDelete('backup')], { health: { 'Job/backup': health } }).outcome).toBe('Deleted');
    }
  });

  test('before 3.3 a PreDelete hook is not run (the engine ignores it) and a note says so', () => {
    const r = del([cm('cfg'), preDelete('backup')], { argocdVersion: '3.2', health: { 'Job/backup': 'Degraded' } });
    expect(r.outcome).toBe('Deleted');
    expect(events(r)).toEqual(['1 Delete delete ConfigMap/cfg']);
    expect(r.notes).toEqual(['Job/backup: Argo CD 3.2 runs no PreDelete hooks (since 3.3), so it is not run as a PreDelete hook']);
  });

  test('helm.sh/hook: pre-delete is a PreDelete hook', () => {
    const r = del([m({ kind: 'Job', name: 'h', annotations: { 'helm.sh/hook': 'pre-delete' } })]);
    expect(events(r)[0]).toBe('1 PreDelete create Job/h');
  });
});

describe('PostDelete hooks (TestFinalizeAppDeletion PostDelete_*, e2e TestPostDeleteHook)', () => {
  const postDelete = (name: string, policy?: string, kind = 'Job') =>
    m({ kind, name, hook: 'PostDelete', ...(policy ? { deletePolicy: policy } : {}) });

  test('PostDelete_HookIsCreated after everything is gone; PostDelete_HookIsDeleted: HookSucceeded hooks are cleaned up', () => {
    const r = del([cm('cfg'), postDelete('notify', 'HookSucceeded'), postDelete('notifier', 'BeforeHookCreation,HookSucceeded', 'ServiceAccount')]);
    expect(events(r)).toEqual([
      '1 Delete delete ConfigMap/cfg',
      '2 PostDelete create Job/notify',
      '2 PostDelete create ServiceAccount/notifier',
      '4 PostDeleteCleanup delete Job/notify',
      '4 PostDeleteCleanup delete ServiceAccount/notifier',
    ]);
    expect(r.outcome).toBe('Deleted');
    expect(r.leftInCluster).toEqual([]);
    expect(r.reconciles).toBe(5);
  });

  test('TestPostDeleteHook: a PostDelete hook without HookSucceeded stays in the cluster after the Application is gone', () => {
    const r = del([cm('cfg'), postDelete('notify')]);
    expect(r.outcome).toBe('Deleted');
    expect(r.leftInCluster).toEqual([{
      kind: 'Job',
      name: 'notify',
      namespace: 'app',
      reason: 'PostDelete hook whose delete policies (BeforeHookCreation) do not delete it after the hooks ran',
    }]);
  });

  test('a Degraded PostDelete hook blocks the deletion since 3.3; before, it counts as done and HookFailed deletes it', () => {
    const manifests = [cm('cfg'), postDelete('notify', 'HookFailed')];
    const now = del(manifests, { health: { 'Job/notify': 'Degraded' } });
    expect(now.outcome).toBe('Blocked');
    expect(now.message).toBe('PostDelete hook(s) failed: app/notify');
    expect(now.finalizersLeft).toEqual(['post-delete-finalizer.argocd.argoproj.io', 'post-delete-finalizer.argocd.argoproj.io/cleanup']);
    const old = del(manifests, { health: { 'Job/notify': 'Degraded' }, argocdVersion: '3.2' });
    expect(old.outcome).toBe('Deleted');
    expect(events(old)).toContain('4 PostDeleteCleanup delete Job/notify');
  });

  test('a PostDelete hook in a namespace the cascade deleted cannot be created: Blocked (argo-cd #24924)', () => {
    const r = del([m({ kind: 'Namespace', name: 'app' }), postDelete('notify', 'HookSucceeded')]);
    expect(r.outcome).toBe('Blocked');
    expect(r.message).toBe('namespaces "app" not found');
  });

  test('"PostDelete,PostSync" is a PostDelete hook since 3.3.3 only (#26586; the whole value was compared before)', () => {
    const both = m({ kind: 'Job', name: 'n', hook: 'PostDelete,PostSync', deletePolicy: 'HookSucceeded' });
    expect(events(del([both]))).toContain('2 PostDelete create Job/n');
    expect(events(del([both], { argocdVersion: '3.3.3' }))).toContain('2 PostDelete create Job/n');
    const old = del([both], { argocdVersion: '3.3.2' });
    expect(old.events.filter(e => e.stage === 'PostDelete')).toEqual([]);
    expect(old.notes[0]).toMatch(/^Job\/n: before Argo CD 3.3.3 the controller reads the hook annotation's whole value/);
  });

  test('a generateName hook is looked up by its empty name and created again on every reconcile', () => {
    const r = del([m({ kind: 'Job', generateName: 'notify-', hook: 'PostDelete' })]);
    expect(r.outcome).toBe('Waiting');
    expect(r.message).toBe('Created 1 PostDelete hooks');
  });
});

describe('inputs', () => {
  test('--live objects replace the default live set; the CreateNamespace namespace is reported as left', () => {
    const live = [cm('old', 2)];
    const plan = planOf([cm('cfg')], { plan: { syncOptions: ['CreateNamespace=true'] } });
    const r = simulateDeletion(plan, [cm('cfg')], { live });
    expect(events(r)).toEqual(['1 Delete delete ConfigMap/old']);
    expect(r.leftInCluster.map(k => `${k.kind}/${k.name}`)).toEqual(['Namespace/app']);
  });

  test('unknownDeletionHandles knows live objects and deletion hooks', () => {
    const manifests = [cm('cfg'), m({ kind: 'Job', name: 'backup', hook: 'PreDelete' })];
    const plan = planOf(manifests);
    expect(unknownDeletionHandles(plan, manifests, {}, ['ConfigMap/cfg', 'Job/backup', 'Job/nope'])).toEqual(['Job/nope']);
  });

});

describe('non-cascading deletion and objects already gone', () => {
  test('cascade false (argocd app delete --cascade=false): hooks run, nothing is deleted, the objects stay', () => {
    const manifests = [cm('cfg'), m({ kind: 'Job', name: 'backup', hook: 'PreDelete', deletePolicy: 'HookSucceeded' })];
    const r = simulateDeletion(planOf(manifests), manifests, { cascade: false });
    expect(r.outcome).toBe('Deleted');
    // Without the resources finalizer the call that finishes the PreDelete hooks goes on to their cleanup.
    expect(events(r)).toEqual(['1 PreDelete create Job/backup', '2 PreDeleteCleanup delete Job/backup']);
    expect(r.leftInCluster).toEqual([{
      kind: 'ConfigMap',
      name: 'cfg',
      namespace: 'app',
      reason: 'a non-cascading deletion (--cascade=false) deletes none of the Application\'s objects',
    }]);
  });

  test('an object reported Missing is already gone: nothing to delete', () => {
    expect(events(del([cm('a', 1), cm('b')], { health: { 'ConfigMap/a': 'Missing' } }))).toEqual(['1 Delete delete ConfigMap/b']);
  });
});

describe('a cluster-scoped deletion hook (argo-cd PR #26724, issue #18355; in v3.4.0 as its cherry-pick #27257)', () => {
  const role = m({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', name: 'cleanup', hook: 'PostDelete', deletePolicy: 'HookSucceeded' });

  test('since 3.4 creating it again is skipped (AlreadyExists) and the deletion completes', () => {
    for (const argocdVersion of [undefined, '3.4']) {
      const r = del([cm('cfg'), role], argocdVersion ? { argocdVersion } : {});
      expect(r.outcome).toBe('Deleted');
      expect(events(r)).toContain('2 PostDelete create ClusterRole/cleanup');
    }
  });

  test('before 3.4 the second create fails with AlreadyExists on every reconcile: Blocked', () => {
    const r = del([cm('cfg'), role], { argocdVersion: '3.3' });
    expect(r.outcome).toBe('Blocked');
    expect(r.message).toBe('ClusterRole/cleanup already exists (AlreadyExists on creating the PostDelete hook again; skipped since Argo CD 3.4)');
    expect(r.finalizersLeft[0]).toBe('post-delete-finalizer.argocd.argoproj.io');
  });
});

describe('the operator\'s argocd-cm (simulate --delete --argocd-cm; controller/hook.go executeHooks and cleanupHooks)', () => {
  const backup = m({ apiVersion: 'example.com/v1', kind: 'Backup', name: 'backup', hook: 'PreDelete' });
  const script = { key: 'example.com/Backup', script: 'return { status = "Progressing" }', useOpenLibs: false };

  test('not known: the health given is the hook\'s, as if argocd-cm had a check for it', () => {
    expect(del([backup], { health: { 'Backup/backup': 'Progressing' } }).outcome).toBe('Waiting');
  });

  test('known, with no check for the kind: "No health check defined for resource, considering it healthy", whatever --health says', () => {
    expect(del([backup], { health: { 'Backup/backup': 'Progressing' }, healthScripts: [] }).outcome).toBe('Deleted');
    expect(del([backup], { health: { 'Backup/backup': 'Degraded' }, healthScripts: [] }).outcome).toBe('Deleted');
  });

  test('known, with a script for the kind: its health counts', () => {
    expect(del([backup], { health: { 'Backup/backup': 'Progressing' }, healthScripts: [script] }).outcome).toBe('Waiting');
  });
});

// argo-cd controller/hook.go executeHooks before and after "fix: truncate labels for deletion hook resources" (#27542,
// cherry-picked as #27715 into 3.3.11 and #27714 into 3.4.3; TestFinalizeAppDeletion PreDelete_HookIsCreatedForLongAppName,
// PostDelete_HookIsCreatedForLongAppName, a 70-character name): the label
// app.kubernetes.io/instance was the untruncated instance name, which the API server refuses over 63 characters (#27527).
describe('the instance label of deletion hooks (argo-cd #27527, #27542)', () => {
  const long = `a${'b'.repeat(62)}c`; // 64 characters
  const postDelete = m({ kind: 'Job', name: 'notify', hook: 'PostDelete', deletePolicy: 'HookSucceeded' });
  const preDelete = m({ kind: 'Job', name: 'drain', hook: 'PreDelete', deletePolicy: 'HookSucceeded' });
  const refusal = (name: string) => `Job.batch "${name}" is invalid: metadata.labels: Invalid value: "${long}": must be no more than 63 characters`;

  test.each(['3.2', '3.3.10', '3.4.0', '3.4.2'])('%s: an instance name over 63 characters fails every creation, the deletion is Blocked', (argocdVersion) => {
    const r = del([cm('cfg'), postDelete], { appInstanceName: long, argocdVersion });
    expect(r.outcome).toBe('Blocked');
    expect(r.message).toBe(refusal('notify'));
    expect(r.events.filter(e => e.stage === 'PostDelete').map(e => e.result)).toContain(`refused: the instance label's value, ${long}, is over 63 characters`);
  });

  test('the PreDelete step wraps it ("error executing pre-delete hooks: …"), and nothing is deleted', () => {
    const r = del([cm('cfg'), preDelete], { appInstanceName: long, argocdVersion: '3.4.2' });
    expect(r.outcome).toBe('Blocked');
    expect(r.message).toBe(`error executing pre-delete hooks: ${refusal('drain')}`);
    expect(r.events.filter(e => e.action === 'delete')).toEqual([]);
  });

  test.each(['3.3.11', '3.3', '3.4.3', '3.5.0', '3.6'])('%s: the hook gets the app\'s tracking, truncated: Deleted', (argocdVersion) => {
    expect(del([cm('cfg'), postDelete, preDelete], { appInstanceName: long, argocdVersion }).outcome).toBe('Deleted');
  });

  test('63 characters, or no name given, pass in every version', () => {
    expect(del([cm('cfg'), postDelete], { appInstanceName: long.slice(1), argocdVersion: '3.4.2' }).outcome).toBe('Deleted');
    expect(del([cm('cfg'), postDelete], { argocdVersion: '3.4.2' }).outcome).toBe('Deleted');
  });
});
