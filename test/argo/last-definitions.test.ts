/**
 * `lastDefinitions` (documents grouped by the end of their name, key strings only inside a group)
 * against the straightforward reading: one map of every document's key string to the last
 * document with it (`src/argo/last-definitions.ts`).
 */
import * as fc from 'fast-check';
import { keyString, metadataString, resourceKeyOf } from '../../src/argo/keys';
import { lastDefinitions } from '../../src/argo/last-definitions';
import type { Manifest, ResourceKey } from '../../src/argo/types';

/** The same key string from different fields (`a/b` + `c` and `a` + `b/c`), empty names, generateName. */
const NAMES = ['web', 'db', '', 'a/b', 'b', 'x/a/b', '/b', 'b/'];
const NAMESPACES = [undefined, '', 'shop', 'a', 'shop/a', 'x'];
const KINDS: Array<[string, string]> = [['v1', 'ConfigMap'], ['apps/v1', 'Deployment'], ['v1', 'Namespace'], ['example.com/v1', 'a/b'], ['example.com/v1', 'a']];

const manifestArb: fc.Arbitrary<Manifest> = fc.record({
  kind: fc.constantFrom(...KINDS),
  name: fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
  generateName: fc.option(fc.constantFrom('web-', ''), { nil: undefined }),
  namespace: fc.constantFrom(...NAMESPACES),
  object: fc.boolean(),
}).map(({ kind, name, generateName, namespace, object }) => ({
  object: (object ? {
    apiVersion: kind[0],
    kind: kind[1],
    metadata: {
      ...(name !== undefined ? { name } : {}),
      ...(generateName !== undefined ? { generateName } : {}),
      ...(namespace !== undefined ? { namespace } : {}),
    },
  } : 'not an object') as unknown as Record<string, unknown>,
  source: { file: 'gen.yaml', line: 1, index: 0 },
}));

/** What `lastDefinitions` means: the last document with each key string. */
function straightforward(manifests: readonly Manifest[], keyOf: (m: Manifest) => ResourceKey | undefined): Map<Manifest, Manifest> {
  const last = new Map<string, Manifest>();
  const named: Array<[Manifest, string]> = [];
  manifests.forEach((m) => {
    const key = keyOf(m);
    if (key === undefined || (key.name === '' && metadataString(m.object, 'generateName') !== '')) return;
    const id = keyString(key);
    named.push([m, id]);
    last.set(id, m);
  });
  const losers = new Map<Manifest, Manifest>();
  for (const [m, id] of named) {
    const winner = last.get(id)!;
    if (winner !== m) losers.set(m, winner);
  }
  return losers;
}

const keyIn = (namespace: string) => (m: Manifest) => (typeof m.object === 'object' ? resourceKeyOf(m.object, namespace) : undefined);

/** The pairs, in the order of the losing documents (the map's own order is not part of the answer). */
const pairs = (manifests: readonly Manifest[], losers: Map<Manifest, Manifest>) =>
  manifests.flatMap((m, i) => (losers.has(m) ? [[i, manifests.indexOf(losers.get(m)!)]] : []));

describe('lastDefinitions against one map of key strings', () => {
  test('the same winner for every losing document, and no other loser', () => {
    fc.assert(fc.property(fc.array(manifestArb, { maxLength: 12 }), fc.constantFrom('', 'shop', 'a'), (manifests, namespace) => {
      const fast = lastDefinitions(manifests, keyIn(namespace));
      const slow = straightforward(manifests, keyIn(namespace));
      expect(fast.size).toBe(slow.size);
      expect(pairs(manifests, fast)).toEqual(pairs(manifests, slow));
    }), { numRuns: 5000 });
  });

  test('the generator reaches repeated keys, from equal fields and from different fields', () => {
    const seen = new Set<string>();
    fc.assert(fc.property(fc.array(manifestArb, { maxLength: 12 }), (manifests) => {
      const keyOf = keyIn('');
      for (const [loser, winner] of straightforward(manifests, keyOf)) {
        const [a, b] = [keyOf(loser)!, keyOf(winner)!];
        seen.add(a.name === b.name && a.namespace === b.namespace && a.kind === b.kind ? 'same fields' : 'different fields');
      }
    }), { numRuns: 5000, seed: 15 }); // a fixed seed: this checks the generator, not the code
    expect([...seen].sort()).toEqual(['different fields', 'same fields']);
  });
});
