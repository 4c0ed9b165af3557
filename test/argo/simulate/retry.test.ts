/**
 * Retries of a failed sync, from argo-cd `controller/appcontroller_test.go` `TestProcessRequestedAppOperation_*`
 * and `pkg/apis/application/v1alpha1/types_test.go` `TestRetryStrategy_NextRetryAt*`. Data of our own.
 */
import * as fc from 'fast-check';
import { sim } from './helpers';
import { Manifest } from '../../../src/argo';
import { explain } from '../../../src/argo/simulate/explain';
import { backoffSeconds, parseRetryDuration, retryStrategyOf } from '../../../src/argo/simulate/retry';
import { m, manifest } from '../../fixtures/manifests';

const web = () => m({ kind: 'Deployment', name: 'web' });
const denied = { 'Deployment/web': 'admission webhook "policy" denied the request' };
const FAILED = 'one or more objects failed to apply, reason: admission webhook "policy" denied the request';

describe('TestRetryStrategy_NextRetryAtDefaultBackoff / CustomBackoff', () => {
  test('defaults: 5 s doubled each retry, at most 3 minutes', () => {
    expect([0, 1, 2, 3, 4, 80, 100].map(n => backoffSeconds({ limit: 5 }, n))).toEqual([5, 10, 20, 40, 80, 180, 180]);
  });

  test('duration × factor^retries, capped at maxDuration', () => {
    const strategy = { limit: 9, backoff: { durationSeconds: 3, factor: 4, maxDurationSeconds: 100 } };
    expect([0, 1, 2, 3, 4].map(n => backoffSeconds(strategy, n))).toEqual([3, 12, 48, 100, 100]);
  });

  test('maxDuration 0 does not cap', () => {
    expect(backoffSeconds({ limit: 1, backoff: { durationSeconds: 1, factor: 10, maxDurationSeconds: 0 } }, 4)).toBe(10000);
  });
});

describe('TestProcessRequestedAppOperation_FailedNoRetries', () => {
  test('no retry strategy, or limit 0: the failure is final, the message Argo CD\'s own', () => {
    for (const retry of [undefined, { limit: 0 }]) {
      const r = sim([web()], { applyErrors: denied, sim: retry ? { retry } : {} });
      expect(r.operationPhase).toBe('Failed');
      expect(r.message).toBe(FAILED);
      expect(r.attempts).toBeUndefined();
    }
  });
});

describe('TestProcessRequestedAppOperation_FailedHasRetries', () => {
  test('a failure with retries left waits: "<message>. Retrying attempt #1 at <time>."', () => {
    const r = sim([web()], { applyErrors: denied, sim: { retry: { limit: 1 } } });
    expect(r.reconciles.map(c => `${c.operationPhase}: ${c.message}`)).toContain(`Running: ${FAILED}. Retrying attempt #1 at +5s.`);
  });

  test('the same apply error every attempt: Failed after limit + 1 attempts, the backoffs slept between, "(retried N times)."', () => {
    const r = sim([web(), m({ kind: 'ConfigMap', name: 'settings', wave: -1 })], { applyErrors: denied, sim: { retry: { limit: 2 } } });
    expect(r.operationPhase).toBe('Failed');
    expect(r.message).toBe(`${FAILED} (retried 2 times).`);
    expect(r.attempts!.map(a => [a.attempt, a.operationPhase, a.backoffSeconds])).toEqual([[1, 'Failed', 5], [2, 'Failed', 10], [3, 'Failed', undefined]]);
    expect(r.retryBackoffSeconds).toBe(15);
    // Each attempt slept the delay after the ConfigMap's wave.
    expect(r.minimumSeconds).toBe(6);
    // The result is the last attempt's: the ConfigMap the first attempt applied is applied again, an empty patch.
    expect(r.results.map(x => x.message)).toEqual(['configmap/settings unchanged', denied['Deployment/web']]);
  });
});

