/**
 * An AppProject's sync windows, as Argo CD reads them (argo-cd `pkg/apis/application/v1alpha1/types.go`):
 * which windows an Application falls under (`SyncWindows.Matches`), which are active at a time
 * (`SyncWindow.active`), whether a manual or an automated sync may run (`SyncWindows.CanSync`), and
 * when that answer next changes, searched over the windows' schedules within a bound.
 *
 * Facts the model rests on:
 * - A window is active at `t` when a start of its schedule lies in (t + offset − duration, t + offset):
 *   the schedule is evaluated in UTC and the time is shifted by the zone's offset, the offset the zone
 *   has when Argo CD asks (`scheduleOffsetByTimeZone` reads `time.Now()`), so at a DST change every
 *   window of the zone moves. Both ends are open: a window starting at 10:00 is not active at 10:00:00.
 * - A schedule that never fires (robfig's `Next` finds nothing within five years and returns the
 *   zero time) makes the window always active (`nextWindow.Before(...)` is true).
 * - A window that does not parse makes `CanSync` return an error: the controller then blocks every
 *   sync ("Sync operation blocked by sync window: invalid sync windows: …") and skips auto-sync.
 * - Only `kind: allow` and `kind: deny` count; another kind matches and is active but blocks nothing.
 * - The controller asks `CanSync(isManual, operationStartTime)` before running an operation
 *   (`controller/sync.go` `syncWindowPreventsSync`: manual unless `initiatedBy.automated`) and
 *   `CanSync(false, nil)` before auto-sync (`controller/appcontroller.go`, which only logs "Sync
 *   prevented by sync window": no condition, no event).
 * Windows of global projects (argocd-cm `globalProjects`) are added to the project's by Argo CD
 * (`util/argo/argo.go` `mergeVirtualProject`); here only the windows of the AppProject given count.
 */
import { parseCronSchedule, occurrences, readGoTimeZone, zoneOffset } from './cron-schedule';
import type { CronSchedule, GoTimeZone, Occurrences } from './cron-schedule';
import { globMatch } from './directory-source';
import { behavesSince } from './versions';

/** One entry of `spec.syncWindows`. */
export interface SyncWindow {
  /** Its index in `spec.syncWindows`. */
  readonly index: number;
  readonly kind: string;
  readonly schedule: string;
  readonly duration: string;
  readonly applications: readonly string[];
  readonly namespaces: readonly string[];
  readonly clusters: readonly string[];
  readonly manualSync: boolean;
  /** As written; '' reads as UTC. */
  readonly timeZone: string;
  /** `andOperator` (Argo CD 3.0+). */
  readonly andOperator: boolean;
  /** `syncOverrun` (Argo CD 3.5+). */
  readonly syncOverrun: boolean;
  readonly description?: string;
}

/** `spec.syncWindows` that Argo CD could not decode: what, and the field path. */
export class SyncWindowsError extends Error {
  constructor(message: string, readonly field: ReadonlyArray<string | number>) {
    super(message);
    this.name = 'SyncWindowsError';
  }
}

function rec(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : undefined;
}

