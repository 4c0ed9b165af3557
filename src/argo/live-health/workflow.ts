/** argoproj.io Workflow (gitops-engine `pkg/health/health_argo.go`): by `status.phase`. */
import { at, degraded, healthy, LiveObject, progressing, str } from './types';
import type { HealthResult } from './types';

export function workflowHealth(obj: LiveObject): HealthResult {
  const message = str(at(obj, 'status', 'message'));
  switch (str(at(obj, 'status', 'phase'))) {
    case '': case 'Pending': case 'Running': return progressing(message);
    case 'Succeeded': return healthy(message);
    case 'Failed': case 'Error': return degraded(message);
    default: return { status: 'Unknown', message };
  }
}
