/**
 * The explanation of each fixture scenario. Facts from gitops-engine `pkg/sync/sync_context.go`: an
 * awaited task has hookPhase Running; the message names hooks before resources and counts the rest.
 */
import * as fc from 'fast-check';
import { explainFixture, fixture } from './helpers';
import { readApplication, refShort } from '../../../src/argo/live/application';
import { explainApplication } from '../../../src/argo/live/explanation';
import { ObservedHealthIndex } from '../../../src/argo/live/observed-health';
import { PodIndex, podsOf } from '../../../src/argo/live/pod-trouble';
import { renderExplanationJson } from '../../../src/report/explain-json';

test('Running in a Sync wave on a Progressing Deployment: the step, the wait, the readiness probe', () => {
  const e = explainFixture('running-sync-wave.yaml', { live: 'running-sync-wave-live.yaml', now: '2026-12-01T10:04:10Z' });
  expect(e).toMatchObject({ operationPhase: 'Running', waitingSeconds: 250, inFlight: { phase: 'Sync', wave: 1 } });
  expect(e.blockers.map(b => [refShort(b), b.health, b.since])).toEqual([['Deployment/api', 'Progressing', '2026-12-01T10:00:20Z']]);
  expect(e.blockers[0].reason).toMatch(/readiness probe fails \(Pod api-6d4cf56db6-x7k2p/);
  expect(e.done.map(d => [refShort(d), d.noHealthCheck])).toEqual([['Job/db-migrate', false], ['ConfigMap/api-config', true], ['Service/api', false]]);
  expect(e.next.map(s => [s.phase, s.wave, s.resources.map(refShort)])).toEqual([['Sync', 2, ['Ingress/api']]]);
});

test('several blockers behind "and 2 more": every one listed, the named one first', () => {
  const e = explainFixture('and-more.json');
  expect(e.blockers.map(refShort)).toEqual(['Deployment/api', 'StatefulSet/db', 'Ingress/web']);
  expect(e.blockers[2].reason).toMatch(/no ingress controller/);
  expect(e.notes.join('\n')).not.toMatch(/counts/);
});

test('a message that counts more than the results show says so', () => {
  const e = explainFixture('v3-no-health.yaml');
  expect(e.blockers).toHaveLength(3);
  expect(e.blockers.every(b => b.health === undefined && b.healthSource === 'unknown')).toBe(true);
  expect(e.blockers[0].reason).toMatch(/no health source/);
});

test('a PreSync hook "Pending deletion" under BeforeHookCreation', () => {
  const e = explainFixture('presync-pending-deletion.yaml');
  expect(e.blockers.map(b => [refShort(b), b.hook, b.health, b.message])).toEqual([['Job/db-migrate', true, 'Progressing', 'Pending deletion']]);
  expect(e.blockers[0].reason).toMatch(/BeforeHookCreation/);
});

test('a failed sync with SyncFail hooks: what failed, that SyncFail ran, the hooks left', () => {
  const e = explainFixture('failed-syncfail.yaml');
  expect(e).toMatchObject({ operationPhase: 'Failed', retryCount: 2, parsed: { retried: 2 } });
  expect(e.waitingSeconds).toBeUndefined();
  expect(e.blockers.map(b => [refShort(b), b.message])).toEqual([['Job/db-migrate', 'Job has reached the specified backoff limit']]);
  expect(e.blockers[0].reason).toMatch(/backoffLimit/);
  expect(e.syncFail).toEqual({ ran: true, hooks: [{ kind: 'Job', name: 'notify-failure', namespace: 'orders', hookPhase: 'Succeeded', message: 'job completed' }] });
  expect(e.hooksLeftInCluster).toEqual(['Job/db-migrate', 'Job/notify-failure']);
});

test('Succeeded: no blockers, everything done, nothing next', () => {
  const e = explainFixture('succeeded.yaml');
  expect(e).toMatchObject({ operationPhase: 'Succeeded', blockers: [], next: [] });
  expect(e.done.map(d => [refShort(d), d.awaited])).toEqual([['Job/db-migrate', true], ['ConfigMap/api-config', true], ['Deployment/api', false]]);
});

test('Argo CD 3.0+ without persisted health: health from live objects, built-in Lua named, never Healthy', () => {
  const e = explainFixture('v3-no-health.yaml', { live: 'v3-live.yaml' });
  expect(e.blockers.map(b => [refShort(b), b.health ?? null, b.healthSource])).toEqual([
    ['PersistentVolumeClaim/data', 'Progressing', 'live'],
    ['Deployment/reports', 'Suspended', 'live'],
    ['Certificate/reports-tls', null, 'builtin-lua'],
  ]);
  expect(e.blockers[0].reason).toMatch(/WaitForFirstConsumer/);
  expect(e.blockers[1].reason).toMatch(/paused/);
  expect(e.blockers[2].reason).toMatch(/built-in Lua/);
});

test('a prune step waiting for deletion: the pruned object, still terminating', () => {
  const e = explainFixture('prune-waiting.yaml', { live: 'prune-live.yaml' });
  expect(e.blockers.map(b => [refShort(b), b.health, b.message])).toEqual([['ConfigMap/old-config', 'Progressing', 'Pending deletion']]);
  expect(e.blockers[0].reason).toMatch(/finalizer/);
  // Pruned, but still there: waited on, not done.
  expect(e.done.map(refShort)).toEqual(['Deployment/web']);
});

test('an unknown message is a note, word for word', () => {
  const [obj] = fixture('succeeded.yaml');
  obj.status.operationState = { ...obj.status.operationState, phase: 'Running', message: 'doing something new' };
  const app = readApplication(obj);
  const e = explainApplication({ app, health: new ObservedHealthIndex({ app }), now: 0 });
  expect(e.parsed.message).toEqual({ type: 'unknown', text: 'doing something new' });
  expect(e.notes[0]).toBe('the operation message is in no format this tool knows; shown as Argo CD wrote it: "doing something new"');
});

test('an Application with no operation: said so, not an error', () => {
  const app = readApplication({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'new' }, status: {} });
  const e = explainApplication({ app, health: new ObservedHealthIndex({ app }), now: 0 });
  expect(e.operationPhase).toBeUndefined();
  expect(e.notes[0]).toMatch(/no operation/);
});

