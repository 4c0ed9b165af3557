/**
 * Selective sync (`argocd app sync --resource GROUP:KIND:NAME`): the engine's resources filter
 * keeps only the listed objects, targets and prunes alike (argo-cd `controller/sync.go`
 * `WithResourcesFilter` → `util/argo/argo.go` `ContainsSyncResource` → `HasIdentity`), and hooks
 * are skipped (`WithOperationSettings`: skipHooks when resources are given).
 */
import type { ResourceKey, SelectedResource } from './types';

export type { SelectedResource };

/** `GROUP:KIND:NAME` or `GROUP:KIND:NAMESPACE/NAME` (core group empty: `:Service:web`); undefined when malformed. */
export function parseSelectedResource(text: string): SelectedResource | undefined {
  const parts = text.split(':');
  if (parts.length !== 3 || parts[1] === '' || parts[2] === '') return undefined;
  const [group, kind, rest] = parts;
  const slash = rest.indexOf('/');
  if (slash < 0) return { group, kind, name: rest };
  const namespace = rest.slice(0, slash);
  const name = rest.slice(slash + 1);
  return namespace === '' || name === '' || name.includes('/') ? undefined : { group, kind, name, namespace };
}

/** `HasIdentity`: name, kind and group equal, and the namespace equal unless the entry has none. */
export function isSelected(key: Pick<ResourceKey, 'group' | 'kind' | 'name' | 'namespace'>, selected: readonly SelectedResource[]): boolean {
  return selected.some(r => r.name === key.name && r.kind === key.kind && r.group === key.group
    && (r.namespace === undefined || r.namespace === '' || r.namespace === key.namespace));
}
