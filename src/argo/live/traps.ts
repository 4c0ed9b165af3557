/**
 * Why an awaited object does not become Healthy, when it is a known trap: read from its health and,
 * when given, its live object and Pods. Each reason names the fix. Nothing here is guessed from a
 * name: a reason is given only when the fields say so.
 */
import { ANNOTATION_IGNORE_RESTART_POLICY, annotationOf } from '../annotations';
import { isAutomatedSync } from '../application';
import { lostWithIt } from '../hook-deletion-loss';
import { at, list, str } from '../live-health/types';
import type { LiveObject } from '../live-health/types';
import { isNamespacedKind } from '../scope';
import { readSyncPermissionRefusal } from '../sync-permissions';
import { PodTrouble, podReason, podTrouble } from './pod-trouble';
import { hpaDegradedBy } from '../live-health/hpa';
import { MSG_HOOK_TERMINATED } from '../simulate/terminate';
import { behavesSince, SINCE } from '../versions';

export interface TrapInput {
  readonly kind: string;
  readonly group: string;
  readonly name: string;
  /** The object's namespace, when known (for the commands a reason gives). */
  readonly namespace?: string;
  readonly hook: boolean;
  readonly health?: { readonly status: string; readonly message: string };
  /** Where health came from; `none` / `builtin-lua` / `unknown` mean no status to read. */
  readonly healthSource: string;
  readonly live?: LiveObject;
  /** The Pods that belong to it (by owner), when live objects were given. */
  readonly pods: readonly LiveObject[];
  /** The hook's delete policies from the manifests, when given. */
  readonly deletePolicies?: readonly string[];
  /** The sync result message. */
  readonly resultMessage: string;
  /** The sync result's `hookPhase` (Failed, Error: the task failed; its message then says why), when there is a result. */
  readonly resultPhase?: string;
  /** The manifest's `spec.ttlSecondsAfterFinished`, for a Job given in the manifests. */
  readonly ttlSecondsAfterFinished?: number;
  /** The Argo CD version whose health checks judged the live object (`versions.ts`). @default the latest */
  readonly argocdVersion?: string;
}

const CONTROLLED = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']);

/** A live child Application that waits for a sync no one starts: no automated sync, not Synced, no operation requested or running. */
function neverSyncsItself(app: LiveObject): boolean {
  if (isAutomatedSync(app)) return false;
  if (str(at(app, 'status', 'sync', 'status')) === 'Synced') return false;
  const phase = str(at(app, 'status', 'operationState', 'phase'));
  return at(app, 'operation') === undefined && phase !== 'Running' && phase !== 'Terminating';
}

/** The `-n` flag of a kubectl command the reason gives; none when the namespace is not known. */
function inNamespace(namespace: string | undefined): string {
  return namespace ? ` -n ${namespace}` : '';
}

/**
 * Under the default `podManagementPolicy: OrderedReady`, a StatefulSet does nothing more while a Pod
 * it started is not Running and Ready, replacing it included: reverting or fixing the template is not
 * enough, the broken Pod must be deleted (Kubernetes docs, StatefulSets, "Forced rollback";
 * kubernetes/kubernetes#67250). Argo CD reports the StatefulSet Progressing all that time, so the
 * wave waits until someone does. `Parallel` goes on to replace it; `OnDelete` replaces only what is
 * deleted anyway, and Argo CD does not wait on it. Read from the live object when given (the defaults
 * otherwise).
 */
function statefulSetRollbackNote(live: LiveObject | undefined, { pod, namespace }: PodTrouble): string {
  if (str(at(live, 'spec', 'updateStrategy', 'type')) === 'OnDelete' || str(at(live, 'spec', 'podManagementPolicy')) === 'Parallel') return '';
  return `; the StatefulSet will not replace Pod ${pod} by itself, even once the template is fixed (it waits for each Pod it started to be Ready: `
    + `Kubernetes' forced rollback), so after syncing the fix delete it: kubectl delete pod ${pod}${inNamespace(namespace)}`;
}

