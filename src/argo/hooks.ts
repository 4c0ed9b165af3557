/**
 * Hook types (gitops-engine `pkg/sync/hook/hook.go`, `pkg/sync/hook/helm/type.go`,
 * `pkg/sync/ignore/ignore.go`, `pkg/sync/sync_phase.go`; argo-cd `controller/hook.go`; the model:
 * docs/argo-cd-model.md#hooks). Matching is exact and case-sensitive.
 */
import { ANNOTATION_HOOK, HELM_HOOK, annotationIn, annotationsOf, csvValues } from './annotations';
import { HookType, SyncPhase } from './types';
import { behavesSince } from './versions';

/** Values the sync engine recognises in `argocd.argoproj.io/hook`. */
export const ENGINE_HOOK_TYPES: readonly HookType[] = ['PreSync', 'Sync', 'PostSync', 'SyncFail', 'Skip'];
/** Values only the application controller recognises (Application deletion). */
export const DELETION_HOOK_TYPES: readonly HookType[] = ['PreDelete', 'PostDelete'];
/** Every value Argo CD recognises in `argocd.argoproj.io/hook`. */
export const HOOK_TYPES: readonly HookType[] = [...ENGINE_HOOK_TYPES, ...DELETION_HOOK_TYPES];
export const SYNC_PHASES: readonly SyncPhase[] = ['PreSync', 'Sync', 'PostSync', 'SyncFail'];

/** Helm hook values the engine maps to a sync phase; every other Helm value is unusable. */
export const HELM_HOOK_PHASES: Readonly<Record<string, SyncPhase>> = {
  'pre-install': 'PreSync',
  'pre-upgrade': 'PreSync',
  'post-install': 'PostSync',
  'post-upgrade': 'PostSync',
};
/** Helm hook values the controller maps to a deletion hook. */
export const HELM_DELETION_HOOKS: Readonly<Record<string, HookType>> = {
  'pre-delete': 'PreDelete',
  'post-delete': 'PostDelete',
};
/** The one `helm.sh/hook` value (exact, whole string) that does not make an object a hook. */
export const HELM_CRD_INSTALL = 'crd-install';

/** Everything Argo CD derives from an object's hook annotations. */
export interface HookRead {
  /** `argocd.argoproj.io/hook` is present (any value, even empty). */
  readonly hasArgoHook: boolean;
  /** `helm.sh/hook` is present. */
  readonly hasHelmHook: boolean;
  /** CSV values of `argocd.argoproj.io/hook`. */
  readonly argoValues: readonly string[];
  /** CSV values of `helm.sh/hook`. */
  readonly helmValues: readonly string[];
  /** The engine's `hook.Types`: recognised Argo values, else the mapped Helm values. */
  readonly types: readonly HookType[];
  /** PreDelete/PostDelete named in either annotation (`isHookOfType`, a CSV list since Argo CD 3.4). */
  readonly deletionTypes: readonly HookType[];
  /** PreDelete/PostDelete that are the whole value of either annotation (`isHookOfType` before 3.4). */
  readonly wholeValueDeletionTypes: readonly HookType[];
  /** Argo values no part of Argo CD recognises (misspelt, wrong case, ...). */
  readonly unrecognisedArgo: readonly string[];
  /** Helm values that neither map to a phase nor to a deletion hook (`test`, `pre-rollback`, ...). */
  readonly unrecognisedHelm: readonly string[];
  /** Helm types were dropped because an Argo type was recognised (Argo-over-Helm precedence). */
  readonly helmOverridden: boolean;
  /** `hook.IsHook`: a hook for the sync engine. */
  readonly isHook: boolean;
  /** `hook.Skip`: the only type is Skip; never applied, never pruned. */
  readonly skip: boolean;
  /** `ignore.Ignore`: a hook with no usable type; the object vanishes from the sync. */
  readonly ignored: boolean;
  /** A PreDelete/PostDelete hook without any sync phase: the controller keeps it out of syncs. */
  readonly deletionOnly: boolean;
  /** `syncPhases`: phases this object gets a task in (sorted PreSync..SyncFail). */
  readonly phases: readonly SyncPhase[];
}

function uniq<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** The common case, shared: no hook annotation at all → a plain Sync resource. */
const PLAIN: HookRead = Object.freeze<HookRead>({
  hasArgoHook: false,
  hasHelmHook: false,
  argoValues: [],
  helmValues: [],
  types: [],
  deletionTypes: [],
  wholeValueDeletionTypes: [],
  unrecognisedArgo: [],
  unrecognisedHelm: [],
  helmOverridden: false,
  isHook: false,
  skip: false,
  ignored: false,
  deletionOnly: false,
  phases: ['Sync'],
});