/** Reads `spec.syncWindows` of an AppProject; a field of the wrong type is refused, naming it. */
export function readSyncWindows(project: unknown): SyncWindow[] {
  const list = rec(rec(project)?.spec)?.syncWindows;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new SyncWindowsError('spec.syncWindows is not a list', ['spec', 'syncWindows']);
  return list.map((item, index) => {
    const at = (key: string) => ['spec', 'syncWindows', index, key];
    const w = rec(item);
    if (!w) throw new SyncWindowsError(`spec.syncWindows[${index}] is not a map`, ['spec', 'syncWindows', index]);
    const str = (key: string): string => {
      const v = w[key];
      if (v === undefined || v === null) return '';
      if (typeof v !== 'string') throw new SyncWindowsError(`spec.syncWindows[${index}].${key} is ${JSON.stringify(v)}, not a string`, at(key));
      return v;
    };
    const strs = (key: string): string[] => {
      const v = w[key];
      if (v === undefined || v === null) return [];
      if (!Array.isArray(v) || v.some(x => typeof x !== 'string')) {
        throw new SyncWindowsError(`spec.syncWindows[${index}].${key} is ${JSON.stringify(v)}, not a list of strings`, at(key));
      }
      return v as string[];
    };
    const bool = (key: string): boolean => {
      const v = w[key];
      if (v === undefined || v === null) return false;
      if (typeof v !== 'boolean') throw new SyncWindowsError(`spec.syncWindows[${index}].${key} is ${JSON.stringify(v)}, not true or false`, at(key));
      return v;
    };
    const description = str('description');
    return {
      index,
      kind: str('kind'),
      schedule: str('schedule'),
      duration: str('duration'),
      applications: strs('applications'),
      namespaces: strs('namespaces'),
      clusters: strs('clusters'),
      manualSync: bool('manualSync'),
      timeZone: str('timeZone'),
      andOperator: bool('andOperator'),
      syncOverrun: bool('syncOverrun'),
      ...(description !== '' ? { description } : {}),
    };
  });
}

/** What `Matches` reads of an Application: its name and `spec.destination`. */
export interface WindowTarget {
  readonly name: string;
  readonly destinationNamespace: string;
  readonly destinationServer: string;
  readonly destinationName: string;
}

/** A window that applies to the Application, with the pattern of each list that matched it. */
export interface MatchedWindow {
  readonly window: SyncWindow;
  readonly matchedBy: {
    readonly applications?: string;
    readonly namespaces?: string;
    readonly clusters?: string;
  };
}

/** `globMatch(pattern, value, false)`: `*` matches anything, else gobwas/glob without separators. */
function glob(pattern: string, value: string): boolean {
  return pattern === '*' || globMatch(pattern, value);
}

/**
 * `SyncWindows.Matches`: a window applies when any of its set lists matches (the application name,
 * the destination cluster's name or server, the destination namespace), or, with `andOperator`
 * (3.0+), when every set list matches. A window with no list applies to nothing.
 */
export function matchWindows(windows: readonly SyncWindow[], app: WindowTarget, version?: string): MatchedWindow[] {
  const and = behavesSince('syncWindowAndOperator', version);
  const out: MatchedWindow[] = [];
  for (const w of windows) {
    const application = w.applications.find(p => glob(p, app.name));
    const cluster = w.clusters.find(p => (app.destinationName !== '' && glob(p, app.destinationName)) || (app.destinationServer !== '' && glob(p, app.destinationServer)));
    const namespace = w.namespaces.find(p => glob(p, app.destinationNamespace));
    const lists: Array<[readonly string[], string | undefined]> = [[w.applications, application], [w.clusters, cluster], [w.namespaces, namespace]];
    const set = lists.filter(([l]) => l.length > 0);
    const applies = w.andOperator && and
      ? set.length > 0 && set.every(([, m]) => m !== undefined)
      : set.some(([, m]) => m !== undefined);
    if (!applies) continue;
    out.push({
      window: w,
      matchedBy: {
        ...(application !== undefined ? { applications: application } : {}),
        ...(namespace !== undefined ? { namespaces: namespace } : {}),
        ...(cluster !== undefined ? { clusters: cluster } : {}),
      },
    });
  }
  return out;
}

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, μs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go's `time.ParseDuration`, in milliseconds, or its error message. */
export function parseGoDuration(s: string): number | string {
  const invalid = `time: invalid duration ${JSON.stringify(s)}`;
  let rest = s;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest[0] === '-' ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') return invalid;
  let total = 0;
  while (rest !== '') {
    const num = /^(\d*)(?:\.(\d*))?/.exec(rest)!;
    if (num[0] === '' || num[0] === '.' || (num[1] === '' && (num[2] ?? '') === '')) return invalid;
    rest = rest.slice(num[0].length);
    const unit = /^[^.\d]*/.exec(rest)![0];
    if (unit === '') return `time: missing unit in duration ${JSON.stringify(s)}`;
    const scale = UNITS[unit];
    if (scale === undefined) return `time: unknown unit ${JSON.stringify(unit)} in duration ${JSON.stringify(s)}`;
    rest = rest.slice(unit.length);
    total += Number(`${num[1] || '0'}.${num[2] || '0'}`) * scale;
  }
  return sign * total;
}

