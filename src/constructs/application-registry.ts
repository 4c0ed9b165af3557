/**
 * Which `ArgoApplication` syncs which chart, per App: so that a dependency between objects of two
 * charts synced by two Applications of one parent is lifted to application order, and the chart's
 * planner does not warn about it as an order nothing honours.
 */
import { App, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';

/** What the registry knows of an Application. */
export interface RegisteredApplication extends IConstruct {
  /** The parent (app-of-apps) chart. */
  readonly parentChart: Chart;
  /** The charts it syncs. */
  readonly charts: readonly Chart[];
}

const byApp = new WeakMap<App, Map<string, RegisteredApplication>>();
/** Bumped by every registration: what `chartsPlannedWith` answers can change only then. */
let registrations = 0;

/** A counter that changes whenever a chart is registered (for callers that cache `chartsPlannedWith`). */
export function registrationCount(): number {
  return registrations;
}

function registry(chart: Chart): Map<string, RegisteredApplication> {
  const app = App.of(chart);
  let m = byApp.get(app);
  if (!m) byApp.set(app, m = new Map());
  return m;
}

/** Records that `application` syncs `chart`; a chart synced by two Applications fails, naming both. */
export function registerChart(chart: Chart, application: RegisteredApplication): void {
  const m = registry(chart);
  const other = m.get(chart.node.path);
  if (other && other !== application) {
    throw new Error(`ArgoApplication ${application.node.path}: chart ${chart.node.path} is already synced by ArgoApplication ${other.node.path}; `
      + 'two Applications syncing the same objects fight over them (SharedResourceWarning), so give each chart to one Application');
  }
  m.set(chart.node.path, application);
  registrations++;
}

/** The Application that syncs the chart at `path` (in the App of `anyChart`), if any. */
export function applicationOfChart(anyChart: Chart, path: string): RegisteredApplication | undefined {
  return registry(anyChart).get(path);
}

/** True when a dependency of `chart`'s objects on chart `otherPath` is honoured as application order. */
export function orderedAsApplications(chart: Chart, otherPath: string): boolean {
  const a = applicationOfChart(chart, chart.node.path);
  const b = applicationOfChart(chart, otherPath);
  return a !== undefined && b !== undefined && a !== b && a.parentChart === b.parentChart;
}

/**
 * The charts planned together with `chart`: all charts of the Application that syncs it (one Argo
 * CD Application, so one set of waves), in the order the Application lists them; else the chart alone.
 */
export function chartsPlannedWith(chart: Chart): readonly Chart[] {
  const a = applicationOfChart(chart, chart.node.path);
  return a && a.charts.length > 1 ? a.charts : [chart];
}
