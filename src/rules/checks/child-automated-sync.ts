import { isAutomatedSync } from '../../argo/application';
import { describeStep, isApplication } from '../gates';
import type { Hit, Rule } from '../types';

/**
 * App-of-apps (argo-cd #8778, #4577): the parent's waves order only what the parent syncs. A child
 * Application with automated sync picks up changes of its own source on its own, so after the first
 * rollout its order against its siblings holds only when the change goes through the parent.
 */
export const childAutomatedSync: Rule = {
  id: 'child-automated-sync',
  defaultLevel: 'warning',
  title: 'A child Application ordered by waves syncs automatically (the parent orders only the first rollout)',
  check(ctx) {
    const hits: Hit[] = [];
    const steps = ctx.plan.steps.filter(s => s.tasks.some(t => t.action === 'apply' && isApplication(t)));
    if (steps.length < 2) return hits;
    for (const step of steps) {
      for (const t of step.tasks) {
        if (t.action !== 'apply' || !isApplication(t)) continue;
        if (!isAutomatedSync(t.manifest.object)) continue;
        hits.push({
          manifest: t.manifest,
          message: `syncs automatically, so the parent's ${describeStep(step)} orders only its first rollout: later changes of its source sync at once, `
            + 'whatever the other Applications are doing (argo-cd #8778)',
          fix: 'drop syncPolicy.automated and let the parent (or a RollingSync ApplicationSet) trigger its syncs, or change its source only through the parent',
          path: ['spec', 'syncPolicy', 'automated'],
        });
      }
    }
    return hits;
  },
};
