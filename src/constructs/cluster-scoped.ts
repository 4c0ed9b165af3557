/**
 * Kinds the API server keeps outside namespaces. cdk8s writes a chart's namespace on every object,
 * these included, but a Namespace is no prerequisite of them: they never "live in" it (a CRD made
 * a user of its chart's Namespace got pinned to Argo CD's default wave and then conflicted with
 * its own custom resources).
 */
import { groupOf } from '../argo/keys';

/** `group/kind` of the built-in cluster-scoped kinds of Kubernetes 1.27. */
const BUILT_IN = new Set([
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

/** `group/kind` of an object, the key used here and for CRD-defined kinds. */
export function typeKey(apiVersion: string, kind: string): string {
  return `${groupOf(apiVersion)}/${kind}`;
}

/** True for kinds that never live in a namespace; `custom` holds cluster-scoped kinds defined by the chart's CRDs. */
export function isClusterScoped(apiVersion: string, kind: string, custom: ReadonlySet<string>): boolean {
  const key = typeKey(apiVersion, kind);
  return BUILT_IN.has(key) || custom.has(key);
}
