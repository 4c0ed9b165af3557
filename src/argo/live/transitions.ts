/**
 * What changed between two readings of an Application, for `syncplan watch`: a wave started, a
 * task it waited on became Healthy (or finished, for a hook), a task has stalled for another whole
 * minute, a task or hook failed, the operation finished. Pure: the caller reads the Application and
 * the clock.
 */
import { refKey } from './application';
import type { Blocker, Explanation } from './explanation';
import { holdText } from './sync-window-block';

export type WatchEventType = 'operation-started' | 'wave-started' | 'resource-healthy' | 'stalled' | 'hook-failed' | 'resource-failed' | 'retry-scheduled' | 'operation-finished'
  | 'sync-window-held' | 'deletion-stage' | 'deletion-error' | 'deleted' | 'timeout';

export interface WatchEvent {
  readonly event: WatchEventType;
  /** Epoch milliseconds of the reading. */
  readonly time: number;
  readonly app: string;
  readonly operationPhase?: string;
  readonly phase?: string;
  readonly wave?: number;
  /** `Kind/name` of the task the event is about. */
  readonly resource?: string;
  readonly namespace?: string;
  readonly health?: string;
  /** How long the task (or, for operation events, the operation) has waited. */
  readonly secondsWaiting?: number;
  readonly minutes?: number;
  readonly message?: string;
  readonly reason?: string;
  /** The newest Warning Event about the resource or its Pods, when the live objects include Events. */
  readonly warning?: string;
  /** The stage of an Application's deletion (`deletion-state.ts`). */
  readonly stage?: string;
  /** What a sync window holds (`sync-window-held`): the operation, or auto-sync. */
  readonly hold?: 'operation' | 'auto-sync';
  /** Until when the sync windows hold it (RFC 3339); absent when they do past the end of the search. */
  readonly until?: string;
}

export interface WatchState {
  readonly last?: Explanation;
  /** When each awaited task was first seen waiting (epoch ms). */
  readonly firstSeen: ReadonlyMap<string, number>;
  /** The last whole minute a stall was reported at, per task. */
  readonly stallReported: ReadonlyMap<string, number>;
  readonly failedReported: ReadonlySet<string>;
}

export const INITIAL_WATCH_STATE: WatchState = { firstSeen: new Map(), stallReported: new Map(), failedReported: new Set() };

const FINISHED = new Set(['Succeeded', 'Failed', 'Error']);

/** The operation is over; an Application being deleted is not done until it is gone (its last sync is history). */
export function isFinished(e: Explanation): boolean {
  return e.deletion === undefined && e.operationPhase !== undefined && FINISHED.has(e.operationPhase);
}

/**
 * Which attempt of the operation the reading shows (1 = the first). A retry keeps the operation's
 * startedAt (`controller/appcontroller.go` `processRequestedAppOperation`): a failed attempt
 * raises retryCount as it schedules the retry ("Retrying attempt #N at"), so the results shown then
 * are attempt retryCount's; any other reading shows attempt retryCount + 1.
 */
export function attemptOf(e: Explanation): number {
  return e.parsed.retry ? e.retryCount : e.retryCount + 1;
}

/** A deletion's events: its stage when it is first seen or moves on, and each new DeletionError. */
function deletionEvents(prev: Explanation | undefined, cur: Explanation, now: number): WatchEvent[] {
  const d = cur.deletion!;
  const before = prev?.deletion;
  const base = { time: now, app: cur.app.name };
  const events: WatchEvent[] = [];
  if (before?.stage !== d.stage) events.push({ ...base, event: 'deletion-stage', stage: d.stage, message: d.doing, ...(d.seconds !== undefined ? { secondsWaiting: d.seconds } : {}) });
  if (d.error !== undefined && d.error !== before?.error) events.push({ ...base, event: 'deletion-error', stage: d.stage, message: d.error, ...(d.cause ? { reason: d.cause } : {}) });
  return events;
}

/** Seconds a task has waited: from its health's lastTransitionTime when known, else from when it was first seen. */
export function blockedSeconds(b: Blocker, firstSeen: number, now: number): number {
  const since = b.since ? Date.parse(b.since) : NaN;
  return Math.max(0, Math.floor((now - (Number.isNaN(since) ? firstSeen : Math.min(since, firstSeen))) / 1000));
}

function secondsBetween(from: string, to: string): number {
  return Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 1000));
}

