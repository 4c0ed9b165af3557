/** v1 PersistentVolumeClaim (gitops-engine `pkg/health/health_pvc.go`): by phase, no message. */
import { at, LiveObject, requireVersion } from './types';
import type { HealthResult, HealthStatusCode } from './types';

const BY_PHASE: Record<string, HealthStatusCode> = { Lost: 'Degraded', Pending: 'Progressing', Bound: 'Healthy' };

export function pvcHealth(obj: LiveObject): HealthResult {
  requireVersion(obj, 'PersistentVolumeClaim', ['v1']);
  const phase = at(obj, 'status', 'phase');
  return { status: (typeof phase === 'string' && BY_PHASE[phase]) || 'Unknown', message: '' };
}
