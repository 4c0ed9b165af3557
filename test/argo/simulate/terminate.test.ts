/**
 * Termination after the controller's sync timeout, from gitops-engine `pkg/sync/sync_context.go`
 * `Terminate` and `terminateHooksPreemptively` (3.4+) and their tests in `sync_context_test.go`
 * (`TestTerminate`, `TestTerminate_Hooks_Running`, `TestTerminate_Hooks_Running_Healthy`,
 * `TestTerminate_Hooks_Completed`), and the controller's message (`controller/appcontroller.go`
 * `processRequestedAppOperation`, `TestProcessRequestedAppOperation_*` "triggered by controller sync timeout").
 */
import { planOf } from './helpers';
import { SyncLoop } from '../../../src/argo/simulate/sync-loop';
import type { HealthStatus, SimulateOptions } from '../../../src/argo/simulate/types';
import { m } from '../../fixtures/manifests';

/** A loop over a PreSync Job hook and a Deployment, after `calls` calls of `Sync()`. */
function loopAfter(calls: number, health: HealthStatus, options: SimulateOptions = {}, deletePolicy?: string): SyncLoop {
  const plan = planOf([
    m({ kind: 'Job', name: 'migrate', hook: 'PreSync', ...(deletePolicy ? { deletePolicy } : {}) }),
    m({ kind: 'Deployment', name: 'web' }),
  ]);
  const loop = new SyncLoop(plan, { ...options, health: new Map([['Job/migrate', health]]) });
  for (let i = 0; i < calls; i++) loop.reconcile();
  return loop;
}

const migrate = (loop: SyncLoop) => loop.tasks.find(t => t.task.name === 'migrate')!;

describe('terminateHooksPreemptively (3.4+)', () => {
  test('TestTerminate_Hooks_Running: a running hook is deleted and ends Failed "Terminated"', () => {
    const loop = loopAfter(2, 'Progressing');
    loop.terminate('controller sync timeout');
    expect([migrate(loop).operationState, migrate(loop).message]).toEqual(['Failed', 'Terminated']);
    expect(loop.cluster.has(migrate(loop).task)).toBe(false);
    expect([loop.phase, loop.message]).toEqual(['Failed', 'Operation terminated, triggered by controller sync timeout']);
  });

  test('terminated right after the call that applied it: no live object in the cache yet, so the API server is asked', () => {
    const loop = loopAfter(1, 'Progressing');
    expect(migrate(loop).live).toBe(false);
    loop.terminate('controller sync timeout');
    expect([migrate(loop).operationState, migrate(loop).message]).toEqual(['Failed', 'Terminated']);
    expect(loop.cluster.has(migrate(loop).task)).toBe(false);
  });

  test('a running hook the API server no longer has either is recorded Succeeded "Terminated" (nothing to delete)', () => {
    // Applied in the first call, then gone (e.g. deleted by hand): the `liveObj == nil` branch.
    const loop = loopAfter(1, 'Missing');
    loop.terminate('controller sync timeout');
    expect([migrate(loop).syncStatus, migrate(loop).operationState, migrate(loop).message]).toEqual(['Synced', 'Succeeded', 'Terminated']);
    expect(loop.phase).toBe('Failed');
  });

  test('TestTerminate_Hooks_Running_Healthy: a hook that finished since the last read keeps its real result and is not deleted', () => {
    const loop = loopAfter(1, 'Healthy');
    loop.terminate('controller sync timeout');
    expect(migrate(loop).operationState).toBe('Succeeded');
    expect(loop.cluster.has(migrate(loop).task)).toBe(true);
  });

  test('TestTerminate_Hooks_Completed: a finished hook with HookFailed is deleted, the operation having failed', () => {
    const loop = loopAfter(1, 'Degraded', {}, 'HookFailed');
    loop.terminate('controller sync timeout');
    expect(migrate(loop).operationState).toBe('Failed');
    expect(loop.cluster.has(migrate(loop).task)).toBe(false);
  });
});

describe('Terminate before 3.4 (gitops-engine v3.3.0 `Terminate`, TestTerminate_Hooks_Running at that tag)', () => {
  test('a running hook in the cache is deleted and recorded Succeeded "Deleted"', () => {
    const loop = loopAfter(2, 'Progressing', { argocdVersion: '3.3' });
    loop.terminate('controller sync timeout');
    expect([migrate(loop).operationState, migrate(loop).message]).toEqual(['Succeeded', 'Deleted']);
    expect(loop.cluster.has(migrate(loop).task)).toBe(false);
    expect(loop.message).toBe('Operation terminated, triggered by controller sync timeout');
  });

  test('a hook the cache does not hold is left as it was: still Running, not deleted', () => {
    const loop = loopAfter(1, 'Progressing', { argocdVersion: '3.3' });
    loop.terminate('controller sync timeout');
    expect([migrate(loop).operationState, migrate(loop).message]).toEqual(['Running', 'job.batch/migrate created']);
    expect(loop.cluster.has(migrate(loop).task)).toBe(true);
  });

  test('TestTerminate: before 3.2 the controller adds no cause: "Operation terminated"', () => {
    for (const [version, message] of [['3.1', 'Operation terminated'], ['3.2', 'Operation terminated, triggered by controller sync timeout']]) {
      const loop = loopAfter(2, 'Progressing', { argocdVersion: version });
      loop.terminate('controller sync timeout');
      expect([version, loop.message]).toEqual([version, message]);
    }
  });
});
