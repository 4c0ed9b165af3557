/**
 * Facts of an Application object (`argo-cd pkg/apis/application/v1alpha1/types.go`).
 */

/** `IsAutomatedSyncEnabled`: `spec.syncPolicy.automated` is set and its `enabled` is not false. */
export function isAutomatedSync(app: Record<string, unknown>): boolean {
  const automated = (app.spec as { syncPolicy?: { automated?: { enabled?: unknown } | null } } | undefined)?.syncPolicy?.automated;
  return automated !== undefined && automated !== null && typeof automated === 'object' && automated.enabled !== false;
}

/**
 * The items of `spec.syncPolicy.syncOptions` as written ([] when absent or not a list); callers decide
 * what a non-string item means (the CLI reads it as its text, a rule skips it).
 */
export function applicationSyncOptionItems(app: Record<string, unknown>): readonly unknown[] {
  const options = (app.spec as { syncPolicy?: { syncOptions?: unknown } | null } | undefined)?.syncPolicy?.syncOptions;
  return Array.isArray(options) ? options : [];
}

/**
 * `spec.syncPolicy.managedNamespaceMetadata` is set (argo-cd `controller/sync_namespace.go`
 * `syncNamespace`: `ManagedNamespaceMetadata != nil`): with CreateNamespace=true the Namespace task is
 * added on every sync, not only while the namespace is missing (`PlanOptions.managedNamespaceMetadata`).
 */
export function managesNamespaceMetadata(app: Record<string, unknown>): boolean {
  const policy = (app.spec as { syncPolicy?: { managedNamespaceMetadata?: unknown } | null } | undefined)?.syncPolicy;
  return policy?.managedNamespaceMetadata !== undefined && policy.managedNamespaceMetadata !== null;
}

/**
 * The source the Application syncs: `spec.source`, else the first of `spec.sources` (a multi-source
 * Application's first; the others are read by none of syncplan's planning); {} when it has none.
 */
export function applicationSource(app: Record<string, unknown>): Record<string, any> {
  const spec = (app.spec ?? {}) as { source?: unknown; sources?: unknown };
  const source = spec.source ?? (Array.isArray(spec.sources) ? spec.sources[0] : undefined);
  return source !== null && typeof source === 'object' && !Array.isArray(source) ? source as Record<string, any> : {};
}

/**
 * True when every source of the Application names a revision that cannot move: a Git commit (SHA-1
 * or SHA-256, in full), or, for a Helm chart, one exact version (Argo CD reads a range such as `1.*`
 * or `>=1.2` as a constraint and picks the newest match). A branch, `HEAD`, an empty revision or a
 * tag may move under it (a tag only when someone moves it; Argo CD cannot tell), so they are not pinned.
 */
export function sourcesPinned(app: Record<string, unknown>): boolean {
  // spec.sources, when it lists any, replaces spec.source (`HasMultipleSources`).
  const spec = (app.spec ?? {}) as { source?: unknown; sources?: unknown };
  const sources: unknown[] = Array.isArray(spec.sources) && spec.sources.length > 0 ? spec.sources : spec.source !== undefined ? [spec.source] : [];
  return sources.length > 0 && sources.every((s) => {
    const { targetRevision: revision, chart } = (typeof s === 'object' && s !== null ? s : {}) as { targetRevision?: unknown; chart?: unknown };
    if (typeof revision !== 'string') return false;
    return typeof chart === 'string' && chart !== ''
      ? /^v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/.test(revision)
      : /^([0-9a-f]{40}|[0-9a-f]{64})$/i.test(revision);
  });
}
