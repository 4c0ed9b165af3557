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

/** What a Warning is about, as the index keys it. */
interface Subject {
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
}

const keyOf = (kind: string, namespace: string, name: string) => `${kind}\0${namespace}\0${name}`;

/** A Warning as kept: its time read once, and its place in the list (the later one listed wins a tie). */
interface Kept {
  readonly event: WarningEvent;
  readonly time: number;
  readonly at: number;
}

const newer = (a: Kept, b: Kept | undefined) => b === undefined || a.time > b.time || (a.time === b.time && a.at > b.at);

/**
 * The live objects' Warning Events, read once and kept newest per object: explain asks for every
 * awaited object and its Pods, and a namespace's Events are many (Kubernetes keeps an hour of them).
 */
export class WarningIndex {
  private readonly newest = new Map<string, Kept>();

  constructor(live: readonly LiveObject[]) {
    live.forEach((o, position) => {
      if (!isEvent(o) || str(o.type) !== 'Warning') return;
      const { kind, name, namespace, ...event } = read(o);
      const kept = { event, time: lastTime(event), at: position };
      const k = keyOf(kind, namespace, name);
      if (newer(kept, this.newest.get(k))) this.newest.set(k, kept);
    });
  }

  /**
   * The newest Warning Event about one of `subjects`, or undefined. Newest by its last time
   * (`series.lastObservedTime` has microseconds, `lastTimestamp` seconds: compared as times); of
   * equal times, the later one listed. An Event that names no namespace (a cluster-scoped object's)
   * is matched by kind and name. `since` (epoch ms, the sync's start): Events last seen before it are
   * of an earlier sync (Kubernetes keeps them an hour), and a problem that goes on is seen again, so
   * they are left out.
   */
  public latest(subjects: readonly Subject[], since?: number): WarningEvent | undefined {
    let best: Kept | undefined;
    for (const s of subjects) {
      for (const k of [keyOf(s.kind, s.namespace, s.name), keyOf(s.kind, '', s.name)]) {
        const kept = this.newest.get(k);
        if (kept && newer(kept, best)) best = kept;
      }
    }
    return best === undefined || (since !== undefined && best.time < since) ? undefined : best.event;
  }
}

/** `new WarningIndex(live).latest(subjects, since)`, for one question. */
export function latestWarning(live: readonly LiveObject[], subjects: readonly Subject[], since?: number): WarningEvent | undefined {
  return new WarningIndex(live).latest(subjects, since);
}

/** The words for a Warning Event: `Kind/name: Reason: message (N times, last at T)`. */
export function warningText(e: WarningEvent): string {
  const times = e.count > 1 ? `${e.count} times` : '';
  const when = e.last ? `last at ${e.last}` : '';
  const tail = [times, when].filter(Boolean).join(', ');
  return `${e.about}: ${e.reason}${e.message ? `: ${e.message}` : ''}${tail ? ` (${tail})` : ''}`;
}
