/**
 * Argo CD's end-to-end hook tests (`test/e2e/hook_test.go`) replayed on the simulator. Their
 * fixture `hook` is a Pod `pod` plus a Pod `hook` annotated as a Sync hook; a container command
 * `false` makes a Pod Degraded.
 */
import { sim } from './helpers';
import { HealthStatus } from '../../../src/argo/simulate';
import { m } from '../../fixtures/manifests';

function fixture(hookType = 'Sync', deletePolicy?: string) {
  return [m({ kind: 'Pod', name: 'pod' }), m({ kind: 'Pod', name: 'hook', hook: hookType, deletePolicy })];
}

const failing = (name: string): Record<string, HealthStatus> => ({ [`Pod/${name}`]: 'Degraded' });

describe('test/e2e/hook_test.go', () => {
  test('TestPreSyncHookFailure: a failed PreSync hook stops the sync before the Sync phase', () => {
    const r = sim(fixture('PreSync'), { health: failing('hook') });
    expect(r.operationPhase).toBe('Failed');
    expect(r.results.map(x => x.name)).toEqual(['hook']); // ResourceResultNumbering(1)
    expect(r.neverApplied).toEqual(['Pod/pod']);
  });

  test('TestSyncHookFailure: a failed Sync hook fails the sync, the pod was applied', () => {
    const r = sim(fixture(), { health: failing('hook') });
    expect(r.operationPhase).toBe('Failed');
    expect(r.results).toHaveLength(2);
    expect(r.results.find(x => x.name === 'pod')!.status).toBe('Synced');
  });

  test('TestSyncHookResourceFailure: a Progressing Deployment next to a Sync hook still succeeds', () => {
    const r = sim([m({ kind: 'Deployment', name: 'deployment' }), m({ kind: 'Pod', name: 'hook', hook: 'Sync' })], {
      health: { 'Deployment/deployment': 'Progressing' },
    });
    expect(r.operationPhase).toBe('Succeeded');
  });

  test('TestPostSyncHookFailure: a failed PostSync hook fails the sync after the pod synced', () => {
    const r = sim(fixture('PostSync'), { health: failing('hook') });
    expect(r.operationPhase).toBe('Failed');
    expect(r.results).toHaveLength(2);
  });

  test('TestPostSyncHookPodFailure: the Degraded pod keeps the PostSync hook from running', () => {
    const r = sim(fixture('PostSync'), { health: failing('pod') });
    expect(r.results.map(x => x.name)).toEqual(['pod']); // ResourceResultNumbering(1)
    expect(r.hooksLeftInCluster).toEqual([]); // NotPod("hook")
  });

  test.each([
    ['TestHookDeletePolicyHookSucceededHookExit0', 'HookSucceeded', false, 'Succeeded', false],
    ['TestHookDeletePolicyHookSucceededHookExit1', 'HookSucceeded', true, 'Failed', true],
    ['TestHookDeletePolicyHookFailedHookExit0', 'HookFailed', false, 'Succeeded', true],
    ['TestHookDeletePolicyHookFailedHookExit1', 'HookFailed', true, 'Failed', false],
  ] as const)('%s', (_name, policy, hookFails, phase, hookStays) => {
    const r = sim(fixture('Sync', policy), { health: hookFails ? failing('hook') : {} });
    expect(r.operationPhase).toBe(phase);
    expect(r.hooksLeftInCluster.includes('Pod/hook')).toBe(hookStays);
  });

  test('TestInvalidlHookWaitsForOtherHooksToComplete: an apply error waits for the other hooks, then Failed', () => {
    const r = sim([...fixture(), m({ kind: 'Pod', name: 'invalid-hook', hook: 'Sync', deletePolicy: 'HookFailed' })], {
      applyErrors: { 'Pod/invalid-hook': 'Pod "invalid-hook" is invalid' },
      health: { 'Pod/hook': 'Progressing' },
    });
    // While the other hook runs, the sync waits for it instead of failing at once.
    expect(r.operationPhase).toBe('Running');
    expect(r.reconciles[0].message).toBe('waiting for completion of hook /Pod/hook and 1 more resources');
    expect(r.message).toBe('waiting for completion of hook /Pod/hook');
    const done = sim([...fixture(), m({ kind: 'Pod', name: 'invalid-hook', hook: 'Sync', deletePolicy: 'HookFailed' })], {
      applyErrors: { 'Pod/invalid-hook': 'Pod "invalid-hook" is invalid' },
    });
    expect(done.operationPhase).toBe('Failed');
    expect(done.message).toBe('one or more synchronization tasks completed unsuccessfully, reason: Pod "invalid-hook" is invalid');
    expect(done.results).toHaveLength(3);
    expect(done.results.find(x => x.name === 'hook')).toEqual({ kind: 'Pod', name: 'hook', namespace: 'app', status: 'Synced', message: 'pod/hook created' });
  });

  test('TestSyncFailHookPodFailure: a failing pod runs the SyncFail hook, then Failed', () => {
    const r = sim([...fixture(), m({ kind: 'Pod', name: 'sync-fail-hook', hook: 'SyncFail' })], { health: failing('pod') });
    expect(r.operationPhase).toBe('Failed');
    expect(r.applied.filter(a => a.phase === 'SyncFail').map(a => [a.name, a.result])).toEqual([['sync-fail-hook', 'completed']]);
  });
});
