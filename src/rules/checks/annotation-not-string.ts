import { readAnnotations } from '../../argo/annotations';
import { quote } from '../quote';
import type { Hit, Rule } from '../types';

/** argo-cd #13730: one unquoted number hides every annotation of the object, and the apply fails. */
export const annotationNotString: Rule = {
  id: 'annotation-not-string',
  defaultLevel: 'error',
  title: 'An annotation value is not a string',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.malformedAnnotations) {
      for (const p of readAnnotations(manifest.object).problems) {
        if (p.key === '') {
          hits.push({
            manifest,
            message: `metadata.annotations is a ${p.type}, not a map of strings: Argo CD reads no annotation of this object and the API server rejects it`,
            fix: 'write metadata.annotations as a map of quoted strings',
            path: ['metadata', 'annotations'],
          });
        } else {
          hits.push({
            manifest,
            message: `annotation ${p.key} is a ${p.type} (${quote(p.value)}), not a string: Argo CD then ignores every annotation of this object (waves, hooks) and the API server rejects it`,
            // An empty YAML value is null: quoting it would write the word "null".
            fix: p.value === null ? `write an empty string: ${p.key}: ""` : `quote the value: ${p.key}: ${quote(p.value)}`,
            path: ['metadata', 'annotations', p.key],
          });
        }
      }
    }
    return hits;
  },
};
