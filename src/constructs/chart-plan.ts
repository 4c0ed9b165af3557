/**
 * One chart's plan, computed from its construct tree in four steps, each in its own file: units
 * (`units.ts`), intent edges from `after` and `node.addDependency` (`intent.ts`; whole charts in
 * `chart-orders.ts`, each order drawn by `object-order.ts`), Namespaces and CRDs before their users
 * (`infra.ts`), and waves (`wave-assignment.ts`, gaps by `gaps.ts`).
 *
 * Scale: ordering edges join units (two tiers of thousands of objects make one edge), so planning
 * stays linear in objects plus unit edges; lone objects ordered many after many (a chart after a
 * chart) are joined through hubs (`hubs.ts`), not pair by pair.
 */
import { ApiObject } from 'cdk8s';
import { IConstruct } from 'constructs';
import { objectsUnder } from './cdk8s-internals';
import { GapJudge } from './gaps';
import { Hubs } from './hubs';
import { infraEdges } from './infra';
import { afterEdges, CrossChart, dependencyEdges } from './intent';
import { IntentGraph, ObjectEdge } from './intent-graph';
import type { TreeScan } from './tree-scan';
import { ChartView, ResolvedUnit, UnitSource, UnitTable } from './units';
import { assignWaves } from './wave-assignment';
import { OrderEdge, OrderingError } from '../plan';

export interface PlannerResult {
  /** The chart's objects, in construct-tree order. */
  readonly objects: readonly ApiObject[];
  readonly units: readonly ResolvedUnit[];
  readonly unitOf: ReadonlyMap<ApiObject, ResolvedUnit>;
  /** The unit of each tier or hook construct. */
  readonly byConstruct: ReadonlyMap<IConstruct, ResolvedUnit>;
  /** Annotation value the library writes, per object. */
  readonly waveOf: ReadonlyMap<ApiObject, string>;
  readonly edges: readonly ObjectEdge[];
  /** The unit edges the waves were computed from (empty tiers contracted), each with its gap. */
  readonly unitEdges: readonly OrderEdge[];
  /** `syncplan.cdk8s.io/depends-on` the library writes, per object. */
  readonly dependsOn: ReadonlyMap<ApiObject, string>;
  /** Other charts the charts' objects depend on (`node.addDependency`, `after`), which waves cannot order, each with the first such dependency. */
  readonly crossChart: ReadonlyMap<string, CrossChart>;
  /**
   * Present when lone objects were joined through hubs (`hubs.ts`): the same plan drawn pair by
   * pair, whose proof words a broken order pair by pair (asked only when a check fails).
   */
  readonly pairwise?: () => PlannerResult;
  /**
   * The orders a Namespace Argo CD hoists cannot keep (`splitHoisted` leaves them out of `edges`): each
   * with the hoisted Namespaces after and the objects before them that do not live in them, which
   * the synth warns about where Argo CD's placement breaks them (`hoistedWarnings`).
   */
  readonly hoistedAfter?: readonly ObjectEdge[];
}

/**
 * The objects a construct stands for in an ordering: a tier's or hook's objects, else every object
 * of the charts planned in its subtree (what cdk8s's `addDependency` means by it).
 */
export function objectsStoodFor(c: IConstruct, byConstruct: ReadonlyMap<IConstruct, ResolvedUnit>,
  under: (c: IConstruct) => readonly ApiObject[]): readonly ApiObject[] {
  return byConstruct.get(c)?.objects ?? under(c);
}

/**
 * Plans a chart (or the charts of one ArgoApplication, as one); throws an OrderingError for impossible
 * intent. `hubs`: join the lone objects of whole-chart orders through hubs (`hubs.ts`); the intent
 * that fails is planned again pair by pair, which words the error as the user's units.
 */
