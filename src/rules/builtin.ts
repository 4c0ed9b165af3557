/**
 * API groups every Kubernetes 1.27 API server serves without a CRD. Anything else (and kinds Argo CD
 * itself installs) needs its CRD in the cluster before the first dry-run.
 */
const BUILTIN_GROUPS: ReadonlySet<string> = new Set([
  '',
  'admissionregistration.k8s.io',
  'apiextensions.k8s.io',
  'apiregistration.k8s.io',
  'apps',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'autoscaling',
  'batch',
  'certificates.k8s.io',
  'coordination.k8s.io',
  'discovery.k8s.io',
  'events.k8s.io',
  'extensions',
  'flowcontrol.apiserver.k8s.io',
  'internal.apiserver.k8s.io',
  'networking.k8s.io',
  'node.k8s.io',
  'policy',
  'rbac.authorization.k8s.io',
  'resource.k8s.io',
  'scheduling.k8s.io',
  'storage.k8s.io',
]);

/** Argo CD's own CRDs exist wherever Argo CD runs. */
const ARGO_CD_KINDS: ReadonlySet<string> = new Set(['argoproj.io/Application', 'argoproj.io/ApplicationSet', 'argoproj.io/AppProject']);

export function isBuiltinGroup(group: string): boolean {
  return BUILTIN_GROUPS.has(group);
}

/** True when the kind needs a CRD that Argo CD cannot assume is installed. */
export function needsCrd(group: string, kind: string): boolean {
  return !isBuiltinGroup(group) && !ARGO_CD_KINDS.has(`${group}/${kind}`);
}
