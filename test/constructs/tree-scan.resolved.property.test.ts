/**
 * Why the validation memo may ignore what cdk8s's resolution of dependencies adds between its two
 * validations of `App.synth` (`TreeScan.matches`): on random realistic charts with
 * `node.addDependency` between constructs holding objects (`test/apps/random-charts.ts`), the plan
 * made before cdk8s adds the object dependencies is the plan made after, wave for wave; and so it is
 * when the chart itself depends on another chart (or a construct of one) that it is not planned with.
 */
import { ApiObject, App, Chart, Testing } from 'cdk8s';
import * as fc from 'fast-check';
import { PlannerResult, SyncPlanner } from '../../src/constructs/planner';
import { buildRandomChart, specs } from '../apps/random-charts';

/** What the plan writes and orders, by construct path. */
function written(r: PlannerResult): unknown {
  const byPath = (m: ReadonlyMap<{ node: { path: string } }, string>) => [...m].map(([o, v]) => `${o.node.path}=${v}`).sort();
  return {
    waves: byPath(r.waveOf),
    dependsOn: byPath(r.dependsOn),
    unitEdges: r.unitEdges.map((e) => `${e.before}>${e.after}:${e.gap}`),
    crossChart: [...r.crossChart.values()].map((c) => `${c.from.node.path}>${c.to.node.path}`).sort(),
  };
}

test('the plan before cdk8s resolves dependencies is the plan after', () => {
  let resolvedSome = 0;
  fc.assert(fc.property(specs.filter((s) => s.dependencies.length > 0 || s.loners.length > 0), (spec) => {
    const app: App = Testing.app();
    buildRandomChart(spec)(app);
    const chart = app.charts[0] as Chart;
    const planner = SyncPlanner.of(chart);
    const before = written(planner.result());
    const dependencies = chart.node.findAll().reduce((n, c) => n + c.node.dependencies.length, 0);
    chart.toJson(); // cdk8s resolves the dependencies, then validates and renders
    if (chart.node.findAll().reduce((n, c) => n + c.node.dependencies.length, 0) > dependencies) resolvedSome++;
    planner.changed([]); // plan afresh, from the tree as it is now
    expect(written(planner.result())).toEqual(before);
  }), { numRuns: 60 });
  // Most runs had object dependencies added by cdk8s (a run whose members hold no objects has none).
  expect(resolvedSome).toBeGreaterThan(30);
});

test('a chart depending on a chart it is not planned with: the plan before cdk8s copies it onto every pair of objects is the plan after', () => {
  fc.assert(fc.property(specs, fc.nat(3), fc.boolean(), (spec, others, onChart) => {
    const app: App = Testing.app();
    buildRandomChart(spec)(app);
    const chart = app.charts[0] as Chart;
    const other = new Chart(app, 'other', { disableResourceNameHashes: true });
    const held = Array.from({ length: others + 1 }, (_, i) => new ApiObject(other, `cm${i}`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm${i}` } }));
    chart.addDependency(onChart ? other : held[0]);
    const planner = SyncPlanner.of(chart);
    const before = written(planner.result());
    const objects = chart.node.findAll().filter((c): c is ApiObject => c instanceof ApiObject && c.chart === chart);
    // cdk8s resolves, then validates (the first validation of `App.synth` comes before it, and names the chart's dependency).
    expect(() => chart.toJson()).toThrow(/objects of chart random depend on chart other \(/);
    // cdk8s copied it: each of the chart's objects now depends on the objects it names.
    for (const o of objects) expect(o.node.dependencies.length).toBeGreaterThan(0);
    planner.changed([]); // plan afresh, from the tree as it is now
    expect(written(planner.result())).toEqual(before);
  }), { numRuns: 40 });
});
