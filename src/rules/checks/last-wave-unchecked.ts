import { runsPods, waitsOnHealth } from '../../argo/same-wave';
import { describeStep, isApplication } from '../gates';
import type { Hit, Rule } from '../types';

/**
 * docs/argo-cd-model.md#steps and docs/argo-cd-model.md#gates (argo-cd #1715): after the last step is applied
 * the sync ends Succeeded at once unless that step holds hooks; nobody waits for its health. Green does not mean
 * the rollout worked.
 */
export const lastWaveUnchecked: Rule = {
  id: 'last-wave-unchecked',
  defaultLevel: 'info',
  title: 'The last wave is never health-checked',
  check(ctx) {
    const steps = ctx.plan.steps;
    const last = steps[steps.length - 1];
    if (!last || last.gate !== 'none') return [];
    // What would have something to wait for (a ClusterIP Service is Healthy once applied anyway; a
    // health script of the argocd-cm given is a check too). Child Applications are app-of-apps
    // order, the application-health rules' (their check is in argocd-cm only), not a rollout to smoke-test.
    const scripts = ctx.options.argocdCm?.healthScripts;
    const unchecked = last.tasks.filter(t => t.action === 'apply' && !isApplication(t) && waitsOnHealth(t, scripts, ctx.options.argocdVersion));
    if (unchecked.length === 0) return [];
    // Named after what runs the new version when there is one (a CRD or a PDB sorts first by kind
    // order, but "green does not mean it serves" is about the workload; suppressions go there too).
    const first = unchecked.find(runsPods) ?? unchecked[0];
    const more = unchecked.length > 1 ? ` and ${unchecked.length - 1} more` : '';
    const hits: Hit[] = [{
      manifest: first.manifest,
      message: `is in the last step (${describeStep(last)}): the sync reports Succeeded right after applying it${more}, without waiting for any of it to become Healthy`,
      fix: 'add a PostSync hook (a smoke test) if a green sync must mean the new version serves',
      path: ['kind'],
    }];
    return hits;
  },
};
