/**
 * `Prune=` and `Delete=`: whether an object may be pruned (`false`), needs confirmation first
 * (`confirm`), or may be deleted with its Application. The object's own
 * `argocd.argoproj.io/sync-options` wins, whatever its value. Since Argo CD 3.4 (argo-cd PR #23370)
 * the Application's `spec.syncPolicy.syncOptions` is the default for objects without their own
 * (gitops-engine `pkg/sync/sync_context.go` `isPruningDisabled`, `objRequiresPruneConfirmation`;
 * argo-cd `controller/appcontroller.go` `shouldBeDeleted`, `controller/state.go`
 * `isObjRequiresDeletionConfirmation`). Before 3.4 only the exact annotations `Prune=false`,
 * `Prune=confirm`, `Delete=false`, `Delete=confirm` count, and the Application-level option is
 * ignored.
 */
import { syncOptionValue, syncOptionsOf } from './sync-options';
import { behavesSince } from './versions';

export type PruneDeleteOption = 'Prune' | 'Delete';

/** The option's value for an object ('false', 'confirm', another value, or undefined: none). */
export function objectOption(
  object: Record<string, unknown>, name: PruneDeleteOption, appSyncOptions: readonly string[], argocdVersion?: string,
): string | undefined {
  const own = syncOptionsOf(object);
  if (!behavesSince('appPruneDeleteDefaults', argocdVersion)) {
    // `HasAnnotationOption`: an exact item; confirmation is checked before pruning is.
    return own.includes(`${name}=confirm`) ? 'confirm' : own.includes(`${name}=false`) ? 'false' : undefined;
  }
  return syncOptionValue(own, name) ?? syncOptionValue(appSyncOptions, name);
}

/**
 * True when the object's option is `value`: since 3.4 its own value (any value) else the
 * Application's; before 3.4 the exact item `Name=value` in its own annotation (`HasAnnotationOption`),
 * so `Delete=false` and `Delete=confirm` can both hold.
 */
export function optionIs(
  object: Record<string, unknown>, name: PruneDeleteOption, value: 'false' | 'confirm', appSyncOptions: readonly string[], argocdVersion?: string,
): boolean {
  if (!behavesSince('appPruneDeleteDefaults', argocdVersion)) return syncOptionsOf(object).includes(`${name}=${value}`);
  return objectOption(object, name, appSyncOptions, argocdVersion) === value;
}