/**
 * Pods the API server refuses to create (a ResourceQuota, a LimitRange, Pod Security admission, a
 * webhook): the ReplicaSet controller records it as a `ReplicaFailure` condition, which the
 * Deployment controller copies onto the Deployment. No Pod exists to read, and Argo CD's Deployment
 * check does not look at the condition: it stays Progressing until its progress deadline.
 */
function replicaFailure(t: TrapInput): string | undefined {
  if (t.group !== 'apps' || (t.kind !== 'Deployment' && t.kind !== 'ReplicaSet')) return undefined;
  const failure = list(at(t.live, 'status', 'conditions')).find(c => c.type === 'ReplicaFailure' && c.status === 'True');
  if (!failure) return undefined;
  return `the API server refuses to create its Pods (${str(failure.reason) || 'ReplicaFailure'}: ${str(failure.message)}); `
    + 'fix the Pod template, or the namespace\'s ResourceQuota, LimitRange or Pod Security level that refuses it';
}

/**
 * A Job that runs no Pod and has run none: Kubernetes could not create one (a missing ServiceAccount,
 * a quota, an admission webhook), which the Job controller records only as Events (no condition, no
 * count), so the hook or wave waits on nothing. Read from the live Job's counts; its Pods given show
 * otherwise. The Events themselves, when given, are the blocker's `warning` (`events.ts`).
 */
function jobWithoutPod(t: TrapInput): string | undefined {
  const live = t.live;
  if (t.group !== 'batch' || t.kind !== 'Job' || live === undefined || t.pods.length > 0 || t.health?.status !== 'Progressing') return undefined;
  const count = (k: string) => Number(at(live, 'status', k) ?? 0);
  if (count('active') > 0 || count('ready') > 0 || count('succeeded') > 0 || count('failed') > 0 || at(live, 'spec', 'suspend') === true) return undefined;
  const namespace = t.namespace || str(at(live, 'metadata', 'namespace'));
  return 'the Job runs no Pod and has run none (status.active 0): if that lasts, Kubernetes could not create one (a missing ServiceAccount, a quota, '
    + `an admission webhook), which only its Events say: kubectl get events${inNamespace(namespace)} --field-selector involvedObject.name=${t.name}`;
}

/**
 * A Degraded HPA fails the sync it is in (a Degraded resource of an awaited step does), and the
 * usual cause is one the cluster, not the manifest, has to fix: read from the live HPA's deciding
 * condition (`hpaDegradedBy`), else from the metrics API error its health message carries.
 */
function hpaReason(live: LiveObject | undefined, message: string, version?: string): string | undefined {
  const by = live ? hpaDegradedBy(live, version) : undefined;
  const text = by?.message || message;
  const fails = 'Argo CD counts the HPA Degraded, which fails the sync';
  if (by?.reason === 'FailedGetResourceMetric' || (!by && /unable to (get|fetch) metrics|metrics API/.test(message))) {
    return `the HPA cannot read its target's resource metrics (${text}): ${fails}; check that metrics-server runs (kubectl top pods) `
      + 'and that every container of the target requests the resource the HPA scales on';
  }
  if (by?.reason === 'FailedGetScale') return `the HPA cannot read the scale of its target (${text}): ${fails}; check spec.scaleTargetRef (kind, name, apiVersion)`;
  if (by?.reason === 'FailedUpdateScale') return `the HPA cannot change the scale of its target (${text}): ${fails}`;
  if (by?.reason === 'InvalidSelector') return `the HPA cannot select its target's Pods (${text}): ${fails}`;
  // Failures only since 3.5: the metrics an adapter serves, not metrics-server.
  if (by?.reason === 'FailedGetExternalMetric') {
    return `the HPA cannot read its external metrics (${text}): ${fails}; check that a metrics adapter serves external.metrics.k8s.io `
      + '(kubectl get apiservice v1beta1.external.metrics.k8s.io) and knows the metric';
  }
  if (by?.reason === 'FailedGetObjectMetric' || by?.reason === 'FailedGetPodsMetric') {
    return `the HPA cannot read its custom metrics (${text}): ${fails}; check that a metrics adapter serves custom.metrics.k8s.io `
      + '(kubectl get apiservice v1beta1.custom.metrics.k8s.io) and knows the metric';
  }
  if (by?.reason === 'FailedComputeMetricsReplicas') return `the HPA cannot compute a replica count from its metrics (${text}): ${fails}; check spec.metrics against what the metrics APIs serve`;
  return undefined;
}

