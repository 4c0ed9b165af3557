/**
 * What Argo CD does with an Application's objects when the Application is deleted with the resources
 * finalizer (cascading deletion): argo-cd `controller/appcontroller.go` `shouldBeDeleted`,
 * `controller/state.go` `isObjRequiresDeletionConfirmation`, `controller/sort_delete.go`
 * `FilterObjectsForDeletion` (docs/argo-cd-model.md#application-deletion).
 */
import { HELM_RESOURCE_POLICY, annotationCsvOf } from './annotations';
import { isCrd } from './hoist';
import { hasSyncOption, syncOptionValue, syncOptionsOf } from './sync-options';
import { behavesSince } from './versions';

/** The finalizer that makes deletion cascade (`argocd app delete` adds it; `--cascade=false` leaves it out). */
export const RESOURCES_FINALIZER = 'resources-finalizer.argocd.argoproj.io';
/** Set while the Application has PreDelete hooks (Argo CD 3.3+); `/cleanup` deletes them at the end. */
export const PRE_DELETE_FINALIZER = 'pre-delete-finalizer.argocd.argoproj.io';
/** Set while the Application has PostDelete hooks; `/cleanup` deletes them at the end. */
export const POST_DELETE_FINALIZER = 'post-delete-finalizer.argocd.argoproj.io';
/** The Application annotation (an RFC 3339 time not before the deletion) that confirms `Delete=confirm`. */
export const ANNOTATION_DELETION_APPROVED = 'argocd.argoproj.io/deletion-approved';

/** Why the cascade leaves an object in the cluster. */
export type KeptReason = 'crd' | 'delete-false' | 'resource-policy-keep';

export const KEPT_REASONS: Readonly<Record<KeptReason, string>> = {
  'crd': 'a CustomResourceDefinition: Argo CD never deletes CRDs when an Application is deleted',
  'delete-false': 'Delete=false: left in the cluster when the Application is deleted',
  'resource-policy-keep': 'helm.sh/resource-policy: keep: left in the cluster when the Application is deleted',
};

/**
 * Undefined when the cascade deletes the object, else why it keeps it. `Delete=false` is read from the
 * object's sync-options (its `Delete=` value, any value, overrides the Application's since 3.4;
 * before 3.4 only the exact option on the object counts).
 */
export function keptOnDeletion(group: string, kind: string, object: Record<string, unknown>,
  appSyncOptions: readonly string[] = [], version?: string): KeptReason | undefined {
  if (isCrd({ group, kind })) return 'crd';
  if (deleteOption(object, appSyncOptions, version) === 'false') return 'delete-false';
  if (annotationCsvOf(object, HELM_RESOURCE_POLICY).includes('keep')) return 'resource-policy-keep';
  return undefined;
}

/**
 * True when deleting the object needs the Application's `argocd.argoproj.io/deletion-approved`:
 * `Delete=confirm` (the object's value, else the Application's, since 3.4) or, since 3.4, `Prune=confirm`
 * likewise; before 3.4 only the exact option `Delete=confirm` on the object.
 */
export function requiresDeletionConfirmation(object: Record<string, unknown>,
  appSyncOptions: readonly string[] = [], version?: string): boolean {
  if (!behavesSince('appPruneDeleteDefaults', version)) return hasSyncOption(object, 'Delete=confirm');
  return deleteOption(object, appSyncOptions, version) === 'confirm' || optionValue(object, appSyncOptions, 'Prune') === 'confirm';
}

function deleteOption(object: Record<string, unknown>, appSyncOptions: readonly string[], version?: string): string | undefined {
  if (!behavesSince('appPruneDeleteDefaults', version)) return hasSyncOption(object, 'Delete=false') ? 'false' : undefined;
  return optionValue(object, appSyncOptions, 'Delete');
}

/** The object's `Name=` value, else the Application's (`GetAnnotationOptionValue`, then `SyncOptions.GetOptionValue`). */
function optionValue(object: Record<string, unknown>, appSyncOptions: readonly string[], name: string): string | undefined {
  return syncOptionValue(syncOptionsOf(object), name) ?? syncOptionValue(appSyncOptions, name);
}

/**
 * `FilterObjectsForDeletion`: the objects of the highest wave among those still to delete; one such
 * wave is deleted per reconcile, the next only once every deleted object is gone.
 */
export function nextDeletionWave<T>(objects: readonly T[], waveOf: (item: T) => number): T[] {
  if (objects.length === 0) return [];
  const highest = Math.max(...objects.map(waveOf));
  return objects.filter(o => waveOf(o) === highest);
}
