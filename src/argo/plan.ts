/**
 * The whole ordering pipeline of reference §1.5: manifests → tasks → prune waves → sort → hoist →
 * steps. Pure and deterministic: the same manifests in any order give the same plan.
 */
import { createNamespaceTask } from './create-namespace';
import { freezeTask } from './draft';
import { hoist } from './hoist';
import { applyPruneLast, mirrorPruneWaves } from './prune';
import { sortTasks } from './sort';
import { groupSteps } from './steps';
import { buildTasks } from './tasks';
import { Manifest, PlanOptions, SyncPlan } from './types';

export function buildPlan(manifests: readonly Manifest[], options: PlanOptions = {}): SyncPlan {
  const built = buildTasks(manifests, options);
  const { excluded, errors } = built;
  let tasks = built.tasks;
  const namespaceTask = createNamespaceTask(manifests, options, Number.MAX_SAFE_INTEGER);
  if (namespaceTask) tasks.push(namespaceTask);
  mirrorPruneWaves(tasks);
  applyPruneLast(tasks, options.syncOptions ?? []);
  tasks = sortTasks(tasks);
  hoist(tasks);
  const sorted = tasks.map(freezeTask);
  return {
    steps: groupSteps(sorted),
    syncFail: sorted.filter(t => t.phase === 'SyncFail'),
    excluded,
    errors,
  };
}
