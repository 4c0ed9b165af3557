/**
 * Sync options (`gitops-engine pkg/sync/common/types.go`): the resource annotation `argocd.argoproj.io/sync-options`
 * and the Application's `spec.syncPolicy.syncOptions`. Exact, case-sensitive `Key=value` matching.
 */
import { ANNOTATION_SYNC_OPTIONS, annotationCsvOf } from './annotations';
import { Behaviour, behavesSince, SINCE } from './versions';

/** Where an option is honoured. */
export type SyncOptionScope = 'resource' | 'app' | 'both';

export interface SyncOptionSpec {
  readonly name: string;
  /** Values Argo CD acts on; any other value is silently ignored. */
  readonly values: readonly string[];
  readonly scope: SyncOptionScope;
}

/** Every option Argo CD reads, with the values it acts on (docs/argo-cd-model.md#sync-options). */
export const SYNC_OPTIONS: readonly SyncOptionSpec[] = [
  { name: 'Prune', values: ['false', 'confirm'], scope: 'both' },
  { name: 'Delete', values: ['false', 'confirm'], scope: 'both' },
  { name: 'PruneLast', values: ['true'], scope: 'both' },
  { name: 'Replace', values: ['true'], scope: 'both' },
  // The controller never reads it from the Application (controller/sync.go: the sync's own force, argocd app sync --force).
  { name: 'Force', values: ['true'], scope: 'resource' },
  { name: 'ServerSideApply', values: ['true', 'false'], scope: 'both' },
  { name: 'Validate', values: ['false', 'true'], scope: 'both' },
  { name: 'SkipDryRunOnMissingResource', values: ['true'], scope: 'both' },
  { name: 'CreateNamespace', values: ['true'], scope: 'app' },
  { name: 'ApplyOutOfSyncOnly', values: ['true'], scope: 'app' },
  { name: 'PrunePropagationPolicy', values: ['background', 'foreground', 'orphan'], scope: 'app' },
  { name: 'ClientSideApplyMigration', values: ['false', 'true'], scope: 'app' },
  { name: 'FailOnSharedResource', values: ['true'], scope: 'app' },
  { name: 'RespectIgnoreDifferences', values: ['true'], scope: 'app' },
];

export const SYNC_OPTION_PRUNE_LAST = 'PruneLast=true';

/** The option spec by exact name, if Argo CD knows it. */
export function syncOptionSpec(name: string): SyncOptionSpec | undefined {
  return SYNC_OPTIONS.find(o => o.name === name);
}

/** The CSV values of the sync-options annotation, as Argo CD of `argocdVersion` (@default the latest modelled) reads the map. */
export function syncOptionsOf(object: Record<string, unknown>, argocdVersion?: string): string[] {
  return annotationCsvOf(object, ANNOTATION_SYNC_OPTIONS, argocdVersion);
}

/** `HasAnnotationOption(obj, sync-options, option)`: exact match of one CSV item. */
export function hasSyncOption(object: Record<string, unknown>, option: string, argocdVersion?: string): boolean {
  return syncOptionsOf(object, argocdVersion).includes(option);
}

/** Value of `Key=` in a list of options, first match wins (Argo's prefix lookup). */
export function syncOptionValue(options: readonly string[], name: string): string | undefined {
  const prefix = `${name}=`;
  const hit = options.find(o => o.startsWith(prefix));
  return hit === undefined ? undefined : hit.slice(prefix.length);
}

/**
 * Options an older Argo CD reads from each object's annotation only and ignores, without a word, in
 * an Application's `spec.syncPolicy.syncOptions`: the behaviour that reads them there, and what is
 * lost meanwhile. `Prune=`/`Delete=` since 3.4 (argo-cd PR #23370, `prune-option.ts`);
 * `SkipDryRunOnMissingResource=true` since 3.1 (`controller/sync.go` passes it to the sync context).
 */
const READ_IN_APPLICATION_SINCE: Readonly<Record<string, { readonly behaviour: Behaviour; readonly lost: string }>> = {
  Prune: { behaviour: 'appPruneDeleteDefaults', lost: '' },
  Delete: { behaviour: 'appPruneDeleteDefaults', lost: '' },
  SkipDryRunOnMissingResource: { behaviour: 'appSkipDryRun', lost: ', so a custom resource whose CRD the cluster does not serve yet fails the dry run' },
};

/** An Application-level option the version ignores: why, and the first version that reads it there. */
export interface IgnoredAppOption {
  readonly message: string;
  readonly since: string;
}

/** Why one item of `spec.syncPolicy.syncOptions` does nothing in this version, or undefined when it is read. */
export function ignoredAppOption(option: string, argocdVersion?: string): IgnoredAppOption | undefined {
  const name = option.split('=')[0];
  const read = Object.prototype.hasOwnProperty.call(READ_IN_APPLICATION_SINCE, name) ? READ_IN_APPLICATION_SINCE[name] : undefined;
  if (read === undefined || behavesSince(read.behaviour, argocdVersion)) return undefined;
  const since = SINCE[read.behaviour];
  return {
    message: `Argo CD reads ${name}= in the Application's syncOptions since ${since}; ${argocdVersion} ignores it there `
      + `and reads it only from each object's argocd.argoproj.io/sync-options annotation${read.lost}`,
    since,
  };
}
