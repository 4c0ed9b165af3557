/**
 * When an edge needs no wave of its own. Inside one step Argo CD applies tasks in kind order, and a
 * new kind starts only after the previous kind's apply calls returned (gitops-engine
 * `sync_context.go` `runTasks`); a kind with no health check is done the moment it is applied. So
 * "A before B" already holds inside one wave when nothing in A has to become Healthy and every
 * object of A ranks strictly below every object of B. Same rank (same kind, or two kinds Argo CD
 * does not list) means concurrent, not ordered.
 *
 * The price, read from `runTasks`: a failed apply does not stop the step. Later kinds of the same
 * step are still applied, and the sync fails after the step; with separate waves a failed apply of
 * A ends the sync before B is touched. Apply errors that dry-run catches (schema, unknown kinds)
 * stop the whole sync before any step either way.
 */
import { hasHealthCheck } from './health';
import { kindRank } from './kind-order';

/** What the kind-order argument needs to know about one object. */
export interface KindRef {
  /** API group ('' for the core group). */
  readonly group: string;
  readonly kind: string;
  /** A hook (Argo CD or Helm annotation): hooks are always waited for in a wave of their own. */
  readonly hook?: boolean;
}

/** The decision for one edge, with the reason for messages. */
export interface GapDecision {
  readonly gap: 0 | 1;
  readonly why: string;
}

/** `ConfigMap` or `apps/Deployment`. */
export function kindName(k: KindRef): string {
  return k.group === '' ? k.kind : `${k.group}/${k.kind}`;
}

/**
 * Why `a` applied earlier in the same step is not enough to have `a` done before `b` starts
 * (undefined when it is enough).
 */
export function whyNotByKindOrder(a: KindRef, b: KindRef): string | undefined {
  if (a.hook || b.hook) return 'hooks are waited for in a wave of their own';
  if (hasHealthCheck(a.group, a.kind)) return `${kindName(a)} has a health check, and only a later wave waits for it`;
  const ra = kindRank(a.kind);
  const rb = kindRank(b.kind);
  if (ra === rb) return `${a.kind} and ${b.kind} share a kind rank, so Argo CD applies them at the same time`;
  if (ra > rb) return `Argo CD applies ${b.kind} before ${a.kind} inside one wave`;
  return undefined;
}

/**
 * The fewest waves between two groups of objects for "every object of `before` is done before any
 * object of `after` starts": 0 when kind order inside one wave already guarantees it, else 1.
 * An empty side decides nothing and keeps the safe default. Linear, as tiers can hold thousands:
 * once no side has a hook and no `before` object a health check, the highest-ranked `before`
 * against the lowest-ranked `after` decides.
 */
export function minimumGap(before: readonly KindRef[], after: readonly KindRef[]): GapDecision {
  if (before.length === 0 || after.length === 0) return { gap: 1, why: 'one side holds no objects' };
  const byRank = (pick: (x: number, y: number) => boolean) => (m: KindRef, k: KindRef) => (pick(kindRank(k.kind), kindRank(m.kind)) ? k : m);
  const highest = before.reduce(byRank((x, y) => x > y));
  const lowest = after.reduce(byRank((x, y) => x < y));
  const first = before.find((a) => a.hook) ?? before.find((a) => hasHealthCheck(a.group, a.kind)) ?? highest;
  const why = whyNotByKindOrder(first, after.find((b) => b.hook) ?? lowest);
  if (why !== undefined) return { gap: 1, why };
  return { gap: 0, why: 'kind order inside one wave applies them first, and none has a health check' };
}
