import { ANNOTATION_SYNC_WAVE, HELM_HOOK_WEIGHT, annotationOf } from '../../argo/annotations';
import type { Hit, Rule } from '../types';

/**
 * docs/argo-cd-model.md#failure (gitops-engine `pkg/sync/sync_context.go`): all SyncFail hooks start in one
 * batch; waves are ignored.
 */
export const syncFailHookWave: Rule = {
  id: 'syncfail-hook-wave',
  defaultLevel: 'warning',
  title: 'A wave on a SyncFail hook (ignored)',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of ctx.plan.syncFail) {
      if (t.annotatedWave === 0) continue;
      const written = annotationOf(t.manifest.object, ANNOTATION_SYNC_WAVE, ctx.options.argocdVersion);
      const key = written !== undefined ? ANNOTATION_SYNC_WAVE : HELM_HOOK_WEIGHT;
      hits.push({
        manifest: t.manifest,
        message: `is a SyncFail hook in wave ${t.annotatedWave}, but Argo CD starts all SyncFail hooks at once and ignores their waves`,
        fix: 'drop the wave; if one SyncFail step must follow another, do both in one hook',
        path: ['metadata', 'annotations', key],
      });
    }
    return hits;
  },
};
