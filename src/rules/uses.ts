/**
 * What an object visibly needs from other objects of the app: the references a reader can see in
 * the YAML (pod references, the Services a pod calls by host name, Service selectors, Ingress,
 * Route and Gateway API route backends, RBAC bindings, HPA targets, an Application's AppProject,
 * the CRD of a custom resource, the Namespace it lives in). Used to tell needed waves from habit.
 */
import { at, labelsAt, list, obj, podReferences, podSpecOf, selects, str } from './objects';
import { serviceHostsOf } from './service-hosts';
import { displayValue } from '../argo/display';
import type { SyncTask } from '../argo/types';

/** One task, or several in plan order: most keys name one object, and an array per key is what cost the memory. */
type Bucket<T> = T | T[];

function addTo<K, T>(map: Map<K, Bucket<T>>, key: K, value: T): void {
  const bucket = map.get(key);
  if (bucket === undefined) map.set(key, value);
  else if (Array.isArray(bucket)) bucket.push(value);
  else map.set(key, [bucket, value]);
}

/** The inner map of `key`, created on first use. */
function inner<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, value = create());
  return value;
}

/** Appends a bucket's tasks (all, or those `keep` accepts) to `out`. */
function pushBucket<T>(out: SyncTask[], bucket: Bucket<T> | undefined, task: (x: T) => SyncTask, keep?: (x: T) => boolean): void {
  if (bucket === undefined) return;
  if (!Array.isArray(bucket)) {
    if (keep === undefined || keep(bucket)) out.push(task(bucket)); // one task, no array made to loop over it
    return;
  }
  for (const x of bucket) if (keep === undefined || keep(x)) out.push(task(x));
}

interface PodTemplate {
  readonly task: SyncTask;
  readonly labels: Record<string, string>;
}

const itself = (t: SyncTask): SyncTask => t;

/**
 * The applied tasks by kind and name, the CRDs by the group and kind they define, and the pod
 * templates by namespace and label, for the lookups of `usesOf` and declared dependencies.
 * Nested maps of one task (or a list) each, rather than string keys such as `Kind/namespace/name`
 * with a list per key: it builds no string, and at 20,000 documents (bench/plan-throughput.js)
 * holds 1.4 MiB instead of 7.5 MiB, which was most of the peak memory `wave-unneeded` added to a lint.
 * Property-tested against a linear scan over the tasks (`test/rules/uses.test.ts`).
 */
export class TaskIndex {
  private readonly byKind = new Map<string, Map<string, Bucket<SyncTask>>>();
  private readonly crds = new Map<string, Map<string, Bucket<SyncTask>>>();
  private readonly pods = new Map<string, Map<string, Map<string, Bucket<PodTemplate>>>>();

  constructor(tasks: readonly SyncTask[]) {
    for (const t of tasks) {
      if (t.action !== 'apply') continue;
      addTo(inner(this.byKind, t.kind, () => new Map()), t.name, t);
      if (t.kind === 'CustomResourceDefinition') {
        const group = str(at(t.manifest.object, ['spec', 'group']));
        const kind = str(at(t.manifest.object, ['spec', 'names', 'kind']));
        if (group !== undefined && kind !== undefined) addTo(inner(this.crds, group, () => new Map()), kind, t);
      }
      const pod = podSpecOf(t.manifest);
      const labels = pod ? labelsAt(t.manifest.object, [...pod.path.slice(0, -1), 'metadata', 'labels']) : undefined;
      if (labels) {
        const byKey = inner(this.pods, t.namespace, () => new Map<string, Map<string, Bucket<PodTemplate>>>());
        const template = { task: t, labels };
        for (const [k, v] of Object.entries(labels)) addTo(inner(byKey, k, () => new Map()), v, template);
      }
    }
  }

  /**
   * Appends the applied tasks of this kind and name in `namespace` to `out`, in plan order; the
   * namespace '' (a cluster-scoped reference) finds them in every namespace.
   */
  pushNamed(out: SyncTask[], kind: string, namespace: string, name: string): void {
    const bucket = this.byKind.get(kind)?.get(name);
    pushBucket(out, bucket, itself, namespace === '' ? undefined : (t) => t.namespace === namespace);
  }

  /** Appends the CustomResourceDefinitions that define `group`/`kind` to `out`, in plan order. */
  pushCrds(out: SyncTask[], group: string, kind: string): void {
    pushBucket(out, this.crds.get(group)?.get(kind), itself);
  }

  /** Appends the workloads in a namespace whose pod template matches a selector to `out`, in plan order. */
  pushSelected(out: SyncTask[], namespace: string, selector: Record<string, string>): void {
    const pairs = Object.entries(selector);
    if (pairs.length === 0) return;
    const [k, v] = pairs[0];
    pushBucket(out, this.pods.get(namespace)?.get(k)?.get(v), (p) => p.task, (p) => selects(selector, p.labels));
  }
}