describe('messages the results do not match, and prune confirmation', () => {
  const withOperation = (operationState: object, resources: object[] = []) => {
    const app = readApplication({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'a' },
      spec: { destination: { namespace: 'n' } },
      status: { resources, operationState: { phase: 'Running', startedAt: '2026-12-01T10:00:00Z', ...operationState } },
    });
    return explainApplication({ app, health: new ObservedHealthIndex({ app }), now: Date.parse('2026-12-01T10:01:00Z') });
  };

  test('"and 2 more" with one running result: the named task is listed and the gap is a note', () => {
    const e = withOperation({ message: 'waiting for healthy state of apps/Deployment/api and 2 more resources', syncResult: { resources: [] } },
      [{ group: 'apps', kind: 'Deployment', namespace: 'n', name: 'api', syncWave: 3 }]);
    expect(e.blockers.map(b => [refShort(b), b.namespace, b.wave])).toEqual([['Deployment/api', 'n', 3]]);
    expect(e.notes[0]).toBe('Argo CD\'s message counts 3 awaited task(s); the sync result shows 1 running (the message is from the last reconcile)');
  });

  test('waiting for pruning confirmation: every resource that needs it, with how to approve', () => {
    const e = withOperation({ message: 'waiting for pruning confirmation of /Secret/old and 1 more resources' }, [
      { version: 'v1', kind: 'Secret', namespace: 'n', name: 'old', requiresDeletionConfirmation: true },
      { version: 'v1', kind: 'ConfigMap', namespace: 'n', name: 'old-cm', requiresDeletionConfirmation: true },
      { group: 'apps', kind: 'Deployment', namespace: 'n', name: 'keep' },
    ]);
    expect(e.blockers.map(refShort)).toEqual(['Secret/old', 'ConfigMap/old-cm']);
    expect(e.blockers[0].reason).toMatch(/argocd\.argoproj\.io\/deletion-approved/);
  });

  test('one or more tasks are running: a note that the awaited tasks come on the next reconcile', () => {
    const e = withOperation({ message: 'one or more tasks are running', syncResult: { resources: [] } });
    expect(e.blockers).toEqual([]);
    expect(e.notes.join('\n')).toMatch(/applying the step right now/);
  });
});

