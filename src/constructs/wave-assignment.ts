/**
 * From intent edges to the wave each object gets: empty tiers contracted (a → empty → b keeps a
 * before b), each unit edge's gap decided on the objects it joins, waves layered by `src/plan`,
 * and the annotation value each object of a unit the library writes.
 */
import { ApiObject } from 'cdk8s';
import { GapJudge } from './gaps';
import { handSetMembers, wavesHoldingHandSet } from './hand-set';
import { Hub, Hubs, only } from './hubs';
import { InnerOrder, IntentEdge, JoinedObjects, ObjectEdge } from './intent-graph';
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
   * that decided it, one object it waits for (so `syncplan lint` sees the intent).
   */
  readonly dependsOn: Map<ApiObject, string>;
  /**
   * The orders that pass through tiers with no objects (a → empty → b), as edges between the
   * objects at their ends, for the proof: no edge the intent states joins them directly.
   */
  readonly throughEmpty: ObjectEdge[];
}

/** A gap of a wave decided by two objects: `after` waits for `before`, of the unit `beforeUnit`. */
interface Decider {
  readonly before: ApiObject;
  readonly after: ApiObject;
  readonly beforeUnit: string;
}

/**
 * `hubs`: lone objects of whole-chart orders joined through hubs (`hubs.ts`), layered with the units.
 * `inner`: orders inside one unit, which matter to the waves only for members set by hand.
 */
export function assignWaves(resolved: readonly ResolvedUnit[], edges: readonly IntentEdge[], gaps: GapJudge, hubs: Hubs | undefined,
  inner: readonly InnerOrder[]): WaveAssignment {
  const byId = new Map(resolved.map((r) => [r.unit.id, r]));
  const { units, edges: contracted } = contractEmpty(resolved, edges, byId);
  const deciders: Decider[] = [];
  const kept: OrderEdge[] = [];
  for (const e of contracted) {
    const decided = gapOf(e, byId.get(e.before)!, byId.get(e.after)!, gaps);
    if (decided === undefined) continue;
    const same = byId.get(e.before)!.unit.phase === byId.get(e.after)!.unit.phase;
    if (decided.objects && same) deciders.push({ before: decided.objects[0], after: decided.objects[1], beforeUnit: e.before });
    kept.push({ before: e.before, after: e.after, gap: decided.gap, why: e.why });
  }
  // A cycle or phase contradiction through an edge left out is reported as written, between units.
  if (kept.length < contracted.length) {
    computeWaves(units.map((u) => ({ ...u, pin: undefined })), contracted.map((e) => ({ before: e.before, after: e.after, why: e.why })));
  }
  if (hubs) {
    units.push(...hubs.hubs.map((h) => h.unit));
    kept.push(...hubs.edges);
  }
  const { waves, held } = wavesHoldingHandSet(units, kept, handSetMembers(contracted, inner, byId, gaps));
  for (const h of held) if (h.decided) deciders.push({ before: h.decided[0], after: h.decided[1], beforeUnit: h.edge.before });
  const waveOf = new Map<ApiObject, string>();
  for (const r of resolved) {
    const w = waves.get(r.unit.id);
    if (!r.write || w === undefined) continue;
    const value = formatWave(w);
    for (const o of r.objects) if (!gaps.isHoisted(o)) waveOf.set(o, value);
  }
  if (hubs) deciders.push(...hubDeciders(hubs, waves));
  return { waveOf, unitEdges: kept, dependsOn: dependsOnOf(deciders, waveOf, waves), throughEmpty: throughEmpty(contracted, byId) };
}

/** An object edge per order drawn through tiers with no objects, named by its two ends and what it passes. */
function throughEmpty(edges: readonly IntentEdge[], byId: ReadonlyMap<string, ResolvedUnit>): ObjectEdge[] {
  return edges.filter((e) => e.through !== undefined).map((e) => {
    const [before, after] = [byId.get(e.before)!, byId.get(e.after)!];
    const via = e.through!.map((id) => byId.get(id)!.unit.label).join(', then ');
    return { before: before.objects, after: after.objects, why: `${after.unit.label} is after ${before.unit.label} through ${via}, which holds no objects` };
  });
}

/**
 * The deciders of the pairs a hub link joins, one per object after it: every object of the hub
 * before decided a gap for each of them, and `dependsOnOf` keeps the one of the latest wave, the
 * first in the annotation's order, which is that hub's best whatever the object after it.
 */
function hubDeciders(hubs: Hubs, waves: ReadonlyMap<string, number>): Decider[] {
  const bestOf = new Map<Hub, { unit: ResolvedUnit; wave: number; value: string }>();
  const best = (hub: Hub) => {
    let found = bestOf.get(hub);
    if (found) return found;
    for (const m of hub.members) {
      const wave = waves.get(m.unit.id) ?? 0;
      if (found && wave < found.wave) continue;
      const value = dependsOnValue(only(m));
      if (!found || wave > found.wave || value < found.value) found = { unit: m, wave, value };
    }
    bestOf.set(hub, found!);
    return found!;
  };
  const out: Decider[] = [];
  for (const link of hubs.links) {
    if (link.gap !== 1) continue; // hubs are linked within one phase only
    const { unit } = best(link.before);
    for (const a of link.after.members) out.push({ before: only(unit), after: only(a), beforeUnit: unit.unit.id });
  }
  return out;
}

