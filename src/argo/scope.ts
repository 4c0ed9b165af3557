/**
 * Built-in kinds the API server keeps outside namespaces. Argo CD clears `metadata.namespace` on
 * targets of a kind discovery says is cluster-scoped (`argo-cd controller/state.go`
 * `NormalizeTargetObjects`), and the engine then writes the destination namespace into the task
 * like any other (`gitops-engine pkg/sync/sync_context.go` `getSyncTasks`). Rendered Helm charts often set
 * `namespace:` on their ClusterRoles: for ordering (Namespace hoisting) and identity that value
 * means nothing. Kinds defined by CRDs are left alone: discovery knows them only once installed.
 */

/** `group/kind` of the cluster-scoped kinds of Kubernetes 1.27 and later. */
const CLUSTER_SCOPED: ReadonlySet<string> = new Set([
  '/Namespace', '/Node', '/PersistentVolume', '/ComponentStatus',
  'rbac.authorization.k8s.io/ClusterRole', 'rbac.authorization.k8s.io/ClusterRoleBinding',
  'apiextensions.k8s.io/CustomResourceDefinition',
  'apiregistration.k8s.io/APIService',
  'admissionregistration.k8s.io/MutatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
  'storage.k8s.io/StorageClass', 'storage.k8s.io/CSIDriver', 'storage.k8s.io/CSINode', 'storage.k8s.io/VolumeAttachment',
  'scheduling.k8s.io/PriorityClass',
  'node.k8s.io/RuntimeClass',
  'networking.k8s.io/IngressClass', 'networking.k8s.io/ClusterCIDR',
  'certificates.k8s.io/CertificateSigningRequest',
  'flowcontrol.apiserver.k8s.io/FlowSchema', 'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
  'policy/PodSecurityPolicy',
]);

/** True for a built-in kind that never lives in a namespace (group '' is the core group). */
export function isClusterScopedKind(group: string, kind: string): boolean {
  return CLUSTER_SCOPED.has(`${group}/${kind}`);
}
