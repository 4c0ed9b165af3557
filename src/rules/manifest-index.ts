/**
 * The objects of one lint, indexed in one pass: by annotation key, the hooks (and by kind on
 * demand). Most rules care about a handful of objects (those with a sync-options annotation, the
 * CRDs, the hooks); on a chart of thousands of objects, thirty rules each re-reading every object
 * cost more than the checks themselves. Built per lint and dropped with its context.
 */
import { hookRead } from './hooks';
import { kindOf } from './objects';
import type { HookManifest } from './types';
import { ANNOTATION_HOOK, HELM_HOOK, isPlainObject } from '../argo/annotations';
import type { Manifest } from '../argo/types';

const NONE: readonly Manifest[] = [];

export class ManifestIndex {
  readonly malformedAnnotations: Manifest[] = [];
  readonly generateNamed: Manifest[] = [];
  readonly unnamed: Manifest[] = [];
  readonly hooks: HookManifest[] = [];
  private byKind: Map<string, Manifest[]> | undefined;
  private readonly byAnnotation = new Map<string, Manifest[]>();

  /** @param argocdVersion the Argo CD version whose reader finds the hooks (`readAnnotations`). @default the latest modelled */
  constructor(private readonly manifests: readonly Manifest[], argocdVersion?: string) {
    for (const m of manifests) {
      // Keys as written, found as `readAnnotations` finds the map (so a map Argo CD cannot read
      // still lists its keys: the rules about broken annotations need those objects too). A
      // document that is not an object (`lint()` may be handed one) has none.
      const metadata = m.object === null || m.object === undefined ? undefined : m.object.metadata;
      const annotations = isPlainObject(metadata) ? metadata.annotations : undefined;
      if (isPlainObject(annotations)) {
        let malformed = false;
        for (const key in annotations) {
          if (!Object.prototype.hasOwnProperty.call(annotations, key)) continue;
          push(this.byAnnotation, key, m);
          // One value that is not a string: the repo server refuses the map, and the controller reads
          // none of it, or, since 3.1, all of it when the values are null (`readAnnotations`).
          if (typeof annotations[key] !== 'string') malformed = true;
        }
        if (malformed) this.malformedAnnotations.push(m);
      } else if (annotations !== undefined && annotations !== null) {
        this.malformedAnnotations.push(m); // not a map
      }
      // No name but a generateName, as `metadataName` and `generateNameOf` read them.
      if (isPlainObject(m.object) && isPlainObject(metadata) && typeof metadata.name !== 'string'
        && typeof metadata.generateName === 'string') this.generateNamed.push(m);
      // Neither, as Argo CD's getters read them (an empty string is no name).
      if (isPlainObject(m.object) && isPlainObject(metadata) && !nonEmpty(metadata.name) && !nonEmpty(metadata.generateName)) this.unnamed.push(m);
    }
    // Without either hook annotation Argo CD reads an object as a plain resource.
    for (const manifest of this.withAnnotation(ANNOTATION_HOOK, HELM_HOOK)) {
      const hook = hookRead(manifest, argocdVersion);
      if (hook.isHook && !hook.ignored) this.hooks.push({ manifest, hook });
    }
  }

  /** Built on first use: few rules ask, and only when the app has custom resources. */
  ofKind(kind: string): readonly Manifest[] {
    if (!this.byKind) {
      this.byKind = new Map();
      for (const m of this.manifests) push(this.byKind, kindOf(m), m);
    }
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

function nonEmpty(v: unknown): boolean {
  return typeof v === 'string' && v !== '';
}

/** Appends to the list under a key. */
export function push<K, V>(map: Map<K, V[]>, key: K, value: V): Map<K, V[]> {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
  return map;
}
