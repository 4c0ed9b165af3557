/**
 * The validation memo's tree scan (one walk, compared as walked) against the straightforward
 * fingerprint: `node.findAll()` of the charts, each object's JSON patch count, annotations and
 * labels as stored, and the dependencies of every construct but a chart. On random trees changed in
 * random ways (constructs added or removed, annotations and labels set, patches, dependencies,
 * chart-level dependencies, whose copies the plan reads unless they span to a chart planned apart), `matches` says "unchanged" exactly when the
 * straightforward fingerprint is equal; and the scan lists the objects and the constructs with
 * dependencies in tree order.
 */
import { ApiObject, Chart, JsonPatch, Testing } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import * as fc from 'fast-check';
import { TreeScan } from '../../src/constructs/tree-scan';

type Change =
  | { readonly kind: 'add'; readonly at: number; readonly object: boolean }
  | { readonly kind: 'remove'; readonly at: number }
  | { readonly kind: 'annotation'; readonly at: number; readonly key: string; readonly value: string }
  | { readonly kind: 'label'; readonly at: number; readonly key: string; readonly value: string }
  | { readonly kind: 'patch'; readonly at: number }
  | { readonly kind: 'dependency'; readonly at: number; readonly on: number }
  | { readonly kind: 'chart-dependency' }
  | { readonly kind: 'resolve' }
  | { readonly kind: 'none' };

const at = fc.nat();
const key = fc.constantFrom('a', 'b', 'argocd.argoproj.io/sync-wave');
const value = fc.constantFrom('0', '1', 'x');
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), at, object: fc.boolean() }),
  fc.record({ kind: fc.constant('remove' as const), at }),
  fc.record({ kind: fc.constant('annotation' as const), at, key, value }),
  fc.record({ kind: fc.constant('label' as const), at, key, value }),
  fc.record({ kind: fc.constant('patch' as const), at }),
  fc.record({ kind: fc.constant('dependency' as const), at, on: at }),
  fc.constant({ kind: 'chart-dependency' as const }),
  fc.constant({ kind: 'resolve' as const }),
  fc.constant({ kind: 'none' as const }),
);

/** A chart (and a second one beside it) of constructs, nested charts and objects, some labelled and annotated. */
function build(seed: readonly number[]): Chart[] {
  const app = Testing.app();
  const charts = [new Chart(app, 'one'), new Chart(app, 'two')];
  const parents: Construct[] = [...charts];
  seed.forEach((n, i) => {
    const scope = parents[n % parents.length];
    if (n % 3 === 0) {
      parents.push(new Construct(scope, `c${i}`));
      return;
    }
    if (n % 7 === 1) {
      parents.push(new Chart(scope, `n${i}`)); // a nested chart: its objects are its own
      return;
    }
    const o = new ApiObject(scope, `o${i}`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: n % 2 ? { labels: { team: 'a' } } : {} });
    if (n % 5 === 0) o.metadata.addAnnotation('a', '1');
    parents.push(o);
  });
  return charts;
}

let added = 0;
function apply(c: Change, charts: readonly Chart[]): void {
  const all = charts.flatMap((chart) => chart.node.findAll());
  const pick = (n: number) => all[n % all.length];
  const objects = all.filter((x): x is ApiObject => x instanceof ApiObject);
  const object = (n: number) => (objects.length > 0 ? objects[n % objects.length] : undefined);
  switch (c.kind) {
    case 'add': {
      const scope = pick(c.at) as Construct;
      if (c.object) new ApiObject(scope, `added${added++}`, { apiVersion: 'v1', kind: 'ConfigMap' });
      else new Construct(scope, `added${added++}`);
      break;
    }
    case 'remove': {
      const x = pick(c.at);
      if (x.node.scope && !(x instanceof Chart)) x.node.scope.node.tryRemoveChild(x.node.id);
      break;
    }
    case 'annotation': object(c.at)?.metadata.addAnnotation(c.key, c.value); break;
    case 'label': object(c.at)?.metadata.addLabel(c.key, c.value); break;
    case 'patch': object(c.at)?.addJsonPatch(JsonPatch.add('/data', {})); break;
    case 'dependency': {
      const [a, b] = [pick(c.at), pick(c.on * 7 + 1)];
      if (a !== b && !(a instanceof Chart) && !a.node.scopes.includes(b) && !b.node.scopes.includes(a)) a.node.addDependency(b);
      break;
    }
    case 'chart-dependency': charts[0].node.addDependency(charts[1]); break;
    // cdk8s's own resolution of dependencies (what `App.synth` runs between its two validations).
    case 'resolve': resolve(charts[0]); break;
    case 'none': break;
  }
}

