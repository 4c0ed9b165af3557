/**
 * What `plan --live` shows of `ApplyOutOfSyncOnly=true` (`apply-out-of-sync-only.ts`): the plan's
 * tasks a sync starting now leaves out, with the live objects matched to tasks as the simulator's
 * cluster matches them, so `plan` and `simulate` name the same resources.
 */
import type { Manifest, SyncPlan, SyncTask } from '../types';
import { appliesOutOfSyncOnly, unmodifiedTasks } from './apply-out-of-sync-only';
import { Cluster } from './cluster';

/** The tasks a sync starting now leaves out, judged against `live` (the cluster now); empty when the option is off or nothing is live. */
export function inSyncAtStart(plan: SyncPlan, appSyncOptions: readonly string[], live: readonly Manifest[]): Set<SyncTask> {
  if (!appliesOutOfSyncOnly(appSyncOptions) || live.length === 0) return new Set();
  const cluster = new Cluster({ live });
  return unmodifiedTasks(plan.steps.flatMap(s => s.tasks), t => cluster.current(t));
}