/** The tasks of the app that this task visibly uses. */
export function usesOf(t: SyncTask, index: TaskIndex): SyncTask[] {
  const out: SyncTask[] = [];
  const ns = t.namespace;
  const named = (kind: string, name: unknown, namespace = ns): void => {
    if (typeof name === 'string' && name !== '') index.pushNamed(out, kind, namespace, name);
  };
  // A cluster-scoped object by name; no name asks for the one named '' (which the reader has none of).
  const clusterWide = (kind: string, name: string | undefined): void => index.pushNamed(out, kind, '', name ?? '');
  const o = t.manifest.object;
  index.pushNamed(out, 'Namespace', '', ns); // (itself, when `t` is that Namespace, is filtered out below)
  index.pushCrds(out, t.group, t.kind);
  const pod = podSpecOf(t.manifest);
  if (pod) {
    for (const ref of podReferences(pod)) named(ref.kind, ref.name);
    for (const host of serviceHostsOf(pod)) named('Service', host.name, host.namespace || ns);
    clusterWide('PriorityClass', str(pod.spec.priorityClassName));
    clusterWide('RuntimeClass', str(pod.spec.runtimeClassName));
  }
  if (t.kind === 'PersistentVolumeClaim') clusterWide('StorageClass', str(at(o, ['spec', 'storageClassName'])));
  if (t.kind === 'Ingress') clusterWide('IngressClass', str(at(o, ['spec', 'ingressClassName'])));
  if (t.kind === 'ValidatingWebhookConfiguration' || t.kind === 'MutatingWebhookConfiguration') {
    for (const hook of list(o.webhooks)) {
      const svc = obj(at(hook, ['clientConfig', 'service']));
      if (svc) named('Service', svc.name, str(svc.namespace) ?? ns);
    }
  }
  if (t.kind === 'APIService') {
    const svc = obj(at(o, ['spec', 'service']));
    if (svc) named('Service', svc.name, str(svc.namespace) ?? ns);
  }
  if (t.kind === 'Service') {
    const selector = labelsAt(o, ['spec', 'selector']);
    if (selector) index.pushSelected(out, ns, selector);
  }
  if (t.kind === 'Ingress') {
    named('Service', at(o, ['spec', 'defaultBackend', 'service', 'name']));
    for (const rule of list(at(o, ['spec', 'rules']))) {
      for (const path of list(at(rule, ['http', 'paths']))) named('Service', at(path, ['backend', 'service', 'name']) ?? at(path, ['backend', 'serviceName']));
    }
  }
  // An OpenShift Route's backends (`spec.to`, `spec.alternateBackends`, Services unless a kind says otherwise).
  if (t.group === 'route.openshift.io' && t.kind === 'Route') {
    for (const backend of [at(o, ['spec', 'to']), ...list(at(o, ['spec', 'alternateBackends']))]) {
      const b = obj(backend);
      if (b && (str(b.kind) ?? 'Service') === 'Service') named('Service', b.name);
    }
  }
  // A Gateway API route's backendRefs (HTTPRoute, GRPCRoute, TLSRoute, TCPRoute, UDPRoute): a core Service by default.
  if (t.group === 'gateway.networking.k8s.io' && t.kind.endsWith('Route')) {
    for (const rule of list(at(o, ['spec', 'rules']))) {
      for (const ref of list(at(rule, ['backendRefs']))) {
        const r = obj(ref);
        if (r && (str(r.kind) ?? 'Service') === 'Service' && (str(r.group) ?? '') === '') named('Service', r.name, str(r.namespace) ?? ns);
      }
    }
  }
  if (t.kind === 'HorizontalPodAutoscaler') named(displayValue(at(o, ['spec', 'scaleTargetRef', 'kind'])), at(o, ['spec', 'scaleTargetRef', 'name']));
  if (t.kind === 'RoleBinding' || t.kind === 'ClusterRoleBinding') {
    const roleKind = str(at(o, ['roleRef', 'kind']));
    if (roleKind === 'ClusterRole') clusterWide('ClusterRole', str(at(o, ['roleRef', 'name'])));
    else if (roleKind === 'Role') named('Role', at(o, ['roleRef', 'name']));
    for (const s of list(o.subjects)) {
      if (str(obj(s)?.kind) === 'ServiceAccount') named('ServiceAccount', obj(s)?.name, str(obj(s)?.namespace) ?? ns);
    }
  }
  // An app-of-apps: a child Application (or an ApplicationSet's template) names its AppProject,
  // which must exist in the Application's namespace before the controller will sync it.
  if (t.group === 'argoproj.io' && t.kind === 'Application') named('AppProject', at(o, ['spec', 'project']));
  if (t.group === 'argoproj.io' && t.kind === 'ApplicationSet') named('AppProject', at(o, ['spec', 'template', 'spec', 'project']));
  if (t.kind === 'PodDisruptionBudget') {
    const selector = labelsAt(o, ['spec', 'selector', 'matchLabels']);
    if (selector) index.pushSelected(out, ns, selector);
  }
  return out.filter(u => u !== t);
}