/** No construct is a tier or hook: what cdk8s makes of every dependency between constructs is unread by the plan. */
const noUnits = () => new Set<IConstruct>();

/** cdk8s resolves the app's dependencies, as `App.synth` does between its two validations (a cycle then fails the render, not the resolution). */
function resolve(chart: Chart): void {
  try {
    chart.toJson();
  } catch (e) {
    if (!/Dependency cycle/.test(String(e))) throw e;
  }
}

/** The straightforward fingerprint of the charts' trees, dependencies apart. */
function fingerprint(charts: readonly Chart[]): unknown[] {
  const parts: unknown[] = [];
  for (const chart of charts) {
    for (const c of chart.node.findAll()) {
      parts.push(c);
      if (!(c instanceof ApiObject)) continue;
      const meta = c.metadata as unknown as { annotations?: Record<string, unknown>; labels?: Record<string, unknown> };
      parts.push((c as unknown as { patches: unknown[] }).patches.length, 'annotations', ...Object.entries(meta.annotations ?? {}).flat(),
        'labels', ...Object.entries(meta.labels ?? {}).flat());
    }
  }
  return parts;
}

type Dependency = readonly [IConstruct, IConstruct];

/** Every dependency, of a construct or of a chart itself (`chart.addDependency`), as pairs. */
function dependencies(charts: readonly Chart[]): Dependency[] {
  return charts.flatMap((chart) => chart.node.findAll()).flatMap((c) => c.node.dependencies.map((d): Dependency => [c, d]));
}

/**
 * What cdk8s's resolution (`resolveDependencies`) adds for the dependencies `deps` that the plan
 * reads already, restated from its source. Chart dependencies: each chart on the charts right in it,
 * and on each other chart a dependency of it or of a construct of it points into. Object
 * dependencies, each object of a construct's chart under the construct on each object of the
 * other's chart under the other, for (1) each chart on the charts right in it, (2) a chart's own
 * dependency on a construct of it, (3) each chart on each other chart of the plan (`charts`) a
 * dependency points into, and, when no construct is a unit (`constructs`), (4) each dependency
 * between constructs. What a construct's dependency on a chart makes of it inside that chart is a
 * change the plan reads again.
 */
function resolved(deps: readonly Dependency[], charts: readonly Chart[], constructs = true): Dependency[] {
  const objectsUnder = (c: IConstruct) => c.node.findAll().filter((x): x is ApiObject => x instanceof ApiObject && Chart.of(x) === Chart.of(c));
  const pairs = ([c, e]: Dependency) => objectsUnder(c).flatMap((x) => objectsUnder(e).filter((t) => t !== x).map((t): Dependency => [x, t]));
  const nested = charts.flatMap((chart) => chart.node.findAll()).filter((c): c is Chart => c instanceof Chart)
    .flatMap((p) => p.node.children.filter((c): c is Chart => c instanceof Chart).map((n): Dependency => [p, n]));
  const between = deps.map(([c, e]): Dependency => [Chart.of(c), Chart.of(e)]).filter(([a, t]) => a !== t);
  const ownChart = deps.filter(([c, e]) => c instanceof Chart && !(e instanceof Chart) && Chart.of(e) === c);
  const planned = new Set<IConstruct>(charts);
  const lifted = between.filter(([a, t]) => planned.has(a) && planned.has(t));
  const ofConstructs = constructs ? deps.filter(([c, e]) => !(c instanceof Chart) && !(e instanceof Chart)) : [];
  return [...nested, ...between, ...[...nested, ...ownChart, ...lifted, ...ofConstructs].flatMap(pairs)];
}

