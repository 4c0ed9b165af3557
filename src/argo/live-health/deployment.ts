/** apps/v1 Deployment (gitops-engine `pkg/health/health_deployment.go`). */
import { at, degraded, healthy, int, list, LiveObject, optInt, progressing, requireVersion, str } from './types';
import type { HealthResult } from './types';

export function deploymentHealth(obj: LiveObject): HealthResult {
  requireVersion(obj, 'Deployment', ['v1']);
  if (at(obj, 'spec', 'paused') === true) return { status: 'Suspended', message: 'Deployment is paused' };
  const generation = int(at(obj, 'metadata', 'generation'));
  const status = at(obj, 'status');
  if (generation > int(at(status, 'observedGeneration'))) {
    return progressing('Waiting for rollout to finish: observed deployment generation less than desired generation');
  }
  const cond = list(at(status, 'conditions')).find(c => c.type === 'Progressing');
  const replicas = optInt(at(obj, 'spec', 'replicas'));
  const updated = int(at(status, 'updatedReplicas'));
  const current = int(at(status, 'replicas'));
  const available = int(at(status, 'availableReplicas'));
  if (cond && cond.reason === 'ProgressDeadlineExceeded') {
    return degraded(`Deployment "${str(at(obj, 'metadata', 'name'))}" exceeded its progress deadline`);
  }
  if (replicas !== undefined && updated < replicas) {
    return progressing(`Waiting for rollout to finish: ${updated} out of ${replicas} new replicas have been updated...`);
  }
  if (current > updated) {
    return progressing(`Waiting for rollout to finish: ${current - updated} old replicas are pending termination...`);
  }
  if (available < updated) {
    return progressing(`Waiting for rollout to finish: ${available} of ${updated} updated replicas are available...`);
  }
  return healthy();
}
