import { ANNOTATION_HOOK, HELM_HOOK } from '../../argo/annotations';
import { deletionHookTypesOf, HELM_DELETION_HOOKS, HOOK_TYPES } from '../../argo/hooks';
import type { Manifest } from '../../argo/types';
import { behavesSince, sinceText } from '../../argo/versions';
import { hookRead } from '../hooks';
import { quote } from '../quote';
import type { Hit, Rule } from '../types';

/**
 * `gitops-engine pkg/sync/ignore/ignore.go` and `TestGarbageHook`: a hook annotation without a usable value makes
 * the object vanish from the sync (neither applied nor pruned), with no message anywhere.
 */
export const hookUnrecognised: Rule = {
  id: 'hook-unrecognised',
  defaultLevel: 'error',
  title: 'A hook value Argo CD does not recognise',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.withAnnotation(ANNOTATION_HOOK)) {
      const read = hookRead(manifest, ctx.options.argocdVersion);
      const effect = read.ignored
        ? 'so the object is silently left out of every sync (neither applied nor pruned)'
        : `so that value is ignored (the object is handled as ${describeTypes(read.types, read.deletionTypes)})`;
      if (read.hasArgoHook && read.argoValues.length === 0) {
        hits.push({
          manifest,
          message: `${ANNOTATION_HOOK} is empty, ${effect}`,
          fix: `set one of ${HOOK_TYPES.join(', ')}, or remove the annotation`,
          path: ['metadata', 'annotations', ANNOTATION_HOOK],
        });
      }
      for (const value of read.unrecognisedArgo) {
        hits.push({
          manifest,
          message: `${ANNOTATION_HOOK} ${quote(value)} is not a hook type Argo CD knows (matching is exact and case-sensitive), ${effect}`,
          fix: suggestArgo(value),
          path: ['metadata', 'annotations', ANNOTATION_HOOK],
        });
      }
    }
    hits.push(...deletionTypesUnread(ctx.withAnnotation(ANNOTATION_HOOK, HELM_HOOK), ctx.options.argocdVersion));
    return hits;
  },
};

/**
 * Deletion hook types the modelled version does not read (`deletionHookTypesOf`): PreDelete before 3.3,
 * and before 3.3.3 a deletion type in a list (the controller compared the annotation's whole value).
 */
function deletionTypesUnread(manifests: readonly Manifest[], version: string | undefined): Hit[] {
  const hits: Hit[] = [];
  for (const manifest of manifests) {
    const read = hookRead(manifest, version);
    if (read.deletionTypes.length === 0) continue;
    const seen = deletionHookTypesOf(manifest.object, version);
    for (const type of read.deletionTypes.filter((t) => !seen.includes(t))) {
      const key = read.argoValues.includes(type) ? ANNOTATION_HOOK : HELM_HOOK;
      const rest = read.types.length === 0 ? 'and leaves the object out of every sync (a hook with no type it knows)' : `and handles the object as ${describeTypes(read.types, [])} only`;
      const v = version ?? ''; // always given here: the latest modelled version reads every type
      hits.push(type === 'PreDelete' && !behavesSince('preDeleteHooks', version)
        ? {
          manifest,
          message: `${key} names PreDelete, a hook type only Argo CD 3.3 and later run: Argo CD ${v} never runs this hook, ${rest}`,
          fix: 'upgrade Argo CD to 3.3 or later, or do the cleanup in a PostDelete hook (it runs after the Application\'s objects are deleted)',
          path: ['metadata', 'annotations', key],
        }
        : {
          manifest,
          message: `${key} names ${type} in a list of hook types, which only Argo CD ${sinceText('deletionHookCsv')} and later read: Argo CD ${v} compares the whole value, so this is no ${type} hook`,
          fix: `give the ${type} hook an object of its own whose ${key} is exactly "${key === ANNOTATION_HOOK ? type : helmValueOf(type)}"`,
          path: ['metadata', 'annotations', key],
        });
    }
  }
  return hits;
}

/** Helm's value for a deletion hook type (`HELM_DELETION_HOOKS` read backwards). */
function helmValueOf(type: string): string {
  return Object.keys(HELM_DELETION_HOOKS).find((v) => HELM_DELETION_HOOKS[v] === type) ?? type;
}

export function describeTypes(types: readonly string[], deletion: readonly string[]): string {
  const all = [...types, ...deletion];
  return all.length === 0 ? 'a resource' : `a ${all.join(',')} hook`;
}

function suggestArgo(value: string): string {
  const close = HOOK_TYPES.find(t => t.toLowerCase() === value.toLowerCase().replace(/[-_\s]/g, ''));
  return close !== undefined
    ? `write "${close}" (exact case)`
    : `use one of ${HOOK_TYPES.join(', ')}`;
}