/** Reads the hook annotations of an object the way Argo CD of `argocdVersion` (@default the latest modelled) does. */
export function readHook(object: Record<string, unknown>, argocdVersion?: string): HookRead {
  return readHookIn(annotationsOf(object, argocdVersion));
}

/** `readHook` on annotations already read (`annotationsOf`). */
export function readHookIn(annotations: Readonly<Record<string, string>>): HookRead {
  const argoRaw = annotationIn(annotations, ANNOTATION_HOOK);
  const helmRaw = annotationIn(annotations, HELM_HOOK);
  if (argoRaw === undefined && helmRaw === undefined) return PLAIN;
  const argoValues = csvValues(argoRaw);
  const helmValues = csvValues(helmRaw);

  const argoTypes = argoValues.filter(v => (ENGINE_HOOK_TYPES as readonly string[]).includes(v)) as HookType[];
  const helmTypes = uniq(helmValues.filter(v => v in HELM_HOOK_PHASES).map(v => HELM_HOOK_PHASES[v]));
  const types: HookType[] = argoTypes.length > 0 ? argoTypes : helmTypes;

  const skip = types.includes('Skip') && types.length === 1;
  const hasArgoHook = argoRaw !== undefined;
  const hasHelmHook = helmRaw !== undefined;
  const hook = hasArgoHook ? !skip : hasHelmHook && helmRaw !== HELM_CRD_INSTALL;

  const deletionTypes = uniq([
    ...argoValues.filter(v => (DELETION_HOOK_TYPES as readonly string[]).includes(v)),
    ...helmValues.filter(v => v in HELM_DELETION_HOOKS).map(v => HELM_DELETION_HOOKS[v]),
  ]) as HookType[];
  const wholeValueDeletionTypes = uniq([
    ...(DELETION_HOOK_TYPES as readonly string[]).filter(v => v === argoRaw),
    ...(helmRaw !== undefined && helmRaw in HELM_DELETION_HOOKS ? [HELM_DELETION_HOOKS[helmRaw]] : []),
  ]) as HookType[];
  const phases = SYNC_PHASES.filter(p => types.includes(p));
  const deletionOnly = deletionTypes.length > 0 && phases.length === 0;

  return {
    hasArgoHook,
    hasHelmHook,
    argoValues,
    helmValues,
    types,
    deletionTypes,
    wholeValueDeletionTypes,
    unrecognisedArgo: argoValues.filter(v => !(HOOK_TYPES as readonly string[]).includes(v)),
    unrecognisedHelm: helmValues.filter(v => !(v in HELM_HOOK_PHASES) && !(v in HELM_DELETION_HOOKS) && v !== HELM_CRD_INSTALL),
    helmOverridden: argoTypes.length > 0 && helmTypes.length > 0,
    isHook: hook,
    skip,
    ignored: hook && types.length === 0,
    deletionOnly,
    phases: skip ? [] : hook ? phases : ['Sync'],
  };
}

/** Every hook type Argo CD recognises on the object: engine types (Argo over Helm) plus deletion types. */
export function hookTypesOf(object: Record<string, unknown>, argocdVersion?: string): HookType[] {
  const read = readHook(object, argocdVersion);
  return uniq([...read.types, ...read.deletionTypes]);
}

/** `hook.IsHook`. */
export function isHook(object: Record<string, unknown>, argocdVersion?: string): boolean {
  return readHook(object, argocdVersion).isHook;
}

/**
 * The deletion hook types the application controller of `version` sees on an object
 * (argo-cd `controller/hook.go` `isHookOfType`): PreDelete only since 3.3 (before, the engine ignores
 * such an object: a hook with no usable type); each annotation read as a CSV list since 3.4, before
 * only its whole value counts (`PostDelete,PostSync` is no PostDelete hook in 3.3).
 */
export function deletionHookTypesOf(object: Record<string, unknown>, version?: string): HookType[] {
  const read = readHook(object, version);
  const types = behavesSince('deletionHookCsv', version) ? read.deletionTypes : read.wholeValueDeletionTypes;
  return types.filter(t => t !== 'PreDelete' || behavesSince('preDeleteHooks', version));
}
