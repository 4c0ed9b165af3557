/** apiregistration.k8s.io v1 / v1beta1 APIService (gitops-engine `pkg/health/health_apiservice.go`). */
import { at, healthy, list, LiveObject, progressing, requireVersion, str } from './types';
import type { HealthResult } from './types';

export function apiServiceHealth(obj: LiveObject): HealthResult {
  requireVersion(obj, 'APIService', ['v1', 'v1beta1']);
  const available = list(at(obj, 'status', 'conditions')).find(c => c.type === 'Available');
  if (!available) return progressing('Waiting to be processed');
  const message = `${str(available.reason)}: ${str(available.message)}`;
  return available.status === 'True' ? healthy(message) : progressing(message);
}
