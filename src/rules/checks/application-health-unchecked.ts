import { APPLICATION_HEALTH_KEY } from '../../argo/application-health';
import { describeStep, gatingApplications } from '../gates';
import type { Hit, Rule } from '../types';

/**
 * `argoproj.io/Application` has no health check since Argo CD 1.8 (argo-cd #3781): a wave after a
 * child Application starts ~2 s after it is applied unless argocd-cm holds one. Without the
 * operator's argocd-cm (`--argocd-cm FILE`), say that it must be installed.
 */
export const applicationHealthUnchecked: Rule = {
  id: 'application-health-unchecked',
  defaultLevel: 'warning',
  title: 'Child Applications ordered by waves wait only with an Application health check in argocd-cm',
  check(ctx) {
    if (ctx.options.argocdCm) return []; // known: application-health-missing judges it
    const hits: Hit[] = [];
    for (const { task, next } of gatingApplications(ctx)) {
      hits.push({
        manifest: task.manifest,
        message: `${describeStep(next)} waits for this child Application only if argocd-cm holds an Application health check (Argo CD has had none built in since 1.8, argo-cd #3781, #6411); without one it starts ~2 s after the apply`,
        fix: `install the check (cdk8s-syncplan writes argocd-cm.application-health.patch.yaml beside the output: kubectl -n argocd patch configmap argocd-cm --type merge --patch-file it), then lint with --argocd-cm to prove it; key ${APPLICATION_HEALTH_KEY}`,
        path: ['kind'],
      });
    }
    return hits;
  },
};
