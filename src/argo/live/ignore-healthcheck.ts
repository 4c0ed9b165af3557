/**
 * An awaited object annotated `argocd.argoproj.io/ignore-healthcheck: "true"`, often added to unblock
 * a stuck sync, unblocks nothing: Argo CD reads the annotation only when it sums up the Application's
 * health (argo-cd `controller/health.go` `setApplicationHealth`), never in the sync's wait
 * (gitops-engine `pkg/sync/sync_context.go`: `health.GetResourceHealth` for a running resource,
 * `getOperationPhase` for a hook). docs/argo-cd-model.md#health.
 */
import { ANNOTATION_IGNORE_HEALTHCHECK, isHealthCheckIgnored } from '../annotations';

/** What to tell about an awaited object annotated to ignore its health check (undefined when it is not). */
export function ignoreHealthcheckNote(object: Record<string, unknown> | undefined): string | undefined {
  if (object === undefined || !isHealthCheckIgnored(object)) return undefined;
  return `its ${ANNOTATION_IGNORE_HEALTHCHECK}: "true" does not release the sync: it only leaves the object out of the Application's health `
    + '(which can read Healthy meanwhile); the sync waits for its health all the same (rule ignore-healthcheck-awaited)';
}
