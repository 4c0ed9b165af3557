/**
 * The operation message grammar, from the formats gitops-engine writes (`pkg/sync/sync_context.go`
 * `setRunningPhase`, `Sync`, `executeSyncFailPhase`; its sync_context_test.go messages such as
 * TestSync_SuccessfulSyncWithSyncFailHook's "waiting for completion of hook /Pod/hook-1 and 1 more
 * resources") and the controller's retries (`controller/appcontroller.go`).
 */
import fc from 'fast-check';
import { parseOperationMessage, waitingCount } from '../../../src/argo/live/operation-message';
import { legacyPruneConfirmationMessage, legacyRunningMessage, runningMessage } from '../../../src/argo/simulate/messages';
import { terminatedMessage } from '../../../src/argo/simulate/terminate';
import type { SyncTask } from '../../../src/argo/types';

test('waiting for healthy state of / completion of hook / deletion of / pruning confirmation of, with and N more', () => {
  expect(parseOperationMessage('waiting for healthy state of apps/Deployment/api').message)
    .toEqual({ type: 'waiting', reason: 'healthy state of', first: { group: 'apps', kind: 'Deployment', name: 'api' }, more: 0 });
  expect(parseOperationMessage('waiting for completion of hook /Pod/hook-1 and 1 more resources').message)
    .toEqual({ type: 'waiting', reason: 'completion of hook', first: { group: '', kind: 'Pod', name: 'hook-1' }, more: 1, moreOf: 'resources' });
  expect(parseOperationMessage('waiting for deletion of hook batch/Job/db-migrate').message).toMatchObject({ reason: 'deletion of hook', first: { kind: 'Job' } });
  expect(parseOperationMessage('waiting for deletion of /ConfigMap/old and 2 more resources').message).toMatchObject({ reason: 'deletion of', more: 2 });
  expect(parseOperationMessage('waiting for pruning confirmation of /Secret/s and 3 more hooks').message).toMatchObject({ reason: 'pruning confirmation of', more: 3, moreOf: 'hooks' });
});

test('before 3.4 (gitops-engine v3.3.0 `runTasks`): "Waiting for pruning confirmation of <apiVersion>/<kind>/<name>", as the simulator writes it for those versions', () => {
  expect(parseOperationMessage(legacyPruneConfirmationMessage([{ apiVersion: 'v1', kind: 'ConfigMap', name: 'old' }])).message)
    .toEqual({ type: 'waiting', reason: 'pruning confirmation of', first: { group: '', kind: 'ConfigMap', name: 'old' }, more: 0 });
  expect(parseOperationMessage('Waiting for pruning confirmation of apps/v1/Deployment/api and 2 more resources').message)
    .toEqual({ type: 'waiting', reason: 'pruning confirmation of', first: { group: 'apps', kind: 'Deployment', name: 'api' }, more: 2, moreOf: 'resources' });
});

test('property: every message runningMessage (the simulator\'s setRunningPhase) writes parses back to its first task and count', () => {
  const task = fc.record({
    group: fc.constantFrom('', 'apps', 'batch', 'networking.k8s.io'),
    kind: fc.constantFrom('Deployment', 'Job', 'Pod', 'Ingress'),
    name: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
    hook: fc.boolean(),
    action: fc.constantFrom('apply' as const, 'prune' as const),
  });
  fc.assert(fc.property(fc.array(task, { minLength: 1, maxLength: 6 }), fc.boolean(), (tasks, deletion) => {
    const waiting = tasks.map(t => ({ task: t as unknown as SyncTask, needsPruneConfirmation: false }));
    const text = runningMessage(waiting, deletion);
    const m = parseOperationMessage(text).message;
    expect(m.type).toBe('waiting');
    expect(waitingCount(m)).toBe(tasks.length);
  }));
});

test('failures: completed unsuccessfully / failed to apply with reasons, and the SyncFail line', () => {
  expect(parseOperationMessage('one or more objects failed to apply, reason: Deployment.apps "api" is invalid').message)
    .toEqual({ type: 'failed', cause: 'failed to apply', reasons: 'Deployment.apps "api" is invalid' });
  expect(parseOperationMessage('one or more synchronization tasks completed unsuccessfully\none or more SyncFail hooks failed, reason: boom').message)
    .toEqual({ type: 'failed', cause: 'completed unsuccessfully', reasons: '', syncFailHooksFailed: 'boom' });
  expect(parseOperationMessage('one or more synchronization tasks are not valid: failed to discover server resources for group version extensions/v1beta1').message)
    .toEqual({ type: 'not-valid', causes: 'failed to discover server resources for group version extensions/v1beta1' });
  expect(parseOperationMessage('one or more objects failed to apply (dry run)').message).toEqual({ type: 'dry-run-failed' });
  expect(parseOperationMessage('the namespace failed to apply, reason: forbidden').message)
    .toEqual({ type: 'other', what: 'the destination Namespace manifest failed to apply', detail: 'forbidden', beforeSync: false });
});

