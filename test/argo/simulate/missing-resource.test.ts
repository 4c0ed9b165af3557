/**
 * An object deleted while Argo CD waits on it, from gitops-engine `pkg/sync/sync_context_test.go`
 * `TestSync_MultistepResourceDeletionMidstep` (3.4+): the task fails as missing and the sync fails,
 * SyncFail hooks included; before 3.4 the sync waited forever.
 */
import { calls, hook, manifest, replay, wave } from './fixtures';
import { missingResourceFailure } from '../../../src/argo/simulate/missing-resource';

const twoWaves = () => [
  manifest({ kind: 'Pod', name: 'first', annotations: wave(1) }),
  manifest({ kind: 'Pod', name: 'second', annotations: wave(2) }),
];

describe('TestSync_MultistepResourceDeletionMidstep', () => {
  test('"resource deleted during multistep": the awaited object is gone, the task fails, then the sync', () => {
    const { result } = replay([...twoWaves(), manifest({ kind: 'Pod', name: 'cleanup', annotations: hook('SyncFail') })], {
      plan: { namespace: 'shop' }, health: { 'Pod/first': 'Missing' },
    });
    expect(calls(result)).toEqual([
      'Running: waiting for healthy state of /Pod/first',
      'Running: waiting for healthy state of /Pod/first',
      'Running: waiting for completion of hook /Pod/cleanup',
      'Failed: one or more synchronization tasks completed unsuccessfully, reason: Resource /Pod/first is missing, it might have been deleted',
    ]);
    expect(result.results[0]).toEqual({
      kind: 'Pod', name: 'first', namespace: 'shop', status: 'SyncFailed', message: 'Resource /Pod/first is missing, it might have been deleted',
    });
    expect(result.applied.map(a => `${a.name}: ${a.result}`)).toEqual([
      'first: failed: Resource /Pod/first is missing, it might have been deleted',
      'cleanup: completed',
    ]);
    expect(result.neverApplied).toEqual(['Pod/second']);
  });

  test('"no false positive on resource creation": an object in the cache or on the API server is not missing', () => {
    const pod = replay(twoWaves()).plan.steps[0].tasks[0];
    expect(missingResourceFailure(pod, true, true)).toBeUndefined();
    // "resource created after task sync started": not in the cache yet, but the API server has it.
    expect(missingResourceFailure(pod, false, true)).toBeUndefined();
    expect(missingResourceFailure(pod, false, false)).toBe('Resource /Pod/first is missing, it might have been deleted');
  });

  test('before 3.4 the engine never looked again: the sync waits forever', () => {
    const { result } = replay(twoWaves(), { plan: { argocdVersion: '3.3' }, health: { 'Pod/first': 'Missing' } });
    expect(result.operationPhase).toBe('Running');
    expect(result.message).toBe('waiting for healthy state of /Pod/first');
  });
});
