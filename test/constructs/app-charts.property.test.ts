/**
 * `chartsInOrder` against cdk8s's own `app.charts` on random apps: charts at the top (ids that look
 * like integers, which a map keyed by path lists first) and nested in charts and in plain
 * constructs, objects, and random dependencies between any of them (charts on charts, constructs on
 * charts, objects on objects, a construct on itself, cycles). The same charts in the same order,
 * or the same error; and the same again after cdk8s has resolved the dependencies as it does before
 * rendering (chart orders copied onto every pair of objects).
 */
import { ApiObject, App, Chart, Testing } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import * as fc from 'fast-check';
import { chartsInOrder } from '../../src/constructs/app-charts';

/** A subtree as data. */
interface Shape {
  readonly id: string;
  readonly kind: 'chart' | 'object' | 'construct';
  readonly children: readonly Shape[];
}

const id = fc.oneof(fc.constantFrom('0', '1', '2', '10', '007', '4294967295', '4294967294', 'a', 'b', 'web', 'db'),
  fc.integer({ min: 0, max: 20 }).map(String));
const kind = fc.constantFrom<Shape['kind']>('chart', 'object', 'object', 'construct');
function shapeOf(depth: number): fc.Arbitrary<Shape> {
  return fc.record({ id, kind, children: depth === 0 ? fc.constant([]) : fc.array(shapeOf(depth - 1), { maxLength: 3 }) });
}

function build(scope: Construct, s: Shape): void {
  if (scope.node.tryFindChild(s.id)) return; // ids are unique among siblings
  const c = s.kind === 'chart' ? new Chart(scope, s.id)
    : s.kind === 'object' ? new ApiObject(scope, s.id, { apiVersion: 'v1', kind: 'ConfigMap' }) : new Construct(scope, s.id);
  for (const child of s.children) build(c, child);
}

/** An app: top-level charts (each a chart whatever the shape says), then dependencies as pairs of indexes into the tree. */
function appOf(tops: readonly Shape[], deps: readonly [number, number][]): App {
  const app = Testing.app();
  for (const t of tops) build(app, { ...t, kind: 'chart' });
  const all = app.node.findAll().filter((c) => c !== app);
  if (all.length > 0) for (const [a, b] of deps) all[a % all.length].node.addDependency(all[b % all.length]);
  return app;
}

/** The charts, or the error's message. */
function outcome(f: () => Chart[]): string[] | string {
  try {
    return f().map((c) => c.node.path);
  } catch (e) {
    return `throws ${e instanceof RangeError ? 'RangeError' : (e as Error).message}`;
  }
}

/** cdk8s's resolution of dependencies before it renders (`App.synth`, `chart.toJson()`). */
function resolve(app: App): void {
  const charts = app.node.findAll().filter((c): c is Chart => c instanceof Chart);
  (App as unknown as { _synthChart(c: Chart): unknown })._synthChart(charts[0]);
}

const apps = fc.tuple(
  fc.array(shapeOf(3), { minLength: 1, maxLength: 4 }),
  fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
);

test('chartsInOrder gives the charts app.charts gives, in its order, or fails as it does', () => {
  fc.assert(fc.property(apps, ([tops, deps]) => {
    const app = appOf(tops, deps);
    expect(outcome(() => chartsInOrder(app))).toEqual(outcome(() => app.charts));
  }), { numRuns: 1000 });
});

test('chartsInOrder gives what app.charts gives once cdk8s has resolved the dependencies (N² object dependencies)', () => {
  fc.assert(fc.property(apps, ([tops, deps]) => {
    const app = appOf(tops, deps);
    try {
      resolve(app);
    } catch {
      return; // a cycle, or what cdk8s refuses to render: compared above
    }
    expect(outcome(() => chartsInOrder(app))).toEqual(outcome(() => app.charts));
  }), { numRuns: 500 });
});

test('examples: a dependency orders charts declared the other way round; ids that look like integers come first', () => {
  const app = Testing.app();
  const web = new Chart(app, 'web');
  const db = new Chart(app, 'db');
  const nine = new Chart(app, '9');
  const one = new Chart(app, '1');
  new ApiObject(web, 'api', { apiVersion: 'v1', kind: 'ConfigMap' }).node.addDependency(new ApiObject(db, 'pg', { apiVersion: 'v1', kind: 'ConfigMap' }));
  web.node.addDependency(db);
  expect(chartsInOrder(app).map((c: IConstruct) => c.node.path)).toEqual(['1', '9', 'db', 'web']);
  expect(chartsInOrder(app)).toEqual(app.charts);
  expect([nine, one].every((c) => chartsInOrder(app).includes(c))).toBe(true);
  // A cycle: cdk8s's own error.
  db.node.addDependency(web);
  expect(() => chartsInOrder(app)).toThrow(/Dependency cycle detected/);
});
