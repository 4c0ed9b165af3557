import { listGeneratedLabels, rollingSyncSteps, stepOf } from '../../argo/progressive-sync';
import type { Hit, Rule } from '../types';

/**
 * `argo-cd applicationset/progressivesync/progressive_sync.go` `buildAppDependencyList`: a generated
 * Application no RollingSync step selects gets step -1 and is never synced by the controller (it
 * must be synced by hand, argo-cd #29347). Checked where the generated labels can be known (list
 * generators with plain placeholders).
 */
export const rollingSyncAppInNoStep: Rule = {
  id: 'rolling-sync-app-in-no-step',
  defaultLevel: 'error',
  title: 'A RollingSync ApplicationSet generates an Application no step selects (never synced)',
  check(ctx) {
    const hits: Hit[] = [];
    for (const manifest of ctx.manifestsOfKind('ApplicationSet')) {
      const steps = rollingSyncSteps(manifest.object);
      const generated = steps && listGeneratedLabels(manifest.object);
      if (!steps || !generated) continue;
      const lost = generated.filter(g => stepOf(g.labels, steps) < 0).map(g => g.name);
      if (lost.length === 0) continue;
      hits.push({
        manifest,
        message: `RollingSync selects no step for ${lost.map(n => `Application/${n}`).join(', ')}, so the ApplicationSet controller never syncs ${lost.length === 1 ? 'it' : 'them'} (argo-cd #29347)`,
        fix: 'give every generated Application a label that some step\'s matchExpressions select (operators In and NotIn only), or add a last step that selects the rest',
        path: ['spec', 'strategy', 'rollingSync', 'steps'],
      });
    }
    return hits;
  },
};