/** A window read for evaluation: its schedule, duration and zone, or why Argo CD cannot read it. */
interface Compiled {
  readonly window: SyncWindow;
  /** "cannot parse schedule '…': …" or "cannot parse duration '…': …", as `SyncWindows.active` says. */
  readonly error?: string;
  readonly schedule?: CronSchedule;
  readonly durationMs: number;
  readonly zone: GoTimeZone;
}

const occurrenceCache = new WeakMap<CronSchedule, Occurrences>();

function occurrencesOf(s: CronSchedule): Occurrences {
  let o = occurrenceCache.get(s);
  if (!o) occurrenceCache.set(s, o = occurrences(s));
  return o;
}

const compiledCache = new WeakMap<SyncWindow, Compiled>();

function compile(w: SyncWindow): Compiled {
  let c = compiledCache.get(w);
  if (!c) compiledCache.set(w, c = compileWindow(w));
  return c;
}

function compileWindow(w: SyncWindow): Compiled {
  const zone = readGoTimeZone(w.timeZone);
  const schedule = parseCronSchedule(w.schedule);
  if (typeof schedule === 'string') return { window: w, error: `cannot parse schedule '${w.schedule}': ${schedule}`, durationMs: 0, zone };
  const duration = parseGoDuration(w.duration);
  if (typeof duration === 'string') return { window: w, error: `cannot parse duration '${w.duration}': ${duration}`, durationMs: 0, zone };
  return { window: w, schedule, durationMs: duration, zone };
}

/** `SyncWindow.active`, the zone's offset read at `offsetAt` (Argo CD's clock). Undefined when the window does not parse. */
function activeAt(c: Compiled, t: number, offsetAt = t): boolean | undefined {
  if (!c.schedule) return undefined;
  if (!c.schedule.fires) return true;
  const u = t + zoneOffset(c.zone.zone, offsetAt);
  // robfig's Next(u − duration) starts from the next whole second: a start counts when after floor(u − d).
  const lower = Math.floor((u - c.durationMs) / 1000) * 1000;
  const start = occurrencesOf(c.schedule).before(u);
  return start !== undefined && start > lower;
}

/** Whether the window is active at `t` (milliseconds); undefined when Argo CD cannot parse it. */
export function windowActive(w: SyncWindow, t: number): boolean | undefined {
  return activeAt(compile(w), t);
}

/** What the controller asks: a manual or an automated sync, and (for `syncOverrun`) when the operation started. */
export interface SyncQuery {
  readonly manual: boolean;
  /** Epoch milliseconds of `operationState.startedAt`. @default none */
  readonly operationStart?: number;
  /** The Argo CD version modelled. @default the latest */
  readonly version?: string;
}

/** Why the sync may or may not run. */
export type VerdictReason =
  | 'no-window' | 'invalid' | 'active-deny' | 'active-deny-manual' | 'active-deny-overrun'
  | 'active-allow' | 'outside-allow' | 'outside-allow-manual' | 'outside-allow-overrun' | 'no-allow-or-deny';

export interface SyncVerdict {
  readonly canSync: boolean;
  readonly reason: VerdictReason;
  /** Windows active at the time. */
  readonly active: readonly MatchedWindow[];
  /** The windows that keep the sync from running (empty when it can run). */
  readonly blocking: readonly MatchedWindow[];
  /** `invalid sync windows: …` when a window does not parse. */
  readonly error?: string;
}

