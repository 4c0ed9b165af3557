/**
 * Ordering intent: edges from `after` (tiers and hooks) and from cdk8s's `node.addDependency`, each
 * kept twice: per pair of units (what waves are computed from, one edge for two tiers of thousands)
 * with the objects it really joins (what the gap is decided on, object by object), and per group of
 * objects (what the synth-time proof checks).
 */
import { ApiObject, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { dependenciesOf, resolvedFrom, resolvedFromOwnChart } from './cdk8s-internals';
import { GapJudge } from './gaps';
import { HUB_POLICY, Hubs, only } from './hubs';
import { chartOf, ResolvedUnit, UnitSource, UnitTable } from './units';
import { runsPods } from '../argo/same-wave';
import { OrderingError } from '../plan';

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
}

export class IntentGraph {
  public readonly edges: ObjectEdge[] = [];
  public readonly unitEdges: IntentEdge[] = [];
  private readonly byKey = new Map<string, IntentEdge>();

  /**
   * `separate`: ids of units that asked for a wave of their own after everything they wait for.
   * `hubs`: where lone objects of a whole-chart order are joined (`hubs.ts`); without, pair by pair.
   */
  constructor(private readonly separate: ReadonlySet<string>, public readonly hubs?: Hubs) {}

  /** `before` comes before `after`, for these objects of theirs. */
  public addUnitEdge(before: ResolvedUnit, after: ResolvedUnit, joins?: JoinedObjects): void {
    const key = `${before.unit.id}\u0000${after.unit.id}`;
    let e = this.byKey.get(key);
    if (!e) {
      e = { before: before.unit.id, after: after.unit.id, separate: this.separate.has(after.unit.id), joins: [] };
      this.byKey.set(key, e);
      this.unitEdges.push(e);
    }
    if (joins && joins.before.length > 0 && joins.after.length > 0) e.joins.push(joins);
  }
}