/** True when `now` holds every dependency of `before`, and otherwise only what cdk8s's resolution adds for them that the plan reads already. */
function onlyResolved(before: readonly Dependency[], now: readonly Dependency[], charts: readonly Chart[], constructs = true): boolean {
  const pathsOf = (d: Dependency) => `${d[0].node.path}\u0000${d[1].node.path}`;
  const had = new Set(before.map(pathsOf));
  const implied = new Set(resolved(before, charts, constructs).map(pathsOf));
  const present = new Set(now.map(pathsOf));
  return [...had].every((k) => present.has(k)) && [...present].every((k) => had.has(k) || implied.has(k));
}

function same(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

const seed = fc.array(fc.nat({ max: 1000 }), { maxLength: 25 });

test('matches says unchanged exactly when the straightforward fingerprint is equal', () => {
  fc.assert(fc.property(seed, fc.array(change, { maxLength: 3 }), (s, changes) => {
    const charts = build(s);
    const scan = TreeScan.of(charts);
    scan.printMetadata();
    const before = fingerprint(charts);
    const depsBefore = dependencies(charts);
    for (const c of changes) apply(c, charts);
    expect(scan.matches(charts, noUnits)).toBe(same(before, fingerprint(charts)) && onlyResolved(depsBefore, dependencies(charts), charts));
    // A scan taken (and printed) now matches now.
    const now = TreeScan.of(charts);
    now.printMetadata();
    expect(now.matches(charts)).toBe(true);
  }), { numRuns: 400 });
});

test('after cdk8s\'s own resolution of dependencies (App.synth, between its two validations) the scan matches, unless a dependency spans charts', () => {
  fc.assert(fc.property(seed, fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }), fc.boolean(), (s, pairs, chartLevel) => {
    const charts = build(s);
    for (const [a, b] of pairs) apply({ kind: 'dependency', at: a, on: b }, charts);
    if (chartLevel) apply({ kind: 'chart-dependency' }, charts);
    const [scan, asUnits] = [TreeScan.of(charts), TreeScan.of(charts)];
    scan.printMetadata();
    asUnits.printMetadata();
    const before = dependencies(charts);
    resolve(charts[0]);
    const now = dependencies(charts);
    expect(scan.matches(charts, noUnits)).toBe(onlyResolved(before, now, charts));
    // Inside one chart (nested charts apart), on no chart: what cdk8s adds never counts as a change.
    const oneChart = !chartLevel && before.every(([c, d]) => !(d instanceof Chart) && Chart.of(c) === Chart.of(d));
    if (oneChart) expect(scan.matches(charts, noUnits)).toBe(true);
    // Asked again (the next chart's validation), the answer is the same.
    const again = scan.matches(charts, noUnits);
    expect(scan.matches(charts, noUnits)).toBe(again);
    // With every construct a unit (whose dependencies the plan reads as units), only nested charts' count as unread.
    const nestedOnly = onlyResolved(before, now, charts, false);
    expect(asUnits.matches(charts, () => new Set(charts.flatMap((c) => c.node.findAll())))).toBe(nestedOnly);
  }), { numRuns: 300 });
});

test('the scan lists every construct, the objects and the constructs with dependencies, in tree order', () => {
  fc.assert(fc.property(seed, fc.array(change, { maxLength: 4 }), (s, changes) => {
    const charts = build(s);
    for (const c of changes) apply(c, charts);
    const scan = TreeScan.of(charts);
    const all: IConstruct[] = charts.flatMap((chart) => chart.node.findAll());
    expect(same(scan.constructs, all)).toBe(true);
    expect(same(scan.objects, all.filter((x) => x instanceof ApiObject))).toBe(true);
    expect(same(scan.dependents, all.filter((x) => !(x instanceof Chart) && x.node.dependencies.length > 0))).toBe(true);
  }), { numRuns: 300 });
});

