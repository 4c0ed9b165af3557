/**
 * Steps and health gates (`gitops-engine pkg/sync/sync_context.go` `Sync`; docs/argo-cd-model.md#steps,
 * docs/argo-cd-model.md#gates). A step is one (phase, wave) run of the sorted tasks. Argo CD waits between steps
 * only when the sync is multi-step (first and last (phase, wave) of *all* tasks differ, SyncFail included); the
 * last step is awaited only when it holds hooks; a single-step sync awaits only its hooks. Inside a step, prunes
 * run first (`runTasks`), then applies in sort order.
 */
import { SyncPlan, SyncStep, SyncTask } from './types';

function samePhaseWave(a: SyncTask, b: SyncTask): boolean {
  return a.phase === b.phase && a.wave === b.wave;
}

/** gitops-engine's `multiStep` over the full sorted list. */
export function isMultiStep(sorted: readonly SyncTask[]): boolean {
  return sorted.length > 0 && !samePhaseWave(sorted[0], sorted[sorted.length - 1]);
}

/**
 * Groups sorted tasks into steps. `sorted` is the whole sorted list (SyncFail included, it decides
 * `multiStep`); SyncFail tasks are left out of the steps, and so are the `leftOut` tasks, which
 * still count for `multiStep` (ApplyOutOfSyncOnly's filter, see `stepsRun`).
 */
export function groupSteps(sorted: readonly SyncTask[], leftOut?: ReadonlySet<SyncTask>): SyncStep[] {
  const multiStep = isMultiStep(sorted);
  const runs: SyncTask[][] = [];
  for (const t of sorted) {
    if (t.phase === 'SyncFail' || leftOut?.has(t)) continue;
    const run = runs[runs.length - 1];
    if (run && samePhaseWave(run[0], t)) run.push(t);
    else runs.push([t]);
  }
  return runs.map((tasks, i) => {
    const hasHooks = tasks.some(t => t.hook);
    const last = i === runs.length - 1;
    const gate = !multiStep ? (hasHooks ? 'hooks' : 'none') : (!last || hasHooks ? 'all' : 'none');
    // runTasks deletes all prunes of the step first, then applies the rest in sort order.
    const ordered = [...tasks.filter(t => t.action === 'prune'), ...tasks.filter(t => t.action !== 'prune')];
    return { phase: tasks[0].phase, wave: tasks[0].wave, tasks: ordered, gate };
  });
}

/**
 * The steps a sync runs when `leftOut` tasks get none (`ApplyOutOfSyncOnly=true`'s in-sync resources):
 * `multiStep` is still decided over every task, but the step to run and the final step come from
 * what is left (`Sync`: `filterOutOfSyncTasks`, then `finalWave` and `remainingTasks` from the rest),
 * so a step of only such tasks is no step, and the last step left is gated as a last step is.
 */
export function stepsRun(plan: Pick<SyncPlan, 'steps' | 'syncFail'>, leftOut: ReadonlySet<SyncTask>): SyncStep[] {
  if (leftOut.size === 0) return [...plan.steps];
  return groupSteps([...plan.steps.flatMap(s => s.tasks), ...plan.syncFail], leftOut);
}