/** A dependency of one planned chart's objects on another chart's, which waves cannot order. */
export interface CrossChart {
  readonly from: Chart;
  readonly to: Chart;
  /** The first such dependency seen, for messages. */
  readonly first: string;
  /** How it was said: `node.addDependency`, or `after` (a tier or hook after a unit of the other chart). */
  readonly via: 'node.addDependency' | 'after';
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

/**
 * `after` between units (or any construct holding objects): one edge per pair of units. An `after`
 * on a unit of a chart planned apart is recorded in `crossChart`, as a `node.addDependency` on it
 * is: waves cannot order it, ArgoApplications of one parent can (`synth-validation.ts` decides).
 */
export function afterEdges(src: IntentSources, graph: IntentGraph, crossChart: Map<string, CrossChart>): void {
  const { units, chart } = src;
  for (const s of src.sources) {
    const me = units.byConstruct.get(s.construct)!;
    for (const a of s.after()) {
      const target = units.byConstruct.get(a);
      if (target) {
        if (target === me) throw new OrderingError(`${me.unit.label} is ordered after itself; remove it from \`after\``);
        graph.addUnitEdge(target, me, { before: target.objects, after: me.objects });
        graph.edges.push({ before: target.objects, after: me.objects, why: `${me.unit.label} is after ${target.unit.label}` });
        continue;
      }
      const objs = src.under(a);
      if (objs.length === 0) {
        const other = unrelatedChartOf(a, src.group);
        const mine = chartOf(s.construct);
        if (other && mine) {
          addCrossChart(crossChart, { from: mine, to: other, first: `${me.unit.label} is after ${a.node.path}`, via: 'after' });
          continue;
        }
        throw new OrderingError(`${me.unit.label} is after ${a.node.path}, which holds no Kubernetes objects in chart ${chart.node.path}; `
          + 'add objects to it or remove it from `after`');
      }
      for (const b of objs) graph.addUnitEdge(src.units.standalone(b, true), me, { before: [b], after: me.objects });
      graph.edges.push({ before: objs, after: me.objects, why: `${me.unit.label} is after ${a.node.path}` });
    }
  }
}

/**
 * cdk8s dependencies: `a.node.addDependency(b)` means b's objects (its subtree, as cdk8s means it)
 * come first; on a tier or hook it means the whole unit. Edges go per pair of units on the two
 * sides, each with the objects it joins. Inside one unit, the dependency holds only where one wave
 * honours it by kind order; elsewhere it fails, naming where it came from and how to split.
 * Returns the other charts the charts' objects depend on (waves cannot order them), each with the
 * first dependency seen.
 */
export function dependencyEdges(src: IntentSources, graph: IntentGraph, dependents: readonly IConstruct[],
  crossChart: Map<string, CrossChart>): void {
  const { units, group } = src;
  const pairs = chartPairs(group, dependenciesOf);
  const lifted: Lifted = new Map();
  // `dependents`: the constructs of the charts' trees that have dependencies, in tree order.
  for (const c of dependents) {
    if (c instanceof Chart || src.isPlanner(c)) continue;
    const deps = dependenciesOf(c);
    if (deps.length === 0) continue;
    for (const d of deps) {
      const other = unrelatedChartOf(d, group);
      if (other) {
        // cdk8s's copy of a chart's own dependency (`chart.toJson()` and `Testing.synth` render
        // before they validate): named below as written, not by a pair of objects cdk8s made of it.
        if (recordedAsChartPair(c, d, pairs)) continue;
        // Waves order objects inside one Application; say so instead of dropping it silently.
        const mine = chartOf(c);
        if (mine && group.has(mine)) addCrossChart(crossChart, { from: mine, to: other, first: `${c.node.path} depends on ${d.node.path}`, via: 'node.addDependency' });
        continue;
      }
      const source = implicitSource(c, d);
      lift(lifted, group, chartOf(c), chartOf(d), `${c.node.path} depends on ${d.node.path}`);
      if (copiedFromCharts(c, d, group, units)) continue;
      // cdk8s's copy of the chart's own dependency on a construct of it: ordered as written, below.
      if (resolvedFromOwnChart(c, d, dependenciesOf)) continue;
      const uc = units.byConstruct.get(c);
      const ud = units.byConstruct.get(d);
      if (uc && ud) graph.addUnitEdge(ud, uc, { before: ud.objects, after: uc.objects });
      const afterObjs = src.objectsOf(c);
      // A chart stands for its own objects, as cdk8s means it (not those of charts nested in it).
      const beforeObjs = Chart.isChart(d) ? src.objectsOf(d).filter((o) => o.chart === d) : src.objectsOf(d);
      if (afterObjs.length === 0 || beforeObjs.length === 0) continue;
      if (judgedWithItsGroup(c, d, dependenciesOf, units.byConstruct)) continue;
      orderObjects(src, graph, afterObjs, beforeObjs, { why: `${c.node.path} depends on ${d.node.path} (${source ?? 'node.addDependency'})`, dependency: d, implicit: source !== undefined });
    }
  }
  chartEdges(src, graph, lifted);
  // A chart's own dependency (`chart.addDependency`), as written: cdk8s copies it onto every pair of
  // the two charts' objects only when it renders, after the first validation of `App.synth`, so it
  // is named as written, not by the first pair of objects cdk8s made of it.
  for (const [chart, others] of pairs) {
    for (const [other, d] of others) {
      addCrossChart(crossChart, { from: chart, to: other, first: `chart ${chart.node.path} depends on ${Chart.isChart(d) ? 'chart ' : ''}${d.node.path}`, via: 'node.addDependency' });
    }
  }
}

/**
 * True when object `x`'s dependency on object `t` is what an order between their whole charts makes
 * of every pair of their objects, and the plan orders those charts already (`chartEdges`): x's chart
 * depends on t's (cdk8s adds that when it renders, for a dependency between constructs of the two
 * or for t's chart nested right in x's), and both are planned as one. Seen only once cdk8s has
 * rendered (`Testing.synth`, `chart.toJson()` before `App.synth`): N² copies, each read pair by pair
 * (and each asked whether it came from a dependency between constructs: N³) for nothing.
 */
function copiedFromCharts(x: IConstruct, t: IConstruct, group: ReadonlySet<Chart>, units: UnitTable): boolean {
  if (!ApiObject.isApiObject(x) || !ApiObject.isApiObject(t)) return false;
  const [from, to] = [x.chart, t.chart];
  if (from === to || !group.has(from) || !group.has(to) || !dependenciesOf(from).includes(to)) return false;
  if (!liftsBetween(group, from, to) && to.node.scope !== from) return false;
  // A member of a tier or hook is judged as written: its unit's gap is decided on the objects each
  // dependency joins, and one object of the tier may need a wave the whole tier does not (a
  // ConfigMap after a claim, beside the Pods that mount it); the copies cannot be told from it.
  return units.unitOf.get(x)?.source === undefined;
}

/** Per chart, the other charts planned with it that cdk8s makes it depend on, each with the first dependency that does. */
type Lifted = Map<Chart, Map<Chart, string>>;

/**
 * Records that cdk8s makes chart `from` depend on chart `to`: when a construct of one chart depends
 * on a construct of another (or on the chart), `resolveDependencies` makes the first chart depend
 * on the second, and then every object of the one on every object of the other, when it renders.
 * Only between charts planned as one, and not nested in each other (a chart after the charts right
 * in it is `chartEdges`' own rule; the other way round is a cycle cdk8s refuses).
 */
function lift(lifted: Lifted, group: ReadonlySet<Chart>, from: Chart | undefined, to: Chart | undefined, why: string): void {
  if (!from || !to || !liftsBetween(group, from, to)) return;
  let tos = lifted.get(from);
  if (!tos) lifted.set(from, tos = new Map());
  if (!tos.has(to)) tos.set(to, why);
}

/** True when the plan orders chart `from` after chart `to` for a dependency between them (`lift`): two charts planned as one, neither nested in the other. */
export function liftsBetween(group: ReadonlySet<Chart>, from: Chart, to: Chart): boolean {
  if (from === to || !group.has(from) || !group.has(to)) return false;
  return !from.node.scopes.includes(to) && !to.node.scopes.includes(from);
}

/**
 * The orders cdk8s makes between whole charts planned as one, read at the first validation (cdk8s
 * copies them onto the objects only when it renders, between the two validations of `App.synth`,
 * and `Testing.synth` before its only one): a chart after the charts right in it, a chart's own
 * dependency on a construct of it (every other object after the construct's), and a chart after
 * each other chart its constructs depend on (`lifted`).
 */
function chartEdges(src: IntentSources, graph: IntentGraph, lifted: Lifted): void {
  const { group } = src;
  const own = (chart: Chart) => src.under(chart).filter((o) => o.chart === chart);
  for (const chart of group) {
    for (const nested of nestedChartsIn(chart)) {
      if (!group.has(nested)) continue; // synced apart: its own Application's order, not waves
      const beforeObjs = own(nested);
      const afterObjs = own(chart);
      if (beforeObjs.length === 0 || afterObjs.length === 0) continue;
      orderObjects(src, graph, afterObjs, beforeObjs, { why: `chart ${chart.node.path} holds chart ${nested.node.path} (cdk8s orders a chart after the charts in it)`, dependency: nested, implicit: true });
    }
    for (const d of dependenciesOf(chart)) {
      const target = chartOf(d);
      if (target !== chart) {
        lift(lifted, group, chart, target, `chart ${chart.node.path} depends on ${Chart.isChart(d) ? 'chart ' : ''}${d.node.path}`);
        continue;
      }
      if (Chart.isChart(d)) continue;
      refuseSelfCycle(chart, d, src.under);
      // As cdk8s means it (and copies it when it renders): every other object of the chart after the construct's.
      const beforeObjs = src.objectsOf(d);
      if (beforeObjs.length === 0) continue;
      orderObjects(src, graph, own(chart), beforeObjs, { why: `chart ${chart.node.path} depends on ${d.node.path} (node.addDependency)`, dependency: d, implicit: false });
    }
  }
  for (const [from, tos] of lifted) {
    for (const [to, why] of tos) {
      const beforeObjs = own(to);
      const afterObjs = own(from);
      if (beforeObjs.length === 0 || afterObjs.length === 0) continue;
      orderObjects(src, graph, afterObjs, beforeObjs, {
        why: `${why}, which makes cdk8s order every object of chart ${from.node.path} after every object of chart ${to.node.path}`, dependency: to, implicit: true,
      });
    }
  }
}

/** The charts right in `chart` (its children), which cdk8s makes it depend on. */
function nestedChartsIn(chart: Chart): Chart[] {
  return chart.node.children.filter((c): c is Chart => Chart.isChart(c));
}

/** How a dependency was written, for the edges and the refusal of one that one wave cannot honour. */
interface Said {
  readonly why: string;
  /** What was depended on, the construct to move into a tier of its own. */
  readonly dependency: IConstruct;
  /** Made by a library (cdk8s-plus), not by the user: dropping it is no fix. */
  readonly implicit: boolean;
}

/**
 * `afterObjs` after `beforeObjs`, one edge per pair of units on the two sides, each with the objects it
 * joins. Inside one unit it holds only where one wave honours it by kind order; elsewhere it fails,
 * saying how to split.
 */
function orderObjects(src: IntentSources, graph: IntentGraph, afterObjs: readonly ApiObject[], beforeObjs: readonly ApiObject[], said: Said): void {
  const befores = groupByUnit(beforeObjs, src.units);
  const afters = groupByUnit(afterObjs, src.units);
  const viaHubs = joinLoneThroughHubs(src, graph, befores, afters, said);
  // The pairs the hubs join need no edge of their own: not even a look, there are N² of them.
  const rest = viaHubs ? [...befores].filter(([ub]) => !viaHubs.has(ub)) : undefined;
  for (const [ua, xs] of afters) {
    for (const [ub, bs] of (rest && viaHubs!.has(ua) ? rest : befores)) {
      if (ua === ub) {
        const inner = withinUnit(bs, xs);
        if (!inner) continue;
        const decision = src.gaps.decide(inner.before, inner.after);
        if (decision.gap !== 0) {
          throw new OrderingError(`${said.why}, but both are in ${ua.unit.label} `
            + `and one wave cannot honour it (${decision.why}); split the tier: move ${said.dependency.node.path} into a tier of its own `
            + `and give ${ua.unit.label} \`after\` that tier${said.implicit ? '' : ', or drop the dependency'}`);
        }
        graph.edges.push({ before: inner.before, after: inner.after, why: said.why });
        continue;
      }
      graph.addUnitEdge(ub, ua, { before: bs, after: xs });
      graph.edges.push({ before: bs, after: xs, why: said.why });
    }
  }
}

/**
 * The lone units of the two sides joined through hubs (`hubs.ts`), when the graph has hubs and the
 * pairs are many: returns the units so joined (their pairs need no edge of their own), else
 * undefined. Left pair by pair: tiers and hooks (their gap is judged on the whole group), SyncFail
 * hooks (nothing waits for them, and they wait for nothing in waves), and an object on both sides.
 * Proven as two group edges, split by whether the later objects run Pods (what a claim before them
 * waits on), as each pair would be.
 */
function joinLoneThroughHubs(src: IntentSources, graph: IntentGraph, befores: ReadonlyMap<ResolvedUnit, ApiObject[]>,
  afters: ReadonlyMap<ResolvedUnit, ApiObject[]>, said: Said): ReadonlySet<ResolvedUnit> | undefined {
  if (!graph.hubs) return undefined;
  const lone = (u: ResolvedUnit, other: ReadonlyMap<ResolvedUnit, ApiObject[]>) =>
    u.source === undefined && u.objects.length === 1 && u.unit.phase !== 'SyncFail' && !other.has(u);
  const before = [...befores.keys()].filter((u) => lone(u, afters));
  const after = [...afters.keys()].filter((u) => lone(u, befores));
  if (before.length === 0 || after.length === 0 || before.length * after.length < HUB_POLICY.minPairs) return undefined;
  graph.hubs.join(before, after);
  const bs = before.map(only);
  const pods = after.map(only).filter((x) => runsPods(src.gaps.refOf(x, false)));
  const others = after.map(only).filter((x) => !runsPods(src.gaps.refOf(x, false)));
  if (pods.length > 0) graph.edges.push({ before: bs, after: pods, why: said.why });
  if (others.length > 0) graph.edges.push({ before: bs, after: others, why: said.why });
  return new Set([...before, ...after]);
}

/**
 * A chart depending on a construct of its own that holds two objects or more: cdk8s makes every
 * other object of the chart depend on each of them, so each of them on the others, a cycle it
 * refuses when it renders with only the paths of the cycle to say so. Refused at the first
 * validation instead, naming the dependency as written and the fix.
 */
function refuseSelfCycle(chart: Chart, d: IConstruct, under: (c: IConstruct) => readonly ApiObject[]): void {
  if (Chart.isChart(d) || chartOf(d) !== chart) return;
  const held = under(d).filter((o) => o.chart === chart);
  if (held.length < 2) return;
  throw new OrderingError(`chart ${chart.node.path} depends on ${d.node.path}, which holds ${held.length} of its objects (${held.slice(0, 2).map((o) => o.node.path).join(', ')}`
    + `${held.length > 2 ? ', ...' : ''}): cdk8s makes every other object of the chart depend on each of them, so each of them on the others, a cycle; `
    + `make the constructs that need ${d.node.path} depend on it (node.addDependency), or put it in a Tier the others come \`after\``);
}

/**
 * Each chart of `group` that itself depends (`dependencies`) on a chart unrelated to the group, or
 * on a construct of one: those charts, each with the first such dependency on it.
 */
export function chartPairs(group: ReadonlySet<Chart>,
  dependencies: (c: Chart) => Iterable<IConstruct> | undefined): Map<Chart, Map<Chart, IConstruct>> {
  const pairs = new Map<Chart, Map<Chart, IConstruct>>();
  for (const chart of group) {
    for (const d of dependencies(chart) ?? []) {
      const other = unrelatedChartOf(d, group);
      if (other === undefined) continue;
      let mine = pairs.get(chart);
      if (mine === undefined) pairs.set(chart, mine = new Map());
      if (!mine.has(other)) mine.set(other, d);
    }
  }
  return pairs;
}

/**
 * True when object `x`'s dependency on object `t` changes nothing the plan reads: x's chart itself
 * depends on t's chart or a construct of it, t's chart unrelated to the charts planned as one
 * (`pairs`, from `chartPairs` as the scan saw them), so the plan reads the dependency only as one
 * between the two charts, which it records from the chart's own already (`dependencyEdges`). What
 * cdk8s makes of such a chart dependency when it renders: every object of the one chart on every
 * object of the other (the whole chart, even for a dependency on one construct of it). The
 * validation memo asks it (`tree-scan.ts`).
 */
export function recordedAsChartPair(x: IConstruct, t: IConstruct, pairs: ReadonlyMap<Chart, ReadonlyMap<Chart, IConstruct>>): boolean {
  return ApiObject.isApiObject(x) && ApiObject.isApiObject(t) && pairs.get(x.chart)?.has(t.chart) === true;
}

/**
 * True when `x`'s dependency on `t` is only cdk8s's per-object copy (`resolvedFrom`) of a dependency
 * between constructs that are not units (`units`): that dependency orders these objects already,
 * judged as one group, as stated. Judged apart, a Service beside a Deployment would wait for a claim
 * only the Deployment's Pods bind. The validation memo asks the same (`tree-scan.ts`).
 */
export function judgedWithItsGroup(x: IConstruct, t: IConstruct, dependencies: (c: IConstruct) => Iterable<IConstruct> | undefined,
  units: { has(c: IConstruct): boolean }): boolean {
  return resolvedFrom(x, t, dependencies, (c, e) => !units.has(c) && !units.has(e));
}

/** The first dependency seen of each pair of charts. */
function addCrossChart(crossChart: Map<string, CrossChart>, x: CrossChart): void {
  const key = `${x.from.node.path}\u0000${x.to.node.path}`;
  if (!crossChart.has(key)) crossChart.set(key, x);
}

/** Each side grouped by unit (lone objects become units of their own), in first-seen order. */
function groupByUnit(objs: readonly ApiObject[], units: UnitTable): Map<ResolvedUnit, ApiObject[]> {
  const out = new Map<ResolvedUnit, ApiObject[]>();
  for (const o of objs) {
    const u = units.standalone(o, true);
    const list = out.get(u);
    if (list) list.push(o);
    else out.set(u, [o]);
  }
  return out;
}

/** The two sides of a dependency inside one unit, without the objects on both (a construct and its child). */
function withinUnit(bs: readonly ApiObject[], xs: readonly ApiObject[]): JoinedObjects | undefined {
  const inBefore = new Set(bs);
  const after = xs.filter((x) => !inBefore.has(x));
  const inAfter = new Set(after);
  const before = bs.filter((b) => !inAfter.has(b));
  return before.length > 0 && after.length > 0 ? { before, after } : undefined;
}

/** Where a dependency the user did not write came from, for messages. */
function implicitSource(c: IConstruct, d: IConstruct): string | undefined {
  // cdk8s-plus's StatefulSet makes its ApiObject depend on its (headless) Service. Recognised by
  // shape, not by class, so it holds for every cdk8s-plus line and none is loaded.
  const owner = c.node.scope as { service?: unknown } | undefined;
  if (c.node.id === 'Resource' && ApiObject.isApiObject(c) && c.kind === 'StatefulSet' && owner?.service === d) return 'cdk8s-plus StatefulSet depends on its service';
  return undefined;
}

/**
 * The chart of `d` when it is none of the charts planned as one nor nested with one (cdk8s itself
 * makes a parent chart depend on its nested charts): a dependency waves cannot express.
 */
function unrelatedChartOf(d: IConstruct, group: ReadonlySet<Chart>): Chart | undefined {
  const other = chartOf(d);
  if (!other || group.has(other)) return undefined;
  const nested = (inner: Chart, outer: Chart) => inner.node.scopes.includes(outer);
  for (const chart of group) if (nested(other, chart) || nested(chart, other)) return undefined;
  return other;
}
