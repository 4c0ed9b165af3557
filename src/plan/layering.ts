/**
 * Longest-path layering: each node's wave is one more than its latest predecessor, so the number of
 * waves equals the number of nodes on the longest dependency path, the fewest any valid order can
 * have. Every extra wave costs Argo CD's inter-wave delay and is one more place a sync can stall.
 */
import { findCycle, formatPath } from './cycle';
import { OrderEdge, OrderingError } from './graph';

export interface LayerNode {
  readonly id: string;
  readonly pin?: number;
}

/**
 * Waves for a DAG. Sources start at 0 unless a pinned descendant forces them lower; pinned nodes keep
 * their pin. Throws an OrderingError for a cycle (printing it) or for pins that contradict the edges.
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
  for (const e of edges) {
    const s = succ.get(e.before);
    const p = pred.get(e.after);
    if (!s || !p) throw new Error(`edge ${e.before} → ${e.after} names an unknown node`);
    if (!s.includes(e.after)) {
      s.push(e.after);
      p.push(e.before);
    }
  }

  const order = topologicalOrder(ids, succ, pred);
  if (order.length < ids.length) {
    const done = new Set(order);
    const rest = ids.filter((id) => !done.has(id));
    const cycle = findCycle(rest, (id) => (succ.get(id) ?? []).filter((s) => !done.has(s)))!;
    throw new OrderingError(
      `dependency cycle: ${formatPath(cycle, label)} (each arrow means "is applied before"); remove one of these dependencies`,
    );
  }

  // Upper bounds, backwards: a node must sit below every pinned node it precedes.
  const upper = new Map<string, { wave: number; origin: string; via: string }>();
  for (const id of [...order].reverse()) {
    let bound: { wave: number; origin: string; via: string } | undefined;
    for (const s of succ.get(id)!) {
      const b = upper.get(s);
      if (b && (bound === undefined || b.wave - 1 < bound.wave)) bound = { wave: b.wave - 1, origin: b.origin, via: s };
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
      wave.set(id, Math.max(...preds.map((q) => wave.get(q)! + 1)));
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
