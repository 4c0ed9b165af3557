/**
 * Retries of a failed sync (`spec.syncPolicy.retry`, or `argocd app sync --retry-limit`): argo-cd
 * `controller/appcontroller.go` `processRequestedAppOperation`. A Failed operation with retries left stays Running
 * with "<message>. Retrying attempt #N at <time>." and, after the backoff, starts over with no results: the dry run
 * and the hooks run again, against the cluster the failed attempt left. When none are left the message gains
 * " (retried N times).". A terminated operation (the controller's sync timeout) is never retried. The backoff is
 * `RetryStrategy.NextRetryAt` (`pkg/apis/application/v1alpha1/types.go`): duration × factor^(retries so far), at
 * most maxDuration; defaults 5 s, 2, 3 m (`application_defaults.go`). Since 3.2 the new attempt first says
 * "Retrying operation. Attempt #N"; the rest holds for every modelled version (2.14 on).
 */
import { behavesSince } from '../versions';
import type { Attempt, OperationPhase, Reconcile, RetryBackoff, RetryStrategy, SimulationResult } from './types';

export type { RetryBackoff, RetryStrategy } from './types';

/** An automated sync of an Application without `spec.syncPolicy.retry` (`autoSync`: `RetryStrategy{Limit: 5}`). */
export const AUTO_SYNC_RETRY: RetryStrategy = { limit: 5 };

/** Attempts simulated when the limit is negative: with fixed outcomes, later ones repeat the last. */
export const FOREVER_ATTEMPTS = 10;

/** Seconds waited after the attempt that made `retriesSoFar` retries (0 for the first failure). */
export function backoffSeconds(strategy: RetryStrategy, retriesSoFar: number): number {
  const duration = strategy.backoff?.durationSeconds ?? 5;
  const factor = strategy.backoff?.factor ?? 2;
  const max = strategy.backoff?.maxDurationSeconds ?? 180;
  const wait = duration * factor ** retriesSoFar;
  return max > 0 ? Math.min(max, wait) : wait;
}

/** Whether a Failed attempt that was not terminated is retried (`RetryCount < Limit || Limit < 0`). */
export function retriesLeft(strategy: RetryStrategy | undefined, retriesSoFar: number): boolean {
  if (!strategy) return false;
  return strategy.limit < 0 || retriesSoFar < strategy.limit;
}

/** The operation message while waiting for retry N (`time.Kitchen` there; the offset from the start here). */
export function retryingMessage(message: string, retryNumber: number, atSeconds: number): string {
  return `${message}. Retrying attempt #${retryNumber} at +${atSeconds}s.`;
}

/** The message a retry starts with (3.2+), or undefined before 3.2 (the waiting message stays). */
export function retryStartMessage(retryNumber: number, argocdVersion?: string): string | undefined {
  return behavesSince('retryStartMessage', argocdVersion) ? `Retrying operation. Attempt #${retryNumber}` : undefined;
}

/** The final message after retries (also after a termination). */
export function retriedMessage(message: string, retries: number): string {
  return retries > 0 ? `${message} (retried ${retries} times).` : message;
}

/**
 * `parseStringToDuration`: a whole number is seconds, else a Go duration ("90s", "2m", "1h30m", "500ms").
 * Undefined when Argo CD cannot read it (it then ends the operation in Error: "failed to retry: unable to parse").
 */
export function parseRetryDuration(raw: string): number | undefined {
  if (/^[+-]?\d+$/.test(raw)) return Number(raw);
  // Microseconds as Go writes them: us, the micro sign (U+00B5) or the Greek mu (U+03BC), escaped:
  // the bundled CLI must be ASCII (its launcher reads it as such, `cli/code-cache.ts`), and esbuild
  // escapes identifiers but not a regular expression.
  const m = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|\u00b5s|\u03bcs|ms|s|m|h))+$/.exec(raw);
  if (!m || raw === '' || raw === '+' || raw === '-') return undefined;
  const unit: Record<string, number> = { ns: 1e-9, us: 1e-6, \u00b5s: 1e-6, \u03bcs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
  let seconds = 0;
  for (const part of raw.slice(m[1].length).matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h)/g)) seconds += Number(part[1]) * unit[part[2]];
  return m[1] === '-' ? -seconds : seconds;
}

/**
 * The retry strategy of an Application manifest's `spec.syncPolicy.retry` (int64 `limit`, string durations, int64
 * `factor`), for an automated sync: `AUTO_SYNC_RETRY` without one. Throws with the field at fault.
 */
