/**
 * An object's live health, resolved in gitops-engine's order (`pkg/health/health.go`
 * `GetResourceHealth`): pending deletion, then a health override (Argo CD passes the `argocd-cm`
 * Lua scripts and its built-in ones), then the Go check by group and kind, else no health at all.
 * Argo CD's built-in Lua scripts are not shipped here: such objects are said to need them, never
 * assumed Healthy.
 */
import { apiServiceHealth } from './apiservice';
import { daemonSetHealth } from './daemonset';
import { deploymentHealth } from './deployment';
import { hpaHealth } from './hpa';
import { jobHealth } from './job';
import { podHealth } from './pod';
import { pvcHealth } from './pvc';
import { replicaSetHealth } from './replicaset';
import { ingressHealth, serviceHealth } from './service';
import { statefulSetHealth } from './statefulset';
import { at, groupVersion, str } from './types';
import type { HealthCheckFn, HealthResult, LiveObject } from './types';
import { workflowHealth } from './workflow';
import { hasBuiltinLuaHealth } from '../health-lua';

export * from './types';
export { isErrorWaitingReason } from './pod';
export { hpaDegradedBy } from './hpa';

/** The finalizer Argo CD (3.0+) puts on hooks so their result is read before they go. */
export const HOOK_FINALIZER = 'argocd.argoproj.io/hook-finalizer';

const GO_CHECKS: Record<string, HealthCheckFn> = {
  'apps/Deployment': deploymentHealth,
  'apps/StatefulSet': statefulSetHealth,
  'apps/ReplicaSet': replicaSetHealth,
  'apps/DaemonSet': daemonSetHealth,
  'extensions/Ingress': ingressHealth,
  'networking.k8s.io/Ingress': ingressHealth,
  'argoproj.io/Workflow': workflowHealth,
  'apiregistration.k8s.io/APIService': apiServiceHealth,
  '/Service': serviceHealth,
  '/PersistentVolumeClaim': pvcHealth,
  '/Pod': podHealth,
  'batch/Job': jobHealth,
  'autoscaling/HorizontalPodAutoscaler': hpaHealth,
};

/** gitops-engine `GetHealthCheckFunc`: the Go check for a group/kind, if any. */
export function goHealthCheck(group: string, kind: string): HealthCheckFn | undefined {
  return GO_CHECKS[`${group}/${kind}`];
}

/** Where a health came from. */
export type HealthSource =
  /** `deletionTimestamp` set without the hook finalizer. */
  | 'deletion'
  /** A Lua script from the user's `argocd-cm`. */
  | 'argocd-cm'
  /** A Go check built into gitops-engine. */
  | 'go'
  /** Argo CD's built-in Lua script for the kind, which this tool does not ship. */
  | 'builtin-lua'
  /** No health check at all: Argo CD counts the object done on apply. */
  | 'none';

export interface LiveHealth {
  readonly source: HealthSource;
  /** Absent when the source is `builtin-lua` or `none`. */
  readonly health?: HealthResult;
}

/** A health override (the `argocd-cm` scripts): a result, or undefined when none applies. */
export type HealthOverride = (obj: LiveObject) => HealthResult | undefined;

/** True when the object carries Argo CD's hook finalizer. */
export function hasHookFinalizer(obj: LiveObject): boolean {
  const finalizers = at(obj, 'metadata', 'finalizers');
  return Array.isArray(finalizers) && finalizers.includes(HOOK_FINALIZER);
}

/**
 * The object's health as Argo CD computes it; errors of a check become Unknown with their message.
 * @param version the Argo CD version whose Go checks and built-in Lua scripts judge it (`versions.ts`); undefined: the latest
 */
export function liveHealth(obj: LiveObject, override?: HealthOverride, version?: string): LiveHealth {
  const deletion = at(obj, 'metadata', 'deletionTimestamp');
  if (deletion !== undefined && deletion !== null && !hasHookFinalizer(obj)) {
    return { source: 'deletion', health: { status: 'Progressing', message: 'Pending deletion' } };
  }
  const fromCm = override?.(obj);
  if (fromCm) return { source: 'argocd-cm', health: fromCm };
  const { group } = groupVersion(obj);
  const kind = str(obj.kind);
  if (hasBuiltinLuaHealth(group, kind, version)) return { source: 'builtin-lua' };
  const check = goHealthCheck(group, kind);
  if (!check) return { source: 'none' };
  try {
    return { source: 'go', health: check(obj, version) };
  } catch (e) {
    return { source: 'go', health: { status: 'Unknown', message: (e as Error).message } };
  }
}