test('a failed operation Argo CD retries is a note with the attempt', () => {
  const app = readApplication({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'a' },
    status: { operationState: { phase: 'Running', message: 'one or more objects failed to apply, reason: denied. Retrying attempt #2 at 3:04PM.', retryCount: 2 } },
  });
  const e = explainApplication({ app, health: new ObservedHealthIndex({ app }), now: 0 });
  expect(e.notes).toContain('the operation failed and Argo CD retries it: attempt #2 at 3:04PM (controller time)');
});

test('a prune waiting for deletion without live objects: the message is the only source, said so', () => {
  const e = explainFixture('prune-waiting.yaml');
  expect(e.blockers.map(b => [refShort(b), b.health, b.healthSource])).toEqual([['ConfigMap/old-config', 'Progressing', 'message']]);
});

test('a single-step sync awaits only its hooks: the resources applied with them are not blockers', () => {
  const app = readApplication({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'a' },
    spec: { destination: { namespace: 'n' } },
    status: {
      operationState: {
        phase: 'Running',
        message: 'waiting for completion of hook batch/Job/seed',
        syncResult: {
          resources: [
            { group: 'apps', kind: 'Deployment', namespace: 'n', name: 'web', status: 'Synced', hookPhase: 'Running', syncPhase: 'Sync' },
            { group: 'batch', kind: 'Job', namespace: 'n', name: 'seed', hookType: 'Sync', hookPhase: 'Running', syncPhase: 'Sync' },
          ],
        },
      },
    },
  });
  const e = explainApplication({ app, health: new ObservedHealthIndex({ app }), now: 0 });
  expect(e.blockers.map(refShort)).toEqual(['Job/seed']);
  expect(e.notes).toContain('a single-step sync: Argo CD waits only for its hooks; the resources applied with them are not awaited');
});

