import { Manifest } from '../../src/argo';

let counter = 0;

/** A manifest from a partial object, with a synthetic source. */
export function manifest(object: Record<string, unknown>, file = 'test.yaml'): Manifest {
  return { object, source: { file, line: 1, index: counter++ } };
}

export interface ObjSpec {
  readonly apiVersion?: string;
  readonly kind: string;
  readonly name?: string;
  readonly namespace?: string;
  readonly generateName?: string;
  readonly annotations?: Record<string, unknown>;
  readonly spec?: Record<string, unknown>;
}

/** A Kubernetes object with only what ordering reads. */
export function obj(s: ObjSpec): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  if (s.name !== undefined) metadata.name = s.name;
  if (s.generateName !== undefined) metadata.generateName = s.generateName;
  if (s.namespace !== undefined) metadata.namespace = s.namespace;
  if (s.annotations !== undefined) metadata.annotations = s.annotations;
  const o: Record<string, unknown> = { apiVersion: s.apiVersion ?? defaultApiVersion(s.kind), kind: s.kind, metadata };
  if (s.spec !== undefined) o.spec = s.spec;
  return o;
}

export function m(s: ObjSpec): Manifest {
  return manifest(obj(s));
}

function defaultApiVersion(kind: string): string {
  switch (kind) {
    case 'Deployment': case 'StatefulSet': case 'DaemonSet': case 'ReplicaSet': return 'apps/v1';
    case 'Job': case 'CronJob': return 'batch/v1';
    case 'Ingress': case 'NetworkPolicy': case 'IngressClass': return 'networking.k8s.io/v1';
    case 'CustomResourceDefinition': return 'apiextensions.k8s.io/v1';
    case 'Role': case 'RoleBinding': case 'ClusterRole': case 'ClusterRoleBinding': return 'rbac.authorization.k8s.io/v1';
    default: return 'v1';
  }
}

export const WAVE = 'argocd.argoproj.io/sync-wave';
export const HOOK = 'argocd.argoproj.io/hook';