/** The events between the last reading and `cur`, and the state to pass next time. */
export function transitions(state: WatchState, cur: Explanation, now: number): { events: WatchEvent[]; state: WatchState } {
  const prev = state.last;
  if (cur.deletion) return { events: deletionEvents(prev, cur, now), state: { ...state, last: cur } };
  const events: WatchEvent[] = [];
  const base = { time: now, app: cur.app.name, ...(cur.operationPhase ? { operationPhase: cur.operationPhase } : {}) };
  const newOperation = cur.operationPhase !== undefined && (prev?.operationPhase === undefined || (prev.startedAt !== cur.startedAt));
  // A retry is the same operation started again: its tasks are waited on, fail and succeed anew.
  const newAttempt = !newOperation && prev !== undefined && attemptOf(prev) !== attemptOf(cur);
  const fresh = newOperation || newAttempt;
  if (fresh && !isFinished(cur) && !cur.parsed.retry) events.push({ ...base, event: 'operation-started', ...(cur.message ? { message: cur.message } : {}) });

  const curKeys = new Set(cur.blockers.map(b => refKey(b)));
  // Applied but never awaited (the last step): not a resource that became Healthy.
  const doneKeys = new Set(cur.done.filter(d => d.awaited).map(d => refKey(d)));
  for (const b of fresh ? [] : prev?.blockers ?? []) {
    const key = refKey(b);
    if (!curKeys.has(key) && doneKeys.has(key)) {
      const seen = state.firstSeen.get(key) ?? now;
      events.push({
        ...base,
        event: 'resource-healthy',
        resource: `${b.kind}/${b.name}`,
        namespace: b.namespace,
        health: b.hook ? 'Succeeded' : 'Healthy',
        secondsWaiting: blockedSeconds(b, seen, now),
        ...(b.phase ? { phase: b.phase } : {}),
        ...(b.wave !== undefined ? { wave: b.wave } : {}),
      });
    }
  }

  const failedReported = new Set(fresh ? [] : state.failedReported);
  for (const f of cur.failed) {
    const key = `${refKey(f)}/${f.phase ?? ''}`;
    if (failedReported.has(key)) continue;
    failedReported.add(key);
    events.push({
      ...base,
      event: f.hook ? 'hook-failed' : 'resource-failed',
      resource: `${f.kind}/${f.name}`,
      namespace: f.namespace,
      ...(f.health ? { health: f.health } : {}),
      ...(f.message ? { message: f.message } : {}),
      ...(f.reason ? { reason: f.reason } : {}),
      ...(f.warning ? { warning: f.warning } : {}),
      ...(f.phase ? { phase: f.phase } : {}),
      ...(f.wave !== undefined ? { wave: f.wave } : {}),
    });
  }

  const inFlight = cur.inFlight;
  const prevFlight = fresh ? undefined : prev?.inFlight;
  if (inFlight && (prevFlight?.phase !== inFlight.phase || prevFlight?.wave !== inFlight.wave)) {
    events.push({ ...base, event: 'wave-started', ...(inFlight.phase ? { phase: inFlight.phase } : {}), ...(inFlight.wave !== undefined ? { wave: inFlight.wave } : {}) });
  }

  const firstSeen = new Map<string, number>();
  const stallReported = new Map<string, number>();
  for (const b of isFinished(cur) ? [] : cur.blockers) {
    const key = refKey(b);
    const seen = (fresh ? undefined : state.firstSeen.get(key)) ?? now;
    firstSeen.set(key, seen);
    const waited = blockedSeconds(b, seen, now);
    const minutes = Math.floor(waited / 60);
    const reported = (fresh ? undefined : state.stallReported.get(key)) ?? 0;
    stallReported.set(key, Math.max(reported, minutes));
    if (minutes >= 1 && minutes > reported) {
      events.push({
        ...base,
        event: 'stalled',
        resource: `${b.kind}/${b.name}`,
        namespace: b.namespace,
        minutes,
        secondsWaiting: waited,
        ...(b.health ? { health: b.health } : {}),
        ...(b.message ? { message: b.message } : {}),
        ...(b.reason ? { reason: b.reason } : {}),
        ...(b.warning ? { warning: b.warning } : {}),
        ...(b.phase ? { phase: b.phase } : {}),
        ...(b.wave !== undefined ? { wave: b.wave } : {}),
      });
    }
  }

  // Which windows hold the sync and until when, when that is new or changed (the AppProject given, --project).
  const w = cur.windowHold ? cur.syncWindows : undefined;
  const holdKey = (e?: Explanation) => {
    const sw = e?.windowHold ? e.syncWindows : undefined;
    return sw && JSON.stringify([e!.windowHold, sw.reason, sw.windows.filter(x => x.blocks).map(x => x.index), sw.nextChange ?? null]);
  };
  if (w && (fresh || holdKey(prev) !== holdKey(cur))) {
    events.push({ ...base, event: 'sync-window-held', hold: cur.windowHold, message: holdText(w), ...(w.nextChange !== undefined ? { until: w.nextChange } : {}) });
  }

  const retry = cur.parsed.retry;
  if (retry && (fresh || !prev?.parsed.retry)) {
    events.push({ ...base, event: 'retry-scheduled', message: `attempt #${retry.attempt} at ${retry.at} (controller time)` });
  }

  if (isFinished(cur) && (!prev || !isFinished(prev) || newOperation)) {
    events.push({
      ...base,
      event: 'operation-finished',
      ...(cur.message ? { message: cur.message } : {}),
      ...(cur.startedAt && cur.finishedAt ? { secondsWaiting: secondsBetween(cur.startedAt, cur.finishedAt) } : {}),
    });
  }
  return { events, state: { last: cur, firstSeen, stallReported, failedReported } };
}
