import type { SyncTask } from '../../argo/types';
import { describeStep, nextStepWaitingOn } from '../gates';
import { at } from '../objects';
import type { Hit, Rule } from '../types';

/**
 * docs/argo-cd-model.md#task-completion: Suspended never lets a wave finish (argo-cd #25054) and Argo CD has no sync
 * timeout by default, so a paused Deployment or Rollout, or a suspended Job, holds the sync forever.
 */
export const gateNeverOpens: Rule = {
  id: 'gate-never-opens',
  defaultLevel: 'error',
  title: 'A paused or suspended object that the sync waits for',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of ctx.tasksOfKind('Deployment', 'Rollout', 'Job')) {
      if (t.action !== 'apply' || t.phase === 'SyncFail') continue;
      const stop = stopped(t);
      if (!stop) continue;
      const next = nextStepWaitingOn(ctx, t);
      // Hooks are always awaited; resources only when a later step waits for them.
      if (!t.hook && !next) continue;
      const waiter = t.hook ? 'Argo CD waits for every hook to finish' : `${describeStep(next!)} waits for it`;
      hits.push({
        manifest: t.manifest,
        message: `is in ${describeStep(t)} with ${stop.field}: true, so its health stays Suspended; ${waiter} and the sync hangs until someone terminates it`,
        fix: `remove ${stop.field} (resume it another way), or move it to the last wave where nothing waits for it`,
        path: stop.path,
      });
    }
    return hits;
  },
};

function stopped(t: SyncTask): { field: string; path: string[] } | undefined {
  const paused = (t.kind === 'Deployment' && t.group === 'apps') || (t.kind === 'Rollout' && t.group === 'argoproj.io');
  if (paused && at(t.manifest.object, ['spec', 'paused']) === true) return { field: 'spec.paused', path: ['spec', 'paused'] };
  if (t.kind === 'Job' && t.group === 'batch' && at(t.manifest.object, ['spec', 'suspend']) === true) return { field: 'spec.suspend', path: ['spec', 'suspend'] };
  return undefined;
}
