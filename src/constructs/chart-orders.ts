/**
 * The orders cdk8s makes between whole charts planned as one (one Application): a chart after the
 * charts right in it, after a construct of its own it depends on, and after each other chart its
 * constructs depend on, which cdk8s copies onto every pair of their objects when it renders.
 */
import { ApiObject, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { dependenciesOf } from './cdk8s-internals';
import { IntentGraph, IntentSources } from './intent-graph';
import { orderObjects } from './object-order';
import { chartOf, isWithin, UnitTable } from './units';
import { OrderingError } from '../plan';

/**
 * True when object `x`'s dependency on object `t` is what an order between their whole charts makes
 * of every pair of their objects, and the plan orders those charts already (`chartEdges`): x's chart
 * depends on t's (cdk8s adds that when it renders, for a dependency between constructs of the two
 * or for t's chart nested right in x's), and both are planned as one. Seen only once cdk8s has
 * rendered (`Testing.synth`, `chart.toJson()` before `App.synth`): N² copies, each read pair by pair
 * (and each asked whether it came from a dependency between constructs: N³) for nothing.
 */
export function copiedFromCharts(x: IConstruct, t: IConstruct, group: ReadonlySet<Chart>, units: UnitTable): boolean {
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
export type Lifted = Map<Chart, Map<Chart, string>>;

/**
 * Records that cdk8s makes chart `from` depend on chart `to`: when a construct of one chart depends
 * on a construct of another (or on the chart), `resolveDependencies` makes the first chart depend
 * on the second, and then every object of the one on every object of the other, when it renders.
 * Only between charts planned as one, and not nested in each other (a chart after the charts right
 * in it is `chartEdges`' own rule; the other way round is a cycle cdk8s refuses).
 */
export function lift(lifted: Lifted, group: ReadonlySet<Chart>, from: Chart | undefined, to: Chart | undefined, why: string): void {
  if (!from || !to || !liftsBetween(group, from, to)) return;
  let tos = lifted.get(from);
  if (!tos) lifted.set(from, tos = new Map());
  if (!tos.has(to)) tos.set(to, why);
}

/** True when the plan orders chart `from` after chart `to` for a dependency between them (`lift`): two charts planned as one, neither nested in the other. */
export function liftsBetween(group: ReadonlySet<Chart>, from: Chart, to: Chart): boolean {
  if (from === to || !group.has(from) || !group.has(to)) return false;
  return !isWithin(from, to) && !isWithin(to, from);
}

/**
 * The orders cdk8s makes between whole charts planned as one, read at the first validation (cdk8s
 * copies them onto the objects only when it renders, between the two validations of `App.synth`,
 * and `Testing.synth` before its only one): a chart after the charts right in it, a chart's own
 * dependency on a construct of it (every other object after the construct's), and a chart after
 * each other chart its constructs depend on (`lifted`).
 */
export function chartEdges(src: IntentSources, graph: IntentGraph, lifted: Lifted): void {
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
