/**
 * From intent edges to the wave each object gets: empty tiers contracted (a → empty → b keeps a
 * before b), each unit edge's gap decided on the objects it joins, waves layered by `src/plan`,
 * and the annotation value each object of a unit the library writes.
 */
import { ApiObject } from 'cdk8s';
import { GapJudge } from './gaps';
import { IntentEdge, JoinedObjects } from './intent';
import { ResolvedUnit } from './units';
import { computeWaves, formatWave, OrderEdge, OrderUnit } from '../plan';

export interface WaveAssignment {
  /** Annotation value the library writes, per object. */
  readonly waveOf: Map<ApiObject, string>;
  /** The unit edges the waves were computed from (empty tiers contracted), each with its gap. */
  readonly unitEdges: OrderEdge[];
}

export function assignWaves(resolved: readonly ResolvedUnit[], edges: readonly IntentEdge[], gaps: GapJudge): WaveAssignment {
  const byId = new Map(resolved.map((r) => [r.unit.id, r]));
  const { units, edges: contracted } = contractEmpty(resolved, edges, byId);
  const kept: OrderEdge[] = contracted.map((e) => ({ before: e.before, after: e.after, gap: gapOf(e, gaps) }));
  const { waves } = computeWaves(units, kept);
  const waveOf = new Map<ApiObject, string>();
  for (const r of resolved) {
    const w = waves.get(r.unit.id);
    if (!r.write || w === undefined) continue;
    const value = formatWave(w);
    for (const o of r.objects) waveOf.set(o, value);
  }
  return { waveOf, unitEdges: kept };
}

/** The largest gap any pair of objects the edge joins needs; a wave of its own when asked for. */
function gapOf(e: IntentEdge, gaps: GapJudge): number {
  if (e.separate || e.joins.length === 0) return 1;
  for (const j of e.joins) {
    if (gaps.decide(j.before, j.after).gap === 1) return 1;
  }
  return 0;
}

/**
 * A tier with no objects (yet) must not cost a wave: its ordering passes through it (a → empty → b
 * becomes a → b, joining all of a's objects to all of b's). Cycles through it are still found, by
 * checking the full graph first.
 */
function contractEmpty(resolved: readonly ResolvedUnit[], edges: readonly IntentEdge[],
  byId: ReadonlyMap<string, ResolvedUnit>): { units: OrderUnit[]; edges: IntentEdge[] } {
  const empty = new Set(resolved.filter((r) => r.objects.length === 0).map((r) => r.unit.id));
  if (empty.size === 0) return { units: resolved.map((r) => r.unit), edges: [...edges] };
  // Impossible intent (cycles, phase contradictions) is reported on the graph as the user wrote it.
  computeWaves(resolved.map((r) => ({ ...r.unit, pin: undefined })), edges);
  let current: IntentEdge[] = [...edges];
  for (const id of empty) {
    const into = current.filter((e) => e.after === id);
    const out = current.filter((e) => e.before === id);
    current = current.filter((e) => e.after !== id && e.before !== id);
    // A wave the user asked for on either leg stays asked for.
    for (const a of into) {
      for (const b of out) current.push({ before: a.before, after: b.after, separate: a.separate || b.separate, joins: [] });
    }
  }
  const seen = new Map<string, IntentEdge>();
  const unique: IntentEdge[] = [];
  for (const e of current) {
    const k = `${e.before}\u0000${e.after}`;
    const known = seen.get(k);
    if (known) {
      known.separate ||= e.separate;
      known.joins.push(...e.joins);
      continue;
    }
    const copy: IntentEdge = { ...e, joins: [...e.joins] };
    // Joined through an empty tier: every object of one end before every object of the other.
    if (copy.joins.length === 0) copy.joins.push(wholeUnits(byId.get(e.before)!, byId.get(e.after)!));
    seen.set(k, copy);
    unique.push(copy);
  }
  return { units: resolved.filter((r) => !empty.has(r.unit.id)).map((r) => r.unit), edges: unique };
}

function wholeUnits(before: ResolvedUnit, after: ResolvedUnit): JoinedObjects {
  return { before: before.objects, after: after.objects };
}
