import { ANNOTATION_SYNC_OPTIONS } from '../../argo/annotations';
import { SYNC_OPTIONS, syncOptionsOf } from '../../argo/sync-options';
import { quote } from '../quote';
import type { Hit, Rule } from '../types';

/** Options Argo CD does not know are ignored without a word; usually a typo, sometimes a newer option. */
export const syncOptionUnknown: Rule = {
  id: 'sync-option-unknown',
  defaultLevel: 'warning',
  title: 'A sync option Argo CD does not know',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.withAnnotation(ANNOTATION_SYNC_OPTIONS)) {
      for (const option of syncOptionsOf(manifest.object)) {
        const problem = unknownOption(option);
        if (problem) hits.push({ manifest, ...problem, path: ['metadata', 'annotations', ANNOTATION_SYNC_OPTIONS] });
      }
    }
    return hits;
  },
};

/** The problem with an option whose name Argo CD does not know (on a resource, or `where: 'app'`). */
export function unknownOption(option: string, where: 'resource' | 'app' = 'resource'): { readonly message: string; readonly fix: string } | undefined {
  const name = option.split('=')[0];
  if (SYNC_OPTIONS.some(o => o.name.toLowerCase() === name.toLowerCase())) return undefined;
  return {
    message: `sync option ${quote(option)} is not one Argo CD knows, so it is ignored`,
    fix: `use one of ${SYNC_OPTIONS.filter(o => where === 'app' || o.scope !== 'app').map(o => o.name).join(', ')} (Key=value, exact case)`,
  };
}
