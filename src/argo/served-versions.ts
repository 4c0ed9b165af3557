/**
 * Which built-in group/versions a Kubernetes API server serves, per minor version: the removals of
 * the Kubernetes deprecation guide since 1.16 and the first version serving each replacement. A
 * group/version/kind absent from the table is assumed served (a built-in group's other versions),
 * as before this table existed. Argo CD checks every task with discovery before it applies
 * anything (gitops-engine `pkg/sync/sync_context.go` `getSyncTasks` →
 * `pkg/utils/kube/kube.go` `ServerResourceForGroupVersionKind`): an unserved one fails the sync.
 */

/** The Kubernetes minor versions the table covers. */
export const KUBE_VERSIONS: readonly string[] = Array.from({ length: 21 }, (_, i) => `1.${16 + i}`);

/** The cluster assumed when none is given: a current release. */
export const DEFAULT_KUBE_VERSION = '1.35';

interface ServedRange {
  readonly apiVersion: string;
  readonly kinds: readonly string[];
  /** First minor version serving it (undefined: before 1.16). */
  readonly from?: number;
  /** First minor version no longer serving it (undefined: still served). */
  readonly removedIn?: number;
  /** What to use instead, for messages. */
  readonly replacement?: string;
}

const RANGES: readonly ServedRange[] = [
  { apiVersion: 'extensions/v1beta1', kinds: ['Deployment', 'DaemonSet', 'ReplicaSet'], removedIn: 16, replacement: 'apps/v1' },
  { apiVersion: 'extensions/v1beta1', kinds: ['NetworkPolicy'], removedIn: 16, replacement: 'networking.k8s.io/v1' },
  { apiVersion: 'extensions/v1beta1', kinds: ['PodSecurityPolicy'], removedIn: 16, replacement: 'policy/v1beta1 (itself removed in 1.25: Pod Security admission)' },
  { apiVersion: 'extensions/v1beta1', kinds: ['Ingress'], removedIn: 22, replacement: 'networking.k8s.io/v1' },
  { apiVersion: 'apps/v1beta1', kinds: ['Deployment', 'StatefulSet', 'ControllerRevision'], removedIn: 16, replacement: 'apps/v1' },
  { apiVersion: 'apps/v1beta2', kinds: ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'ControllerRevision'], removedIn: 16, replacement: 'apps/v1' },
  { apiVersion: 'admissionregistration.k8s.io/v1beta1', kinds: ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'], removedIn: 22, replacement: 'admissionregistration.k8s.io/v1' },
  { apiVersion: 'apiextensions.k8s.io/v1beta1', kinds: ['CustomResourceDefinition'], removedIn: 22, replacement: 'apiextensions.k8s.io/v1' },
  { apiVersion: 'apiregistration.k8s.io/v1beta1', kinds: ['APIService'], removedIn: 22, replacement: 'apiregistration.k8s.io/v1' },
  { apiVersion: 'authentication.k8s.io/v1beta1', kinds: ['TokenReview'], removedIn: 22, replacement: 'authentication.k8s.io/v1' },
  { apiVersion: 'authorization.k8s.io/v1beta1', kinds: ['SubjectAccessReview', 'LocalSubjectAccessReview', 'SelfSubjectAccessReview'], removedIn: 22, replacement: 'authorization.k8s.io/v1' },
  { apiVersion: 'certificates.k8s.io/v1beta1', kinds: ['CertificateSigningRequest'], removedIn: 22, replacement: 'certificates.k8s.io/v1' },
  { apiVersion: 'coordination.k8s.io/v1beta1', kinds: ['Lease'], removedIn: 22, replacement: 'coordination.k8s.io/v1' },
  { apiVersion: 'networking.k8s.io/v1beta1', kinds: ['Ingress', 'IngressClass'], removedIn: 22, replacement: 'networking.k8s.io/v1' },
  { apiVersion: 'rbac.authorization.k8s.io/v1beta1', kinds: ['ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding'], removedIn: 22, replacement: 'rbac.authorization.k8s.io/v1' },
  { apiVersion: 'scheduling.k8s.io/v1beta1', kinds: ['PriorityClass'], removedIn: 22, replacement: 'scheduling.k8s.io/v1' },
  { apiVersion: 'storage.k8s.io/v1beta1', kinds: ['CSIDriver', 'CSINode', 'StorageClass', 'VolumeAttachment'], removedIn: 22, replacement: 'storage.k8s.io/v1' },
  { apiVersion: 'batch/v1beta1', kinds: ['CronJob'], removedIn: 25, replacement: 'batch/v1' },
  { apiVersion: 'discovery.k8s.io/v1beta1', kinds: ['EndpointSlice'], removedIn: 25, replacement: 'discovery.k8s.io/v1' },
  { apiVersion: 'events.k8s.io/v1beta1', kinds: ['Event'], removedIn: 25, replacement: 'events.k8s.io/v1' },
  { apiVersion: 'autoscaling/v2beta1', kinds: ['HorizontalPodAutoscaler'], removedIn: 25, replacement: 'autoscaling/v2' },
  { apiVersion: 'policy/v1beta1', kinds: ['PodDisruptionBudget'], removedIn: 25, replacement: 'policy/v1' },
  { apiVersion: 'policy/v1beta1', kinds: ['PodSecurityPolicy'], removedIn: 25, replacement: 'Pod Security admission (namespace labels); PodSecurityPolicy has no successor' },
  { apiVersion: 'node.k8s.io/v1beta1', kinds: ['RuntimeClass'], removedIn: 25, replacement: 'node.k8s.io/v1' },
  { apiVersion: 'autoscaling/v2beta2', kinds: ['HorizontalPodAutoscaler'], removedIn: 26, replacement: 'autoscaling/v2' },
  { apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta1', kinds: ['FlowSchema', 'PriorityLevelConfiguration'], removedIn: 26, replacement: 'flowcontrol.apiserver.k8s.io/v1' },
  { apiVersion: 'storage.k8s.io/v1beta1', kinds: ['CSIStorageCapacity'], removedIn: 27, replacement: 'storage.k8s.io/v1' },
  { apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2', kinds: ['FlowSchema', 'PriorityLevelConfiguration'], from: 23, removedIn: 29, replacement: 'flowcontrol.apiserver.k8s.io/v1' },
  { apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta3', kinds: ['FlowSchema', 'PriorityLevelConfiguration'], from: 26, removedIn: 32, replacement: 'flowcontrol.apiserver.k8s.io/v1' },
  // The replacements, from the release that first served them.
  { apiVersion: 'networking.k8s.io/v1', kinds: ['Ingress', 'IngressClass'], from: 19 },
  { apiVersion: 'certificates.k8s.io/v1', kinds: ['CertificateSigningRequest'], from: 19 },
  { apiVersion: 'events.k8s.io/v1', kinds: ['Event'], from: 19 },
  { apiVersion: 'node.k8s.io/v1', kinds: ['RuntimeClass'], from: 20 },
  { apiVersion: 'batch/v1', kinds: ['CronJob'], from: 21 },
  { apiVersion: 'policy/v1', kinds: ['PodDisruptionBudget'], from: 21 },
  { apiVersion: 'discovery.k8s.io/v1', kinds: ['EndpointSlice'], from: 21 },
  { apiVersion: 'autoscaling/v2', kinds: ['HorizontalPodAutoscaler'], from: 23 },
  { apiVersion: 'storage.k8s.io/v1', kinds: ['CSIStorageCapacity'], from: 24 },
  { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kinds: ['FlowSchema', 'PriorityLevelConfiguration'], from: 29 },
  { apiVersion: 'admissionregistration.k8s.io/v1', kinds: ['ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding'], from: 30 },
];

/** Every kind the table names. */
export const TABLE_KINDS: readonly string[] = [...new Set(RANGES.flatMap(r => r.kinds))];

/** apiVersion → kind → range: two lookups and no string built per object (lint runs on every synth). */
const BY_GVK = new Map<string, Map<string, ServedRange>>();
const BY_GV = new Map<string, ServedRange[]>();
for (const r of RANGES) {
  const kinds = BY_GVK.get(r.apiVersion) ?? new Map<string, ServedRange>();
  for (const kind of r.kinds) kinds.set(kind, r);
  BY_GVK.set(r.apiVersion, kinds);
  BY_GV.set(r.apiVersion, [...(BY_GV.get(r.apiVersion) ?? []), r]);
}

/** `1.31` → 31; undefined unless a `1.N` the table covers (`v1.31` and `1.31.2` accepted). */
export function kubeMinor(version: string): number | undefined {
  const m = /^v?1\.(\d+)(?:\.\d+)?$/.exec(version.trim());
  if (!m) return undefined;
  return KUBE_VERSIONS.includes(`1.${Number(m[1])}`) ? Number(m[1]) : undefined;
}

function servesRange(r: ServedRange, minor: number): boolean {
  return (r.from === undefined || minor >= r.from) && (r.removedIn === undefined || minor < r.removedIn);
}

/** Why discovery on this Kubernetes version does not serve a built-in apiVersion/kind. */
export interface Unserved {
  /** False when the whole group/version is gone (discovery 404s), true when only the kind is. */
  readonly groupVersionServed: boolean;
  /** The release that removed it, or undefined when it is not served yet. */
  readonly removedIn?: string;
  /** The first release serving it, when it is not served yet. */
  readonly servedFrom?: string;
  readonly replacement?: string;
}

/**
 * Undefined when the cluster serves `apiVersion`/`kind` (or the table does not know it), else why
 * not. Only built-in group/versions are in the table; custom resources are discovery's other case.
 */
export function unservedBuiltin(apiVersion: string, kind: string, kubeVersion: string = DEFAULT_KUBE_VERSION): Unserved | undefined {
  const range = BY_GVK.get(apiVersion)?.get(kind);
  if (range === undefined) return undefined;
  const minor = kubeMinor(kubeVersion) ?? kubeMinor(DEFAULT_KUBE_VERSION)!;
  if (servesRange(range, minor)) return undefined;
  const groupVersionServed = (BY_GV.get(apiVersion) ?? []).some(r => servesRange(r, minor));
  const gone = range.removedIn !== undefined && minor >= range.removedIn;
  return {
    groupVersionServed,
    ...(gone ? { removedIn: `1.${range.removedIn}` } : { servedFrom: `1.${range.from}` }),
    ...(range.replacement ? { replacement: range.replacement } : {}),
  };
}
