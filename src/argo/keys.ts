/**
 * Object identity as Argo CD prints it (`kube.ResourceKey`: group/kind/namespace/name).
 */
import { isPlainObject } from './annotations';
import { isClusterScopedKind } from './scope';
import { ResourceKey } from './types';

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** API group of an apiVersion: `apps/v1` → `apps`, `v1` → `` (core). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** `metadata.name`, `metadata.namespace`, `metadata.generateName` as Go's getters: '' unless a string. */
export function metadataString(object: Record<string, unknown>, field: 'name' | 'namespace' | 'generateName'): string {
  const metadata = object.metadata;
  return isPlainObject(metadata) ? str(metadata[field]) : '';
}

/**
 * A `metadata.namespace` that is there but not a string (null and '' mean none), else undefined.
 * Argo CD reads it as no namespace (`GetNamespace()` is '') and writes the destination namespace over
 * it (argo-cd `controller/state.go` `NormalizeTargetObjects`, gitops-engine `pkg/sync/sync_context.go`
 * `getSyncTasks`), so the API server never sees it: `namespace: 5` goes to the destination, not to "5".
 */
export function namespaceNotString(object: Record<string, unknown>): unknown {
  const metadata = object.metadata;
  if (!isPlainObject(metadata)) return undefined;
  const namespace = metadata.namespace;
  return namespace === undefined || namespace === null || typeof namespace === 'string' ? undefined : namespace;
}

/**
 * The key of an object; an empty namespace becomes `namespace` (Argo CD writes the destination
 * namespace into every target without one, cluster-scoped kinds included). A built-in
 * cluster-scoped kind's own `metadata.namespace` is dropped first, as Argo CD drops it.
 */
export function resourceKeyOf(object: Record<string, unknown>, namespace = '', name?: string): ResourceKey {
  const apiVersion = str(object.apiVersion);
  // `metadataString`, with metadata looked up once for both fields.
  const metadata = isPlainObject(object.metadata) ? object.metadata : undefined;
  const group = groupOf(apiVersion);
  const kind = str(object.kind);
  return {
    apiVersion,
    group,
    kind,
    name: name ?? str(metadata?.name),
    namespace: (isClusterScopedKind(group, kind) ? '' : str(metadata?.namespace)) || namespace,
  };
}

/** Key for maps: group/kind/namespace/name (version ignored, as in `kube.ResourceKey`). */
export function keyString(key: Pick<ResourceKey, 'group' | 'kind' | 'namespace' | 'name'>): string {
  return `${key.group}/${key.kind}/${key.namespace}/${key.name}`;
}

export type KeyStyle = 'argo' | 'short';

/**
 * `argo`: Argo CD's message style `group/Kind/namespace/name` (core group empty: `/Pod/ns/x`);
 * `short`: `Kind/name`.
 */
export function formatKey(key: Pick<ResourceKey, 'group' | 'kind' | 'namespace' | 'name'>, style: KeyStyle = 'argo'): string {
  return style === 'short' ? `${key.kind}/${key.name}` : keyString(key);
}
