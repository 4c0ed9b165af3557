/** v1 Service and Ingress (gitops-engine `pkg/health/health_service.go`, `health_ingress.go`). */
import { at, healthy, LiveObject, progressing, requireVersion } from './types';
import type { HealthResult } from './types';

function hasLoadBalancerIngress(obj: LiveObject): boolean {
  const ingress = at(obj, 'status', 'loadBalancer', 'ingress');
  return Array.isArray(ingress) && ingress.length > 0;
}

/** Healthy at once, unless type LoadBalancer: then only once a controller assigned an ingress. */
export function serviceHealth(obj: LiveObject): HealthResult {
  requireVersion(obj, 'Service', ['v1']);
  if (at(obj, 'spec', 'type') !== 'LoadBalancer') return healthy();
  return hasLoadBalancerIngress(obj) ? healthy() : progressing();
}

/** Any version (read unstructured): Healthy once `status.loadBalancer.ingress` is non-empty. */
export function ingressHealth(obj: LiveObject): HealthResult {
  return hasLoadBalancerIngress(obj) ? healthy() : progressing();
}
