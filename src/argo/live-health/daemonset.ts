/** apps/v1 DaemonSet (gitops-engine `pkg/health/health_daemonset.go`). */
import { at, healthy, int, LiveObject, progressing, requireVersion, str } from './types';
import type { HealthResult } from './types';

export function daemonSetHealth(obj: LiveObject): HealthResult {
  requireVersion(obj, 'DaemonSet', ['v1']);
  const status = at(obj, 'status');
  if (int(at(obj, 'metadata', 'generation')) > int(at(status, 'observedGeneration'))) {
    return progressing('Waiting for rollout to finish: observed daemon set generation less than desired generation');
  }
  const updated = int(at(status, 'updatedNumberScheduled'));
  const desired = int(at(status, 'desiredNumberScheduled'));
  const name = str(at(obj, 'metadata', 'name'));
  if (at(obj, 'spec', 'updateStrategy', 'type') === 'OnDelete') {
    return healthy(`daemon set ${updated} out of ${desired} new pods have been updated`);
  }
  if (updated < desired) {
    return progressing(`Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...`);
  }
  const available = int(at(status, 'numberAvailable'));
  if (available < desired) {
    return progressing(`Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...`);
  }
  return healthy();
}
