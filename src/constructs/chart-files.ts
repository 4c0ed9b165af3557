/**
 * The file names `App.synth()` writes for a chart, computed as cdk8s computes them (cdk8s `src/app.ts`:
 * `SimpleChartNamer`, `IndexedChartNamer`, `resolveDependencies`, `chartToKube`). Read at synth (after
 * cdk8s has added the chart dependencies it infers), so the `0000-` prefixes match the written files.
 * A cdk8s upgrade that changes its naming breaks this one file (and its test, which synthesizes).
 */
import { ApiObject, App, Chart, Names, YamlOutputType } from 'cdk8s';
import { IConstruct } from 'constructs';
import { chartsInOrder } from './app-charts';
import { childrenOf, dependencyCount } from './cdk8s-internals';
import { currentJob } from './sync-job';
import { chartOf } from './units';

/** What an Argo CD directory source must read to get exactly these charts' objects. */
export interface ChartFileSelection {
  /** Paths relative to the App's outdir (a file, or `folder/*`). */
  readonly patterns: readonly string[];
  /** True when the patterns reach into sub-folders (directory `recurse`). */
  readonly recurse: boolean;
}

/**
 * The paths, relative to the outdir, that `app.synth()` writes the objects of `charts` to. The
 * patterns are computed when read: a chart's file name needs cdk8s's order of the charts, a graph
 * of every dependency of the app (N² of them for two charts of N objects one after the other), and
 * `recurse` needs none of it.
 */
export function chartFiles(charts: readonly Chart[], who: string): ChartFileSelection {
  if (charts.length === 0) return { patterns: [], recurse: false };
  const app = App.of(charts[0]);
  const ext = app.outputFileExtension;
  const names = () => {
    const order = chartOrder(app);
    return charts.map((c) => chartName(c, order));
  };
  switch (app.yamlOutputType) {
    case YamlOutputType.FILE_PER_CHART:
      return { get patterns() { return names().map((n) => `${n}${ext}`); }, recurse: false };
    case YamlOutputType.FOLDER_PER_CHART_FILE_PER_RESOURCE:
      return { get patterns() { return names().map((n) => `${n}/*${ext}`); }, recurse: true };
    case YamlOutputType.FILE_PER_RESOURCE:
      return { patterns: charts.flatMap(c => objectsOf(c).map(o => `${resourceFileName(o)}${ext}`)), recurse: false };
    default:
      throw new Error(`${who}: the App writes every chart into one file (YamlOutputType.FILE_PER_APP), so no Argo CD source can select `
        + 'these charts alone; use FILE_PER_CHART (the default), FILE_PER_RESOURCE or FOLDER_PER_CHART_FILE_PER_RESOURCE');
  }
}

/** The order as last found, and how many constructs and dependencies the app held then. */
interface ChartOrder {
  /** The synchronous job it was found in (`currentJob`). */
  readonly job: number;
  readonly constructs: number;
  readonly dependencies: number;
  readonly order: readonly Chart[] | undefined;
}
const orders = new WeakMap<App, ChartOrder>();

/**
 * The app's charts in the order cdk8s numbers their files, or undefined when it does not number
 * them: found once per synchronous job (`sync-job.ts`: a change after an `await` is always seen)
 * while the app holds as many constructs and dependencies (constructs can only gain dependencies).
 * The order reads every dependency of the app, N² of them for two charts of N objects one after
 * the other (`app-charts.ts`), and an Application's files are named at each render of it
 * (`Testing.synth` of two charts of 1,000 objects: 630 ms of it with cdk8s's `app.charts`).
 */
function chartOrder(app: App): readonly Chart[] | undefined {
  const { constructs, dependencies } = countUnder(app, { constructs: 0, dependencies: 0 });
  const job = currentJob();
  const known = orders.get(app);
  if (known && known.job === job && known.constructs === constructs && known.dependencies === dependencies) return known.order;
  const entry = { job, constructs, dependencies, order: hasDependantCharts(app) ? chartsInOrder(app) : undefined };
  orders.set(app, entry);
  return entry.order;
}

/**
 * How many constructs and dependencies `root`'s tree holds, added to `count`: asked at each render
 * of each Application (an app-of-apps of 40 charts: 80 times per synth), so it builds no list.
 */
function countUnder(root: IConstruct, count: { constructs: number; dependencies: number }): { constructs: number; dependencies: number } {
  count.constructs++;
  count.dependencies += dependencyCount(root);
  const children = childrenOf(root);
  for (const id in children) countUnder(children[id], count);
  return count;
}

/** `IndexedChartNamer` when any chart depends on another (or nests one), else `SimpleChartNamer`. */
function chartName(chart: Chart, order: readonly Chart[] | undefined): string {
  const label = Names.toDnsLabel(chart);
  if (!order) return label;
  return `${String(order.indexOf(chart)).padStart(4, '0')}-${label}`;
}

/** cdk8s's `resolveDependencies` result: a nested chart, or a dependency between constructs of two charts. */
function hasDependantCharts(app: App): boolean {
  for (const c of app.node.findAll()) {
    if (c instanceof Chart && c.node.children.some(x => x instanceof Chart)) return true;
    if (c === app || c.node.dependencies.length === 0) continue;
    const from = chartOf(c);
    if (c.node.dependencies.some(d => chartOf(d) !== from)) return true;
  }
  return false;
}

/** `chartToKube`: the objects a chart renders (those whose closest chart it is). */
function objectsOf(chart: Chart): ApiObject[] {
  return chart.node.findAll().filter((x): x is ApiObject => x instanceof ApiObject && Chart.of(x) === chart);
}

/** `FILE_PER_RESOURCE`'s file name of one object. */
function resourceFileName(o: ApiObject): string {
  return `${o.kind}.${o.name}`.replace(/[^0-9a-zA-Z-_.]/g, '');
}
