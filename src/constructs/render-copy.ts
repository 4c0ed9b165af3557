/**
 * A rendered object copied into objects V8 can read fast, before anyone reads it.
 *
 * Why: cdk8s-plus renders through the `toJson_*` functions `cdk8s import` generates, which build
 * every map by spreading (`{ ...r, [k]: v }`), and V8 gives each such object a hidden class of its
 * own. On the synth bench's chart (2,000 services, 8,040 objects) that is 36,430 hidden classes for
 * 45 shapes of map; a copy built key by key shares one hidden class per shape. With a class per
 * object, every read of a property misses V8's caches: the proof, the plan and the rule pack each
 * read every object, and cdk8s's YAML writer reads all of it again. Copying costs one walk.
 *
 * Measured (`bench/synth-overhead.js` children, the default checks, 12 rounds alternated with the
 * code before and with the hand-annotated chart, idle machine): the whole synth's median CPU 7,440 →
 * 6,700 ms (lower in 9 of the 12 rounds), wall time 12% less; against the hand-annotated chart,
 * 1.23x → 1.11x. Most of it is cdk8s writing the YAML, ~250 ms faster (4 alternated runs
 * timing `Yaml.save`); in the validation the copy (70–120 ms) costs about what the faster reads save.
 *
 * What is copied: arrays (their items, holes kept) and plain objects (prototype `Object.prototype`,
 * each own enumerable string-keyed property in order), as YAML and JSON read them. Everything else
 * (strings, numbers including -0 and NaN, class instances, Dates, objects without a prototype) is
 * kept as it is, as is any map with an own `__proto__` key, whose copy would set a prototype
 * instead. What appears twice is copied once, so YAML still writes it once with an anchor; a value
 * deeper than `MAX_DEPTH` is not copied at all. The YAML written is byte for byte the same
 * (`test/constructs/render-copy.test.ts`, and the bench checks its chart).
 */

/** Deeper than any manifest: a value this deep is not copied at all. */
const MAX_DEPTH = 64;

/** `value` with its arrays and plain maps copied (see the file comment); other values as they are. */
export function copyRendered<T>(value: T): T {
  const c = new Copier();
  const out = c.copy(value, 0);
  return (c.tooDeep ? value : out) as T;
}

class Copier {
  public tooDeep = false;
  /**
   * Each container copied, by original: what appears twice (YAML writes it once, with an anchor)
   * or contains itself is copied once. cdk8s's renders are trees; a custom `toJson` may not be.
   */
  private readonly copies = new Map<object, unknown>();

  public copy(v: unknown, depth: number): unknown {
    if (typeof v !== 'object' || v === null) return v;
    if (depth > MAX_DEPTH) {
      this.tooDeep = true;
      return v;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto === Array.prototype) {
      const seen = this.copies.get(v);
      if (seen !== undefined) return seen;
      const items = v as unknown[];
      const out = new Array<unknown>(items.length);
      this.copies.set(v, out);
      for (let i = 0; i < items.length; i++) if (i in items) out[i] = this.copy(items[i], depth + 1); // holes stay holes
      return out;
    }
    if (proto !== Object.prototype) return v;
    const seen = this.copies.get(v);
    if (seen !== undefined) return seen;
    // Keys and values as two arrays: no lookup of each key on an object whose hidden class is its own.
    const keys = Object.keys(v);
    const values = Object.values(v);
    if (values.length !== keys.length || keys.includes('__proto__')) return v; // a getter changed it while read; a key a copy would turn into a prototype
    const out: Record<string, unknown> = {};
    this.copies.set(v, out);
    for (let i = 0; i < keys.length; i++) out[keys[i]] = this.copy(values[i], depth + 1);
    return out;
  }
}
