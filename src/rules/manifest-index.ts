/**
 * The objects of one lint, indexed in one pass: by kind, by annotation key, the hooks. Most rules
 * care about a handful of objects (those with a sync-options annotation, the CRDs, the hooks); on a
 * chart of thousands of objects, thirty rules each re-reading every object cost more than the
 * checks themselves. Built per lint and dropped with its context: nothing outlives the call.
 */
import { hookRead } from './hooks';
import { generateNameOf, kindOf, metadataName } from './objects';
import type { HookManifest } from './types';
import { ANNOTATION_HOOK, HELM_HOOK, isPlainObject, readAnnotations } from '../argo/annotations';
import type { Manifest } from '../argo/types';

const NONE: readonly Manifest[] = [];

export class ManifestIndex {
  readonly malformedAnnotations: Manifest[] = [];
  readonly generateNamed: Manifest[] = [];
  readonly hooks: HookManifest[] = [];
  private readonly byKind = new Map<string, Manifest[]>();
  private readonly byAnnotation = new Map<string, Manifest[]>();

  constructor(private readonly manifests: readonly Manifest[]) {
    for (const m of manifests) {
      push(this.byKind, kindOf(m), m);
      // Keys as written, read as `readAnnotations` reads the map (so a map Argo CD cannot read
      // still lists its keys: the rules about broken annotations need those objects too).
      const metadata = m.object.metadata;
      const annotations = isPlainObject(metadata) ? metadata.annotations : undefined;
      if (annotations !== undefined && annotations !== null) {
        if (isPlainObject(annotations)) for (const key of Object.keys(annotations)) push(this.byAnnotation, key, m);
        if (readAnnotations(m.object).problems.length > 0) this.malformedAnnotations.push(m);
      }
      if (metadataName(m) === undefined && generateNameOf(m) !== undefined) this.generateNamed.push(m);
    }
    // Without either hook annotation Argo CD reads an object as a plain resource.
    for (const manifest of this.withAnnotation(ANNOTATION_HOOK, HELM_HOOK)) {
      const hook = hookRead(manifest);
      if (hook.isHook && !hook.ignored) this.hooks.push({ manifest, hook });
    }
  }

  ofKind(kind: string): readonly Manifest[] {
    return this.byKind.get(kind) ?? NONE;
  }

  withAnnotation(...keys: string[]): readonly Manifest[] {
    const lists = keys.map(k => this.byAnnotation.get(k)).filter((l): l is Manifest[] => l !== undefined);
    if (lists.length <= 1) return lists[0] ?? NONE;
    // Several keys present: keep input order, each object once.
    const union = new Set(lists.flat());
    return this.manifests.filter(m => union.has(m));
  }
}

/** Appends to the list under a key. */
export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