/** The rule of `CanSync` over the windows active at a time (`isActive`), the overrun check given. */
function decide(matched: readonly MatchedWindow[], isActive: (m: MatchedWindow) => boolean, q: SyncQuery,
  wasAllowed: () => boolean): SyncVerdict {
  const overrun = behavesSince('syncWindowOverrun', q.version) && q.operationStart !== undefined;
  const active = matched.filter(isActive);
  const activeDeny = active.filter(m => m.window.kind === 'deny');
  if (activeDeny.length > 0) {
    if (q.manual && activeDeny.every(m => m.window.manualSync)) return { canSync: true, reason: 'active-deny-manual', active, blocking: [] };
    if (overrun && activeDeny.every(m => m.window.syncOverrun) && wasAllowed()) return { canSync: true, reason: 'active-deny-overrun', active, blocking: [] };
    return { canSync: false, reason: 'active-deny', active, blocking: activeDeny.filter(m => !q.manual || !m.window.manualSync) };
  }
  if (active.some(m => m.window.kind === 'allow')) return { canSync: true, reason: 'active-allow', active, blocking: [] };
  const inactiveAllows = matched.filter(m => m.window.kind === 'allow');
  if (inactiveAllows.length > 0) {
    if (q.manual && inactiveAllows.every(m => m.window.manualSync)) return { canSync: true, reason: 'outside-allow-manual', active, blocking: [] };
    if (overrun && inactiveAllows.every(m => m.window.syncOverrun) && wasAllowed()) return { canSync: true, reason: 'outside-allow-overrun', active, blocking: [] };
    return { canSync: false, reason: 'outside-allow', active, blocking: inactiveAllows.filter(m => !q.manual || !m.window.manualSync) };
  }
  return { canSync: true, reason: matched.length === 0 ? 'no-window' : 'no-allow-or-deny', active, blocking: [] };
}

function invalidVerdict(compiled: readonly Compiled[]): SyncVerdict | undefined {
  const bad = compiled.find(c => c.error !== undefined);
  if (!bad) return undefined;
  return { canSync: false, reason: 'invalid', active: [], blocking: [{ window: bad.window, matchedBy: {} }], error: `invalid sync windows: ${bad.error}` };
}

/** `CanSync(isManual, operationStartTime)` of the windows that match, at `t` (epoch milliseconds). */
export function canSyncAt(matched: readonly MatchedWindow[], t: number, q: SyncQuery): SyncVerdict {
  const compiled = matched.map(m => compile(m.window));
  const invalid = invalidVerdict(compiled);
  if (invalid) return { ...invalid, blocking: matched.filter(m => m.window === invalid.blocking[0].window) };
  const byWindow = new Map(compiled.map(c => [c.window, c]));
  // canSyncAtTime(start): the same rule without overrun, at the start, with the offsets of now.
  const isActiveAt = (time: number) => (m: MatchedWindow) => activeAt(byWindow.get(m.window)!, time, t) === true;
  const wasAllowed = () => decide(matched, isActiveAt(q.operationStart!), { manual: q.manual }, () => false).canSync;
  return decide(matched, isActiveAt(t), q, wasAllowed);
}

/** Open intervals [from, to) in epoch milliseconds, sorted and disjoint. */
type Intervals = Array<[number, number]>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far ahead the next change is searched: a week, then five, then a year and a day. */
export const SEARCH_HORIZONS: readonly number[] = [7 * DAY, 35 * DAY, 366 * DAY];
/** Schedule look-ups allowed per window and horizon (a window of every minute extends a minute a step). */
const STEP_LIMIT = 20_000;

/** Spans of constant offset of a zone over [from, to]: [start, end, offset]. */
function offsetSpans(zone: string, from: number, to: number): Array<[number, number, number]> {
  if (zone === 'UTC') return [[from, to, 0]];
  const spans: Array<[number, number, number]> = [];
  let start = from;
  let offset = zoneOffset(zone, from);
  for (let t = from; t < to;) {
    const next = Math.min(t + 3 * HOUR, to);
    if (zoneOffset(zone, next) !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (zoneOffset(zone, mid) === offset) lo = mid; else hi = mid;
      }
      spans.push([start, hi, offset]);
      start = hi;
      offset = zoneOffset(zone, hi);
    }
    t = next;
  }
  spans.push([start, to, offset]);
  return spans;
}

/**
 * Where a window is active within [from, to], as merged open intervals, and how far the search got
 * (short of `to` when the step limit was reached).
 */
