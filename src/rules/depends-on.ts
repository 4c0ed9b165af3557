/**
 * Declared ordering intent, written into the YAML so that `syncplan lint` on the output sees what
 * the author meant, not only what the manifests reference. The constructs write it on an object
 * for every wave they open for a declared dependency (`after`, `node.addDependency`, a CRD before
 * its custom resources), naming one object it waits for that one wave could not order before it:
 *
 *   syncplan.cdk8s.io/depends-on: "/ConfigMap/shop/config,apps/Deployment/shop/web"
 *
 * Each entry is `group/Kind/namespace/name` (Argo CD's message style; the core group is empty, an
 * empty namespace means the annotated object's own). Entries are de-duplicated and sorted, so the
 * value is byte-identical for the same intent. This file is its one writer's format and one reader.
 */
import type { TaskIndex } from './uses';
import { annotationOf } from '../argo/annotations';
import { isClusterScopedKind } from '../argo/scope';
import type { SyncTask } from '../argo/types';

export const DEPENDS_ON_ANNOTATION = 'syncplan.cdk8s.io/depends-on';

/** One object an annotated object waits for. */
export interface DependencyRef {
  readonly group: string;
  readonly kind: string;
  /** '' for the annotated object's own namespace. */
  readonly namespace: string;
  readonly name: string;
}

/** The annotation value for these refs: de-duplicated, sorted, comma-separated. */
export function formatDependsOn(refs: readonly DependencyRef[]): string {
  return [...new Set(refs.map((r) => `${r.group}/${r.kind}/${r.namespace}/${r.name}`))].sort().join(',');
}

/** The refs of an annotation value; entries that are not `group/Kind/namespace/name` are skipped. */
export function parseDependsOn(value: string | undefined): DependencyRef[] {
  if (value === undefined) return [];
  const out: DependencyRef[] = [];
  for (const entry of value.split(',')) {
    const parts = entry.trim().split('/');
    if (parts.length !== 4 || parts[1] === '' || parts[3] === '') continue;
    out.push({ group: parts[0], kind: parts[1], namespace: parts[2], name: parts[3] });
  }
  return out;
}

/** The tasks a task declares it waits for (`syncplan.cdk8s.io/depends-on`), found in `index`. */
export function declaredDependencies(t: SyncTask, index: TaskIndex): SyncTask[] {
  const refs = parseDependsOn(annotationOf(t.manifest.object, DEPENDS_ON_ANNOTATION));
  return refs.flatMap((r) => {
    // A built-in cluster-scoped kind is keyed without a namespace, as Argo CD keys it.
    const namespace = isClusterScopedKind(r.group, r.kind) ? '' : r.namespace || t.namespace;
    const found: SyncTask[] = [];
    index.pushNamed(found, r.kind, namespace, r.name);
    return found.filter((u) => u.group === r.group);
  });
}
