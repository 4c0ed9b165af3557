import { isAutomatedSync } from '../../argo/application';
import { describeStep, nextStepWaitingOn, orderedChildren } from '../gates';
import type { Hit, Rule } from '../types';

/**
 * App-of-apps (argo-cd #1932, `argo-cd docs/operator-manual/cluster-bootstrapping.md`): the parent
 * applies a child `Application` like any object and never syncs it; the child syncs only with
 * automated sync, or by hand. A child the parent orders without it never rolls out on its own: with
 * the Application health check a new child stays Missing and OutOfSync, so the wave after it waits
 * until someone syncs it (and every later child with it); in the parent's last wave, which nothing
 * waits for, the parent succeeds and the child stays unsynced.
 */
export const childNotAutomated: Rule = {
  id: 'child-not-automated',
  defaultLevel: 'warning',
  title: 'A child Application ordered by waves has no automated sync: the parent applies it but never syncs it',
  check(ctx) {
    const hits: Hit[] = [];
    for (const { task: t, step } of orderedChildren(ctx)) {
      if (isAutomatedSync(t.manifest.object)) continue;
      const next = nextStepWaitingOn(ctx, t);
      hits.push({
        manifest: t.manifest,
        message: 'has no automated sync, and the parent applies a child Application but never syncs it (argo-cd #1932): '
          + (next
            ? `with the Application health check, the parent's ${describeStep(next)} waits until someone syncs this child by hand (a new child stays Missing and OutOfSync), and no later child starts before`
            : `the parent's sync ends after ${describeStep(step)} without waiting for it, and the child stays unsynced until someone syncs it by hand`),
        fix: 'set spec.syncPolicy.automated (cdk8s-syncplan: syncPolicy: { automated: true }), or sync it by hand while the parent waits '
          + '(argocd app sync <name>) and suppress this with that reason',
        path: ['spec', 'syncPolicy'],
      });
    }
    return hits;
  },
};
