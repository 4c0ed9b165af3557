/** v1 Pod (gitops-engine `pkg/health/health_pod.go`). */
import { at, degraded, healthy, int, list, LiveObject, progressing, requireVersion, str } from './types';
import type { HealthResult } from './types';
import { ANNOTATION_IGNORE_RESTART_POLICY, annotationOf } from '../annotations';
import { isHook } from '../hooks';
import { behavesSince } from '../versions';

/** A waiting reason gitops-engine counts as a container error (`Err*`, `*Error`, `*BackOff`). */
export function isErrorWaitingReason(reason: string): boolean {
  return reason.startsWith('Err') || reason.endsWith('Error') || reason.endsWith('BackOff');
}

function failMessage(ctr: Record<string, unknown>): string {
  const terminated = at(ctr, 'state', 'terminated');
  if (terminated === undefined || terminated === null) return '';
  if (str(at(terminated, 'message')) !== '') return str(at(terminated, 'message'));
  if (at(terminated, 'reason') === 'OOMKilled') return 'OOMKilled';
  const code = int(at(terminated, 'exitCode'));
  return code !== 0 ? `container "${str(ctr.name)}" failed with exit code ${code}` : '';
}

/**
 * Judged like a long-running Pod: `restartPolicy: Always`, or since 3.6 a Pod that is not a hook and
 * carries `argocd.argoproj.io/ignore-restart-policy: "true"` (an operator's Never Pod that never ends).
 * A hook keeps its restart policy: its completion is its health.
 */
function longRunning(obj: LiveObject, restartPolicy: string, version?: string): boolean {
  if (restartPolicy === 'Always') return true;
  return behavesSince('podIgnoreRestartPolicy', version) && annotationOf(obj, ANNOTATION_IGNORE_RESTART_POLICY) === 'true' && !isHook(obj);
}

/** @param version the Argo CD version (`versions.ts`); undefined: the latest */
export function podHealth(obj: LiveObject, version?: string): HealthResult {
  requireVersion(obj, 'Pod', ['v1']);
  const restartPolicy = str(at(obj, 'spec', 'restartPolicy'));
  const always = longRunning(obj, restartPolicy, version);
  const status = at(obj, 'status');
  const message = str(at(status, 'message'));
  const containers = list(at(status, 'containerStatuses'));
  // Only long-running Pods: a hook Pod (Never/OnFailure) must not fail early on a pull error (upstream's comment).
  if (always) {
    const errors = containers.filter(c => isErrorWaitingReason(str(at(c, 'state', 'waiting', 'reason'))));
    if (errors.length > 0) return degraded(errors.map(c => str(at(c, 'state', 'waiting', 'message'))).join(', '));
  }
  switch (str(at(status, 'phase'))) {
    case 'Pending':
      return progressing(message);
    case 'Succeeded':
      return healthy(message);
    case 'Failed': {
      if (message !== '') return degraded(message);
      for (const ctr of [...list(at(status, 'initContainerStatuses')), ...containers]) {
        const m = failMessage(ctr);
        if (m !== '') return degraded(m);
      }
      return degraded('');
    }
    case 'Running':
      if (always) {
        const ready = list(at(status, 'conditions')).some(c => c.type === 'Ready' && c.status === 'True');
        if (ready) return healthy(message);
        if (containers.some(c => at(c, 'lastState', 'terminated') !== undefined && at(c, 'lastState', 'terminated') !== null)) return degraded(message);
        return progressing(message);
      }
      if (restartPolicy === 'OnFailure' || restartPolicy === 'Never') return progressing(message);
  }
  return { status: 'Unknown', message };
}
