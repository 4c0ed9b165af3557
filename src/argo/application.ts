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
