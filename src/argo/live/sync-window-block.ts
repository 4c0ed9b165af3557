/**
 * "Which window blocks my sync, and until when?": an Application's sync windows read against its
 * AppProject (`../sync-windows.ts`), for `explain`. The controller asks for an operation in flight
 * with the operation's own kind (manual unless `initiatedBy.automated`) and start, and before
 * auto-sync as an automated sync without a start (`controller/sync.go` `syncWindowPreventsSync`,
 * `controller/appcontroller.go`).
 */
import type { ApplicationView } from './application';
import { canSyncAt, matchWindows, nextSyncChange } from '../sync-windows';
import type { MatchedWindow, SyncWindow, VerdictReason } from '../sync-windows';

/** The AppProject's name and its `spec.syncWindows`. */
export interface ProjectWindows {
  readonly name: string;
  readonly windows: readonly SyncWindow[];
}

export interface WindowView {
  /** Its index in the AppProject's `spec.syncWindows`. */
  readonly index: number;
  readonly kind: string;
  readonly schedule: string;
  readonly duration: string;
  /** As written; empty reads as UTC. */
  readonly timeZone: string;
  readonly manualSync: boolean;
  readonly andOperator: boolean;
  readonly syncOverrun: boolean;
  readonly description?: string;
  /** The pattern of each list that matched the Application. */
  readonly matched: MatchedWindow['matchedBy'];
  /** Active now; undefined when Argo CD cannot parse it. */
  readonly active?: boolean;
  /** One of the windows that keep this sync from running now. */
  readonly blocks: boolean;
}

export interface SyncWindowsExplanation {
  readonly project: string;
  /** The time asked about (RFC 3339): `--now`, or the clock. */
  readonly at: string;
  /** The kind of sync asked about. */
  readonly sync: 'manual' | 'automated';
  readonly canSync: boolean;
  readonly reason: VerdictReason;
  /** `invalid sync windows: …`: a window Argo CD cannot parse blocks every sync until it is fixed. */
  readonly error?: string;
  /** The windows that apply to the Application (`SyncWindows.Matches`). */
  readonly windows: readonly WindowView[];
  /** When the answer changes (RFC 3339); undefined when not within the search. */
  readonly nextChange?: string;
  /** The end of the search for the next change (RFC 3339). */
  readonly searchedUntil: string;
}

/** RFC 3339 in UTC, whole seconds without a fraction. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

/** The windows of `project` for `app` at `now`, for a manual or automated sync (and the operation's start). */
export function explainSyncWindows(app: ApplicationView, project: ProjectWindows, now: number, sync: 'manual' | 'automated',
  operationStart?: number, version?: string): SyncWindowsExplanation {
  const matched = matchWindows(project.windows, app, version);
  const q = { manual: sync === 'manual', ...(operationStart !== undefined ? { operationStart } : {}), ...(version !== undefined ? { version } : {}) };
  const verdict = canSyncAt(matched, now, q);
  const activeSet = new Set(verdict.active.map(m => m.window));
  const blocking = new Set(verdict.blocking.map(m => m.window));
  const change = nextSyncChange(matched, now, q);
  return {
    project: project.name,
    at: rfc3339(now),
    sync,
    canSync: verdict.canSync,
    reason: verdict.reason,
    ...(verdict.error !== undefined ? { error: verdict.error } : {}),
    windows: matched.map(({ window: w, matchedBy }) => ({
      index: w.index,
      kind: w.kind,
      schedule: w.schedule,
      duration: w.duration,
      timeZone: w.timeZone,
      manualSync: w.manualSync,
      andOperator: w.andOperator,
      syncOverrun: w.syncOverrun,
      ...(w.description !== undefined ? { description: w.description } : {}),
      matched: matchedBy,
      ...(verdict.reason !== 'invalid' ? { active: activeSet.has(w) } : {}),
      blocks: blocking.has(w),
    })),
    ...(change.at !== undefined ? { nextChange: rfc3339(change.at) } : {}),
    searchedUntil: rfc3339(change.searchedUntil),
  };
}

/** Why, in words: what blocks or lets the sync through. */
export function windowsVerdictText(e: SyncWindowsExplanation): string {
  const what = e.sync === 'manual' ? 'a manual sync' : 'an automated sync';
  switch (e.reason) {
    case 'invalid': return `${what} is blocked by a window Argo CD cannot read (${e.error}), as every sync is until it is fixed`;
    case 'active-deny': return `${what} is blocked by an active deny window${e.sync === 'manual' ? ' without manualSync' : ''}`;
    case 'outside-allow': return `${what} is blocked outside the allow windows, none of which is active${e.sync === 'manual' ? ' (not all of them set manualSync)' : ''}`;
    case 'active-deny-manual': return `${what} may run: the active deny windows all set manualSync`;
    case 'active-deny-overrun': return `${what} may go on: it started while syncs were allowed and every active deny window sets syncOverrun`;
    case 'outside-allow-manual': return `${what} may run outside the allow windows: they all set manualSync`;
    case 'outside-allow-overrun': return `${what} may go on: it started inside an allow window and every allow window sets syncOverrun`;
    case 'active-allow': return `${what} may run: an allow window is active and no deny window is`;
    case 'no-window': return `no sync window of AppProject ${e.project} applies to the Application`;
    case 'no-allow-or-deny': return `${what} may run: no deny window is active and no allow window applies`;
  }
}

/** A window as `explain` and `watch` name it: `#0 deny "0 22 * * *" for 8h UTC (manualSync)`. */
export function windowLabel(w: WindowView): string {
  const options = [w.manualSync ? 'manualSync' : '', w.andOperator ? 'andOperator' : '', w.syncOverrun ? 'syncOverrun' : ''].filter(o => o !== '');
  return `#${w.index} ${w.kind} "${w.schedule}" for ${w.duration} ${w.timeZone || 'UTC'}${options.length > 0 ? ` (${options.join(', ')})` : ''}`;
}

/** How long windows that block a sync hold it: ` until T` (the next change), or ` past T` (none within the search). */
export function holdEnd(e: SyncWindowsExplanation): string {
  return e.nextChange !== undefined ? ` until ${e.nextChange}` : ` past ${e.searchedUntil}`;
}

/** What holds a sync, for a line of `watch`: the verdict and each window that blocks it, with its description. */
export function holdText(e: SyncWindowsExplanation): string {
  const blocking = e.windows.filter(w => w.blocks).map(w => `${windowLabel(w)}${w.description !== undefined ? `, ${w.description}` : ''}`);
  return `${windowsVerdictText(e)}${blocking.length > 0 ? ` (AppProject ${e.project} ${blocking.join('; ')})` : ''}`;
}
