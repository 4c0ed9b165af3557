/**
 * `copyRendered` (`src/constructs/render-copy.ts`) changes nothing anyone reads: the copy has the
 * same keys in the same order, the same leaves (-0 and NaN included), the same holes, the same
 * non-plain objects by reference, and cdk8s writes the same YAML and JSON of it.
 */
import { ApiObject, App, Chart, Yaml } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as fc from 'fast-check';
import { copyRendered } from '../../src/constructs/render-copy';

/** True when `copy` reads as `original` does, and is `original` itself wherever it is not an array or a plain map. */
function same(original: unknown, copy: unknown, depth = 0): boolean {
  if (typeof original !== 'object' || original === null) return Object.is(original, copy);
  const proto = Object.getPrototypeOf(original);
  const copied = proto === Array.prototype || proto === Object.prototype;
  if (!copied || depth > 64) return copy === original;
  if (typeof copy !== 'object' || copy === null || Object.getPrototypeOf(copy) !== proto) return false;
  if (Array.isArray(original)) {
    const items = copy as unknown[];
    const at = (i: number) => (i in original) === (i in items) && same(original[i], items[i], depth + 1);
    return items.length === original.length && Array.from({ length: original.length }, (_, i) => i).every(at);
  }
  const keys = Object.keys(original);
  if (keys.includes('__proto__')) return copy === original;
  const copyKeys = Object.keys(copy);
  return copyKeys.length === keys.length && keys.every((k, i) => copyKeys[i] === k
    && same((original as Record<string, unknown>)[k], (copy as Record<string, unknown>)[k], depth + 1));
}

/** What a writer makes of a value, or its error: a copy must give the same either way. */
function written(write: () => string): string {
  try {
    return write();
  } catch (e) {
    return `throws: ${(e as Error).message}`;
  }
}

const values = fc.anything({
  withNullPrototype: true,
  withDate: true,
  withSparseArray: true,
  withTypedArray: true,
  withBoxedValues: true,
  withMap: true,
  withSet: true,
  withObjectString: true,
  maxDepth: 4,
}).chain((v) => fc.constantFrom(v, [v, -0, NaN], { a: v, b: [v], 1: -0 }));

describe('copyRendered', () => {
  test('property: the copy reads as the original, leaf for leaf, key order and holes included', () => {
    fc.assert(fc.property(values, (v) => expect(same(v, copyRendered(v))).toBe(true)), { numRuns: 500 });
  });

  test('property: cdk8s writes the same YAML and JSON of the copy', () => {
    fc.assert(fc.property(values, (v) => {
      const copy = copyRendered(v);
      expect(written(() => Yaml.stringify(copy))).toBe(written(() => Yaml.stringify(v)));
      expect(written(() => JSON.stringify(copy))).toBe(written(() => JSON.stringify(v)));
    }), { numRuns: 300 });
  });

  test('arrays and plain maps are new objects; class instances, Dates and prototype-less maps are kept', () => {
    const date = new Date(0);
    const bare = Object.assign(Object.create(null), { a: 1 });
    const inner = { x: [1, 2] };
    const v = { inner, date, bare, list: [inner] };
    const copy = copyRendered(v);
    expect(copy).not.toBe(v);
    expect(copy.inner).not.toBe(inner);
    expect(copy.list[0]).not.toBe(inner);
    expect(copy.date).toBe(date);
    expect(copy.bare).toBe(bare);
  });

  test('a map with an own __proto__ key is kept, not copied into one that would set a prototype', () => {
    const v = JSON.parse('{"a": {"__proto__": {"polluted": true}, "b": 1}}');
    const copy = copyRendered(v);
    expect(copy.a).toBe(v.a);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('what appears twice is copied once, so YAML still writes one anchor, and a cycle stays a cycle', () => {
    const shared = { image: 'web:1.0' };
    const v = { a: shared, b: [shared] };
    const copy = copyRendered(v);
    expect(copy.b[0]).toBe(copy.a);
    expect(Yaml.stringify(copy)).toBe(Yaml.stringify(v));
    expect(Yaml.stringify(v)).toContain('&');
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const loop = copyRendered(cyclic);
    expect(loop).not.toBe(cyclic);
    expect(loop.self).toBe(loop);
  });

  test('a value deeper than any manifest is not copied at all', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 100; i++) deep = { next: deep };
    expect(copyRendered(deep)).toBe(deep);
    const shallow = { a: { b: [1] } };
    expect(copyRendered(shallow)).not.toBe(shallow);
  });

  test('the objects cdk8s-plus renders: the same YAML from the copies', () => {
    const app = new App();
    const chart = new Chart(app, 'c', { disableResourceNameHashes: true });
    const config = new kplus.ConfigMap(chart, 'config', { data: { LOG_LEVEL: 'info' } });
    const web = new kplus.Deployment(chart, 'web', {
      replicas: 2,
      containers: [{ image: 'registry.internal/web:1.0', portNumber: 8080, envFrom: [kplus.Env.fromConfigMap(config)] }],
    });
    web.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
    const rendered = chart.node.findAll().filter((c): c is ApiObject => c instanceof ApiObject).map((o) => o.toJson());
    expect(rendered.length).toBe(3);
    const copies = rendered.map(copyRendered);
    expect(Yaml.stringify(...copies)).toBe(Yaml.stringify(...rendered));
    rendered.forEach((r, i) => expect(same(r, copies[i])).toBe(true));
  });
});
