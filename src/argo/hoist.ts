/**
 * Namespace and CRD hoisting after the sort (`gitops-engine pkg/sync/sync_tasks.go` `Sort` → `adjustDeps`).
 * A Namespace (CRD) met after a task that lives in it (is one of its resources) is moved right before
 * the first such task and takes that task's phase and wave. Only earlier moves; prunes are skipped.
 */
import { isPlainObject } from './annotations';
import { DraftTask } from './draft';

type DepKey = (t: DraftTask) => string | undefined;

/** `adjustDeps`: mutates `tasks` in place, exactly as gitops-engine does. */
export function adjustDeps(tasks: DraftTask[], isDep: DepKey, refDep: DepKey): void {
  // No dependency, nothing moves: most apps have no CRD, many no Namespace.
  if (!tasks.some(t => t.target !== undefined && isDep(t) !== undefined)) return;
  const firstIndex = new Map<string, number>();
  for (let i = 0; i < tasks.length; i++) {
    const t = tasks[i];
    if (t.target === undefined) continue;
    const depKey = isDep(t);
    if (depKey !== undefined) {
      const index = firstIndex.get(depKey);
      if (index === undefined) continue;
      const anchor = tasks[index];
      t.wave = anchor.wave;
      t.phase = anchor.phase;
      t.hoisted = true;
      tasks.splice(i, 1);
      tasks.splice(index, 0, t);
      for (const [key, at] of firstIndex) if (at >= index) firstIndex.set(key, at + 1);
    } else {
      const ref = refDep(t);
      if (ref !== undefined && !firstIndex.has(ref)) firstIndex.set(ref, i);
    }
  }
}

/** A core-group Namespace is a dependency, keyed by its name. */
export function namespaceDep(t: DraftTask): string | undefined {
  return isNamespace(t) ? t.name : undefined;
}

/** Everything with a namespace depends on it (after fill-in, cluster-scoped kinds too). */
export function namespaceRef(t: DraftTask): string | undefined {
  return t.namespace !== '' ? t.namespace : undefined;
}

export function isCrd(t: Pick<DraftTask, 'kind' | 'group'>): boolean {
  return t.kind === 'CustomResourceDefinition' && t.group === 'apiextensions.k8s.io';
}

/**
 * What a CRD object defines: `spec.group/spec.names.kind` (both strings, else nothing) and whether
 * its resources are cluster-scoped (`spec.scope: Cluster`); undefined for any other object.
 */
export function crdDefinition(group: string, kind: string,
  object: Record<string, unknown>): { readonly key: string; readonly clusterScoped: boolean } | undefined {
  if (!isCrd({ group, kind })) return undefined;
  const spec = object.spec;
  if (!isPlainObject(spec) || typeof spec.group !== 'string') return undefined;
  const names = spec.names;
  if (!isPlainObject(names) || typeof names.kind !== 'string') return undefined;
  return { key: `${spec.group}/${names.kind}`, clusterScoped: spec.scope === 'Cluster' };
}

/** A CRD is a dependency keyed `spec.group/spec.names.kind` (both strings, else it is not). */
export function crdDep(t: DraftTask): string | undefined {
  if (t.target === undefined) return undefined;
  return crdDefinition(t.group, t.kind, t.target)?.key;
}

/** True for a core-group Namespace. */
export function isNamespace(t: Pick<DraftTask, 'kind' | 'group'>): boolean {
  return t.kind === 'Namespace' && t.group === '';
}

/** Every object refers to the CRD of its own group/kind. */
export function crdRef(t: DraftTask): string {
  return `${t.group}/${t.kind}`;
}

/** Namespaces first, then CRDs, as `syncTasks.Sort` does after sorting. */
export function hoist(tasks: DraftTask[]): void {
  adjustDeps(tasks, namespaceDep, namespaceRef);
  adjustDeps(tasks, crdDep, crdRef);
}
