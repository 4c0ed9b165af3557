import { isAutomatedSync, sourcesPinned } from '../../argo/application';
import { describeStep, orderedChildren } from '../gates';
import type { Hit, Rule } from '../types';

/**
 * App-of-apps (argo-cd #8778, #4577): the parent's waves order only what the parent syncs. A child
 * Application syncs itself (automated sync: the parent never syncs a child, `child-not-automated`),
 * and it does so whenever its own source changes, so a change that never touches the parent's
 * manifests (the child tracks a branch) rolls out at once, in no order against its siblings. A child
 * whose every source is pinned to a revision that cannot move (`sourcesPinned`) changes only when
 * the parent changes it, which the parent then orders. Advice, not a defect: it is Argo CD's usual
 * app-of-apps, ordered on its first rollout and whenever the parent carries the change.
 */
export const childAutomatedSync: Rule = {
  id: 'child-automated-sync',
  defaultLevel: 'info',
  title: 'A child Application ordered by waves follows a moving revision (the parent orders only changes it carries)',
  check(ctx) {
    const hits: Hit[] = [];
    for (const { task: t, step } of orderedChildren(ctx)) {
      if (!isAutomatedSync(t.manifest.object) || sourcesPinned(t.manifest.object)) continue;
      hits.push({
        manifest: t.manifest,
        message: `syncs itself whenever its source changes, so the parent's ${describeStep(step)} orders only the changes that reach it through the parent `
          + '(its first rollout, a change of its spec): a new revision of the branch it tracks syncs at once, whatever the other Applications are doing (argo-cd #8778)',
        fix: 'keep automated sync (the parent never syncs a child), and pin spec.source.targetRevision to a commit (or a tag you never move) that the parent\'s '
          + 'manifests change with each release, or roll out with an ApplicationSet RollingSync',
        path: ['spec', 'source', 'targetRevision'],
      });
    }
    return hits;
  },
};
