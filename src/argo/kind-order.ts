/**
 * Kind order inside one (phase, wave) (`gitops-engine pkg/sync/sync_tasks.go` `kindOrder`), an old Helm install order.
 * Matched on `kind` only; group and version never count. Unlisted kinds (every CR) rank 0.
 */
export const KIND_ORDER: readonly string[] = [
  'Namespace',
  'NetworkPolicy',
  'ResourceQuota',
  'LimitRange',
  'PodSecurityPolicy',
  'PodDisruptionBudget',
  'ServiceAccount',
  'Secret',
  'SecretList',
  'ConfigMap',
  'StorageClass',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'CustomResourceDefinition',
  'ClusterRole',
  'ClusterRoleList',
  'ClusterRoleBinding',
  'ClusterRoleBindingList',
  'Role',
  'RoleList',
  'RoleBinding',
  'RoleBindingList',
  'Service',
  'DaemonSet',
  'Pod',
  'ReplicationController',
  'ReplicaSet',
  'Deployment',
  'HorizontalPodAutoscaler',
  'StatefulSet',
  'Job',
  'CronJob',
  'IngressClass',
  'Ingress',
  'APIService',
];

const RANKS = new Map<string, number>(KIND_ORDER.map((kind, i) => [kind, i - KIND_ORDER.length]));

/** Rank = index − 35 (Namespace −35 … APIService −1); any other kind 0. */
export function kindRank(kind: string): number {
  return RANKS.get(kind) ?? 0;
}
