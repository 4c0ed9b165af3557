/** apps/v1 ReplicaSet (gitops-engine `pkg/health/health_replicaset.go`). */
import { at, degraded, healthy, int, list, LiveObject, optInt, progressing, requireVersion, str } from './types';
import type { HealthResult } from './types';

export function replicaSetHealth(obj: LiveObject): HealthResult {
  requireVersion(obj, 'ReplicaSet', ['v1']);
  const status = at(obj, 'status');
  if (int(at(obj, 'metadata', 'generation')) > int(at(status, 'observedGeneration'))) {
    return progressing('Waiting for rollout to finish: observed replica set generation less than desired generation');
  }
  const failure = list(at(status, 'conditions')).find(c => c.type === 'ReplicaFailure');
  if (failure && failure.status === 'True') return degraded(str(failure.message));
  const replicas = optInt(at(obj, 'spec', 'replicas'));
  const available = int(at(status, 'availableReplicas'));
  if (replicas !== undefined && available < replicas) {
    return progressing(`Waiting for rollout to finish: ${available} out of ${replicas} new replicas are available...`);
  }
  return healthy();
}
