import { hookLabel } from '../hooks';
import { at, kindOf } from '../objects';
import type { Hit, Rule } from '../types';

/**
 * Argo CD has no sync timeout by default (argo-cd #17314, #5620; `controller.sync.timeout.seconds`
 * = 0): a hook that hangs holds the sync Running forever. `activeDeadlineSeconds` bounds it.
 */
export const hookNoDeadline: Rule = {
  id: 'hook-no-deadline',
  defaultLevel: 'warning',
  title: 'A Job or Pod hook without activeDeadlineSeconds',
  check(ctx) {
    const hits: Hit[] = [];
    for (const { manifest, hook } of ctx.hooks) {
      const kind = kindOf(manifest);
      if (kind !== 'Job' && kind !== 'Pod') continue;
      if (typeof at(manifest.object, ['spec', 'activeDeadlineSeconds']) === 'number') continue;
      hits.push({
        manifest,
        message: `is a ${hookLabel(hook)} hook without spec.activeDeadlineSeconds: if it hangs, the sync waits for it forever (Argo CD has no sync timeout by default)`,
        fix: 'set spec.activeDeadlineSeconds to the longest run you would accept (e.g. 600)',
        path: ['spec'],
      });
    }
    return hits;
  },
};
