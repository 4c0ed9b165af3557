/**
 * Ordering intent read from the trees: edges from `after` (tiers and hooks) and from cdk8s's
 * `node.addDependency`, into the intent graph (`intent-graph.ts`), with the orders cdk8s makes
 * between whole charts (`chart-orders.ts`); and the dependencies no wave can honour, on charts
 * synced apart (`crossChart`).
 */
import { ApiObject, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { dependenciesOf, resolvedFrom, resolvedFromOwnChart } from './cdk8s-internals';
import { chartEdges, copiedFromCharts, lift, Lifted } from './chart-orders';
import { IntentGraph, IntentSources } from './intent-graph';
import { orderObjects } from './object-order';
import { chartOf, isWithin } from './units';
import { OrderingError } from '../plan';

/** A dependency of one planned chart's objects on another chart's, which waves cannot order. */
export interface CrossChart {
  readonly from: Chart;
  readonly to: Chart;
  /** The first such dependency seen, for messages. */
  readonly first: string;
  /** How it was said: `node.addDependency`, or `after` (a tier or hook after a unit of the other chart). */
  readonly via: 'node.addDependency' | 'after';
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
  for (const chart of group) if (isWithin(other, chart) || isWithin(chart, other)) return undefined;
  return other;
}
