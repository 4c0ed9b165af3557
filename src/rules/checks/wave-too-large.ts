import { ANNOTATION_SYNC_WAVE, HELM_HOOK_WEIGHT, annotationOf } from '../../argo/annotations';
import { MAX_EXACT_WAVE, readWave } from '../../argo/waves';
import { quote } from '../quote';
import type { Hit, Rule } from '../types';

/**
 * gitops-engine `pkg/sync/syncwaves/waves.go`: Argo CD holds a wave as an int64, exact to the last
 * digit; syncplan's plan holds it as a JavaScript number, exact only up to ±(2^53 − 1). Beyond, two
 * waves Argo CD keeps apart can share one step of the plan, so the plan is not trusted to order them.
 */
export const waveTooLarge: Rule = {
  id: 'wave-too-large',
  defaultLevel: 'error',
  title: 'A sync wave too large for syncplan to order exactly',
  check(ctx) {
    const hits: Hit[] = [];
    const seen = new Set<object>(); // once per object (a hook in two phases is two tasks)
    for (const t of ctx.tasks) {
      // The plan's number first: only a wave beyond the exact range is read again, for its digits.
      if (Number.isSafeInteger(t.annotatedWave) || seen.has(t.manifest)) continue;
      seen.add(t.manifest);
      const manifest = t.manifest;
      const read = readWave(manifest.object, ctx.options.argocdVersion);
      if (read.exact === undefined) continue;
      const annotation = read.from === 'hook-weight' ? HELM_HOOK_WEIGHT : ANNOTATION_SYNC_WAVE;
      hits.push({
        manifest,
        message: `${annotation} ${quote(annotationOf(manifest.object, annotation, ctx.options.argocdVersion) ?? '')} is wave ${read.exact} for Argo CD, `
          + `beyond the ±${MAX_EXACT_WAVE} syncplan holds exactly: ${shown(read.wave, read.exact)}may put it in one step with a wave `
          + 'Argo CD keeps apart, so syncplan cannot order it exactly',
        fix: `write a wave between -${MAX_EXACT_WAVE} and ${MAX_EXACT_WAVE}: waves only order, so small integers such as "-1", "0" or "10" do`,
        path: ['metadata', 'annotations', annotation],
      });
    }
    return hits;
  },
};


/** What the plan prints for the wave, when it is not the wave itself. */
function shown(wave: number, exact: bigint): string {
  return BigInt(wave) === exact ? 'the plan cannot tell it from the waves next to it, and ' : `the plan shows it as wave ${wave}, and `;
}
