import { ANNOTATION_HOOK } from '../../argo/annotations';
import { HOOK_TYPES } from '../../argo/hooks';
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
          message: `${ANNOTATION_HOOK} ${quote(value)} is not a hook type Argo CD knows (matching is exact and case-sensitive), ${effect}`,
          fix: suggestArgo(value),
          path: ['metadata', 'annotations', ANNOTATION_HOOK],
        });
      }
    }
    return hits;
  },
};

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
