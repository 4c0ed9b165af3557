/** apps/v1 StatefulSet (gitops-engine `pkg/health/health_statefulset.go`). */
import { at, healthy, int, LiveObject, optInt, progressing, requireVersion, str } from './types';
import type { HealthResult } from './types';

export function statefulSetHealth(obj: LiveObject): HealthResult {
  requireVersion(obj, 'StatefulSet', ['v1']);
  const status = at(obj, 'status');
  const observed = int(at(status, 'observedGeneration'));
  if (observed === 0 || int(at(obj, 'metadata', 'generation')) > observed) {
    return progressing('Waiting for statefulset spec update to be observed...');
  }
  const replicas = optInt(at(obj, 'spec', 'replicas'));
  const ready = int(at(status, 'readyReplicas'));
  if (replicas !== undefined && ready < replicas) return progressing(`Waiting for ${replicas - ready} pods to be ready...`);
  const strategy = at(obj, 'spec', 'updateStrategy');
  const type = str(at(strategy, 'type'));
  const updated = int(at(status, 'updatedReplicas'));
  const rollingUpdate = at(strategy, 'rollingUpdate');
  if (type === 'RollingUpdate' && rollingUpdate !== undefined && rollingUpdate !== null) {
    const partition = optInt(at(rollingUpdate, 'partition'));
    if (replicas !== undefined && partition !== undefined && updated < replicas - partition) {
      return progressing(`Waiting for partitioned roll out to finish: ${updated} out of ${replicas - partition} new pods have been updated...`);
    }
    return healthy(`partitioned roll out complete: ${updated} new pods have been updated...`);
  }
  if (type === 'OnDelete') return healthy(`statefulset has ${ready} ready pods`);
  const updateRevision = str(at(status, 'updateRevision'));
  const currentRevision = str(at(status, 'currentRevision'));
  if (updateRevision !== currentRevision) {
    return progressing(`waiting for statefulset rolling update to complete ${updated} pods at revision ${updateRevision}...`);
  }
  return healthy(`statefulset rolling update complete ${int(at(status, 'currentReplicas'))} pods at revision ${currentRevision}...`);
}
