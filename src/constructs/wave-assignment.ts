/**
 * From intent edges to the wave each object gets: empty tiers contracted (a → empty → b keeps a
 * before b), each unit edge's gap decided on the objects it joins, waves layered by `src/plan`,
 * and the annotation value each object of a unit the library writes.
 */
import { ApiObject } from 'cdk8s';
import { GapJudge } from './gaps';
import { IntentEdge, JoinedObjects } from './intent';
import { ResolvedUnit } from './units';
import { groupOf } from '../argo/keys';
import { isClusterScopedKind } from '../argo/scope';
import { computeWaves, formatWave, OrderEdge, OrderUnit } from '../plan';
import { formatDependsOn } from '../rules/depends-on';

export interface WaveAssignment {
  /** Annotation value the library writes, per object. */
  readonly waveOf: Map<ApiObject, string>;
  /** The unit edges the waves were computed from (empty tiers contracted), each with its gap. */
  readonly unitEdges: OrderEdge[];
  /**
   * `syncplan.cdk8s.io/depends-on` per object: for each wave opened for an edge, on the object
   * that decided it, the object it waits for (so `syncplan lint` sees the intent).
   */
  readonly dependsOn: Map<ApiObject, string>;
}

export function assignWaves(resolved: readonly ResolvedUnit[], edges: readonly IntentEdge[], gaps: GapJudge): WaveAssignment {
  const byId = new Map(resolved.map((r) => [r.unit.id, r]));
  const { units, edges: contracted } = contractEmpty(resolved, edges, byId);
  const deciders: Array<[ApiObject, ApiObject]> = [];
  const kept: OrderEdge[] = contracted.map((e) => {
    const decided = gapOf(e, gaps);
    const same = byId.get(e.before)!.unit.phase === byId.get(e.after)!.unit.phase;
    if (decided.objects && same) deciders.push(decided.objects);
    return { before: e.before, after: e.after, gap: decided.gap };
  });
  const { waves } = computeWaves(units, kept);
  const waveOf = new Map<ApiObject, string>();
  for (const r of resolved) {
    const w = waves.get(r.unit.id);
    if (!r.write || w === undefined) continue;
    const value = formatWave(w);
    for (const o of r.objects) waveOf.set(o, value);
  }
  return { waveOf, unitEdges: kept, dependsOn: dependsOnOf(deciders, waveOf) };
}

/**
 * The largest gap any pair of objects the edge joins needs, a wave of its own when asked for, and
 * for a gap one wave cannot avoid the two objects it was decided on.
 */
function gapOf(e: IntentEdge, gaps: GapJudge): { gap: number; objects?: [ApiObject, ApiObject] } {
  if (e.joins.length === 0) return { gap: 1 };
  for (const j of e.joins) {
    const d = gaps.decidePair(j.before, j.after);
    if (d.gap === 1) return { gap: 1, objects: d.objects };
  }
  // A wave the user asked for where one wave would do: not declared as needed (rule wave-unneeded
  // says so, and pvc-gates-wave where it would hang).
  return { gap: e.separate ? 1 : 0 };
}

/** The depends-on value of each object a wave was opened for, on objects whose wave the library writes. */
function dependsOnOf(deciders: ReadonlyArray<[ApiObject, ApiObject]>, waveOf: ReadonlyMap<ApiObject, string>): Map<ApiObject, string> {
  const refs = new Map<ApiObject, Array<{ group: string; kind: string; namespace: string; name: string }>>();
  for (const [before, after] of deciders) {
    if (!waveOf.has(after)) continue;
    const list = refs.get(after) ?? [];
    const group = groupOf(before.apiVersion);
    // Keyed as Argo CD keys it: a built-in cluster-scoped kind has no namespace, whatever cdk8s wrote.
    const namespace = isClusterScopedKind(group, before.kind) ? '' : before.metadata.namespace ?? '';
    list.push({ group, kind: before.kind, namespace, name: before.name });
    refs.set(after, list);
  }
  const out = new Map<ApiObject, string>();
  for (const [o, list] of refs) out.set(o, formatDependsOn(list));
  return out;
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