/**
 * The largest gap any pair of objects the edge joins needs, a wave of its own when asked for, and
 * for a gap one wave cannot avoid the two objects it was decided on: those of the join of the two
 * units whole when that join needs the wave, else of the first join that does. cdk8s's order
 * between whole charts joins their units whole, and the same order also reaches an edge as its
 * dependencies were written (`App.synth`'s first look) or as cdk8s's copies of it onto each object
 * (`Testing.synth`, `chart.toJson()`), in another order: so depends-on lands on the same object
 * either way. Undefined when every join has only members set by hand on a side: the edge then
 * asks nothing of the units' waves (those members are pinned against it, `hand-set.ts`).
 */
function gapOf(e: IntentEdge, before: ResolvedUnit, after: ResolvedUnit, gaps: GapJudge):
{ gap: number; objects?: [ApiObject, ApiObject] } | undefined {
  if (e.joins.length === 0) return { gap: 1 };
  // A join holds objects of its two units only, each once: as many is all of them.
  const whole = e.joins.length > 1
    ? e.joins.find((j) => j.before.length === before.objects.length && j.after.length === after.objects.length)
    : undefined;
  let placed = false;
  for (const j of whole ? [whole, ...e.joins.filter((x) => x !== whole)] : e.joins) {
    // Decided on what the units' waves place: members set by hand are ordered at their own waves
    // (`hand-set.ts`), so a join with none on a side asks nothing of the units' waves.
    const [from, into] = [gaps.placedOf(j.before, before), gaps.placedOf(j.after, after)];
    if (from.length === 0 || into.length === 0) continue;
    placed = true;
    const d = gaps.decidePair(from, into);
    if (d.gap === 1) return { gap: 1, objects: d.objects };
  }
  if (!placed) return undefined;
  // A wave the user asked for where one wave would do: not declared as needed (rule wave-unneeded
  // says so, and pvc-gates-wave where it would hang).
  return { gap: e.separate ? 1 : 0 };
}

/**
 * The depends-on value of each object a wave was opened for, on objects whose wave the library
 * writes: one object it waits for, of the latest wave among those that decided a gap for it (the
 * one its own wave needs; what earlier waves hold is done before that one starts), the first in
 * the annotation's order. One, not every decider: an object of one chart after a chart of N
 * objects (cdk8s orders every object of the one after every object of the other) would otherwise
 * name all N, N entries on each of its N objects.
 */
function dependsOnOf(deciders: readonly Decider[], waveOf: ReadonlyMap<ApiObject, string>,
  waves: ReadonlyMap<string, number>): Map<ApiObject, string> {
  const best = new Map<ApiObject, { wave: number; value: string }>();
  for (const d of deciders) {
    if (!waveOf.has(d.after)) continue;
    const wave = waves.get(d.beforeUnit) ?? 0;
    const known = best.get(d.after);
    // Formatted only when it can win: an object after a whole chart has a decider per object of it.
    if (known && wave < known.wave) continue;
    const value = dependsOnValue(d.before);
    if (!known || wave > known.wave || value < known.value) best.set(d.after, { wave, value });
  }
  const out = new Map<ApiObject, string>();
  for (const [o, { value }] of best) out.set(o, value);
  return out;
}

/** The depends-on entry naming `o`. */
function dependsOnValue(o: ApiObject): string {
  const group = groupOf(o.apiVersion);
  // Keyed as Argo CD keys it: a built-in cluster-scoped kind has no namespace, whatever cdk8s wrote.
  const namespace = isClusterScopedKind(group, o.kind) ? '' : o.metadata.namespace ?? '';
  return formatDependsOn([{ group, kind: o.kind, namespace, name: o.name }]);
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
      for (const b of out) {
        const through = [...a.through ?? [], id, ...b.through ?? []];
        current.push({ before: a.before, after: b.after, separate: a.separate || b.separate, joins: [], through });
      }
    }
  }
  const seen = new Map<string, { -readonly [K in keyof IntentEdge]: IntentEdge[K] }>();
  const unique: IntentEdge[] = [];
  for (const e of current) {
    const k = `${e.before}\u0000${e.after}`;
    // Joined through an empty tier: every object of one end before every object of the other.
    const joins = e.joins.length > 0 ? e.joins : [wholeUnits(byId.get(e.before)!, byId.get(e.after)!)];
    const known = seen.get(k);
    if (known) {
      // The same two units joined another way too (a dependency between two of their objects, and
      // an order through an empty tier): each join is kept, and the proof is told of the way through.
      known.separate ||= e.separate;
      if (e.through === undefined || known.through === undefined) known.joins.push(...joins);
      known.through ??= e.through;
      known.why ??= e.why;
      continue;
    }
    const copy = { ...e, joins: [...joins] };
    seen.set(k, copy);
    unique.push(copy);
  }
  return { units: resolved.filter((r) => !empty.has(r.unit.id)).map((r) => r.unit), edges: unique };
}

function wholeUnits(before: ResolvedUnit, after: ResolvedUnit): JoinedObjects {
  return { before: before.objects, after: after.objects };
}
