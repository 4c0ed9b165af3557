/**
 * What an object visibly needs from other objects of the app: the references a reader can see in
 * the YAML (pod references, Service selectors, Ingress backends, RBAC bindings, HPA targets, an
 * Application's AppProject, the CRD of a custom resource, the Namespace it lives in). Used to tell needed waves from habit.
 */
import { at, labelsAt, list, obj, podReferences, podSpecOf, selects, str } from './objects';
import { displayValue } from '../argo/display';
import type { SyncTask } from '../argo/types';

/** Tasks by `Kind/namespace/name` and cluster-wide `Kind//name`, and pod-template labels by namespace. */
export class TaskIndex {
  private readonly byKey = new Map<string, SyncTask[]>();
  private readonly podsByLabel = new Map<string, Array<{ task: SyncTask; labels: Record<string, string> }>>();

  constructor(tasks: readonly SyncTask[]) {
    for (const t of tasks) {
      if (t.action !== 'apply') continue;
      this.add(`${t.kind}/${t.namespace}/${t.name}`, t);
      this.add(`${t.kind}//${t.name}`, t);
      if (t.kind === 'CustomResourceDefinition') {
        const group = str(at(t.manifest.object, ['spec', 'group']));
        const kind = str(at(t.manifest.object, ['spec', 'names', 'kind']));
        if (group !== undefined && kind !== undefined) this.add(`crd:${group}/${kind}`, t);
      }
      const pod = podSpecOf(t.manifest);
      const labels = pod ? labelsAt(t.manifest.object, [...pod.path.slice(0, -1), 'metadata', 'labels']) : undefined;
      if (labels) {
        for (const [k, v] of Object.entries(labels)) {
          const key = `${t.namespace}\0${k}=${v}`;
          const bucket = this.podsByLabel.get(key) ?? [];
          bucket.push({ task: t, labels });
          this.podsByLabel.set(key, bucket);
        }
      }
    }
  }

  get(key: string): readonly SyncTask[] {
    return this.byKey.get(key) ?? [];
  }

  /** Workloads in a namespace whose pod template matches a selector. */
  selected(namespace: string, selector: Record<string, string>): SyncTask[] {
    const pairs = Object.entries(selector);
    if (pairs.length === 0) return [];
    const [k, v] = pairs[0];
    return (this.podsByLabel.get(`${namespace}\0${k}=${v}`) ?? []).filter(p => selects(selector, p.labels)).map(p => p.task);
  }

  private add(key: string, t: SyncTask): void {
    const bucket = this.byKey.get(key);
    if (bucket) bucket.push(t);
    else this.byKey.set(key, [t]);
  }
}

/** The tasks of the app that this task visibly uses. */
export function usesOf(t: SyncTask, index: TaskIndex): SyncTask[] {
  const out: SyncTask[] = [];
  const ns = t.namespace;
  const named = (kind: string, name: unknown, namespace = ns): void => {
    if (typeof name === 'string' && name !== '') out.push(...index.get(`${kind}/${namespace}/${name}`));
  };
  const o = t.manifest.object;
  out.push(...index.get(`Namespace//${ns}`).filter(n => n !== t));
  out.push(...index.get(`crd:${t.group}/${t.kind}`));
  const pod = podSpecOf(t.manifest);
  if (pod) {
    for (const ref of podReferences(pod)) named(ref.kind, ref.name);
    out.push(...index.get(`PriorityClass//${str(pod.spec.priorityClassName) ?? ''}`));
    out.push(...index.get(`RuntimeClass//${str(pod.spec.runtimeClassName) ?? ''}`));
  }
  if (t.kind === 'PersistentVolumeClaim') out.push(...index.get(`StorageClass//${str(at(o, ['spec', 'storageClassName'])) ?? ''}`));
  if (t.kind === 'Ingress') out.push(...index.get(`IngressClass//${str(at(o, ['spec', 'ingressClassName'])) ?? ''}`));
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
    if (selector) out.push(...index.selected(ns, selector));
  }
  if (t.kind === 'Ingress') {
    named('Service', at(o, ['spec', 'defaultBackend', 'service', 'name']));
    for (const rule of list(at(o, ['spec', 'rules']))) {
      for (const path of list(at(rule, ['http', 'paths']))) named('Service', at(path, ['backend', 'service', 'name']) ?? at(path, ['backend', 'serviceName']));
    }
  }
  if (t.kind === 'HorizontalPodAutoscaler') named(displayValue(at(o, ['spec', 'scaleTargetRef', 'kind'])), at(o, ['spec', 'scaleTargetRef', 'name']));
  if (t.kind === 'RoleBinding' || t.kind === 'ClusterRoleBinding') {
    const roleKind = str(at(o, ['roleRef', 'kind']));
    if (roleKind === 'ClusterRole') out.push(...index.get(`ClusterRole//${str(at(o, ['roleRef', 'name'])) ?? ''}`));
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
    if (selector) out.push(...index.selected(ns, selector));
  }
  return out.filter(u => u !== t);
}
