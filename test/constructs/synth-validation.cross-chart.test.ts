/**
 * Waves order objects inside one chart: a dependency on another chart is said out loud at synth
 * instead of being dropped silently (cdk8s's own parent → nested chart dependencies are not).
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ApiObject, App, Chart } from 'cdk8s';
import { Tier } from '../../src';

const cm = (scope: Chart, name: string) => new ApiObject(scope, name, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });

function synthWarnings(build: (app: App) => void): string[] {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-cross-'));
  const writes: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
    writes.push(String(chunk));
    return true;
  });
  try {
    const app = new App({ outdir });
    build(app);
    app.synth();
  } finally {
    spy.mockRestore();
    rmSync(outdir, { recursive: true, force: true });
  }
  return writes.filter(w => w.includes('depend on chart'));
}

test('an object depending on an object of another chart: one warning naming both charts', () => {
  const warnings = synthWarnings(app => {
    const db = new Chart(app, 'xdb');
    const web = new Chart(app, 'xweb');
    const schema = cm(db, 'schema');
    const config = cm(web, 'config');
    new Tier(web, 'tier').add(config);
    config.node.addDependency(schema);
  });
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(/^\[xweb\] warning: objects of chart xweb depend on chart xdb \(node\.addDependency\), but sync waves order objects inside one chart only/);
});

test('a chart-level dependency (cdk8s turns it into object dependencies) warns once, not per object pair', () => {
  const warnings = synthWarnings(app => {
    const db = new Chart(app, 'ydb');
    const web = new Chart(app, 'yweb');
    for (let i = 0; i < 5; i++) cm(db, `d${i}`);
    const objs = [0, 1, 2, 3, 4].map(i => cm(web, `w${i}`));
    new Tier(web, 'tier').add(...objs);
    web.addDependency(db);
  });
  expect(warnings).toEqual([expect.stringMatching(/^\[yweb\] warning: objects of chart yweb depend on chart ydb /)]);
});

test('nested charts and dependencies inside one chart: no warning', () => {
  const warnings = synthWarnings(app => {
    const parent = new Chart(app, 'zparent');
    const child = new Chart(parent, 'zchild');
    const a = cm(parent, 'a');
    const b = cm(parent, 'b');
    cm(child, 'c');
    new Tier(parent, 'tier').add(b);
    b.node.addDependency(a);
  });
  expect(warnings).toEqual([]);
});
