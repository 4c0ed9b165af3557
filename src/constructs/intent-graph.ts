/**
 * The intent graph: ordering edges per pair of units (what waves are computed from, one edge for
 * two tiers of thousands) with the objects each really joins (what the gap is decided on, object by
 * object), and per group of objects (what the synth-time proof checks); and what edges are read from.
 */
import { ApiObject, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { GapJudge } from './gaps';
import type { Hubs } from './hubs';
import { ResolvedUnit, UnitSource, UnitTable } from './units';

/**
 * An ordering edge between two groups of rendered objects (a tier and the tier it waits for, a
 * dependency between two constructs), with the intent it came from: every object of `before` is
 * done before any object of `after` starts. Proven per group (see `read-back.ts`).
 */
export interface ObjectEdge {
  readonly before: readonly ApiObject[];
  readonly after: readonly ApiObject[];
  readonly why: string;
}

/** The objects an edge between two units joins: its gap is decided on these, not on the whole units. */
export interface JoinedObjects {
  readonly before: readonly ApiObject[];
  readonly after: readonly ApiObject[];
}

/** A unit edge as stated, before gaps: `separate` when the user asked for a wave of its own. */
export interface IntentEdge {
  readonly before: string;
  readonly after: string;
  separate: boolean;
  /** What it joins; empty when either unit holds no objects (the edge then passes through). */
  readonly joins: JoinedObjects[];
  /** The units with no objects it passes through, when it was drawn through them (`wave-assignment.ts`). */
  readonly through?: readonly string[];
  /** Why it exists when the user did not write it (`OrderEdge.why`): the first reason given. */
  why?: string;
}

/** An order between objects of one unit: `join.after` after `join.before`, in the unit's one wave. */
export interface InnerOrder {
  readonly unit: ResolvedUnit;
  readonly join: JoinedObjects;
}

export class IntentGraph {
  public readonly edges: ObjectEdge[] = [];
  public readonly unitEdges: IntentEdge[] = [];
  /** Orders between objects of one unit, which its one wave keeps by kind order (`object-order.ts`). */
  public readonly inner: InnerOrder[] = [];
  private readonly byKey = new Map<string, IntentEdge>();

  /**
   * `separate`: ids of units that asked for a wave of their own after everything they wait for.
   * `hubs`: where lone objects of a whole-chart order are joined (`hubs.ts`); without, pair by pair.
   */
  constructor(private readonly separate: ReadonlySet<string>, public readonly hubs?: Hubs) {}

  /** `before` comes before `after`, for these objects of theirs; `why` when the user did not write it. */
  public addUnitEdge(before: ResolvedUnit, after: ResolvedUnit, joins?: JoinedObjects, why?: string): void {
    const key = `${before.unit.id}\u0000${after.unit.id}`;
    let e = this.byKey.get(key);
    if (!e) {
      e = { before: before.unit.id, after: after.unit.id, separate: this.separate.has(after.unit.id), joins: [] };
      this.byKey.set(key, e);
      this.unitEdges.push(e);
    }
    if (joins && joins.before.length > 0 && joins.after.length > 0) e.joins.push(joins);
    e.why ??= why;
  }
}

/** What intent edges are read from. */
export interface IntentSources {
  readonly chart: Chart;
  /** The charts planned as one (see `ChartView.group`). */
  readonly group: ReadonlySet<Chart>;
  readonly sources: readonly UnitSource[];
  readonly units: UnitTable;
  readonly gaps: GapJudge;
  /** The objects of the chart a construct stands for: a unit's objects, else its subtree's. */
  objectsOf(c: IConstruct): readonly ApiObject[];
  /** Objects of the chart under a construct (its subtree). */
  under(c: IConstruct): ApiObject[];
  /** Skip the planner's own construct. */
  isPlanner(c: IConstruct): boolean;
}
