import { ANNOTATION_HOOK, HELM_HOOK } from '../../argo/annotations';
import { ENGINE_HOOK_TYPES, HELM_DELETION_HOOKS, HELM_HOOK_PHASES, HOOK_TYPES } from '../../argo/hooks';
import { hookRead } from '../hooks';
import type { Hit, Rule } from '../types';

/**
 * `GE/sync/ignore/ignore.go` and `TestGarbageHook`: a hook annotation without a usable value makes
 * the object vanish from the sync (neither applied nor pruned), with no message anywhere.
 */
export const hookUnrecognised: Rule = {
  id: 'hook-unrecognised',
  defaultLevel: 'error',
  title: 'A hook value Argo CD does not recognise',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.manifests) {
      const read = hookRead(manifest);
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
          message: `${ANNOTATION_HOOK} "${value}" is not a hook type Argo CD knows (matching is exact and case-sensitive), ${effect}`,
          fix: suggestArgo(value),
          path: ['metadata', 'annotations', ANNOTATION_HOOK],
        });
      }
      // Helm types only count when no Argo CD type was recognised.
      const argoRecognised = read.argoValues.some(v => (ENGINE_HOOK_TYPES as readonly string[]).includes(v));
      if (argoRecognised) continue;
      for (const value of read.unrecognisedHelm) {
        hits.push({
          manifest,
          message: `${HELM_HOOK} "${value}" has no Argo CD equivalent (Argo CD runs only ${Object.keys(HELM_HOOK_PHASES).join(', ')} and the delete hooks; never test or rollback hooks), ${effect}`,
          fix: /^test/.test(value)
            ? `run the test as a PostSync hook (${ANNOTATION_HOOK}: PostSync), or render the chart without its tests`
            : `use one of ${[...Object.keys(HELM_HOOK_PHASES), ...Object.keys(HELM_DELETION_HOOKS)].join(', ')}, or set ${ANNOTATION_HOOK}`,
          path: ['metadata', 'annotations', HELM_HOOK],
        });
      }
    }
    return hits;
  },
};

function describeTypes(types: readonly string[], deletion: readonly string[]): string {
  const all = [...types, ...deletion];
  return all.length === 0 ? 'a resource' : `a ${all.join(',')} hook`;
}

function suggestArgo(value: string): string {
  const close = HOOK_TYPES.find(t => t.toLowerCase() === value.toLowerCase().replace(/[-_\s]/g, ''));
  return close !== undefined
    ? `write "${close}" (exact case)`
    : `use one of ${HOOK_TYPES.join(', ')}`;
}
