/**
 * The planner's tree walks (`constructsUnder` and `objectsUnder`, reading constructs' `_children`) against the
 * straightforward path, `node.findAll()`: the same constructs in the same order on random trees
 * (ids that look like integers, which objects list first, and children removed again), from the
 * root and from any construct in it. And `resolvedFromOwnChart` against what cdk8s itself copies of
 * a chart's own dependency on a construct of it when it renders.
 */
import { ApiObject, Chart, Testing } from 'cdk8s';
import { Construct, DependencyGroup, IConstruct } from 'constructs';
import * as fc from 'fast-check';
import { constructsUnder, dependencyCount, objectsUnder, resolvedFromOwnChart } from '../../src/constructs/cdk8s-internals';

/** A tree as data: each node's children by id, some removed after being added. */
interface Shape {
  readonly id: string;
  readonly object: boolean;
  readonly removed: boolean;
  readonly children: readonly Shape[];
}

const id = fc.oneof(fc.constantFrom('0', '1', '2', '10', '007', 'a', 'b', 'Resource', 'Default', '-1'), fc.integer({ min: 0, max: 30 }).map(String));
/** A subtree at most `depth` levels deep. */
function shapeOf(depth: number): fc.Arbitrary<Shape> {
  return fc.record({
    id,
    object: fc.boolean(),
    removed: fc.boolean(),
    children: depth === 0 ? fc.constant([]) : fc.array(shapeOf(depth - 1), { maxLength: 4 }),
  });
}
const shape = shapeOf(3);

function build(scope: Construct, s: Shape): void {
  if (scope.node.tryFindChild(s.id)) return; // ids are unique among siblings
  const c = s.object ? new ApiObject(scope, s.id, { apiVersion: 'v1', kind: 'ConfigMap' }) : new Construct(scope, s.id);
  for (const child of s.children) build(c, child);
  if (s.removed) scope.node.tryRemoveChild(s.id);
}

function tree(shapes: readonly Shape[]): Chart {
  const chart = new Chart(Testing.app(), 'chart');
  for (const s of shapes) build(chart, s);
  return chart;
}

test('constructsUnder lists what node.findAll() lists, in its order, from the root and from any construct', () => {
  fc.assert(fc.property(fc.array(shape, { maxLength: 5 }), fc.nat(), (shapes, k) => {
    const chart = tree(shapes);
    const all = chart.node.findAll();
    expect(sameList(constructsUnder(chart, []), all)).toBe(true);
    const inner = all[k % all.length];
    expect(sameList(constructsUnder(inner, []), inner.node.findAll())).toBe(true);
    // Appended to what `out` holds.
    const before = [chart];
    expect(sameList(constructsUnder(inner, before), [chart, ...inner.node.findAll()])).toBe(true);
  }), { numRuns: 300 });
});

test('objectsUnder lists the ApiObjects node.findAll() lists, in its order, from the root and from any construct', () => {
  fc.assert(fc.property(fc.array(shape, { maxLength: 5 }), fc.nat(), (shapes, k) => {
    const chart = tree(shapes);
    const all = chart.node.findAll();
    const objects = (c: IConstruct) => c.node.findAll().filter((x) => x instanceof ApiObject);
    const charts = new Set([chart]);
    expect(sameList(objectsUnder(chart, charts, []), objects(chart))).toBe(true);
    const inner = all[k % all.length];
    expect(sameList(objectsUnder(inner, charts, []), objects(inner))).toBe(true);
    const before = [new ApiObject(chart, 'extra', { apiVersion: 'v1', kind: 'Secret' })];
    expect(sameList(objectsUnder(inner, charts, before), [before[0], ...objects(inner)])).toBe(true);
    // Of the charts given only: none of another chart's.
    expect(objectsUnder(chart, new Set([new Chart(Testing.app(), 'other')]), [])).toEqual([]);
  }), { numRuns: 300 });
});

/** The same constructs (by identity) in the same order. */
function sameList(a: readonly IConstruct[], b: readonly IConstruct[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

test('resolvedFromOwnChart names exactly the object dependencies cdk8s makes of a chart\'s own dependency on a construct of it', () => {
  fc.assert(fc.property(fc.array(shape, { minLength: 1, maxLength: 4 }), fc.nat(), (shapes, pick) => {
    const chart = tree(shapes);
    const candidates = chart.node.findAll().filter((c) => c !== chart);
    if (candidates.length === 0) return;
    const d = candidates[pick % candidates.length];
    chart.addDependency(d);
    const objects = chart.node.findAll().filter((x): x is ApiObject => x instanceof ApiObject);
    try {
      chart.toJson(); // cdk8s copies the chart's dependency onto its objects before it renders
    } catch (e) {
      if (!/Dependency cycle/.test(String(e))) throw e; // two objects under d: each depends on the other
    }
    const deps = (c: IConstruct) => c.node.dependencies;
    for (const x of objects) {
      for (const t of objects) {
        expect(resolvedFromOwnChart(x, t, deps)).toBe(x.node.dependencies.includes(t));
      }
    }
  }));
});

test('dependencyCount counts what node.dependencies lists: constructs, and groups by their roots as they are now', () => {
  fc.assert(fc.property(fc.array(shape, { minLength: 1, maxLength: 4 }),
    fc.array(fc.tuple(fc.nat(), fc.array(fc.nat(), { maxLength: 3 }), fc.boolean()), { maxLength: 8 }), (shapes, deps) => {
      const chart = tree(shapes);
      const all = chart.node.findAll();
      const at = (k: number) => all[k % all.length];
      const groups: DependencyGroup[] = [];
      for (const [from, to, grouped] of deps) {
        if (grouped) {
          const group = new DependencyGroup(...to.map(at));
          groups.push(group);
          at(from).node.addDependency(group);
        } else {
          for (const t of to) at(from).node.addDependency(at(t));
        }
      }
      // A group that gains a root after it was added counts it.
      groups.forEach((g, i) => g.add(at(i)));
      for (const c of all) expect(dependencyCount(c)).toBe(c.node.dependencies.length);
    }), { numRuns: 300 });
});
