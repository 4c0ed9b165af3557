/**
 * Longest weighted path layering: each node's wave is its latest predecessor's wave plus the edge's
 * gap (1 = a later wave, 0 = the same wave may do), so the number of waves is one more than the
 * heaviest dependency path, the fewest any valid order can have. Every extra wave costs Argo CD's
 * inter-wave delay and is one more place a sync can stall.
 */
import { findCycle, formatPath } from './cycle';
import { gapOf, OrderEdge, OrderingError } from './graph';

export interface LayerNode {
  readonly id: string;
  readonly pin?: number;
}

/**
 * Waves for a DAG. Sources start at 0 unless a pinned descendant forces them lower; pinned nodes keep
 * their pin. Throws an OrderingError for a cycle (printing it; a cycle of gap-0 edges is a cycle too:
 * "before" is still strict) or for pins that contradict the edges and their gaps.
 */
export function layer(
  nodes: readonly LayerNode[],
  edges: readonly OrderEdge[],
  label: (id: string) => string = (x) => x,
): Map<string, number> {
  const ids = nodes.map((n) => n.id);
  const pin = new Map<string, number>();
  for (const n of nodes) if (n.pin !== undefined) pin.set(n.id, n.pin);
  const succ = new Map<string, string[]>(ids.map((id) => [id, []]));
  const pred = new Map<string, string[]>(ids.map((id) => [id, []]));
  // Parallel edges collapse to the largest gap.
  const gap = new Map<string, number>();
  const whyOf = new Map<string, string>();
  const gapKey = (before: string, after: string) => `${before}\u0000${after}`;
  for (const e of edges) {
    const s = succ.get(e.before);
    const p = pred.get(e.after);
    if (!s || !p) throw new Error(`edge ${e.before} → ${e.after} names an unknown node`);
    const g = gapOf(e);
    if (g !== 0 && g !== 1) throw new Error(`edge ${e.before} → ${e.after} has gap ${g}; a gap is 0 or 1`);
    const k = gapKey(e.before, e.after);
    if (!gap.has(k)) {
      s.push(e.after);
      p.push(e.before);
    }
    gap.set(k, Math.max(g, gap.get(k) ?? 0));
    if (e.why !== undefined && !whyOf.has(k)) whyOf.set(k, e.why);
  }

  const order = topologicalOrder(ids, succ, pred);
  if (order.length < ids.length) {
    const done = new Set(order);
    const rest = ids.filter((id) => !done.has(id));
    const cycle = findCycle(rest, (id) => (succ.get(id) ?? []).filter((s) => !done.has(s)))!;
    const reasons = cycle.slice(1).flatMap((id, i) => {
      const why = whyOf.get(gapKey(cycle[i], id));
      return why === undefined ? [] : [`${label(cycle[i])} → ${label(id)} because ${why}`];
    });
    throw new OrderingError(`dependency cycle: ${formatPath(cycle, label)} (each arrow means "is applied before"`
      + `${reasons.length > 0 ? `; ${reasons.join('; ')}` : ''}); remove one of these dependencies`);
  }

  // Upper bounds, backwards: a node must sit below every pinned node it precedes.
  const upper = new Map<string, { wave: number; origin: string; via: string }>();
  for (const id of [...order].reverse()) {
    let bound: { wave: number; origin: string; via: string } | undefined;
    for (const s of succ.get(id)!) {
      const b = upper.get(s);
      const w = b ? b.wave - gap.get(gapKey(id, s))! : 0;
      if (b && (bound === undefined || w < bound.wave)) bound = { wave: w, origin: b.origin, via: s };
    }
    const p = pin.get(id);
    if (p !== undefined) {
      if (bound !== undefined && bound.wave < p) {
        const via = bound.via === bound.origin ? '' : ` (through ${label(bound.via)})`;
        throw new OrderingError(
          `wave pin conflict: ${label(id)} is pinned to wave ${p} but must be applied before ${label(bound.origin)}, `
          + `pinned to wave ${pin.get(bound.origin)}${via}; change one of the pins or the dependency`,
        );
      }
      upper.set(id, { wave: p, origin: id, via: id });
    } else if (bound !== undefined) {
      upper.set(id, bound);
    }
  }

  const wave = new Map<string, number>();
  for (const id of order) {
    const p = pin.get(id);
    if (p !== undefined) {
      wave.set(id, p);
      continue;
    }
    const preds = pred.get(id)!;
    if (preds.length === 0) {
      const u = upper.get(id);
      wave.set(id, u === undefined ? 0 : Math.min(0, u.wave));
    } else {
      wave.set(id, Math.max(...preds.map((q) => wave.get(q)! + gap.get(gapKey(q, id))!)));
    }
  }
  return wave;
}

/** Kahn's algorithm; the order only drives evaluation, waves do not depend on it. */
function topologicalOrder(
  ids: readonly string[],
  succ: ReadonlyMap<string, readonly string[]>,
  pred: ReadonlyMap<string, readonly string[]>,
): string[] {
  const indegree = new Map(ids.map((id) => [id, pred.get(id)!.length]));
  const order = ids.filter((id) => indegree.get(id) === 0);
  for (let i = 0; i < order.length; i++) {
    for (const s of succ.get(order[i])!) {
      const d = indegree.get(s)! - 1;
      indegree.set(s, d);
      if (d === 0) order.push(s);
    }
  }
  return order;
}
