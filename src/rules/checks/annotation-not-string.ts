import { readAnnotations } from '../../argo/annotations';
import { nonStringAnnotationEffect } from '../../argo/non-string-annotation';
import { quote } from '../quote';
import type { Hit, Rule } from '../types';

/**
 * An annotation value that is not a string: with annotation tracking (the default since 3.0) the
 * whole Application fails to render; with label tracking the object's annotations go unread and the
 * API server rejects it (src/argo/non-string-annotation.ts says which, per version).
 */
export const annotationNotString: Rule = {
  id: 'annotation-not-string',
  defaultLevel: 'error',
  title: 'An annotation value is not a string',
  check(ctx) {
    const hits: Hit[] = [];
    const model = { argocdVersion: ctx.options.argocdVersion, trackingMethod: ctx.options.tracking?.method };
    for (const manifest of ctx.malformedAnnotations) {
      for (const p of readAnnotations(manifest.object).problems) {
        const effect = nonStringAnnotationEffect(manifest.object, p, model);
        // Label tracking (or a CRD) since 3.1 reads a null value as "" and the API server accepts it:
        // nothing goes wrong, and the plan raises no error either (the same `reported`).
        if (!effect.reported) continue;
        if (p.key === '') {
          hits.push({
            manifest,
            message: `metadata.annotations is a ${p.type}, not a map of strings: ${effect.text}`,
            fix: 'write metadata.annotations as a map of quoted strings',
            path: ['metadata', 'annotations'],
          });
        } else {
          hits.push({
            manifest,
            message: `annotation ${p.key} is a ${p.type} (${quote(p.value)}), not a string: ${effect.text}`,
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