describe('TestProcessRequestedAppOperation_RunningPreviouslyFailed', () => {
  test('a retry starts over: "Retrying operation. Attempt #1" (3.2+), the dry run and hooks again', () => {
    const hook = m({ kind: 'Job', name: 'migrate', hook: 'PreSync' });
    const r = sim([hook, web()], { applyErrors: denied, sim: { retry: { limit: 1 } } });
    const calls = r.reconciles.map(c => c.message);
    expect(calls).toContain('Retrying operation. Attempt #1');
    // The named hook is deleted (BeforeHookCreation) and created again in the second attempt.
    expect(r.applied.map(a => a.name)).toEqual(['migrate', 'web']);
    expect(r.results[0]).toMatchObject({ name: 'migrate', message: 'job.batch/migrate created' });
    // Attempt 1 applies the hook; attempt 2 first deletes the live one ("waiting for deletion of hook"), then applies.
    expect(r.reconciles.filter(c => c.applied?.phase === 'PreSync').map(c => c.message)).toEqual([
      'waiting for completion of hook batch/Job/migrate', 'waiting for deletion of hook batch/Job/migrate', 'waiting for completion of hook batch/Job/migrate',
    ]);
  });

  test('before 3.2 the retry keeps the waiting message: no "Retrying operation" call', () => {
    const r = sim([web()], { applyErrors: denied, plan: { argocdVersion: '3.1' }, sim: { retry: { limit: 1 }, argocdVersion: '3.1' } });
    expect(r.reconciles.map(c => c.message).some(x => x.startsWith('Retrying operation'))).toBe(false);
    expect(r.message).toBe(`${FAILED} (retried 1 times).`);
  });

  test('with ApplyOutOfSyncOnly=true the retry skips what the failed attempt applied, so it can succeed (argo-cd #5859)', () => {
    const r = sim([web(), m({ kind: 'ConfigMap', name: 'after', wave: 1 })], {
      health: { 'Deployment/web': 'Degraded' },
      sim: { retry: { limit: 3 }, syncOptions: ['ApplyOutOfSyncOnly=true'] },
    });
    expect(r.attempts!.map(a => a.operationPhase)).toEqual(['Failed', 'Succeeded']);
    expect(r.operationPhase).toBe('Succeeded');
    expect(r.message).toBe('successfully synced (all tasks run) (retried 1 times).');
    expect(r.inSync).toEqual(['Deployment/web']);
  });

  test('an object pruned by the failed attempt has no prune task in the next', () => {
    const r = sim([web()], { live: [m({ kind: 'ConfigMap', name: 'old' })], applyErrors: denied, sim: { retry: { limit: 1 } } });
    expect(r.attempts).toHaveLength(2);
    expect(r.applied.map(a => `${a.action} ${a.name}`)).toEqual(['apply web']);
  });
});

describe('TestProcessRequestedAppOperation_HasRetriesTerminated / _SyncTimeout', () => {
  test('an attempt terminated by the sync timeout is not retried', () => {
    const r = sim([web(), m({ kind: 'ConfigMap', name: 'next', wave: 1 })], {
      health: { 'Deployment/web': 'Progressing' }, sim: { retry: { limit: 10 }, syncTimeoutSeconds: 600 },
    });
    expect(r.attempts).toHaveLength(1);
    expect(r.message).toBe('Operation terminated, triggered by controller sync timeout');
  });

  test('"Terminate when retried operation exceeded timeout": a backoff past the timeout ends it, "(retried 1 times)."', () => {
    const r = sim([web()], { applyErrors: denied, sim: { retry: { limit: 5, backoff: { durationSeconds: 60 } }, syncTimeoutSeconds: 30 } });
    expect(r.operationPhase).toBe('Failed');
    expect(r.message).toBe('Operation terminated, triggered by controller sync timeout (retried 1 times).');
    expect(r.attempts).toHaveLength(1);
  });

  test('before 3.2 a due retry starts even past the timeout; an attempt that fails in one call keeps retrying', () => {
    const run = { limit: 3, backoff: { durationSeconds: 60 } };
    const r = sim([web()], { applyErrors: denied, plan: { argocdVersion: '3.1' }, sim: { retry: run, syncTimeoutSeconds: 30, argocdVersion: '3.1' } });
    expect(r.attempts).toHaveLength(4);
    expect(r.message).toBe(`${FAILED} (retried 3 times).`);
  });

  test('before 3.2 a retry past the timeout that is still running after its first call is terminated', () => {
    const two = [m({ kind: 'ConfigMap', name: 'first' }), m({ kind: 'Deployment', name: 'web', wave: 1 })];
    const opts = (v: string) => ({
      applyErrors: denied,
      plan: { argocdVersion: v },
      sim: { retry: { limit: 3, backoff: { durationSeconds: 60 } }, syncTimeoutSeconds: 30, argocdVersion: v },
    });
    const old = sim(two, opts('3.1'));
    expect(old.attempts).toHaveLength(2);
    expect(old.message).toMatch(/^Operation terminated.* \(retried 1 times\)\.$/);
    // 3.2+: the timeout is checked first, the second attempt never starts.
    const now = sim(two, opts('3.6'));
    expect(now.attempts).toHaveLength(1);
    expect(now.message).toBe('Operation terminated, triggered by controller sync timeout (retried 1 times).');
  });

  test('a stalled attempt is not a failure: no retry', () => {
    const r = sim([web(), m({ kind: 'ConfigMap', name: 'next', wave: 1 })], { health: { 'Deployment/web': 'Progressing' }, sim: { retry: { limit: 3 } } });
    expect(r.operationPhase).toBe('Running');
    expect(r.attempts).toHaveLength(1);
  });
});