/**
 * A running Pod that is not a hook but has restartPolicy Never or OnFailure: gitops-engine
 * `health_pod.go` judges it as it judges a hook, Progressing until it succeeds, so the step waits
 * for it to exit. Since 3.6 `argocd.argoproj.io/ignore-restart-policy: "true"` judges it like an
 * Always Pod (a hook never: its completion is its result).
 */
function completionPod(t: TrapInput): string | undefined {
  const live = t.live;
  if (t.hook || !live || str(at(live, 'status', 'phase')) !== 'Running') return undefined;
  const policy = str(at(live, 'spec', 'restartPolicy'));
  if (policy !== 'Never' && policy !== 'OnFailure') return undefined;
  const ignored = behavesSince('podIgnoreRestartPolicy', t.argocdVersion) && annotationOf(live, ANNOTATION_IGNORE_RESTART_POLICY) === 'true';
  if (ignored) return undefined; // judged like an Always Pod: its readiness is what it waits for
  const said = `Argo CD judges a Pod with restartPolicy ${policy} like a hook: Progressing while it runs, Healthy only once it succeeded, so the step waits until it exits`;
  const annotation = `${ANNOTATION_IGNORE_RESTART_POLICY}: "true"`;
  return behavesSince('podIgnoreRestartPolicy', t.argocdVersion)
    ? `${said}; if it is meant to keep running, annotate it ${annotation} (judged like an Always Pod), or give it restartPolicy: Always`
    : `${said}; if it is meant to keep running, give it restartPolicy: Always (Argo CD ${SINCE.podIgnoreRestartPolicy} adds the annotation ${annotation})`;
}

/**
 * A task the Application's AppProject refused (`validateSyncPermissions`): the whole sync failed
 * before anything was applied, and retrying changes nothing until the project or the object does.
 */
function refusedByProject(t: TrapInput): string | undefined {
  const refusal = readSyncPermissionRefusal(t.resultMessage);
  if (!refusal) return undefined;
  const p = refusal.project;
  const failed = 'Argo CD refuses the whole sync before it applies anything, on every retry';
  if ('namespace' in refusal) {
    return `the Application's AppProject ${p} permits no destination in namespace ${refusal.namespace}: ${failed}; `
      + `add a destination for namespace ${refusal.namespace} to AppProject ${p} (kubectl edit appproject ${p} in Argo CD's namespace), or move the ${t.kind} to a namespace it permits`;
  }
  const namespaced = isNamespacedKind(refusal.group, refusal.kind, new Map());
  const lists = namespaced === undefined ? 'clusterResourceWhitelist (cluster-scoped kinds) or namespaceResourceWhitelist (namespaced)'
    : namespaced ? 'namespaceResourceWhitelist' : 'clusterResourceWhitelist';
  const deny = namespaced === undefined ? 'a blacklist' : namespaced ? 'namespaceResourceBlacklist' : 'clusterResourceBlacklist';
  return `the Application's AppProject ${p} does not permit ${refusal.group ? `${refusal.group}/` : ''}${refusal.kind}: ${failed}; `
    + `add {group: '${refusal.group}', kind: ${refusal.kind}} to AppProject ${p}'s spec.${lists}, or remove the entry of ${deny} that matches it `
    + `(kubectl edit appproject ${p} in Argo CD's namespace), or create the ${refusal.kind} from an Application whose project permits it`;
}

/** A Job at its backoff limit, known from its health message or its failed result's (Kubernetes' Failed condition message). */
function backoffLimitReached(hook: boolean): string {
  return `the Job reached its backoffLimit: every retry failed${hook ? '; a hook with a fixed name and no BeforeHookCreation policy would not re-run on the next sync' : ''}; read the Pods' logs`;
}

