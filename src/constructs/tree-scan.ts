/**
 * What a validation reads of the charts' construct trees, in one walk: every construct in tree
 * order, the ApiObjects and the constructs with dependencies (`node.addDependency`) among them, and
 * the fingerprint of what can change without the planner being told (how many dependencies, each
 * object's JSON patch count, annotations and labels). Planning reads the objects and the dependents
 * from it; the validation memo asks a later walk whether it `matches`.
 *
 * What it buys: the trees are large and scattered in memory (the synth bench's 2,000-service chart
 * has 16,061 constructs), so each pass over them is paid in cache misses, and each `instanceof` is
 * a megamorphic symbol lookup. A synth walked them five times (two fingerprints, two tree lists, the
 * plan's filter) and classified every construct three times; now a validation walks them once, and
 * the memo hit (cdk8s's second validation of every synth) compares as it walks, asking no construct
 * what it is (the same construct is the same kind). Measured on that chart (wall ms, median of 6
 * runs alternated with the previous code, load 3): the memo hit 43 → 32 ms; the first validation
 * besides planning 96 → 58 ms (walk 24, print 23); the plan's dependency pass 18 → 0.3 ms.
 */
import { ApiObject, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { childrenOf, dependenciesOf, metadataMaps, patchCount, resolvedFromOwnChart } from './cdk8s-internals';
import { liftsBetween } from './chart-orders';
import { chartPairs, judgedWithItsGroup, recordedAsChartPair } from './intent';
import { chartOf } from './units';

const OTHER = 0;
const OBJECT = 1;
const CHART = 2;
const ANNOTATIONS = Symbol('annotations');
const NO_DEPENDENCIES: readonly IConstruct[] = [];
const LABELS = Symbol('labels');

export class TreeScan {
  /** The scan of the trees of `roots`, each root's tree in turn (`node.findAll()` order). */
  public static of(roots: readonly IConstruct[]): TreeScan {
    const scan = new TreeScan();
    for (const r of roots) scan.add(r);
    return scan;
  }

  /** Every construct, in tree order. */
  public readonly constructs: IConstruct[] = [];
  /** Every ApiObject, in tree order. */
  public readonly objects: ApiObject[] = [];
  /** Every construct but a chart that has a dependency, in tree order. */
  public readonly dependents: IConstruct[] = [];
  /** Each dependent's dependencies as scanned (`dependents` order). */
  private dependencyLists: (readonly IConstruct[])[] = [];
  /** Each chart's own dependencies as scanned (`chart.addDependency`; cdk8s adds more when it renders). */
  private readonly chartDependencies = new Map<IConstruct, readonly IConstruct[]>();
  /** The dependents `matches` walked past (compared only when the dependency count changed). */
  private walkedDependents: IConstruct[] = [];
  /** What each construct is (OBJECT, CHART or OTHER), by position. */
  private readonly kinds: number[] = [];
  /** How many dependencies the constructs other than charts have (the charts' own are compared apart). */
  private dependencies = 0;
  /**
   * The objects' JSON patch counts and annotations and labels as stored, in tree order, as a flat
   * list compared item by item: each value itself (a string, or a Lazy or token), no string built.
   */
  private print: unknown[] = [];
  /** Where `matches` is: the next construct, the next print item, the dependencies seen. */
  private at = 0;
  private printAt = 0;
  private seen = 0;
  /** The charts `matches` walked past whose own dependencies are not those scanned. */
  private changedCharts: Chart[] = [];

  private constructor() {}

  /**
   * Prints the objects' metadata as it is now, for `matches`: after planning, whose first look at
   * a chart writes annotations too (the declared dependency on the objects a wave was opened for).
   */
  public printMetadata(): void {
    this.print = [];
    const objects = this.objects;
    for (let i = 0; i < objects.length; i++) this.printOne(objects[i]);
  }

  /**
   * True when the trees of `roots` now hold exactly these constructs, in this order, with as many
   * dependencies (or more, only of those the plan does not read: `onlyResolvedSince`), and every
   * object's metadata prints what `printMetadata` printed; compared as walked, stopping at the
   * first difference, building nothing. `units`: the tier and hook constructs planned (without it,
   * what cdk8s makes of a dependency between constructs counts as a change).
   */
  public matches(roots: readonly IConstruct[], units?: () => ReadonlySet<IConstruct>): boolean {
    this.at = 0;
    this.printAt = 0;
    this.seen = 0;
    this.walkedDependents = [];
    this.changedCharts = [];
    for (const r of roots) if (!this.same(r)) return false;
    if (this.at !== this.constructs.length || this.printAt !== this.print.length) return false;
    if (this.changedCharts.length > 0 && !this.onlyDerivedChartDependencies()) return false;
    return this.seen === this.dependencies || this.onlyResolvedSince(roots, units?.());
  }

  /**
   * True when the charts' own dependencies added since the scan are what cdk8s's `App.synth` adds
   * between its two validations, and the plan ordered already: a chart on the charts right in it,
   * and a chart on each other chart a dependency scanned points into (of the chart itself or of a
   * construct of it). Any other (a `chart.addDependency` since) is a change: the plan reads them.
   */
  private onlyDerivedChartDependencies(): boolean {
    const joined = this.chartsJoined();
    for (const chart of this.changedCharts) {
      const had = new Set(this.chartDependencies.get(chart) ?? []);
      const now = dependenciesOf(chart);
      let kept = 0;
      for (const d of now) {
        if (had.has(d)) kept++;
        else if (!(Chart.isChart(d) && (d.node.scope === chart || joined.get(chart)?.has(d) === true))) return false;
      }
      if (kept !== had.size) return false;
    }
    // The same question is asked by each later validation of this synth: asked of the new dependencies now.
    for (const chart of this.changedCharts) this.chartDependencies.set(chart, dependenciesOf(chart));
    return true;
  }

  /**
   * True when every dependency added since the scan is one the plan does not read: what cdk8s's
   * `App.synth` adds between its two validations for a dependency the scan saw between constructs
   * that are not units (`judgedWithItsGroup`), or for a chart on the charts nested right in
   * it (their objects are the nested charts' own, which this plan does not order, or orders chart
   * after chart when it plans both), for a chart's own dependency on a chart planned apart
   * (`recordedAsChartPair`) or on a construct of its own (`resolvedFromOwnChart`), and between two
   * charts planned as one that a dependency joins (`lifted`): the plan orders these as written. Without this,
   * every chart with a `node.addDependency` on a construct holding objects was planned, proven and
   * linted twice per synth (measured: 500 Deployments, each depending on its ConfigMap, default
   * checks, 6 runs alternated with the previous code: synth CPU 930 → 650 ms, median). What cdk8s
   * makes of any other dependency of or on a chart is a change.
   */
  private onlyResolvedSince(roots: readonly IConstruct[], units: ReadonlySet<IConstruct> | undefined): boolean {
    const before = new Map<IConstruct, ReadonlySet<IConstruct>>();
    this.dependents.forEach((c, i) => before.set(c, new Set(this.dependencyLists[i])));
    const group = new Set(roots.filter((r): r is Chart => Chart.isChart(r)));
    const pairs = chartPairs(group, (c) => this.chartDependencies.get(c));
    const joined = this.chartsJoined();
    // cdk8s's copies of a dependency between two charts planned as one: ordered already, chart after
    // chart (`chart-orders.ts`, `lift`). Decided per pair of charts: asked of every copy, N² of them for two
    // charts of N objects (memo hits of two charts of 500: 51 -> 42 ms, against asking each copy).
    const liftedCharts = new Map<Chart, Map<Chart, boolean>>();
    const lifted = (x: ApiObject, d: ApiObject) => {
      let row = liftedCharts.get(x.chart);
      if (!row) liftedCharts.set(x.chart, row = new Map());
      let answer = row.get(d.chart);
      if (answer === undefined) row.set(d.chart, answer = joined.get(x.chart)?.has(d.chart) === true && liftsBetween(group, x.chart, d.chart));
      return answer;
    };
    const unread = (x: IConstruct, d: IConstruct) => (ApiObject.isApiObject(x) && ApiObject.isApiObject(d) && lifted(x, d))
      || nestedRightIn(d, x)
      || recordedAsChartPair(x, d, pairs)
      || resolvedFromOwnChart(x, d, (c) => this.chartDependencies.get(c))
      || (units !== undefined && judgedWithItsGroup(x, d, (c) => before.get(c), units));
    const now = this.walkedDependents;
    const lists: (readonly IConstruct[])[] = [];
    let still = 0;
    for (const x of now) {
      const deps = dependenciesOf(x);
      const had = before.get(x);
      if (had !== undefined) still++;
      let kept = 0;
      for (const d of deps) {
        if (had?.has(d)) kept++;
        else if (!unread(x, d)) return false;
      }
      if (kept !== (had?.size ?? 0)) return false;
      lists.push(deps);
    }
    if (still !== before.size) return false;
    // The same question is asked by each later validation of this synth: asked of the new dependencies now.
    this.dependents.splice(0, this.dependents.length, ...now);
    this.dependencyLists = lists;
    this.dependencies = this.seen;
    return true;
  }

  /**
   * Per chart, the other charts cdk8s makes it depend on for the dependencies scanned (of the chart
   * itself or of a construct of it, on another chart or a construct of one), when it renders; it
   * then makes every object of the one depend on every object of the other.
   */
  private chartsJoined(): Map<Chart, Set<Chart>> {
    const joined = new Map<Chart, Set<Chart>>();
    const join = (c: IConstruct, deps: Iterable<IConstruct>) => {
      const from = chartOf(c);
      if (!from) return;
      for (const e of deps) {
        const to = chartOf(e);
        if (!to || to === from) continue;
        let tos = joined.get(from);
        if (!tos) joined.set(from, tos = new Set());
        tos.add(to);
      }
    };
    this.dependents.forEach((c, i) => join(c, this.dependencyLists[i]));
    for (const [chart, deps] of this.chartDependencies) join(chart, deps);
    return joined;
  }

  private add(c: IConstruct): void {
    this.constructs.push(c);
    let kind = OTHER;
    if (c instanceof ApiObject) {
      kind = OBJECT;
      this.objects.push(c);
    } else if (c instanceof Chart) {
      kind = CHART;
    }
    this.kinds.push(kind);
    const deps = dependenciesOf(c);
    if (deps.length > 0) {
      if (kind === CHART) {
        this.chartDependencies.set(c, deps);
      } else {
        this.dependents.push(c);
        this.dependencyLists.push(deps);
        this.dependencies += deps.length;
      }
    }
    const children = childrenOf(c);
    for (const id in children) this.add(children[id]);
  }

  private same(c: IConstruct): boolean {
    const i = this.at++;
    if (this.constructs[i] !== c) return false;
    const kind = this.kinds[i];
    if (kind === CHART) {
      const had = this.chartDependencies.get(c) ?? NO_DEPENDENCIES;
      const now = dependenciesOf(c);
      if (now.length !== had.length || now.some((d, k) => d !== had[k])) this.changedCharts.push(c as Chart);
    } else {
      const n = dependenciesOf(c).length;
      if (n > 0) {
        this.seen += n;
        this.walkedDependents.push(c);
      }
    }
    if (kind === OBJECT && !this.sameMetadata(c as ApiObject)) return false;
    const children = childrenOf(c);
    for (const id in children) if (!this.same(children[id])) return false;
    return true;
  }

  private printOne(o: ApiObject): void {
    const print = this.print;
    const meta = metadataMaps(o);
    print.push(patchCount(o), ANNOTATIONS);
    const annotations = meta.annotations;
    if (annotations) for (const k in annotations) print.push(k, annotations[k]);
    print.push(LABELS);
    const labels = meta.labels;
    if (labels) for (const k in labels) print.push(k, labels[k]);
  }

  /** `printOne`, compared with the print from `printAt` on. */
  private sameMetadata(o: ApiObject): boolean {
    const print = this.print;
    let i = this.printAt;
    const meta = metadataMaps(o);
    if (print[i++] !== patchCount(o) || print[i++] !== ANNOTATIONS) return false;
    const annotations = meta.annotations;
    if (annotations) for (const k in annotations) if (print[i++] !== k || print[i++] !== annotations[k]) return false;
    if (print[i++] !== LABELS) return false;
    const labels = meta.labels;
    if (labels) for (const k in labels) if (print[i++] !== k || print[i++] !== labels[k]) return false;
    this.printAt = i;
    return true;
  }
}

/** True when object `d` is of a chart nested right in object `x`'s chart (cdk8s makes the one chart depend on the other). */
function nestedRightIn(d: IConstruct, x: IConstruct): boolean {
  return ApiObject.isApiObject(d) && ApiObject.isApiObject(x) && d.chart.node.scope === x.chart;
}
