/**
 * The sync that starts now, for `plan` and `report`: what `ApplyOutOfSyncOnly=true` leaves out of it
 * (the resources in sync with `--live`) and the least time it takes (`report/timing.ts`, whose
 * steps are those the filter leaves, without the destination Namespace created before the dry run).
 */
import type { HealthScript } from '../argo/argocd-cm';
import type * as ApplyOutOfSyncOnlyModule from '../argo/simulate/apply-out-of-sync-only';
import type * as InSyncAtStartModule from '../argo/simulate/in-sync-at-start';
import type { PlanOptions, SyncPlan, SyncTask } from '../argo/types';
import type * as TimingModule from '../report/timing';

export interface SyncStartingNow {
  /** Undefined without the option. */
  readonly inSync?: Set<SyncTask>;
  readonly time: TimingModule.TimeEstimate;
}

/** `healthScripts`: the argocd-cm's (`--argocd-cm`), which say what each step waits for. */
export function syncStartingNow(plan: SyncPlan, options: Pick<PlanOptions, 'syncOptions' | 'live' | 'argocdVersion'>, waveDelay: number,
  healthScripts?: readonly HealthScript[]): SyncStartingNow {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { appliesOutOfSyncOnly }: typeof ApplyOutOfSyncOnlyModule = require('../argo/simulate/apply-out-of-sync-only');
  const { estimateTime }: typeof TimingModule = require('../report/timing');
  const syncOptions = options.syncOptions ?? [];
  const inSync = appliesOutOfSyncOnly(syncOptions)
    ? (require('../argo/simulate/in-sync-at-start') as typeof InSyncAtStartModule).inSyncAtStart(plan, syncOptions, options.live ?? [])
    : undefined;
  /* eslint-enable @typescript-eslint/no-require-imports */
  // The namespace is missing (no live Namespace given): the sync starting now is its first.
  const created = plan.createdBeforeDryRun ? { createdBeforeDryRun: plan.createdBeforeDryRun } : {};
  const time = estimateTime(plan, { waveDelaySeconds: waveDelay, argocdVersion: options.argocdVersion, leftOut: inSync, healthScripts, ...created });
  return { inSync, time };
}
