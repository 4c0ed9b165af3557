/**
 * Reading the Kubernetes fields the rules look at (pod specs, references, names), tolerant of any
 * shape: the input may be hand-written YAML, so every field is checked before use.
 */
import { isPlainObject } from '../argo/annotations';
import { groupOf as groupOfApiVersion } from '../argo/keys';
import type { Manifest } from '../argo/types';

export type Path = ReadonlyArray<string | number>;
type Obj = Record<string, unknown>;

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function obj(v: unknown): Obj | undefined {
  return isPlainObject(v) ? v : undefined;
}

export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Value at a path of plain objects/arrays, or undefined. */
export function at(root: unknown, path: Path): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (typeof key === 'number') cur = Array.isArray(cur) ? cur[key] : undefined;
    else cur = isPlainObject(cur) ? cur[key] : undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}

export function kindOf(m: Manifest): string {
  return str(m.object.kind) ?? '';
}

/** API group of an apiVersion ('' for the core group). */
export function groupOf(m: Manifest): string {
  return groupOfApiVersion(str(m.object.apiVersion) ?? '');
}

export function metadataName(m: Manifest): string | undefined {
  return str(at(m.object, ['metadata', 'name']));
}

export function generateNameOf(m: Manifest): string | undefined {
  return str(at(m.object, ['metadata', 'generateName']));
}

/** `metadata.name`, else `metadata.generateName` as written (how a user recognises the object). */
export function displayName(m: Manifest): string {
  return metadataName(m) ?? generateNameOf(m) ?? '';
}

/** The namespace after Argo CD fills in the destination namespace. */
export function namespaceOf(m: Manifest, destination: string): string {
  const ns = str(at(m.object, ['metadata', 'namespace']));
  return ns !== undefined && ns !== '' ? ns : destination;
}

/** Where the pod template's spec is, per workload kind (Argo Rollouts included). */
const POD_SPEC_PATH: Readonly<Record<string, Path>> = {
  Pod: ['spec'],
  Deployment: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  ReplicationController: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
  Rollout: ['spec', 'template', 'spec'],
};

/** Kinds that run Pods (and the Pod itself), whose pod spec `podSpecOf` finds. */
export const POD_KINDS: readonly string[] = Object.keys(POD_SPEC_PATH);

export interface PodSpecAt {
  readonly spec: Obj;
  readonly path: Path;
}

/** The pod spec of a workload or Pod, with its path, or undefined for other kinds. */
export function podSpecOf(m: Manifest): PodSpecAt | undefined {
  const path = POD_SPEC_PATH[kindOf(m)];
  if (!path) return undefined;
  const spec = obj(at(m.object, path));
  return spec ? { spec, path } : undefined;
}

export interface ContainerAt {
  readonly container: Obj;
  readonly path: Path;
  readonly init: boolean;
}

/** Containers and init containers of a pod spec, with their paths. */
export function containersOf(pod: PodSpecAt): ContainerAt[] {
  const out: ContainerAt[] = [];
  for (const field of ['initContainers', 'containers'] as const) {
    list(pod.spec[field]).forEach((c, i) => {
      const container = obj(c);
      if (container) out.push({ container, path: [...pod.path, field, i], init: field === 'initContainers' });
    });
  }
  return out;
}

/** An object a pod needs before it can start. */
export interface PodReference {
  readonly kind: 'Secret' | 'ConfigMap' | 'ServiceAccount' | 'PersistentVolumeClaim';
  readonly name: string;
  readonly path: Path;
}

/**
 * The Secrets, ConfigMaps, ServiceAccount and PVCs a pod cannot start without (references marked
 * `optional: true` are left out: the pod starts anyway).
 */
export function podReferences(pod: PodSpecAt): PodReference[] {
  const refs: PodReference[] = [];
  const add = (kind: PodReference['kind'], name: unknown, path: Path, optional?: unknown): void => {
    if (typeof name === 'string' && name !== '' && optional !== true) refs.push({ kind, name, path });
  };
  const sa = pod.spec.serviceAccountName ?? pod.spec.serviceAccount;
  add('ServiceAccount', sa, [...pod.path, pod.spec.serviceAccountName !== undefined ? 'serviceAccountName' : 'serviceAccount']);
  list(pod.spec.imagePullSecrets).forEach((s, i) => add('Secret', obj(s)?.name, [...pod.path, 'imagePullSecrets', i, 'name']));
  list(pod.spec.volumes).forEach((v, i) => {
    const vol = obj(v) ?? {};
    const p: Path = [...pod.path, 'volumes', i];
    add('Secret', obj(vol.secret)?.secretName, [...p, 'secret', 'secretName'], obj(vol.secret)?.optional);
    add('ConfigMap', obj(vol.configMap)?.name, [...p, 'configMap', 'name'], obj(vol.configMap)?.optional);
    add('PersistentVolumeClaim', obj(vol.persistentVolumeClaim)?.claimName, [...p, 'persistentVolumeClaim', 'claimName']);
    list(obj(vol.projected)?.sources).forEach((s, j) => {
      const src = obj(s) ?? {};
      add('Secret', obj(src.secret)?.name, [...p, 'projected', 'sources', j, 'secret', 'name'], obj(src.secret)?.optional);
      add('ConfigMap', obj(src.configMap)?.name, [...p, 'projected', 'sources', j, 'configMap', 'name'], obj(src.configMap)?.optional);
    });
  });
  for (const c of containersOf(pod)) {
    list(c.container.envFrom).forEach((e, i) => {
      const from = obj(e) ?? {};
      add('Secret', obj(from.secretRef)?.name, [...c.path, 'envFrom', i, 'secretRef', 'name'], obj(from.secretRef)?.optional);
      add('ConfigMap', obj(from.configMapRef)?.name, [...c.path, 'envFrom', i, 'configMapRef', 'name'], obj(from.configMapRef)?.optional);
    });
    list(c.container.env).forEach((e, i) => {
      const valueFrom = obj(obj(e)?.valueFrom) ?? {};
      const p: Path = [...c.path, 'env', i, 'valueFrom'];
      add('Secret', obj(valueFrom.secretKeyRef)?.name, [...p, 'secretKeyRef', 'name'], obj(valueFrom.secretKeyRef)?.optional);
      add('ConfigMap', obj(valueFrom.configMapKeyRef)?.name, [...p, 'configMapKeyRef', 'name'], obj(valueFrom.configMapKeyRef)?.optional);
    });
  }
  return refs;
}

/** `key=value` labels of a map, or undefined when it is not a string map. */
export function labelsAt(root: unknown, path: Path): Record<string, string> | undefined {
  const m = obj(at(root, path));
  if (!m) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(m)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** True when every selector pair is in the labels (an empty selector selects nothing here). */
export function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  const keys = Object.keys(selector);
  return keys.length > 0 && keys.every((k) => labels[k] === selector[k]);
}
