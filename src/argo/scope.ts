/**
 * Built-in kinds the API server keeps outside namespaces. Argo CD clears `metadata.namespace` on
 * targets of a kind discovery says is cluster-scoped (`argo-cd controller/state.go`
 * `NormalizeTargetObjects`), and the engine then writes the destination namespace into the task
 * like any other (`gitops-engine pkg/sync/sync_context.go` `getSyncTasks`). Rendered Helm charts often set
 * `namespace:` on their ClusterRoles: for ordering (Namespace hoisting) and identity that value
 * means nothing. Kinds defined by CRDs are left alone: discovery knows them only once installed.
 */
import { isBuiltinGroup } from './api-groups';

/**
 * `group/kind` of the cluster-scoped kinds of the built-in API groups (`api-groups.ts`), from
 * Kubernetes 1.16 to 1.35: every other kind of those groups is namespaced.
 */
const CLUSTER_SCOPED: ReadonlySet<string> = new Set([
  '/Namespace', '/Node', '/PersistentVolume', '/ComponentStatus',
  'rbac.authorization.k8s.io/ClusterRole', 'rbac.authorization.k8s.io/ClusterRoleBinding',
  'apiextensions.k8s.io/CustomResourceDefinition',
  'apiregistration.k8s.io/APIService',
  'admissionregistration.k8s.io/MutatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
  'admissionregistration.k8s.io/MutatingAdmissionPolicy',
  'admissionregistration.k8s.io/MutatingAdmissionPolicyBinding',
  'authentication.k8s.io/TokenReview', 'authentication.k8s.io/SelfSubjectReview',
  'authorization.k8s.io/SubjectAccessReview', 'authorization.k8s.io/SelfSubjectAccessReview', 'authorization.k8s.io/SelfSubjectRulesReview',
  'storage.k8s.io/StorageClass', 'storage.k8s.io/CSIDriver', 'storage.k8s.io/CSINode', 'storage.k8s.io/VolumeAttachment',
  'storage.k8s.io/VolumeAttributesClass',
  'scheduling.k8s.io/PriorityClass',
  'node.k8s.io/RuntimeClass',
  'networking.k8s.io/IngressClass', 'networking.k8s.io/ClusterCIDR', 'networking.k8s.io/IPAddress', 'networking.k8s.io/ServiceCIDR',
  'certificates.k8s.io/CertificateSigningRequest', 'certificates.k8s.io/ClusterTrustBundle',
  'flowcontrol.apiserver.k8s.io/FlowSchema', 'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
  'internal.apiserver.k8s.io/StorageVersion',
  'resource.k8s.io/DeviceClass', 'resource.k8s.io/ResourceSlice', 'resource.k8s.io/DeviceTaintRule',
  'storagemigration.k8s.io/StorageVersionMigration',
  'policy/PodSecurityPolicy', 'extensions/PodSecurityPolicy',
]);

/** Argo CD's own kinds (served wherever it runs, `api-groups.ts`) live in namespaces. */
const ARGO_CD_NAMESPACED: ReadonlySet<string> = new Set(['argoproj.io/Application', 'argoproj.io/AppProject', 'argoproj.io/ApplicationSet']);

/** True for a built-in kind that never lives in a namespace (group '' is the core group). */
export function isClusterScopedKind(group: string, kind: string): boolean {
  return CLUSTER_SCOPED.has(`${group}/${kind}`);
}

/**
 * Whether objects of `group/kind` live in namespaces, as discovery answers Argo CD's permission
 * check (`APIResource.Namespaced`): built-in kinds from the list above, Argo CD's own kinds, and
 * custom kinds whose CRD says (`customClusterScoped`: `group/Kind` → `spec.scope` is `Cluster`).
 * Undefined for a custom kind whose CRD is not given: its scope is the cluster's to know.
 */
export function isNamespacedKind(group: string, kind: string, customClusterScoped: ReadonlyMap<string, boolean>): boolean | undefined {
  if (isBuiltinGroup(group)) return !isClusterScopedKind(group, kind);
  const gk = `${group}/${kind}`;
  if (ARGO_CD_NAMESPACED.has(gk)) return true;
  const clusterScoped = customClusterScoped.get(gk);
  return clusterScoped === undefined ? undefined : !clusterScoped;
}
