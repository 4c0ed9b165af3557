import { APPLICATION_HEALTH_KEY, applicationHealthGaps } from '../../argo/application-health';
import { describeStep, gatingApplications } from '../gates';
import type { Hit, Rule } from '../types';

/**
 * With the operator's argocd-cm known, a wave after a child Application waits only if its
 * Application health check is usable: run in a Lua VM, it must not say Healthy while the child is
 * OutOfSync, syncing, or after a failed sync (the documented health-only script does, argo-cd #27917).
 */
export const applicationHealthMissing: Rule = {
  id: 'application-health-missing',
  defaultLevel: 'error',
  title: 'Child Applications ordered by waves, but argocd-cm has no usable Application health check',
  check(ctx) {
    const cm = ctx.options.argocdCm;
    if (!cm) return [];
    const gating = gatingApplications(ctx);
    if (gating.length === 0) return [];
    const gaps = cm.applicationHealth === undefined ? undefined : applicationHealthGaps(cm.applicationHealth);
    if (gaps !== undefined && gaps.length === 0) return [];
    const why = gaps === undefined
      ? `argocd-cm has no Application health check (${APPLICATION_HEALTH_KEY}), so it starts ~2 s after the apply (argo-cd #3781)`
      : `argocd-cm's Application health check ${gaps.join('; ')}, so the parent moves on too early (argo-cd #10550, #27917)`;
    const hits: Hit[] = [];
    for (const { task, next } of gating) {
      hits.push({
        manifest: task.manifest,
        message: `${describeStep(next)} should wait for this child Application, but ${why}`,
        fix: 'apply the patch cdk8s-syncplan writes beside the output (argocd-cm.application-health.patch.yaml: kubectl -n argocd patch configmap argocd-cm --type merge --patch-file it)',
        path: ['kind'],
      });
    }
    return hits;
  },
};
