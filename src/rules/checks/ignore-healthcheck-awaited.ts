import { ANNOTATION_IGNORE_HEALTHCHECK, isHealthCheckIgnored } from '../../argo/annotations';
import { waitsOnHealth } from '../../argo/same-wave';
import { describeStep, nextStepWaitingOn } from '../gates';
import type { Hit, Rule } from '../types';

/**
 * docs/argo-cd-model.md#health: `argocd.argoproj.io/ignore-healthcheck: "true"` is read in one place, the
 * Application's aggregated health (argo-cd `controller/health.go` `setApplicationHealth`). The sync's own
 * wait never reads it: gitops-engine `pkg/sync/sync_context.go` judges a running task by
 * `health.GetResourceHealth` (a hook by `getOperationPhase`), annotation or not. So an object annotated to
 * unblock a stuck wave still holds it, and a Degraded one still fails the sync.
 */
export const ignoreHealthcheckAwaited: Rule = {
  id: 'ignore-healthcheck-awaited',
  defaultLevel: 'warning',
  title: 'An object annotated ignore-healthcheck that the sync still waits for',
  check(ctx) {
    const hits: Hit[] = [];
    const scripts = ctx.options.argocdCm?.healthScripts;
    for (const m of ctx.withAnnotation(ANNOTATION_IGNORE_HEALTHCHECK)) {
      // Read as on the live object, with no version: the API server stored a null value as "" (annotations.ts).
      if (!isHealthCheckIgnored(m.object)) continue;
      for (const t of ctx.tasksOf(m)) {
        if (t.action !== 'apply' || t.phase === 'SyncFail' || !waitsOnHealth(t, scripts, ctx.options.argocdVersion)) continue;
        const next = nextStepWaitingOn(ctx, t);
        // Hooks are always awaited; resources only when a later step waits for them.
        if (!t.hook && !next) continue;
        const waiter = t.hook
          ? `Argo CD still waits for this ${t.phase} hook to complete (a Degraded one fails the sync)`
          : `${describeStep(next!)} still waits for it to be Healthy (a Degraded one fails the sync)`;
        hits.push({
          manifest: m,
          message: `is in ${describeStep(t)} and annotated ${ANNOTATION_IGNORE_HEALTHCHECK}: "true", yet ${waiter}: `
            + 'the annotation only leaves it out of the Application\'s health, the sync never reads it',
          fix: 'to keep the sync from waiting on it, move it to the last wave or into the wave of what comes after it, or fix what keeps it from being Healthy; '
            + 'keep the annotation only for the Application\'s health',
          path: ['metadata', 'annotations', ANNOTATION_IGNORE_HEALTHCHECK],
        });
      }
    }
    return hits;
  },
};
