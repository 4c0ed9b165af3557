/**
 * An Application's health from its resources' (`argo-cd controller/health.go` `setApplicationHealth`,
 * docs/argo-cd-model.md#app-of-apps): the worst of them in `health.IsWorse`'s order, skipping hooks, objects annotated
 * `argocd.argoproj.io/ignore-healthcheck: "true"`, child Applications whose health is Missing or
 * Unknown, and a resource with no health check (it has no health). A resource not in the cluster
 * (Missing) counts, since 3.4, only when nothing of the app is in the cluster: the app is then Missing;
 * before 3.4 it is Missing in the worst-of order when its kind has a Go check or an argocd-cm script
 * under its exact key. Hook results never change it (argo-cd #9861): a sync can succeed with its last
 * wave, which nothing waits for, still Progressing, and the Application then says so.
 */
import { isHealthCheckIgnored } from '../annotations';
import type { HealthScript } from '../argocd-cm';
import { hasHealthCheck } from '../health';
import { healthKey } from '../health-lua';
import { goHealthCheck } from '../live-health';
import type { SyncPlan, SyncTask } from '../types';
import { behavesSince } from '../versions';
import { handlesOf, lookupByHandles } from './cluster';
import type { HealthStatus } from './types';

/** `health.IsWorse`'s order, most healthy first. */
export const HEALTH_ORDER: readonly HealthStatus[] = ['Healthy', 'Suspended', 'Progressing', 'Missing', 'Degraded', 'Unknown'];

/** The worse of two health statuses. */
export function worseHealth(a: HealthStatus, b: HealthStatus): HealthStatus {
  return HEALTH_ORDER.indexOf(b) > HEALTH_ORDER.indexOf(a) ? b : a;
}

export interface AppHealthOptions {
  /** The Argo CD version (`versions.ts`). @default the latest */
  readonly argocdVersion?: string;
  /** The argocd-cm's health scripts: before 3.4 a missing resource counts when one is keyed by its kind exactly. @default none */
  readonly healthScripts?: readonly HealthScript[];
}

/**
 * The health of an Application whose resources are the apply tasks of `plan`, each reporting
 * `healthOf(task)` (undefined: in the cluster, with no health check).
 */
export function applicationHealth(plan: SyncPlan, healthOf: (task: SyncTask) => HealthStatus | undefined,
  options: AppHealthOptions = {}): HealthStatus {
  const onlyAllMissing = behavesSince('appMissingOnlyWhenAllMissing', options.argocdVersion);
  let health: HealthStatus = 'Healthy';
  let resources = false;
  let live = false;
  for (const step of plan.steps) {
    for (const task of step.tasks) {
      if (task.action !== 'apply' || task.hook) continue;
      const h = healthOf(task);
      const missing = h === 'Missing';
      resources = true;
      if (!missing) live = true;
      // Argo CD reads the annotation on the live object (the manifest stands for it): one not in the cluster is not skipped.
      // Read with no version: the API server stored a null value as "", so every version reads the others (annotations.ts).
      if (!missing && isHealthCheckIgnored(task.manifest.object)) continue;
      if (h === undefined) continue;
      if (task.group === 'argoproj.io' && task.kind === 'Application' && (missing || h === 'Unknown')) continue;
      if (missing && (onlyAllMissing || !checkedWhenMissing(task, options.healthScripts))) continue;
      health = worseHealth(health, h);
    }
  }
  return onlyAllMissing && resources && !live ? worseHealth(health, 'Missing') : health;
}

/** Before 3.4: `GetHealthCheckFunc` has a Go check for the kind, or argocd-cm overrides it under its exact key (`lua.GetConfigMapKey`). */
function checkedWhenMissing(task: SyncTask, scripts: readonly HealthScript[] | undefined): boolean {
  const key = healthKey(task.group, task.kind);
  return goHealthCheck(task.group, task.kind) !== undefined || (scripts ?? []).some(s => s.key === key);
}

/**
 * What each resource reports in a simulation given `health` (`SimulateOptions.health`): the status
 * named for it, else Healthy for a kind with a health check and none for the rest, as the
 * simulated cluster reads it. With the argocd-cm's health `scripts` known (`SimulateOptions.healthScripts`),
 * a kind without any check has no health, whatever is named for it (Missing aside: the object is gone).
 * `version`: the Argo CD version modelled, whose built-in checks count; undefined: the latest.
 */
export function givenHealthOf(health: ReadonlyMap<string, HealthStatus>,
  scripts?: readonly HealthScript[], version?: string): (task: SyncTask) => HealthStatus | undefined {
  return (task) => {
    const named = lookupByHandles(health, handlesOf(task));
    // Not in the cluster is Missing, check or none (`setApplicationHealth` reads no health of an absent object).
    if (named === 'Missing') return named;
    if (hasHealthCheck(task.group, task.kind, scripts, version)) return named ?? 'Healthy';
    return scripts === undefined ? named : undefined;
  };
}