test('the metadata printed is what a later walk matches: annotations written after the walk but before printing count', () => {
  const [one, two] = build([1, 2, 4, 5]);
  const scan = TreeScan.of([one, two]);
  const o = one.node.findAll().find((x): x is ApiObject => x instanceof ApiObject)!;
  o.metadata.addAnnotation('argocd.argoproj.io/sync-wave', '3');
  scan.printMetadata();
  expect(scan.matches([one, two])).toBe(true);
  o.metadata.addAnnotation('argocd.argoproj.io/sync-wave', '4');
  expect(scan.matches([one, two])).toBe(false);
});

test('a dependency cdk8s would not add counts as a change: an object of a chart nested in the construct, or on one', () => {
  const app = Testing.app();
  const chart = new Chart(app, 'p');
  const [c, e] = [new Construct(chart, 'c'), new Construct(chart, 'e')];
  const object = (scope: Construct, id: string) => new ApiObject(scope, id, { apiVersion: 'v1', kind: 'ConfigMap' });
  const [x, t] = [object(c, 'x'), object(e, 't')];
  const [xNested, tNested] = [object(new Chart(c, 'nc'), 'x'), object(new Chart(e, 'ne'), 't')];
  c.node.addDependency(e);
  for (const [from, to] of [[x, t], [xNested, t], [x, tNested]] as const) {
    const scan = TreeScan.of([chart]);
    scan.printMetadata();
    from.node.addDependency(to);
    // cdk8s adds x on t itself; the others it never adds (each object is of its own chart).
    expect(scan.matches([chart], noUnits)).toBe(from === x && to === t);
  }
});

test('what cdk8s copies of a chart\'s own dependency on another chart, planned apart or with it, or on a construct of its own, is unread; a chart dependency added since is a change', () => {
  const object = (scope: Construct, id: string) => new ApiObject(scope, id, { apiVersion: 'v1', kind: 'ConfigMap' });
  const setup = () => {
    const app = Testing.app();
    const [one, two] = [new Chart(app, 'one'), new Chart(app, 'two')];
    object(one, 'a');
    object(new Construct(one, 'g'), 'b');
    const held = new Construct(two, 'held');
    object(held, 'c');
    object(two, 'd');
    return { one, two, held };
  };
  // On the other chart, or on a construct of it: unread when the scan plans `one` alone.
  for (const on of ['chart', 'construct'] as const) {
    const { one, two, held } = setup();
    one.addDependency(on === 'chart' ? two : held);
    const [alone, together] = [TreeScan.of([one]), TreeScan.of([one, two])];
    alone.printMetadata();
    together.printMetadata();
    resolve(one);
    expect(one.node.findAll().filter((x) => x instanceof ApiObject).every((x) => x.node.dependencies.length > 0)).toBe(true);
    expect(alone.matches([one], noUnits)).toBe(true);
    // Planned as one (two charts of one ArgoApplication), the plan orders every object of one after every object of two
    // already (chart-orders.ts, lift), as cdk8s's copies do.
    expect(together.matches([one, two], noUnits)).toBe(true);
  }
  // On a construct of its own chart: cdk8s makes the chart's other objects depend on its objects, which
  // the plan ordered already from the chart's own dependency, as written (chart-orders.ts).
  const { one } = setup();
  one.addDependency(one.node.findChild('g'));
  const scan = TreeScan.of([one]);
  scan.printMetadata();
  resolve(one);
  expect(one.node.findChild('a').node.dependencies.map((d) => d.node.path)).toEqual(['one/g/b']);
  expect(scan.matches([one], noUnits)).toBe(true);
  // A dependency cdk8s did not copy is still a change.
  (one.node.findChild('g').node.findChild('b') as ApiObject).node.addDependency(one.node.findChild('a'));
  expect(scan.matches([one], noUnits)).toBe(false);
  // So is a chart's own dependency added since the scan: the plan reads it.
  const other = setup();
  const planned = TreeScan.of([other.one, other.two]);
  planned.printMetadata();
  other.one.addDependency(other.two);
  expect(planned.matches([other.one, other.two], noUnits)).toBe(false);
});

