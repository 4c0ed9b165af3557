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
 * The source the Application syncs: `spec.source`, else the first of `spec.sources` (a multi-source
 * Application's first; the others are read by none of syncplan's planning); {} when it has none.
 */
export function applicationSource(app: Record<string, unknown>): Record<string, any> {
  const spec = (app.spec ?? {}) as { source?: unknown; sources?: unknown };
  const source = spec.source ?? (Array.isArray(spec.sources) ? spec.sources[0] : undefined);
  return source !== null && typeof source === 'object' && !Array.isArray(source) ? source as Record<string, any> : {};
}
