/**
 * The validation memo's tree scan (one walk, compared as walked) against the straightforward
 * fingerprint: `node.findAll()` of the charts, each object's JSON patch count, annotations and
 * labels as stored, and the dependencies of every construct but a chart. On random trees changed in
 * random ways (constructs added or removed, annotations and labels set, patches, dependencies,
 * chart-level dependencies, which the plan ignores), `matches` says "unchanged" exactly when the
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
  fc.constant({ kind: 'none' as const }),
);

/** A chart (and a second one beside it) of constructs and objects, some labelled and annotated. */
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
    case 'none': break;
  }
}

/** The straightforward fingerprint of the charts' trees. */
function fingerprint(charts: readonly Chart[]): unknown[] {
  const parts: unknown[] = [];
  let dependencies = 0;
  for (const chart of charts) {
    for (const c of chart.node.findAll()) {
      parts.push(c);
      if (!(c instanceof Chart)) dependencies += c.node.dependencies.length;
      if (!(c instanceof ApiObject)) continue;
      const meta = c.metadata as unknown as { annotations?: Record<string, unknown>; labels?: Record<string, unknown> };
      parts.push((c as unknown as { patches: unknown[] }).patches.length, 'annotations', ...Object.entries(meta.annotations ?? {}).flat(),
        'labels', ...Object.entries(meta.labels ?? {}).flat());
    }
  }
  parts.push(dependencies);
  return parts;
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
    for (const c of changes) apply(c, charts);
    expect(scan.matches(charts)).toBe(same(before, fingerprint(charts)));
    // A scan taken (and printed) now matches now.
    const now = TreeScan.of(charts);
    now.printMetadata();
    expect(now.matches(charts)).toBe(true);
  }), { numRuns: 400 });
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