/** The known trap behind an awaited object, or undefined. */
export function trapReason(t: TrapInput): string | undefined {
  const byProject = refusedByProject(t);
  if (byProject) return byProject;
  const status = t.health?.status;
  const message = t.health?.message ?? '';
  if (/is missing, it might have been deleted/.test(t.resultMessage)) {
    return t.hook && t.kind === 'Job'
      ? 'the hook was deleted while Argo CD waited for it: a Job\'s ttlSecondsAfterFinished shorter than the sync, or a manual delete'
      : 'the object was deleted while Argo CD waited for it';
  }
  // A failed task's result says why, whatever source of health is missing (`getOperationPhase`: a hook's Degraded or
  // Unknown health message; `Terminate`: "Terminated").
  const failedResult = t.resultPhase === 'Failed' || t.resultPhase === 'Error';
  if (failedResult && t.hook && t.resultMessage === MSG_HOOK_TERMINATED) {
    return 'the hook was still running when the operation was terminated: Argo CD deleted it (Terminate); it runs again on the next sync';
  }
  if (message === 'Pending deletion') {
    if (t.hook) {
      const policy = t.deletePolicies && t.deletePolicies.length > 0 ? t.deletePolicies.join(',') : 'BeforeHookCreation';
      const why = `the hook's previous run is still being deleted (delete policy ${policy}: Argo CD deletes the old hook before it creates the new one, and waits while a finalizer holds it)`;
      // A kind whose deletion takes more than itself should never have been a hook (rule hook-deletes-data).
      const lost = lostWithIt(t.group, t.kind);
      return lost === undefined ? why : `${why}; ${lost}: make it a plain resource, not a hook (rule hook-deletes-data)`;
    }
    return 'the object is being deleted and a finalizer holds it (metadata.finalizers); the step waits until it is gone';
  }
  if (t.healthSource === 'builtin-lua') {
    return `Argo CD judges ${t.group}/${t.kind} with its built-in Lua health script, which this tool does not ship; give --tree with Argo CD's resource tree for its health`;
  }
  if (t.healthSource === 'none') {
    return `Argo CD has no health check for ${t.group ? `${t.group}/` : ''}${t.kind}: it counts as done once applied, so it holds no wave, and a later wave that needs it ready does not wait; `
      + `add a resource.customizations.health.${t.group ? `${t.group}_` : ''}${t.kind} Lua check to argocd-cm`;
  }
  if (t.healthSource === 'unknown' && failedResult && t.kind === 'Job' && /backoff limit/i.test(t.resultMessage)) return backoffLimitReached(t.hook);
  if (t.healthSource === 'unknown' && failedResult) return undefined;
  if (t.healthSource === 'unknown') {
    // Since 3.0 (resourceHealthSource: appTree) health lives in the resource tree; the API server fills it back
    // into status.resources (server/application/application.go inferResourcesStatusHealth), kubectl does not.
    return 'no health source: the Application as kubectl reads it carries no per-resource health since Argo CD 3.0 (resourceHealthSource: appTree); '
      + 'read it with argocd app get NAME -o json (the API server fills it in from the resource tree), or give --tree or --live (watch: --tree-command or --live-command, run on every reading)';
  }
  if (status === 'Missing' && t.hook && t.kind === 'Job') {
    const ttl = t.ttlSecondsAfterFinished !== undefined ? ` (its ttlSecondsAfterFinished is ${t.ttlSecondsAfterFinished})` : '';
    return `the hook Job is gone while Argo CD still waits for its result: deleted by its TTL${ttl} or by hand; before Argo CD 3.0 this hangs the sync, since 3.4 it fails it ("is missing, it might have been deleted")`;
  }
  if (status === 'Missing') return 'the object does not exist in the cluster (Missing): it was never created, or was deleted; see the sync result message';
  if (status === 'Suspended') {
    if (t.kind === 'Deployment') return 'the Deployment is paused (spec.paused: true): Argo CD reports Suspended and the wave waits until it is resumed';
    if (t.kind === 'Job') return 'the Job is suspended (spec.suspend: true): it will not run until resumed';
    return `the ${t.kind} is suspended (Argo CD reports Suspended): the wave waits until it resumes`;
  }
  const live = t.live;
  if (t.kind === 'Job' && status === 'Degraded' && !live && /backoff limit/i.test(message)) return backoffLimitReached(t.hook);
  if (t.kind === 'Job' && live) {
    const failed = list(at(live, 'status', 'conditions')).find(c => c.type === 'Failed' && c.status === 'True');
    if (failed && str(failed.reason) === 'BackoffLimitExceeded') {
      return `the Job reached its backoffLimit (${String(at(live, 'spec', 'backoffLimit') ?? 6)} retries): ${str(failed.message) || 'every Pod failed'}`;
    }
    if (failed && str(failed.reason) === 'DeadlineExceeded') return `the Job ran past activeDeadlineSeconds: ${str(failed.message)}`;
  }
  if (status === 'Degraded' && /exceeded its progress deadline/.test(message)) {
    return `${podReason(t.pods) ?? replicaFailure(t) ?? 'the rollout did not finish within progressDeadlineSeconds'}; Argo CD marks it Degraded and fails the sync`;
  }
  if (t.group === 'argoproj.io' && t.kind === 'Application' && status !== 'Degraded' && live && neverSyncsItself(live)) {
    return `the child Application has no automated sync and nothing is syncing it (sync status ${str(at(live, 'status', 'sync', 'status')) || 'not compared yet'}): `
      + `the parent applies a child Application but never syncs it (argo-cd #1932), so this step waits until someone does: argocd app sync ${t.namespace ? `${t.namespace}/` : ''}${t.name}, `
      + 'or give the child spec.syncPolicy.automated';
  }
  if (t.group === 'argoproj.io' && t.kind === 'Application' && (status === 'Progressing' || status === 'Degraded' || status === 'Unknown')) {
    // App of apps: the parent's step waits on the child's own sync and health, whose blockers are in the child.
    // A Degraded resource fails the step it is awaited in; Progressing and Unknown keep it waiting (docs/argo-cd-model.md).
    const effect = status === 'Degraded' ? 'which fails this sync' : 'and this step waits until its own sync finishes Healthy';
    return `the child Application is ${status}, ${effect}; see why with kubectl get application ${t.name}${inNamespace(t.namespace)} -o json | syncplan explain -`;
  }
  if (t.group === 'autoscaling' && t.kind === 'HorizontalPodAutoscaler' && status === 'Degraded') {
    const why = hpaReason(t.live, message, t.argocdVersion);
    if (why) return why;
  }
  if (t.kind === 'Ingress' && status === 'Progressing') {
    return 'no ingress controller has written status.loadBalancer.ingress: check that a controller serves this Ingress\'s ingressClassName (Argo CD waits for that field)';
  }
  if (t.kind === 'Service' && t.group === '' && status === 'Progressing') {
    return 'a type LoadBalancer Service waits for a load-balancer controller to write status.loadBalancer.ingress (none on kind/minikube/bare metal without MetalLB)';
  }
  if (t.kind === 'PersistentVolumeClaim' && status === 'Progressing') {
    return 'the PVC is Pending: with a WaitForFirstConsumer StorageClass it binds only once a Pod uses it, so a wave that holds only the PVC waits forever; put its consumer in the same wave or give the PVC no wave of its own';
  }
  if (CONTROLLED.has(t.kind) || t.kind === 'Pod') {
    const trouble = podTrouble(t.kind === 'Pod' && live ? [live] : t.pods);
    if (trouble && t.kind === 'StatefulSet' && t.group === 'apps') return trouble.reason + statefulSetRollbackNote(live, trouble);
    if (trouble) return trouble.reason;
    const runsToCompletion = t.kind === 'Pod' && status === 'Progressing' ? completionPod(t) : undefined;
    if (runsToCompletion) return runsToCompletion;
    const refused = replicaFailure(t) ?? jobWithoutPod(t);
    if (refused) return refused;
    if (status === 'Progressing' && /updated replicas are available|pods to be ready/.test(message)) {
      // Given the object's live state but none of its Pods, asking for --live again would send the reader in a circle.
      const namespace = str(at(live, 'metadata', 'namespace'));
      return live === undefined
        ? 'new Pods run but are not ready: usually a failing readiness probe or a crash loop; give --live with the Pods to see which'
        : `new Pods run but are not ready: usually a failing readiness probe or a crash loop; none of its Pods is among the live objects given, add them (kubectl get pods${inNamespace(namespace)} -o yaml) to see which`;
    }
  }
  return undefined;
}
