/**
 * What the engine records for a running hook when it reads its health (gitops-engine
 * `pkg/sync/sync_context.go` `getOperationPhase`): Healthy succeeds, Degraded and Unknown fail,
 * Progressing and Suspended keep running; the message is the health check's own. The messages of
 * the two common hook kinds are Argo CD's and Kubernetes' words: a failed Pod names its container
 * and exit code (`pkg/health/health_pod.go`), a failed Job carries its Failed condition's message
 * (the Job controller's "Job has reached the specified backoff limit", `pkg/health/health_job.go`).
 */
import { isPlainObject } from '../annotations';
import type { SyncTask } from '../types';
import type { HealthStatus } from './types';

export interface HookOutcome {
  /** '' while the hook keeps running. */
  readonly phase: '' | 'Succeeded' | 'Failed';
  /** '' keeps the message already recorded (`setResourceResult` keeps the latest non-empty one). */
  readonly message: string;
}

/** The exit code a simulated failed container reports (any non-zero code reads the same). */
export const FAILED_EXIT_CODE = 1;

/** The Job controller's message on the Failed condition after `backoffLimit` failed Pods. */
export const JOB_BACKOFF_LIMIT_MESSAGE = 'Job has reached the specified backoff limit';

/** The first container of a Pod spec (init containers are assumed to have succeeded). */
function firstContainer(spec: unknown): string | undefined {
  if (!isPlainObject(spec) || !Array.isArray(spec.containers)) return undefined;
  const first: unknown = spec.containers[0];
  return isPlainObject(first) && typeof first.name === 'string' ? first.name : undefined;
}

/** The health message of a Degraded hook of this kind, '' when the kind has none to give. */
export function degradedMessage(task: Pick<SyncTask, 'group' | 'kind' | 'manifest'>): string {
  if (task.group === '' && task.kind === 'Pod') {
    const container = firstContainer(task.manifest.object.spec);
    return container === undefined ? '' : `container "${container}" failed with exit code ${FAILED_EXIT_CODE}`;
  }
  if (task.group === 'batch' && task.kind === 'Job') return JOB_BACKOFF_LIMIT_MESSAGE;
  return '';
}

/**
 * The hook's phase and message for a health read. A Healthy kind without a health check is done
 * with "<name> created" (`getOperationPhase` when `GetResourceHealth` returns nil); another health
 * given for such a kind is simulated as if argocd-cm had a check for it, unless the argocd-cm is
 * known (`SyncLoop.healthRead` then reads Healthy).
 */
export function hookOutcome(task: SyncTask, health: HealthStatus, hasHealthCheck: boolean): HookOutcome {
  switch (health) {
    case 'Healthy':
      return { phase: 'Succeeded', message: hasHealthCheck ? '' : `${task.name} created` };
    case 'Degraded':
      return { phase: 'Failed', message: degradedMessage(task) };
    case 'Unknown':
      return { phase: 'Failed', message: '' };
    default:
      return { phase: '', message: '' };
  }
}
