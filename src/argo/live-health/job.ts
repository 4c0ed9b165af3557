/** batch/v1 Job (gitops-engine `pkg/health/health_job.go`). */
import { at, degraded, healthy, list, LiveObject, progressing, requireVersion, str } from './types';
import type { HealthResult } from './types';
import { behavesSince } from '../versions';

/**
 * The conditions decide, by type only (a `Complete` condition is not checked for status True); a
 * `Suspended` condition of any status counts as finished, Suspended only when True, with that
 * condition's message since 3.6 (before, the empty failure message).
 * @param version the Argo CD version (`versions.ts`); undefined: the latest
 */
export function jobHealth(obj: LiveObject, version?: string): HealthResult {
  requireVersion(obj, 'Job', ['v1']);
  let failed = false;
  let complete = false;
  let suspended = false;
  let failMessage = '';
  let message = '';
  for (const c of list(at(obj, 'status', 'conditions'))) {
    if (c.type === 'Failed') {
      failed = true;
      complete = true;
      failMessage = str(c.message);
    } else if (c.type === 'Complete') {
      complete = true;
      message = str(c.message);
    } else if (c.type === 'Suspended') {
      complete = true;
      message = str(c.message);
      if (c.status === 'True') suspended = true;
    }
  }
  if (!complete) return progressing(message);
  if (failed) return degraded(failMessage);
  if (suspended) return { status: 'Suspended', message: behavesSince('jobSuspendedMessage', version) ? message : failMessage };
  return healthy(message);
}