test('a StatefulSet rollout stuck on a Pod that never became Ready: the Pod from the live objects, and that it must be deleted', () => {
  const e = explainFixture('statefulset-stuck.yaml', { live: 'statefulset-stuck-live.yaml', now: '2026-12-01T10:06:00Z' });
  expect(e.blockers.map(b => [refShort(b), b.health])).toEqual([['StatefulSet/pg', 'Progressing']]);
  expect(e.blockers[0].reason).toMatch(/^the image does not pull \(Pod pg-2, container pg: ImagePullBackOff/);
  expect(e.blockers[0].reason).toMatch(/will not replace Pod pg-2 by itself.*kubectl delete pod pg-2 -n data$/);
});

test('a hook Job that never starts a Pod: what no status field says, from the newest Warning Event about it', () => {
  const e = explainFixture('hook-no-service-account.yaml', { live: 'hook-no-service-account-live.yaml', now: '2026-12-01T10:03:00Z' });
  expect(e.blockers.map(b => [refShort(b), b.hook, b.health])).toEqual([['Job/db-migrate', true, 'Progressing']]);
  expect(e.blockers[0].reason).toMatch(/^the Job runs no Pod and has run none .*kubectl get events -n shop --field-selector involvedObject.name=db-migrate$/);
  expect(e.blockers[0].warning).toBe('Job/db-migrate: FailedCreate: Error creating: pods "db-migrate-" is forbidden: error looking up service account shop/migrator: '
    + 'serviceaccount "migrator" not found (6 times, last at 2026-12-01T10:02:45Z)');
  // Without Events in the live objects, nothing is said of them.
  expect(explainFixture('statefulset-stuck.yaml', { live: 'statefulset-stuck-live.yaml' }).blockers[0].warning).toBeUndefined();
});

test('a failed attempt waiting for its retry (phase Running, finishedAt, "Retrying attempt #N at"): what failed it, no step in flight', () => {
  // controller/appcontroller.go keeps the failed attempt's syncResult until the retry starts; its
  // hookPhase Running entries are not awaited by anything.
  const e = explainFixture('retry-backoff.yaml', { now: '2026-12-01T10:00:40Z' });
  expect(e).toMatchObject({ operationPhase: 'Running', retryCount: 1, parsed: { retry: { attempt: 1, at: '10:01AM' } } });
  expect(e.inFlight).toBeUndefined();
  expect(e.next).toEqual([]);
  expect(e.blockers.map(b => [refShort(b), b.message])).toEqual([['Deployment/api', 'Deployment.apps "api" is invalid: spec.template.spec.containers[0].image: Required value']]);
  expect(e.notes).toContain('the operation failed and Argo CD retries it: attempt #1 at 10:01AM (controller time)');
  expect(e.notes.join('\n')).toMatch(/nothing runs until the retry starts/);
});

test('terminated by the controller\'s sync timeout: the cause is read, and the note says what Terminate did', () => {
  const e = explainFixture('terminated-timeout.yaml');
  expect(e.parsed).toEqual({ message: { type: 'terminated', cause: 'controller sync timeout' }, retried: 1 });
  expect(e.notes.join('\n')).not.toMatch(/no format this tool knows/);
  expect(e.notes.join('\n')).toMatch(/terminated by the controller's sync timeout \(controller\.sync\.timeout\.seconds\).*running hooks were deleted.*no SyncFail hooks/);
  expect(e.blockers.map(b => [refShort(b), b.hook, b.message])).toEqual([['Job/db-migrate-9d1e7b2-presync-1764583200', true, 'Terminated']]);
  expect(e.blockers[0].reason).toMatch(/terminated/);
  expect(e.blockers[0].reason).not.toMatch(/no health source/);
});

test('"waiting for deletion of hook": the named task is a hook, and the trap is its previous run under BeforeHookCreation', () => {
  const e = explainFixture('deletion-of-hook.yaml');
  expect(e.blockers.map(b => [refShort(b), b.namespace, b.hook, b.health, b.message])).toEqual([['Job/db-migrate', 'billing', true, 'Progressing', 'Pending deletion']]);
  expect(e.blockers[0].reason).toMatch(/the hook's previous run is still being deleted \(delete policy BeforeHookCreation/);
});

test('what stops the controller before the engine runs is told in a note (a ComparisonError on a multi-source Application)', () => {
  const e = explainFixture('error-condition.yaml');
  expect(e).toMatchObject({ operationPhase: 'Error', blockers: [], parsed: { message: { type: 'other' } } });
  expect(e.notes.join('\n')).toMatch(/^Argo CD did not start the sync: the Application has an error condition \(ComparisonError/m);
});

test('a failed hook known only from its result: the result\'s words choose the trap, not the missing health source', () => {
  const app = readApplication({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'a', namespace: 'argocd' },
    spec: { destination: { namespace: 'a' } },
    status: {
      operationState: {
        phase: 'Failed',
        message: 'one or more synchronization tasks completed unsuccessfully, reason: Job has reached the specified backoff limit',
        startedAt: '2026-12-01T10:00:00Z',
        syncResult: { resources: [{ group: 'batch', version: 'v1', kind: 'Job', namespace: 'a', name: 'm', hookType: 'PreSync', hookPhase: 'Failed', syncPhase: 'PreSync', message: 'Job has reached the specified backoff limit' }] },
      },
    },
  });
  const e = explainApplication({ app, health: new ObservedHealthIndex({ app }), now: Date.parse('2026-12-01T16:00:00Z') });
  expect(e.blockers[0].reason).toMatch(/backoffLimit/);
});

test('an operation just started (Running, no message, no result yet) and a retry starting say so', () => {
  const app = (message: string, retryCount = 0) => readApplication({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'a', namespace: 'argocd' },
    spec: { destination: { namespace: 'a' } },
    status: { operationState: { phase: 'Running', message, retryCount, startedAt: '2026-12-01T10:00:00Z' } },
  });
  const notes = (a: ReturnType<typeof app>) => explainApplication({ app: a, health: new ObservedHealthIndex({ app: a }), now: Date.parse('2026-12-01T10:00:05Z') }).notes.join('\n');
  expect(notes(app(''))).toMatch(/the operation has started; Argo CD has written no step yet/);
  expect(notes(app('Retrying operation. Attempt #2', 2))).toMatch(/retry attempt #2 is starting/);
});

/** An Application as Argo CD writes it, with the given operation state and resources. */
function appWith(operationState: Record<string, unknown> | undefined, resources: unknown[] = [], spec: Record<string, unknown> = { destination: { namespace: 'shop' } }) {
  return readApplication({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'shop', namespace: 'argocd' }, spec, status: { resources, ...(operationState ? { operationState } : {}) } });
}
const result = (group: string, kind: string, namespace: string, name: string, o: Record<string, unknown>): Record<string, unknown> & { name: string } => ({ group, version: 'v1', kind, namespace, name, ...o });
const explainApp = (app: ReturnType<typeof appWith>, now = '2026-12-01T10:05:00Z') => explainApplication({ app, health: new ObservedHealthIndex({ app }), now: Date.parse(now) });

test('a hook named from generateName (gitops-engine getSyncTasks: <generateName><revision>-<phase>-<unix time>) is the one the message names', () => {
  const name = 'db-migrate-9d1e7b2-presync-1764583200';
  const e = explainApp(appWith({
    phase: 'Running',
    message: `waiting for completion of hook batch/Job/${name}`,
    startedAt: '2026-12-01T10:00:00Z',
    syncResult: { resources: [result('batch', 'Job', 'shop', name, { status: 'Synced', hookType: 'PreSync', hookPhase: 'Running', syncPhase: 'PreSync', message: `job.batch/${name} created` })] },
  }));
  expect(e.blockers.map(b => [refShort(b), b.hook, b.phase])).toEqual([[`Job/${name}`, true, 'PreSync']]);
  expect(e.notes.join('\n')).not.toMatch(/counts|no format/);
});

test('hooks of one name in several namespaces: each is awaited, in 3.4+ wording ("and 2 more resources") and before ("and 2 more hooks")', () => {
  for (const more of ['resources', 'hooks']) {
    const e = explainApp(appWith({
      phase: 'Running',
      message: `waiting for completion of hook batch/Job/migrate and 2 more ${more}`,
      startedAt: '2026-12-01T10:00:00Z',
      syncResult: {
        resources: [
          result('batch', 'Job', 'db', 'migrate', { status: 'Synced', hookType: 'Sync', hookPhase: 'Running', syncPhase: 'Sync' }),
          result('batch', 'Job', 'cache', 'migrate', { status: 'Synced', hookType: 'Sync', hookPhase: 'Running', syncPhase: 'Sync' }),
          result('apps', 'Deployment', 'shop', 'api', { status: 'Synced', hookPhase: 'Running', syncPhase: 'Sync' }),
        ],
      },
    }));
    expect(e.blockers.map(b => `${refShort(b)} ${b.namespace}`)).toEqual(['Job/migrate db', 'Job/migrate cache', 'Deployment/api shop']);
    expect(e.notes.join('\n')).not.toMatch(/counts/);
  }
});

test('only PostSync left: the Sync wave is done, the PostSync hook is the blocker', () => {
  const e = explainApp(appWith({
    phase: 'Running',
    message: 'waiting for completion of hook batch/Job/smoke',
    startedAt: '2026-12-01T10:00:00Z',
    syncResult: {
      resources: [
        result('apps', 'Deployment', 'shop', 'api', { status: 'Synced', hookPhase: 'Succeeded', syncPhase: 'Sync' }),
        result('batch', 'Job', 'shop', 'smoke', { status: 'Synced', hookType: 'PostSync', hookPhase: 'Running', syncPhase: 'PostSync' }),
      ],
    },
  }, [{ group: 'apps', version: 'v1', kind: 'Deployment', namespace: 'shop', name: 'api', status: 'Synced', health: { status: 'Healthy' } },
    { group: 'batch', version: 'v1', kind: 'Job', namespace: 'shop', name: 'smoke', status: 'Synced', hook: true }]));
  expect(e.inFlight).toEqual({ phase: 'PostSync', wave: 0 });
  expect(e.blockers.map(refShort)).toEqual(['Job/smoke']);
  expect(e.done.map(d => [refShort(d), d.phase])).toEqual([['Deployment/api', 'Sync']]);
});

test('a multi-source Application (spec.sources, syncResult.revisions) reads as any other', () => {
  const e = explainApp(appWith({
    phase: 'Running',
    message: 'waiting for healthy state of apps/Deployment/api',
    startedAt: '2026-12-01T10:00:00Z',
    operation: { sync: { revisions: ['4.2.0', 'main'], sources: [{ repoURL: 'https://charts.example.com', chart: 'shop' }, { repoURL: 'https://git.example.com/v.git', ref: 'values' }] } },
    syncResult: {
      revisions: ['4.2.0', 'main'],
      sources: [{ repoURL: 'https://charts.example.com', chart: 'shop' }, { repoURL: 'https://git.example.com/v.git', ref: 'values' }],
      resources: [result('apps', 'Deployment', 'shop', 'api', { status: 'Synced', hookPhase: 'Running', syncPhase: 'Sync' })],
    },
  },
  [{ group: 'apps', version: 'v1', kind: 'Deployment', namespace: 'shop', name: 'api', status: 'Synced', syncWave: 1, health: { status: 'Progressing', message: 'Waiting for rollout to finish: 0 of 2 updated replicas are available...' } }],
  { destination: { namespace: 'shop' }, sources: [{ repoURL: 'https://charts.example.com', chart: 'shop', targetRevision: '4.2.0' }, { repoURL: 'https://git.example.com/v.git', ref: 'values' }] }));
  expect(e).toMatchObject({ inFlight: { phase: 'Sync', wave: 1 }, blockers: [{ kind: 'Deployment', health: 'Progressing' }] });
});

test('a huge status (3000 resources, 100 awaited): every blocker of the wave in flight, the waves after it', () => {
  const resources = [];
  const results = [];
  for (let i = 0; i < 3000; i++) {
    const [group, kind] = i % 3 === 0 ? ['apps', 'Deployment'] : ['', 'ConfigMap'];
    const wave = i % 10;
    resources.push({ group, version: 'v1', kind, namespace: `ns${i % 7}`, name: `obj-${i}`, status: 'Synced', syncWave: wave, ...(kind === 'Deployment' ? { health: { status: wave === 5 ? 'Progressing' : 'Healthy' } } : {}) });
    if (wave <= 5) results.push(result(group, kind, `ns${i % 7}`, `obj-${i}`, { status: 'Synced', hookPhase: wave === 5 && kind === 'Deployment' ? 'Running' : 'Succeeded', syncPhase: 'Sync' }));
  }
  const running = results.filter(r => r.hookPhase === 'Running');
  const app = appWith({ phase: 'Running', message: `waiting for healthy state of apps/Deployment/${running[0].name} and ${running.length - 1} more resources`, startedAt: '2026-12-01T10:00:00Z', syncResult: { resources: results } }, resources);
  // Its speed is a benchmark's business, not a timed test's (these machines are noisy).
  const e = explainApp(app);
  expect([e.blockers.length, e.inFlight, e.next.map(s => s.wave)]).toEqual([100, { phase: 'Sync', wave: 5 }, [6, 7, 8, 9]]);
});

test('the Pods of each blocker, found through PodIndex, explain as podsOf\'s scan of every live object does (same JSON)', () => {
  // Few names and namespaces, so that workloads, their ReplicaSets and Pods, and Warning Events about the Pods meet often;
  // the workloads' live objects wait for Pods, so that the Pods' trouble is the reason given.
  const names = ['api', 'db', 'api-7f9c'];
  const ownerNames = [...names, 'api-7f9c-x1', 'api-X', ''];
  const podNames = ['api-7f9c-p', 'db-0', 'api'];
  const appNamespace = fc.constantFrom('a', 'b');
  const workload = fc.record({
    kind: fc.constantFrom('Deployment', 'StatefulSet', 'Job', 'ReplicaSet', 'Pod'),
    name: fc.constantFrom(...names),
    namespace: appNamespace,
    hookPhase: fc.constantFrom('Running', 'Running', 'Failed', 'Succeeded'),
  });
  const groupOf = (kind: string) => (kind === 'Job' ? 'batch' : kind === 'Pod' ? '' : 'apps');
  const waitingStatus: Record<string, object> = {
    Deployment: { observedGeneration: 1, replicas: 1, updatedReplicas: 1, availableReplicas: 0 },
    StatefulSet: { observedGeneration: 1, replicas: 1, readyReplicas: 0, updatedReplicas: 1, currentRevision: 'r', updateRevision: 'r' },
    ReplicaSet: { observedGeneration: 1, replicas: 1, availableReplicas: 0 },
    Job: { active: 1 },
  };
  const container = fc.constantFrom(
    { name: 'c', ready: false, state: { waiting: { reason: 'CrashLoopBackOff' } } },
    { name: 'c', ready: false, state: { waiting: { reason: 'ImagePullBackOff', message: 'not found' } } },
    { name: 'c', ready: false, state: { running: {} } },
    { name: 'c', ready: true, state: { running: {} } });
  const ownerRef = fc.record({ kind: fc.constantFrom('ReplicaSet', 'ReplicaSet', 'Deployment', 'StatefulSet', 'Job'), name: fc.constantFrom(...ownerNames) });
  const liveNamespace = fc.option(fc.constantFrom('a', 'a', 'b', ''), { nil: undefined, freq: 5 });
  const meta = (o: { name: string; namespace?: string; owners: object[] }) =>
    ({ name: o.name, ...(o.namespace !== undefined ? { namespace: o.namespace } : {}), generation: 1, ownerReferences: o.owners });
  const pod = fc.record({
    name: fc.constantFrom(...podNames),
    namespace: liveNamespace,
    owners: fc.array(ownerRef, { maxLength: 2 }),
    containers: fc.array(container, { minLength: 1, maxLength: 2 }),
  }).map(p => ({ apiVersion: 'v1', kind: 'Pod', metadata: meta(p), status: { phase: 'Running', containerStatuses: p.containers } }));
  const controller = fc.record({
    kind: fc.constantFrom('Deployment', 'StatefulSet', 'ReplicaSet', 'Job'),
    name: fc.constantFrom(...names, 'api-7f9c-x1', 'api-X'),
    namespace: liveNamespace,
    owners: fc.array(ownerRef, { maxLength: 2 }),
  }).map(c => ({ apiVersion: c.kind === 'Job' ? 'batch/v1' : 'apps/v1', kind: c.kind, metadata: meta(c), spec: { replicas: 1 }, status: waitingStatus[c.kind] }));
  const warning = fc.record({ name: fc.constantFrom(...podNames), namespace: appNamespace, at: fc.nat(5) }).map(w => ({
    apiVersion: 'v1',
    kind: 'Event',
    type: 'Warning',
    involvedObject: { kind: 'Pod', name: w.name, namespace: w.namespace },
    reason: 'BackOff',
    message: `back-off ${w.at}`,
    lastTimestamp: `2026-12-01T10:0${w.at}:00Z`,
  }));
  let lookups = 0;
  const liveList = fc.array(fc.oneof(pod, pod, controller, controller, warning), { maxLength: 16 });
  fc.assert(fc.property(fc.array(workload, { minLength: 1, maxLength: 5 }), liveList, (workloads, live) => {
    const results = workloads.map(w => result(groupOf(w.kind), w.kind, w.namespace, w.name,
      { status: 'Synced', hookPhase: w.hookPhase, syncPhase: 'Sync', message: w.hookPhase === 'Failed' ? 'failed' : '' }));
    const first = workloads[0];
    const running = workloads.some(w => w.hookPhase === 'Running');
    const app = appWith({
      phase: running ? 'Running' : 'Failed',
      message: running
        ? `waiting for healthy state of ${groupOf(first.kind)}/${first.kind}/${first.name} and ${workloads.length - 1} more resources`
        : 'one or more synchronization tasks completed unsuccessfully',
      startedAt: '2026-12-01T10:00:00Z',
      syncResult: { resources: results },
    }, workloads.map(w => ({ group: groupOf(w.kind), version: 'v1', kind: w.kind, namespace: w.namespace, name: w.name, status: 'Synced', syncWave: 0 })));
    const explain = () => renderExplanationJson(explainApplication({ app, health: new ObservedHealthIndex({ app, live }), now: Date.parse('2026-12-01T10:05:00Z') }));
    const indexed = explain();
    const scan = jest.spyOn(PodIndex.prototype, 'of').mockImplementation((kind, name, ns) => podsOf(kind, name, ns, live));
    try {
      expect(indexed).toBe(explain());
      lookups += scan.mock.calls.length;
    } finally {
      scan.mockRestore();
    }
  }), { numRuns: 300 });
  expect(lookups).toBeGreaterThan(300);
});