test('successes, termination and the controller\'s retry suffixes', () => {
  expect(parseOperationMessage('successfully synced (all tasks run)').message).toEqual({ type: 'succeeded', how: 'all tasks run' });
  expect(parseOperationMessage('successfully synced (no more tasks)').message).toEqual({ type: 'succeeded', how: 'no more tasks' });
  expect(parseOperationMessage('Operation terminated').message).toEqual({ type: 'terminated' });
  expect(parseOperationMessage('one or more synchronization tasks completed unsuccessfully. Retrying attempt #2 at 3:04PM.'))
    .toEqual({ message: { type: 'failed', cause: 'completed unsuccessfully', reasons: '' }, retry: { attempt: 2, at: '3:04PM' } });
  expect(parseOperationMessage('one or more objects failed to apply, reason: x (retried 5 times).')).toMatchObject({ retried: 5, message: { type: 'failed' } });
  expect(parseOperationMessage('Retrying operation with latest revisions. Attempt #3').message).toEqual({ type: 'retrying', attempt: 3, withLatestRevisions: true });
});

test('unknown formats are carried word for word, never guessed', () => {
  expect(parseOperationMessage('waiting for the moon').message).toEqual({ type: 'unknown', text: 'waiting for the moon' });
  expect(parseOperationMessage('one or more objects failed to apply\nsomething else').message.type).toBe('unknown');
  expect(parseOperationMessage('').message).toEqual({ type: 'empty' });
});

test('property: every message legacyRunningMessage (setRunningPhase before 3.4) writes parses back to its first task and count', () => {
  const task = fc.record({
    group: fc.constantFrom('', 'apps', 'batch'),
    kind: fc.constantFrom('Deployment', 'Job', 'Pod'),
    name: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
    hook: fc.boolean(),
  });
  fc.assert(fc.property(fc.array(task, { minLength: 1, maxLength: 6 }), fc.boolean(), (tasks, deletion) => {
    const m = parseOperationMessage(legacyRunningMessage(tasks as unknown as SyncTask[], deletion)).message;
    expect(m.type).toBe('waiting');
    expect(waitingCount(m)).toBe(tasks.length);
  }));
});

test('"Operation terminated" with the cause the controller adds since 3.2 (controller/appcontroller.go processRequestedAppOperation), as the simulator writes it, retried or not', () => {
  expect(parseOperationMessage(terminatedMessage('controller sync timeout', '3.6')).message).toEqual({ type: 'terminated', cause: 'controller sync timeout' });
  expect(parseOperationMessage(terminatedMessage('controller sync timeout', '3.1')).message).toEqual({ type: 'terminated' });
  expect(parseOperationMessage('Operation terminated, triggered by controller sync timeout (retried 2 times).'))
    .toEqual({ message: { type: 'terminated', cause: 'controller sync timeout' }, retried: 2 });
  expect(parseOperationMessage('operation is terminating due to timeout').message).toEqual({ type: 'timeout' });
});

test('a retry policy Argo CD cannot read: "<message> (failed to retry: <error>)" in phase Error (controller/appcontroller.go, RetryStrategy.NextRetryAt)', () => {
  expect(parseOperationMessage('one or more objects failed to apply, reason: x (failed to retry: time: invalid duration "5x")'))
    .toEqual({ message: { type: 'failed', cause: 'failed to apply', reasons: 'x' }, retryFailed: 'time: invalid duration "5x"' });
});

test('what the controller writes when it stops before the engine runs (controller/sync.go SyncAppState) is read, not unknown', () => {
  const what = (text: string) => parseOperationMessage(text).message;
  expect(what('ComparisonError: Failed to load target state: failed to generate manifest for source 1 of 1: rpc error: code = Unknown desc = authentication required'))
    .toMatchObject({ type: 'other', detail: 'ComparisonError: Failed to load target state: failed to generate manifest for source 1 of 1: rpc error: code = Unknown desc = authentication required' });
  expect(what('InvalidSpecError: application repo https://x is not permitted in project \'team\';ComparisonError: boom')).toMatchObject({ type: 'other' });
  for (const text of [
    'no matching service account found for destination server https://kubernetes.default.svc and namespace shop',
    'failed to derive service account to impersonate: no matching service account',
    'Failed to get destination cluster: there are no clusters with this name: prod',
    'Failed to load resource overrides: error unmarshalling',
    'failed to initialize sync context: failed to create dynamic client',
    'Failed to normalize target resources: boom',
    'failed to load openAPISchema: boom',
    'failed to record sync to history: boom',
    'Invalid operation request: no operation specified',
    'Sync operation blocked by sync window: boom',
  ]) {
    expect([text, what(text).type]).toEqual([text, 'other']);
  }
});