describe('a negative limit retries forever', () => {
  test('the simulation stops after a few attempts and says so; the operation stays Running', () => {
    const r = sim([web()], { applyErrors: denied, sim: { retry: { limit: -1 } } });
    expect(r.operationPhase).toBe('Running');
    expect(r.attempts!.length).toBe(10);
    expect(r.message).toMatch(/Retrying attempt #10 at \+\d+s\.$/);
    expect(r.notes.some(n => n.includes('retries forever'))).toBe(true);
  });
});

describe('property: an unfixable failure', () => {
  test('fails after limit + 1 attempts with the sum of the backoffs slept', () => {
    const ints = [fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 4 })] as const;
    fc.assert(fc.property(...ints, (limit, duration, factor) => {
      const retry = { limit, backoff: { durationSeconds: duration, factor, maxDurationSeconds: 200 } };
      const r = sim([web()], { applyErrors: denied, sim: { retry } });
      expect(r.operationPhase).toBe('Failed');
      const expected = Array.from({ length: limit }, (_, i) => Math.min(200, duration * factor ** i)).reduce((a, b) => a + b, 0);
      if (limit === 0) {
        expect(r.attempts).toBeUndefined();
      } else {
        expect(r.attempts).toHaveLength(limit + 1);
        expect(r.retryBackoffSeconds).toBe(expected);
        expect(r.message).toBe(`${FAILED} (retried ${limit} times).`);
      }
    }));
  });
});

describe('reading spec.syncPolicy.retry', () => {
  const app = (syncPolicy: Record<string, unknown>): Manifest => manifest({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'a' }, spec: { syncPolicy } });

  test('parseStringToDuration: whole seconds, or a Go duration', () => {
    expect(['30', '2m', '1h30m', '500ms', '1.5s'].map(parseRetryDuration)).toEqual([30, 120, 5400, 0.5, 1.5]);
    expect(['abc', '5 s', '', 's'].map(parseRetryDuration)).toEqual([undefined, undefined, undefined, undefined]);
    // Go's time.ParseDuration reads microseconds as us, the micro sign and the Greek mu.
    expect(['1500us', '1500\u00b5s', '1500\u03bcs', '1m1500\u00b5s'].map(parseRetryDuration)).toEqual([0.0015, 0.0015, 0.0015, 60.0015]);
  });

  test('the auto-sync default is 5 retries (autoSync: RetryStrategy{Limit: 5}); a manual sync has none', () => {
    expect(retryStrategyOf(app({ automated: {} }).object, true)).toEqual({ limit: 5 });
    expect(retryStrategyOf(app({}).object, false)).toBeUndefined();
  });

  test('limit and backoff as written', () => {
    expect(retryStrategyOf(app({ retry: { limit: 3, backoff: { duration: '10s', factor: 3, maxDuration: '5m' } } }).object, true))
      .toEqual({ limit: 3, backoff: { durationSeconds: 10, factor: 3, maxDurationSeconds: 300 } });
  });

  test('a duration Argo CD cannot read is refused with the field', () => {
    expect(() => retryStrategyOf(app({ retry: { limit: 1, backoff: { duration: 'soon' } } }).object, true)).toThrow(/backoff\.duration "soon"/);
  });
});

describe('explain', () => {
  test('a sync Running only because it retries forever says so, with the failure', () => {
    const r = sim([web()], { applyErrors: denied, sim: { retry: { limit: -1 } } });
    expect(explain(r)).toMatch(/^Every attempt fails the same way and the retry limit is negative: Argo CD retries forever; Sync wave 0 \(step 1\) failed on Deployment\/web/);
  });
});