export function planChart(view: ChartView, sources: readonly UnitSource[], tree: TreeScan,
  isPlanner: (c: IConstruct) => boolean, hubs = true): PlannerResult {
  if (hubs) {
    try {
      return plan(view, sources, tree, isPlanner, true);
    } catch (e) {
      if (!(e instanceof OrderingError)) throw e;
    }
  }
  return plan(view, sources, tree, isPlanner, false);
}

function plan(view: ChartView, sources: readonly UnitSource[], tree: TreeScan,
  isPlanner: (c: IConstruct) => boolean, withHubs: boolean): PlannerResult {
  const { chart, group } = view;
  // The objects of charts nested in the planned ones are planned apart, with their own chart.
  const all: ApiObject[] = [];
  const foreign: ApiObject[] = [];
  for (const x of tree.objects) (group.has(x.chart) ? all : foreign).push(x);
  const under = (c: IConstruct): ApiObject[] => {
    if (c === chart && group.size === 1) return all;
    return objectsUnder(c, group, []);
  };
  const units = new UnitTable(view);
  units.declare(sources, all, under, foreign);
  // A unit that asked for a wave of its own gets one after everything it waits for, however stated.
  const gaps = new GapJudge(view, units.hoisted);
  const hubs = withHubs ? new Hubs(gaps) : undefined;
  const graph = new IntentGraph(new Set(sources.filter((s) => s.separateWave).map((s) => s.construct.node.path)), hubs);
  const src = {
    chart,
    group,
    sources,
    units,
    under,
    gaps,
    isPlanner,
    objectsOf: (c: IConstruct) => objectsStoodFor(c, units.byConstruct, under),
  };
  const crossChart = new Map<string, CrossChart>();
  afterEdges(src, graph, crossChart);
  dependencyEdges(src, graph, tree.dependents, crossChart);
  infraEdges(all, view, units, graph);
  const joined = hubs && hubs.hubs.length > 0 ? hubs : undefined;
  const { waveOf, unitEdges, dependsOn, throughEmpty } = assignWaves(units.resolved, graph.unitEdges, gaps, joined, graph.inner);
  const edges = throughEmpty.length > 0 ? [...graph.edges, ...throughEmpty] : graph.edges;
  const { provable, against: hoistedAfter } = splitHoisted(edges, units.hoisted);
  return {
    ...(joined ? { pairwise: () => plan(view, sources, tree, isPlanner, false) } : {}),
    objects: all,
    units: units.resolved,
    unitOf: units.unitOf,
    byConstruct: units.byConstruct,
    waveOf,
    dependsOn,
    edges: provable,
    ...(hoistedAfter.length > 0 ? { hoistedAfter } : {}),
    unitEdges,
    crossChart,
  };
}


/**
 * The edges the read-back proves, and the orders a Namespace Argo CD hoists (`UnitTable.hoisted`)
 * cannot keep, in one pass. Such a Namespace runs before its unit's place whatever the intent says,
 * so it is proven before what lives in it, not after its tier's predecessors (being there early is
 * all a Namespace can do); what it is after that does not live in it is kept apart for a warning
 * (an order before its own residents is no intent anyone can mean: they need it first).
 */
function splitHoisted(edges: ObjectEdge[], hoisted: ReadonlyMap<ApiObject, ReadonlySet<ApiObject>>):
{ provable: ObjectEdge[]; against: ObjectEdge[] } {
  if (hoisted.size === 0) return { provable: edges, against: [] };
  const provable: ObjectEdge[] = [];
  const against: ObjectEdge[] = [];
  for (const e of edges) {
    if (!e.after.some((o) => hoisted.has(o))) {
      provable.push(e);
      continue;
    }
    const kept: ApiObject[] = [];
    for (const o of e.after) {
      const residents = hoisted.get(o);
      if (residents === undefined) {
        kept.push(o);
        continue;
      }
      const before = e.before.filter((b) => !residents.has(b));
      if (before.length > 0) against.push({ before, after: [o], why: e.why });
    }
    if (kept.length > 0) provable.push({ ...e, after: kept });
  }
  return { provable, against };
}