export function retryStrategyOf(app: Record<string, unknown>, automated: boolean): RetryStrategy | undefined {
  const retry = (app.spec as { syncPolicy?: { retry?: unknown } } | undefined)?.syncPolicy?.retry;
  if (retry === undefined || retry === null) return automated ? AUTO_SYNC_RETRY : undefined;
  if (typeof retry !== 'object' || Array.isArray(retry)) throw new Error('spec.syncPolicy.retry is not a map');
  const r = retry as { limit?: unknown; backoff?: { duration?: unknown; factor?: unknown; maxDuration?: unknown } | null };
  if (r.limit !== undefined && !Number.isInteger(r.limit)) throw new Error(`spec.syncPolicy.retry.limit ${JSON.stringify(r.limit)} is not an integer`);
  const backoff: { -readonly [K in keyof RetryBackoff]: RetryBackoff[K] } = {};
  const b = r.backoff ?? undefined;
  if (b !== undefined) {
    for (const [field, key] of [['duration', 'durationSeconds'], ['maxDuration', 'maxDurationSeconds']] as const) {
      const raw = b[field];
      if (raw === undefined || raw === '') continue;
      const seconds = typeof raw === 'string' ? parseRetryDuration(raw) : undefined;
      if (seconds === undefined) {
        throw new Error(`spec.syncPolicy.retry.backoff.${field} ${JSON.stringify(raw)}: Argo CD cannot read it ("unable to parse ... as a duration"); `
          + 'write whole seconds or a duration such as "30s" or "2m"');
      }
      backoff[key] = seconds;
    }
    if (b.factor !== undefined && b.factor !== null) {
      if (!Number.isInteger(b.factor)) throw new Error(`spec.syncPolicy.retry.backoff.factor ${JSON.stringify(b.factor)} is not an integer`);
      backoff.factor = b.factor as number;
    }
  }
  return { limit: (r.limit as number | undefined) ?? 0, ...(Object.keys(backoff).length > 0 ? { backoff } : {}) };
}

/** What one attempt gives: its result, what the next attempt starts from, whether it was terminated. */
export interface AttemptRun<T> {
  readonly result: SimulationResult;
  readonly carry: T;
  readonly terminated: boolean;
}

export interface RetryContext {
  readonly strategy?: RetryStrategy;
  readonly argocdVersion?: string;
  readonly syncTimeoutSeconds?: number;
}

/**
 * Runs attempts until one does not fail, none is left, or the controller's sync timeout (counted from the start of
 * the operation, retries and backoffs included) ends it first. The result is the last attempt's (Argo CD clears the
 * results for each retry) with the final message, every attempt and the backoff slept.
 */
export function withRetries<T>(ctx: RetryContext, attempt: (carry: T | undefined, pastTimeout: boolean) => AttemptRun<T>): SimulationResult {
  const attempts: Attempt[] = [];
  const reconciles: Reconcile[] = [];
  let carry: T | undefined;
  let clock = 0;
  let backoffTotal = 0;
  let delays = 0;
  for (let retries = 0; ; retries++) {
    if (retries > 0) {
      const start = retryStartMessage(retries, ctx.argocdVersion);
      if (start !== undefined) reconciles.push({ operationPhase: 'Running', message: start, delaySeconds: 0 });
    }
    const pastTimeout = retries > 0 && ctx.syncTimeoutSeconds !== undefined && clock >= ctx.syncTimeoutSeconds;
    const run = attempt(carry, pastTimeout);
    const r = run.result;
    reconciles.push(...r.reconciles);
    delays += r.minimumSeconds;
    clock += r.minimumSeconds;
    const retry = r.operationPhase === 'Failed' && !run.terminated && retriesLeft(ctx.strategy, retries)
      && !(ctx.strategy!.limit < 0 && retries + 1 >= FOREVER_ATTEMPTS);
    if (!retry) {
      attempts.push({ attempt: retries + 1, operationPhase: r.operationPhase, message: r.message, minimumSeconds: r.minimumSeconds });
      const forever = r.operationPhase === 'Failed' && !run.terminated && ctx.strategy !== undefined && ctx.strategy.limit < 0;
      const message = forever ? retryingMessage(r.message, retries + 1, clock + backoffSeconds(ctx.strategy!, retries))
        : r.operationPhase === 'Running' ? r.message : retriedMessage(r.message, retries);
      return finish(r, ctx, attempts, reconciles, delays, backoffTotal, forever ? 'Running' : r.operationPhase, message);
    }
    const wait = backoffSeconds(ctx.strategy!, retries);
    attempts.push({
      attempt: retries + 1, operationPhase: r.operationPhase, message: r.message, minimumSeconds: r.minimumSeconds, backoffSeconds: wait,
    });
    reconciles.push({ operationPhase: 'Running', message: retryingMessage(r.message, retries + 1, clock + wait), delaySeconds: 0 });
    clock += wait;
    backoffTotal += wait;
    // Since 3.2 the timeout is checked before a due retry starts (TestProcessRequestedAppOperation_SyncTimeout);
    // before, the retry starts and only a call that leaves it running ends in the timeout's Terminate.
    if (ctx.syncTimeoutSeconds !== undefined && clock >= ctx.syncTimeoutSeconds && behavesSince('timeoutBeforeRetry', ctx.argocdVersion)) {
      const message = retriedMessage('Operation terminated, triggered by controller sync timeout', retries + 1);
      reconciles.push({ operationPhase: 'Running', message: 'operation is terminating due to timeout', delaySeconds: 0 },
        { operationPhase: 'Failed', message, delaySeconds: 0 });
      return finish(r, ctx, attempts, reconciles, delays, backoffTotal, 'Failed', message);
    }
    carry = run.carry;
  }
}

function finish(last: SimulationResult, ctx: RetryContext, attempts: readonly Attempt[], reconciles: readonly Reconcile[],
  delays: number, backoff: number, phase: OperationPhase, message: string): SimulationResult {
  if (ctx.strategy === undefined || ctx.strategy.limit === 0) return last;
  return {
    ...last,
    operationPhase: phase,
    message,
    minimumSeconds: delays,
    reconciles,
    attempts,
    retryBackoffSeconds: backoff,
    ...(phase === 'Running' && last.operationPhase === 'Failed' ? {
      notes: [...last.notes, `retry.limit ${ctx.strategy.limit}: Argo CD retries forever; ${attempts.length} attempts simulated, each later one ends as the last`],
    } : {}),
  };
}
