import { ANNOTATION_SYNC_WAVE, annotationOf } from '../../argo/annotations';
import { canonicalWave, isCanonicalWave } from '../../argo/waves';
import { quote } from '../quote';
import type { Hit, Rule } from '../types';

/** "+3" and "007" work, but read like something else and break naive tooling that compares strings. */
export const waveNotCanonical: Rule = {
  id: 'wave-not-canonical',
  defaultLevel: 'warning',
  title: 'A sync wave that parses but is not written canonically',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.withAnnotation(ANNOTATION_SYNC_WAVE)) {
      const raw = annotationOf(manifest.object, ANNOTATION_SYNC_WAVE, ctx.options.argocdVersion);
      const wave = canonicalWave(raw);
      if (raw === undefined || wave === undefined || isCanonicalWave(raw)) continue;
      hits.push({
        manifest,
        message: `${ANNOTATION_SYNC_WAVE} ${quote(raw)} means wave ${wave}, but only "${wave}" says so plainly`,
        fix: `write "${wave}"`,
        path: ['metadata', 'annotations', ANNOTATION_SYNC_WAVE],
      });
    }
    return hits;
  },
};
