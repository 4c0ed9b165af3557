/**
 * An Application's health from its resources' (`argo-cd controller/health.go` `setApplicationHealth`,
 * docs/argo-cd-model.md#app-of-apps): the worst of them in `health.IsWorse`'s order, skipping hooks, objects annotated
 * `argocd.argoproj.io/ignore-healthcheck: "true"`, child Applications whose health is Missing or
 * Unknown, and resources not in the cluster (Missing) unless none is; a resource with no health
 * check has no health and counts for nothing. Hook results never
 * change it (argo-cd #9861): a sync can succeed with its last wave, which nothing waits for, still
 * Progressing, and the Application then says so.
 */
import { isHealthCheckIgnored } from '../annotations';
import type { HealthScript } from '../argocd-cm';
import { hasHealthCheck } from '../health';
import type { SyncPlan, SyncTask } from '../types';
import { handlesOf, lookupByHandles } from './cluster';
import type { HealthStatus } from './types';

/** `health.IsWorse`'s order, most healthy first. */
export const HEALTH_ORDER: readonly HealthStatus[] = ['Healthy', 'Suspended', 'Progressing', 'Missing', 'Degraded', 'Unknown'];

/** The worse of two health statuses. */
export function worseHealth(a: HealthStatus, b: HealthStatus): HealthStatus {
  return HEALTH_ORDER.indexOf(b) > HEALTH_ORDER.indexOf(a) ? b : a;
}

/**
 * The health of an Application whose resources are the apply tasks of `plan`, each reporting
 * `healthOf(task)` (undefined: no health check).
 */
export function applicationHealth(plan: SyncPlan, healthOf: (task: SyncTask) => HealthStatus | undefined): HealthStatus {
  let health: HealthStatus = 'Healthy';
  let present = 0;
  let missing = 0;
  for (const step of plan.steps) {
    for (const task of step.tasks) {
      if (task.action !== 'apply' || task.hook) continue;
      if (isHealthCheckIgnored(task.manifest.object)) continue;
      const h = healthOf(task);
      if (h === undefined) continue;
      if (task.group === 'argoproj.io' && task.kind === 'Application' && (h === 'Missing' || h === 'Unknown')) continue;
      // A resource not in the cluster counts only when none is: the app is then Missing.
      if (h === 'Missing') {
        missing++;
        continue;
      }
      present++;
      health = worseHealth(health, h);
    }
  }
  return present === 0 && missing > 0 ? 'Missing' : health;
}

/**
 * What each resource reports in a simulation given `health` (`SimulateOptions.health`): the status
 * named for it, else Healthy for a kind with a health check and none for the rest, as the
 * simulated cluster reads it. With the argocd-cm's health `scripts` known (`SimulateOptions.healthScripts`),
 * a kind without any check has no health, whatever is named for it (Missing aside: the object is gone).
 */
export function givenHealthOf(health: ReadonlyMap<string, HealthStatus>,
  scripts?: readonly HealthScript[]): (task: SyncTask) => HealthStatus | undefined {
  return (task) => {
    const named = lookupByHandles(health, handlesOf(task));
    // Not in the cluster is Missing, check or none (`setApplicationHealth` reads no health of an absent object).
    if (named === 'Missing') return named;
    if (hasHealthCheck(task.group, task.kind, scripts)) return named ?? 'Healthy';
    return scripts === undefined ? named : undefined;
  };
}
