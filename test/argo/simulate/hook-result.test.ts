/**
 * What a hook's result reads once its health is known (gitops-engine `pkg/sync/sync_context.go`
 * `getOperationPhase`): from Argo CD's e2e `test/e2e/hook_test.go` `TestPreSyncHookFailure`
 * (a failed Pod hook reads `container "main" failed with exit code 1`) and the Unknown case of
 * `getOperationPhase` (a hook fails on it).
 */
import { calls, hook, manifest, replay } from './fixtures';
import { hookOutcome, JOB_BACKOFF_LIMIT_MESSAGE } from '../../../src/argo/simulate/hook-result';

const pod = (container: string) => manifest({
  kind: 'Pod',
  name: 'gate',
  annotations: hook('PreSync'),
  spec: { restartPolicy: 'Never', containers: [{ name: container, image: 'busybox' }] },
});

describe('TestPreSyncHookFailure', () => {
  test('a failed Pod hook records its container and exit code, and the sync fails before Sync', () => {
    const { result } = replay([pod('probe'), manifest({ kind: 'ConfigMap', name: 'later' })], { health: { 'Pod/gate': 'Degraded' } });
    expect(result.operationPhase).toBe('Failed');
    expect(result.results).toEqual([
      { kind: 'Pod', name: 'gate', namespace: '', status: 'Synced', message: 'container "probe" failed with exit code 1' },
    ]);
    expect(result.applied[0].result).toBe('failed (Degraded: container "probe" failed with exit code 1)');
    expect(result.neverApplied).toEqual(['ConfigMap/later']);
  });

  test('a failed Job hook records the Job controller\'s Failed condition', () => {
    const job = manifest({ kind: 'Job', name: 'migrate', annotations: hook('PreSync') });
    const { result } = replay([job], { health: { 'Job/migrate': 'Degraded' } });
    expect(result.results[0].message).toBe(JOB_BACKOFF_LIMIT_MESSAGE);
  });

  test('a Healthy hook keeps kubectl\'s apply output; a kind without a health check reads "<name> created"', () => {
    expect(replay([pod('probe')]).result.results[0].message).toBe('pod/gate created');
    const marker = manifest({ kind: 'ConfigMap', name: 'marker', annotations: hook('PreSync') });
    expect(replay([marker]).result.results[0].message).toBe('marker created');
  });
});

describe('Unknown health (getOperationPhase: HealthStatusUnknown fails a hook)', () => {
  test('a hook reporting Unknown fails the sync', () => {
    const { result } = replay([pod('probe'), manifest({ kind: 'ConfigMap', name: 'later' })], { health: { 'Pod/gate': 'Unknown' } });
    expect(result.operationPhase).toBe('Failed');
    expect(result.message).toBe('one or more synchronization tasks completed unsuccessfully');
    expect(result.applied[0].result).toBe('failed (Unknown)');
  });

  test('a resource reporting Unknown is neither Healthy nor Degraded: the sync keeps waiting on it', () => {
    const { result } = replay([
      manifest({ kind: 'Deployment', name: 'api', annotations: { 'argocd.argoproj.io/sync-wave': '0' } }),
      manifest({ kind: 'ConfigMap', name: 'after', annotations: { 'argocd.argoproj.io/sync-wave': '1' } }),
    ], { health: { 'Deployment/api': 'Unknown' } });
    expect(calls(result).at(-1)).toBe('Running: waiting for healthy state of apps/Deployment/api');
    expect(result.waitingOn).toEqual(['Deployment/api']);
  });

  test('the outcome table: Progressing and Suspended keep running, Degraded and Unknown fail', () => {
    const task = replay([pod('main')]).plan.steps[0].tasks[0];
    expect(['Healthy', 'Progressing', 'Suspended', 'Degraded', 'Unknown'].map(h => hookOutcome(task, h as never, true).phase))
      .toEqual(['Succeeded', '', '', 'Failed', 'Failed']);
    expect(hookOutcome(task, 'Degraded', true).message).toBe('container "main" failed with exit code 1');
  });
});
