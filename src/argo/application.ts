/**
 * Facts of an Application object (`argo-cd pkg/apis/application/v1alpha1/types.go`).
 */

/** `IsAutomatedSyncEnabled`: `spec.syncPolicy.automated` is set and its `enabled` is not false. */
export function isAutomatedSync(app: Record<string, unknown>): boolean {
  const automated = (app.spec as { syncPolicy?: { automated?: { enabled?: unknown } | null } } | undefined)?.syncPolicy?.automated;
  return automated !== undefined && automated !== null && typeof automated === 'object' && automated.enabled !== false;
}