function activeIntervals(c: Compiled, from: number, to: number): { intervals: Intervals; reached: number } {
  const s = c.schedule!;
  if (!s.fires) return { intervals: [[from, to]], reached: to };
  if (c.durationMs <= 0) return { intervals: [], reached: to };
  const occ = occurrencesOf(s);
  const d = c.durationMs;
  const out: Intervals = [];
  let steps = 0;
  for (const [a, b, o] of offsetSpans(c.zone.zone, from, to)) {
    // In the span, active when t + o is inside (start, start + d): starts in (a + o − d, b + o).
    let start = occ.after(a + o - d);
    while (start !== undefined && start < b + o) {
      let last = start;
      let end = start + d;
      // Later starts before the end (or at it) extend the interval: jump to the latest one each time.
      for (;;) {
        if (++steps > STEP_LIMIT) return { intervals: merge(out), reached: Math.max(from, Math.min(b, last - o)) };
        if (end >= b + o) break;
        const q = occ.before(end + 1);
        if (q === undefined || q <= last) break;
        last = q;
        end = q + d;
      }
      const lo = Math.max(a, start - o);
      const hi = Math.min(b, end - o);
      if (hi > lo) out.push([lo, hi]);
      if (end >= b + o) break;
      start = occ.after(end);
    }
  }
  return { intervals: merge(out), reached: to };
}

function merge(list: Intervals): Intervals {
  const sorted = [...list].sort((x, y) => x[0] - y[0]);
  const out: Intervals = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1]) last[1] = Math.max(last[1], hi); else out.push([lo, hi]);
  }
  return out;
}

function inside(list: Intervals, t: number): boolean {
  return list.some(([lo, hi]) => lo < t && t < hi);
}

export interface NextChange {
  /** When the answer changes (epoch milliseconds): the sync can run from then on, or is blocked. Undefined: not before `searchedUntil`. */
  readonly at?: number;
  /** The answer from `at` on. */
  readonly canSync?: boolean;
  /** The end of the search (epoch milliseconds). */
  readonly searchedUntil: number;
}

/**
 * When `CanSync` next gives another answer than at `now`: the first time after which it differs
 * (a window closes or opens, or a zone's offset moves), searched a week ahead, then five weeks,
 * then a year and a day. Answers that last no time (one window ends as the next starts) are no
 * change. An invalid window never changes.
 */
export function nextSyncChange(matched: readonly MatchedWindow[], now: number, q: SyncQuery,
  horizons: readonly number[] = SEARCH_HORIZONS): NextChange {
  const compiled = matched.map(m => compile(m.window));
  const current = canSyncAt(matched, now, q);
  if (current.reason === 'invalid' || matched.length === 0) return { searchedUntil: now + horizons[horizons.length - 1] };
  const byWindow = new Map(compiled.map(c => [c.window, c]));
  let wasAllowedValue: boolean | undefined;
  const wasAllowed = () => wasAllowedValue ??= decide(matched, m => activeAt(byWindow.get(m.window)!, q.operationStart!, now) === true,
    { manual: q.manual }, () => false).canSync;
  let searchedUntil = now;
  for (const horizon of horizons) {
    const to = now + horizon;
    const spans = compiled.map(c => activeIntervals(c, now - 1000, to));
    const reached = Math.min(to, ...spans.map(s => s.reached));
    const edges = [...new Set([now, ...spans.flatMap(s => s.intervals.flat())].filter(e => e >= now && e < reached))].sort((x, y) => x - y);
    edges.push(reached);
    for (let i = 0; i + 1 < edges.length; i++) {
      const mid = edges[i] + (edges[i + 1] - edges[i]) / 2;
      const v = decide(matched, m => inside(spans[matched.indexOf(m)].intervals, mid), q, wasAllowed);
      if (v.canSync !== current.canSync) return { at: edges[i], canSync: v.canSync, searchedUntil: reached };
    }
    searchedUntil = reached;
    if (reached < to) break;
  }
  return { searchedUntil };
}
