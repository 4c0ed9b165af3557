/**
 * Members of a tier or hook whose `sync-wave` is set by hand: kept as written and planned around,
 * as a lone object set by hand is. Such a member runs at its own wave, not its unit's (which is
 * computed without it, `GapJudge.placedByUnit`), so each order of its unit is also drawn with the
 * member, pinned, in its unit's place; and only where the waves without it break that order, so
 * waves that hold stay exactly as they were.
 */
import { ApiObject } from 'cdk8s';
import { GapJudge } from './gaps';
import { InnerOrder, IntentEdge } from './intent-graph';
import { ResolvedUnit } from './units';
import { computeWaves, OrderEdge, OrderUnit } from '../plan';

/** An edge of the plan with members set by hand in their units' places (`handSetMembers`). */
export interface HandSet {
  /** The members it joins, each as a unit of its own, pinned at the wave Argo CD reads from it. */
  readonly units: readonly OrderUnit[];
  /** The unit's edge with the member in its unit's place, its gap decided on the member alone. */
  readonly edge: OrderEdge;
  /** The two objects that decided its wave, when it opened one (depends-on names the first). */
  readonly decided?: [ApiObject, ApiObject];
}

/**
 * Each member set by hand (in its unit's phase) on either side of an edge, as a unit of its own: it
 * runs at its own wave, not its unit's (whose wave is computed without it, `GapJudge.placedByUnit`),
 * so what comes after its unit must wait for it there, and what its unit comes after must be done
 * by then; and two such members joined by the edge are two pins, which may contradict each other.
 */
export function handSetMembers(edges: readonly IntentEdge[], inner: readonly InnerOrder[], byId: ReadonlyMap<string, ResolvedUnit>,
  gaps: GapJudge): HandSet[] {
  const out: HandSet[] = [];
  const unitOf = (o: ApiObject, phase: OrderUnit['phase'], wave: number): OrderUnit => {
    const id = `${o.node.path}\u0000set by hand`;
    return { id, label: `${o.kind} ${o.node.path} (its sync-wave set by hand)`, phase, pin: wave };
  };
  for (const e of edges) {
    const [before, after] = [byId.get(e.before)!, byId.get(e.after)!];
    const phase = before.unit.phase;
    if (phase !== after.unit.phase || phase === 'SyncFail') continue;
    const gap = (g: number) => (e.separate ? 1 : g);
    for (const j of e.joins) {
      const earlier = before.source ? gaps.wavesSetByHand(j.before, phase) : [];
      const later = after.source ? gaps.wavesSetByHand(j.after, phase) : [];
      // What each side's unit wave places: a side whose members all keep their own waves leaves
      // its unit's wave free (they are pinned against the other side below).
      const [from, into] = [gaps.placedOf(j.before, before), gaps.placedOf(j.after, after)];
      for (const [o, wave] of into.length > 0 ? earlier : []) {
        const d = gaps.decidePair([o], into);
        const unit = unitOf(o, phase, wave);
        const decided: [ApiObject, ApiObject] | undefined = d.objects && gap(d.gap) === 1 ? [o, d.objects[1]] : undefined;
        out.push({ units: [unit], edge: { before: unit.id, after: e.after, gap: gap(d.gap) }, ...(decided ? { decided } : {}) });
      }
      for (const [o, wave] of from.length > 0 ? later : []) {
        const unit = unitOf(o, phase, wave);
        out.push({ units: [unit], edge: { before: e.before, after: unit.id, gap: gap(gaps.decidePair(from, [o]).gap) } });
      }
      for (const [b, bw] of earlier) {
        for (const [a, aw] of later) {
          const [ub, ua] = [unitOf(b, phase, bw), unitOf(a, phase, aw)];
          out.push({ units: [ub, ua], edge: { before: ub.id, after: ua.id, gap: gap(gaps.decidePair([b], [a]).gap) } });
        }
      }
    }
  }
  // Inside one unit an order holds in one wave by kind order (else it was refused): a member set by
  // hand needs the rest of its unit in its wave, or on the right side of it.
  for (const { unit: u, join: j } of inner) {
    const phase = u.unit.phase;
    if (!u.source || phase === 'SyncFail') continue;
    const earlier = gaps.wavesSetByHand(j.before, phase);
    const later = gaps.wavesSetByHand(j.after, phase);
    if (earlier.length === 0 && later.length === 0) continue;
    const rest = (objects: readonly ApiObject[]) => gaps.placedByUnit(objects, phase).length > 0;
    for (const [a, aw] of later) {
      const ua = unitOf(a, phase, aw);
      if (rest(j.before)) out.push({ units: [ua], edge: { before: u.unit.id, after: ua.id, gap: 0 } });
      for (const [b, bw] of earlier) {
        const ub = unitOf(b, phase, bw);
        out.push({ units: [ub, ua], edge: { before: ub.id, after: ua.id, gap: 0 } });
      }
    }
    if (rest(j.after)) {
      for (const [b, bw] of earlier) {
        const ub = unitOf(b, phase, bw);
        out.push({ units: [ub], edge: { before: ub.id, after: u.unit.id, gap: 0 } });
      }
    }
  }
  return out;
}

/**
 * The waves, then again with each member set by hand whose order they break (`handSetMembers`) as a
 * unit pinned at its wave, until none is: waves that hold already stay exactly as they are (a pinned
 * unit also changes how a chart's waves are numbered, see `src/plan/waves.ts`). Pins no waves can
 * honour fail as any two pins do ("wave pin conflict"), naming the member set by hand.
 */
export function wavesHoldingHandSet(units: readonly OrderUnit[], edges: readonly OrderEdge[], handSet: readonly HandSet[]):
{ waves: ReadonlyMap<string, number>; held: HandSet[] } {
  const held: HandSet[] = [];
  const isHeld = new Set<HandSet>();
  const pins = new Map(handSet.flatMap((h) => h.units.map((u) => [u.id, u] as const)));
  let { waves } = computeWaves(units, edges);
  const waveOf = (id: string) => pins.get(id)?.pin ?? waves.get(id) ?? 0;
  for (;;) {
    const broken = handSet.filter((h) => !isHeld.has(h) && waveOf(h.edge.after) < waveOf(h.edge.before) + (h.edge.gap ?? 0));
    if (broken.length === 0) return { waves, held };
    for (const h of broken) isHeld.add(h);
    held.push(...broken);
    const pinned = new Map(held.flatMap((h) => h.units.map((u) => [u.id, u] as const)));
    ({ waves } = computeWaves([...units, ...pinned.values()], [...edges, ...held.map((h) => h.edge)]));
  }
}
