/**
 * argo-cd `controller/state.go` `NormalizeTargetObjects`: targets are grouped by key (namespace
 * filled in) and only the last of a repeated key is kept, hooks included.
 */
import { metadataString, keyString } from './keys';
import type { Manifest, ResourceKey } from './types';

/**
 * For every document that loses, the one that wins: the last with the same key (`keyString`).
 * Objects named only by generateName never collide (Argo CD keys them by position); objects with
 * neither name nor generateName share the empty name, so two of one kind and namespace do. `keyOf`
 * gives a document's key (undefined: not an object).
 *
 * The documents are grouped by the end of their name first, a string they already hold (the name
 * after its last `/`, the end of the key string too, so equal keys always meet), and key strings are
 * built only inside a group of two or more. A key string and a pair per document, kept for the
 * whole pass, were 4.5 MiB of the plan's peak memory at 20,000 documents (bench/plan-throughput.js);
 * nearly every name is unique, or shared by a few objects of different kinds.
 * Property-tested against the one map of key strings (`test/argo/last-definitions.test.ts`).
 */
export function lastDefinitions(manifests: readonly Manifest[], keyOf: (m: Manifest) => ResourceKey | undefined): Map<Manifest, Manifest> {
  // Positions by name end: one, or several in document order.
  const byName = new Map<string, number | number[]>();
  manifests.forEach((m, i) => {
    const key = keyOf(m);
    if (key === undefined || (key.name === '' && metadataString(m.object, 'generateName') !== '')) return;
    const end = nameEnd(key.name);
    const group = byName.get(end);
    if (group === undefined) byName.set(end, i);
    else if (Array.isArray(group)) group.push(i);
    else byName.set(end, [group, i]);
  });
  const losers = new Map<Manifest, Manifest>();
  for (const group of byName.values()) {
    if (!Array.isArray(group)) continue;
    const last = new Map<string, Manifest>();
    const ids = group.map((i) => keyString(keyOf(manifests[i])!));
    group.forEach((i, k) => last.set(ids[k], manifests[i]));
    group.forEach((i, k) => {
      const winner = last.get(ids[k])!;
      if (winner !== manifests[i]) losers.set(manifests[i], winner);
    });
  }
  return losers;
}

/** The name after its last `/` (nearly always the whole name: no new string). */
function nameEnd(name: string): string {
  const slash = name.lastIndexOf('/');
  return slash < 0 ? name : name.slice(slash + 1);
}
