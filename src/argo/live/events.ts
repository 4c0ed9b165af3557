/**
 * What the cluster's Events say about an awaited object, when the live objects given include them
 * (`kubectl get pods,events -n NS -o yaml`): the newest Warning about the object or one of its Pods.
 * Events are where Kubernetes says what no status field does: a Pod a Job or StatefulSet could not
 * create (a missing ServiceAccount, an admission webhook), a volume that does not mount, a probe
 * that fails. Read in both shapes: `v1` (`involvedObject`, `message`, `lastTimestamp`) and
 * `events.k8s.io/v1` (`regarding`, `note`, `series.lastObservedTime`).
 */
import { at, record, str } from '../live-health/types';
import type { LiveObject } from '../live-health/types';

/** One Warning Event, as read. */
export interface WarningEvent {
  /** `Kind/name` of what it is about. */
  readonly about: string;
  readonly reason: string;
  readonly message: string;
  /** How many times it happened (1 when not counted). */
  readonly count: number;
  /** When it last happened, as written (RFC 3339); '' when the Event carries no time. */
  readonly last: string;
}

function isEvent(o: LiveObject): boolean {
  const api = str(o.apiVersion);
  return o.kind === 'Event' && (api === 'v1' || api === 'events.k8s.io/v1' || api === 'events.k8s.io/v1beta1');
}

function read(e: LiveObject): WarningEvent & { readonly kind: string; readonly name: string; readonly namespace: string } {
  const regarding = record(e.involvedObject ?? e.regarding);
  const count = Number(at(e, 'series', 'count') ?? e.count ?? e.deprecatedCount ?? 1);
  const last = str(at(e, 'series', 'lastObservedTime')) || str(e.lastTimestamp) || str(e.deprecatedLastTimestamp)
    || str(e.eventTime) || str(at(e, 'metadata', 'creationTimestamp'));
  const kind = str(regarding.kind);
  const name = str(regarding.name);
  return {
    kind,
    name,
    namespace: str(regarding.namespace) || str(at(e, 'metadata', 'namespace')),
    about: `${kind}/${name}`,
    reason: str(e.reason),
    message: (str(e.message) || str(e.note)).trim(),
    count: Number.isSafeInteger(count) && count > 0 ? count : 1,
    last,
  };
}

/** Epoch milliseconds of an Event's last time; one without a readable time sorts first. */
function lastTime(e: WarningEvent): number {
  const t = Date.parse(e.last);
  return Number.isNaN(t) ? -Infinity : t;
}

/**
 * The newest Warning Event about one of `subjects` (each `kind`, `name`, `namespace`), or
 * undefined. Newest by its last time (`series.lastObservedTime` has microseconds, `lastTimestamp`
 * seconds: compared as times); of equal times, the later one listed. `since` (epoch ms, the sync's
 * start): Events last seen before it are of an earlier sync (Kubernetes keeps them an hour), and a
 * problem that goes on is seen again, so they are left out.
 */
export function latestWarning(live: readonly LiveObject[],
  subjects: ReadonlyArray<{ readonly kind: string; readonly name: string; readonly namespace: string }>, since?: number): WarningEvent | undefined {
  if (subjects.length === 0) return undefined;
  const wanted = new Set(subjects.map((s) => `${s.kind}\0${s.namespace}\0${s.name}`));
  let best: WarningEvent | undefined;
  for (const o of live) {
    if (!isEvent(o) || str(o.type) !== 'Warning') continue;
    const e = read(o);
    // An Event that names no namespace (a cluster-scoped object's) is matched by kind and name.
    const about = wanted.has(`${e.kind}\0${e.namespace}\0${e.name}`) || (e.namespace === '' && subjects.some((s) => s.kind === e.kind && s.name === e.name));
    if (!about || (since !== undefined && lastTime(e) < since)) continue;
    if (best !== undefined && lastTime(e) < lastTime(best)) continue;
    best = { about: e.about, reason: e.reason, message: e.message, count: e.count, last: e.last };
  }
  return best;
}

/** The words for a Warning Event: `Kind/name: Reason: message (N times, last at T)`. */
export function warningText(e: WarningEvent): string {
  const times = e.count > 1 ? `${e.count} times` : '';
  const when = e.last ? `last at ${e.last}` : '';
  const tail = [times, when].filter(Boolean).join(', ');
  return `${e.about}: ${e.reason}${e.message ? `: ${e.message}` : ''}${tail ? ` (${tail})` : ''}`;
}
