/**
 * How many waves an edge costs, decided object by object with `src/argo/same-wave.ts` (the one
 * place that knows Argo CD's physics): each of the chart's objects is described once as a
 * `KindRef` (group and kind, and for a Service the rendered spec that says whether it waits), and
 * an edge between two groups asks `minimumGap` about exactly the objects it joins.
 */
import { ApiObject } from 'cdk8s';
import { ChartView, ResolvedUnit } from './units';
import { readHookIn } from '../argo/hooks';
import { groupOf } from '../argo/keys';
import { GapDecision, gapKey, KindRef, minimumGap, waitsOnHealthNeedsObject } from '../argo/same-wave';
import { readWaveIn } from '../argo/waves';
import { UnitPhase } from '../plan';

export class GapJudge {
  private readonly plain = new Map<ApiObject, KindRef>();
  private readonly rendered = new Map<ApiObject, KindRef>();
  private readonly lists = new Map<boolean, WeakMap<readonly ApiObject[], KindRef[]>>([[true, new WeakMap()], [false, new WeakMap()]]);
  /** Per list of objects, those whose wave is not set by hand (most lists: all, and the list itself is kept). */
  private readonly placed = new WeakMap<readonly ApiObject[], readonly ApiObject[]>();

  /** `hoisted`: members whose place Argo CD decides, not their unit's wave (`UnitTable.hoisted`), filled before any gap is placed. */
  constructor(private readonly view: ChartView, private readonly hoisted: ReadonlyMap<ApiObject, unknown> = new Map()) {}

  /** True for a member whose place Argo CD decides, not its unit's wave (the library writes none on it). */
  public isHoisted(o: ApiObject): boolean {
    return this.hoisted.has(o);
  }

  /** The fewest waves between `before` and `after` (every object of one done before any of the other starts). */
  public decide(before: readonly ApiObject[], after: readonly ApiObject[]): GapDecision {
    return minimumGap(this.refsOf(before, true), this.refsOf(after, false));
  }

  /** `decide`, with the two objects that decided it. */
  public decidePair(before: readonly ApiObject[], after: readonly ApiObject[]): GapDecision & { objects?: [ApiObject, ApiObject] } {
    const refsBefore = this.refsOf(before, true);
    const refsAfter = this.refsOf(after, false);
    const decision = minimumGap(refsBefore, refsAfter);
    if (!decision.pair) return decision;
    return { ...decision, objects: [before[refsBefore.indexOf(decision.pair[0])], after[refsAfter.indexOf(decision.pair[1])]] };
  }

  /**
   * The objects of one side of a join that `unit`'s wave places: of a tier or hook, those
   * `placedByUnit` leaves (a member set by hand is ordered at its own wave, `hand-set.ts`); a lone
   * object is its own unit, pinned at the wave set by hand if it has one.
   */
  public placedOf(objects: readonly ApiObject[], unit: ResolvedUnit): readonly ApiObject[] {
    return unit.source ? this.placedByUnit(objects, unit.unit.phase) : objects;
  }

  /**
   * The objects of one side of an edge that its unit's wave places, in the unit's `phase`: a member
   * whose wave is set by hand keeps that wave (the proof checks it), and one whose hook annotation
   * set by hand puts it in no task of that phase (a PostSync hook in a Sync tier, a `Skip`) runs in
   * another step or none, and a Namespace Argo CD hoists before a PreSync hook (`UnitTable.hoisted`)
   * runs there; none decides a gap of its unit. Its Pods, in particular, hold no
   * claim's order for the members left in the unit's step. `after` is always one unit's objects, or
   * part of them, so the list alone keys the memo.
   */
  public placedByUnit(after: readonly ApiObject[], phase: UnitPhase): readonly ApiObject[] {
    let placed = this.placed.get(after);
    if (placed === undefined) {
      const byHand = (o: ApiObject) => this.hoisted.has(o) || this.view.handSetWave(o) !== undefined || !inPhase(this.view.handAnnotations(o), phase);
      this.placed.set(after, placed = after.some(byHand) ? after.filter((o) => !byHand(o)) : after);
    }
    return placed;
  }

  /**
   * The members of one side of an edge (one unit's objects, or part of them) whose wave is set by
   * hand, in the unit's `phase`, each with the wave Argo CD reads from it: they run there, not at
   * their unit's wave, so the waves are planned around them there (`wave-assignment.ts`).
   */
  public wavesSetByHand(objects: readonly ApiObject[], phase: UnitPhase): Array<[ApiObject, number]> {
    if (this.placedByUnit(objects, phase) === objects) return []; // none set by hand (most lists)
    const out: Array<[ApiObject, number]> = [];
    for (const o of objects) {
      if (this.view.handSetWave(o) === undefined) continue;
      const hand = this.view.handAnnotations(o);
      if (inPhase(hand, phase)) out.push([o, readWaveIn(hand).wave]);
    }
    return out;
  }

  /** `gapKey` of one object on a side of an edge: two objects of one key decide alike (`hubs.ts`). */
  public keyOf(o: ApiObject, side: 'before' | 'after'): string {
    return gapKey(this.refOf(o, side === 'before'), side);
  }

  /**
   * What kind order and health checks need to know about one object. `first`: it comes first in an
   * edge, where whether it waits matters, so a Service carries its rendered spec (its type decides).
   */
  public refOf(o: ApiObject, first: boolean): KindRef {
    const known = (first ? this.rendered : this.plain).get(o);
    if (known) return known;
    let k = this.plain.get(o);
    if (!k) this.plain.set(o, k = { group: groupOf(o.apiVersion), kind: o.kind });
    if (!first) return k;
    if (waitsOnHealthNeedsObject(k)) {
      const object = this.view.fresh(o);
      if (typeof object === 'object' && object !== null) k = { ...k, manifest: { object: object as Record<string, unknown> } };
    }
    this.rendered.set(o, k);
    return k;
  }

  private refsOf(objects: readonly ApiObject[], first: boolean): KindRef[] {
    const memo = this.lists.get(first)!;
    let list = memo.get(objects);
    if (!list) memo.set(objects, list = objects.map((o) => this.refOf(o, first)));
    return list;
  }
}

/**
 * True when a member's annotations set by hand leave it a task in its unit's `phase`: with no hook
 * annotation set by hand it is where its unit puts it (a tier outside the Sync phase writes its
 * members' hook annotations itself).
 */
function inPhase(hand: Readonly<Record<string, string>>, phase: UnitPhase): boolean {
  const hook = readHookIn(hand);
  return (!hook.hasArgoHook && !hook.hasHelmHook) || (hook.phases as readonly string[]).includes(phase);
}
