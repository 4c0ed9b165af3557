/**
 * The Argo CD versions the model knows, and the behaviours that changed between them. Each entry
 * names the first version that behaves the new way, read from that release's sync loop
 * (gitops-engine `pkg/sync/sync_context.go`, in argo-cd's tree as `gitops-engine/` since 3.3) or
 * its controller. Older versions keep the old behaviour; the default is the latest modelled.
 *
 * A version is a minor (`3.3`) or a patch release (`3.3.5`). A minor alone means its latest patch
 * release, as an image tag `v3.3` does: it has every fix cherry-picked into that line. An entry
 * `x.y` holds from `x.y.0`; an entry `x.y.z` from that patch release on. A fix cherry-picked into
 * older lines after the release that brought it is a list, one entry per line, the last being the
 * minor release that had it from the start (`['3.3.11', '3.4.3', '3.5.0']`).
 */

/** Minor versions modelled, oldest first. */
export const ARGOCD_VERSIONS: readonly string[] = ['2.14', '3.0', '3.1', '3.2', '3.3', '3.4', '3.5', '3.6'];

export const LATEST_ARGOCD_VERSION = '3.6';

/** First version with each behaviour. */
export const SINCE = {
  /** Hooks get the `argocd.argoproj.io/hook-finalizer` finalizer until their result is read. */
  hookFinalizer: '3.0',
  /**
   * A SyncFail hook that fails to apply adds "one or more SyncFail hooks failed, reason: …" to the
   * operation message (`setOperationFailed`); before, the message left it out.
   */
  syncFailHooksFailedMessage: '3.0',
  /** `SkipDryRunOnMissingResource=true` as an Application sync option. */
  appSkipDryRun: '3.1',
  /** The destination Namespace task without a live object is created before the dry run (`getNamespaceCreationTask`). */
  namespaceBeforeDryRun: '3.1',
  /**
   * A null annotation value reads as "" and the object's other annotations still count: apimachinery
   * v0.33 (argo-cd v3.1.0 go.mod; v3.0 pins v0.32) `Unstructured.GetAnnotations` calls
   * `NestedNullCoercingStringMap` (`pkg/apis/meta/v1/unstructured/unstructured.go`); before, none counted.
   */
  nullAnnotationReadEmpty: '3.1',
  /** `controller.sync.wave.delay.seconds` in argocd-cmd-params-cm (the env var before). */
  waveDelaySetting: '3.2',
  /** The sync timeout's "Operation terminated" gets ", triggered by controller sync timeout" (`controller/appcontroller.go`). */
  terminationCause: '3.2',
  /** A retry of a failed sync starts with "Retrying operation. Attempt #N" (`processRequestedAppOperation`). */
  retryStartMessage: '3.2',
  /** The sync timeout is checked before a due retry starts (before, the retry starts first). */
  timeoutBeforeRetry: '3.2',
  /**
   * `Replace=true` and `Force=true` are read from the live object's sync-options annotation too
   * (`applyObject`, argo-cd PR #26110, in v3.3.0 as #26189); before, only from the manifest's.
   */
  liveReplaceForce: '3.3',
  /**
   * A sync window's `andOperator: true` applies it only when every list it sets matches the
   * Application (`SyncWindows.Matches`, argo-cd v3.0.0); before, the field does not exist and any
   * list that matches applies it.
   */
  syncWindowAndOperator: '3.0',
  /**
   * A sync window's `syncOverrun: true` lets an operation that started while syncs were allowed go
   * on into a deny window or past the end of an allow window (`SyncWindows.CanSync` with the
   * operation's start, argo-cd PR #25510, in v3.5.0); before, the field does not exist.
   */
  syncWindowOverrun: '3.5',
  /** `PreDelete` hooks run before an Application is deleted. */
  preDeleteHooks: '3.3',
  /**
   * One built-in Lua health script, `resource_customizations/_.cnrm.cloud.google.com/_`, judges every
   * Config Connector kind; before, 15 of its kinds had a script each and the rest none (`health-lua.ts`).
   */
  configConnectorHealthWildcard: '3.3',
  /**
   * An AppProject's cluster resource lists match a `name` pattern too (`isNamedResourceInList`,
   * argo-cd PR #24674); before, the field is not in the AppProject CRD and an entry matches every name.
   */
  clusterResourceNames: '3.3',
  /** A running task whose object is gone fails ("Resource … is missing, it might have been deleted"). */
  missingFailsSync: '3.4',
  /**
   * A failed apply waits for the step's running tasks and the SyncFail hooks before failing, and the
   * sync ends only once every SyncFail hook is done (`executeSyncFailPhase`, argo-cd PR #25916).
   * Before, the SyncFail hooks started and the step's hooks were left running; the sync failed at
   * once without SyncFail hooks, or as soon as one of them failed to apply.
   */
  failedApplyWaitsForRunning: '3.4',
  /**
   * `Terminate` touches only running hooks (`terminateHooksPreemptively`, PR #25916): "Terminated".
   * Before, every hook in the cache: a running one deleted and recorded Succeeded "Deleted".
   */
  terminateRunningHooksOnly: '3.4',
  /**
   * The running message (`setRunningPhase`, PRs #25668, #25916, #25915): hooks are named first, a
   * step just applied names its own tasks, "deletion of hook …", and a pending prune confirmation
   * reads "waiting for pruning confirmation of <group>/<kind>/<name>". Before, the first task
   * named chose the words ("completion of hook … and N more hooks" when it was a hook), a step
   * just applied named every task still to come (its hooks, then the later steps' tasks), and the
   * confirmation read "Waiting for pruning confirmation of <apiVersion>/<kind>/<name>".
   */
  stepRunningMessage: '3.4',
  /**
   * A resource not in the cluster leaves the Application's health alone unless nothing of the app is in
   * the cluster, which makes it Missing (`setApplicationHealth`, argo-cd PR #25962). Before, one with a
   * Go health check or an exact argocd-cm override made the app Missing (worse than Progressing).
   */
  appMissingOnlyWhenAllMissing: '3.4',
  /** Application-level `Prune=` and `Delete=` defaults. */
  appPruneDeleteDefaults: '3.4',
  /** "one or more synchronization tasks are not valid" carries the causes (`: <cause>; <cause>`). */
  notValidWithCauses: '3.5',
  /**
   * A Degraded PreDelete/PostDelete hook fails the deletion step ("PostDelete hook(s) failed: …", deleted and
   * re-created on the next reconcile); before, a Degraded PostDelete hook counted as done. (PostDelete hooks
   * themselves exist since 2.10, before every version modelled.)
   */
  failedDeletionHookBlocks: '3.3',
  /**
   * `argocd.argoproj.io/hook` / `helm.sh/hook` read as CSV lists for PreDelete/PostDelete (before: the whole
   * value): argo-cd PR #26420, in v3.4.0 and cherry-picked into 3.3.3 as #26586.
   */
  deletionHookCsv: '3.3.3',
  /**
   * An object that names a sync phase beside PreDelete/PostDelete (`PreSync,PreDelete`) is synced as well
   * (`partitionTargetObjsForSync`, PR #26996, in v3.4.0 as #26998 and in 3.3.5 as #26999). In 3.3.3 and
   * 3.3.4 the CSV read made it a deletion hook and the controller kept it out of every sync; before 3.3.3
   * it was no deletion hook at all.
   */
  syncPhaseDeletionHookSynced: '3.3.5',
  /**
   * A PreDelete/PostDelete hook is created with the Application's tracking (`SetAppInstance`, PR #27542,
   * in v3.5.0, cherry-picked as #27715 into 3.3.11 and #27714 into 3.4.3): a label truncated to 63
   * characters, or only the annotation. Before, every hook got the label `app.kubernetes.io/instance:
   * <instance name>` whatever the method, and an instance name over 63 characters made each creation
   * fail (argo-cd #27527).
   */
  deletionHookTrackedLabel: '3.5',
  /**
   * Creating a PreDelete/PostDelete hook that already exists is skipped; before, the AlreadyExists error failed
   * the step for ever (a cluster-scoped hook, looked up with the destination namespace, is never found live).
   * Argo CD PR #26724 came to 3.4 as its cherry-pick #27257, already in v3.4.0.
   */
  deletionHookAlreadyExistsSkipped: '3.4',
  /**
   * An HPA is Degraded when any of its conditions names a known failure, even after a healthy one
   * (`checkConditions` reads every condition for a failure first), and ScalingActive's
   * FailedGetObjectMetric, FailedGetPodsMetric, FailedGetExternalMetric and FailedComputeMetricsReplicas
   * are failures (gitops-engine `pkg/health/health_hpa.go`, argo-cd PR #26274). Before, the first
   * condition that decided won, so `AbleToScale: True` ahead of a metrics failure read Healthy.
   */
  hpaFailedConditionFirst: '3.5',
  /** autoscaling/v2beta1 and v2beta2 HPAs are no longer converted: "unsupported HPA GVK" (argo-cd PR #27887). */
  hpaV2BetaUnread: '3.5',
  /** A suspended Job's health message is its Suspended condition's (`health_job.go`, PR #28738); before, empty. */
  jobSuspendedMessage: '3.6',
  /**
   * `argocd.argoproj.io/ignore-restart-policy: "true"` judges a Never/OnFailure Pod that is not a
   * hook like an Always one: Healthy once Ready, Degraded on a container error (`health_pod.go`, PR #28249).
   */
  podIgnoreRestartPolicy: '3.6',
} as const;

export type Behaviour = keyof typeof SINCE;

/**
 * Behaviours cherry-picked into the patch releases of older lines after `SINCE`'s release had them:
 * a version of one of these lines behaves the new way from the patch named, any other as `SINCE` says.
 */
export const BACKPORTS: Readonly<Partial<Record<Behaviour, readonly string[]>>> = {
  deletionHookTrackedLabel: ['3.3.11', '3.4.3'],
};

/** `major.minor.patch` of a version; a minor alone is its latest patch (Infinity). */
interface Release {
  readonly minor: number;
  readonly patch: number;
}

/** A version's minor, `3.3.5` → `3.3`: what the tables by minor (built-in Lua scripts) are keyed by. */
export function minorOf(version: string): string {
  const [major, minor] = version.split('.');
  return `${major}.${minor}`;
}

function releaseOf(version: string): Release {
  const parts = version.split('.');
  return { minor: ARGOCD_VERSIONS.indexOf(`${parts[0]}.${parts[1]}`), patch: parts.length > 2 ? Number(parts[2]) : Infinity };
}

/**
 * `3.4`, `v3.4` → `3.4` (its latest patch); `3.4.2`, `v3.4.2` → `3.4.2`; a pre-release `3.5.0-rc1` → `3.5.0`;
 * undefined unless the minor is modelled.
 */
export function parseArgoCdVersion(raw: string): string | undefined {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+)(?:-[0-9A-Za-z.-]+)?)?$/.exec(raw.trim());
  if (!m) return undefined;
  const minor = `${Number(m[1])}.${Number(m[2])}`;
  if (!ARGOCD_VERSIONS.includes(minor)) return undefined;
  return m[3] === undefined ? minor : `${minor}.${Number(m[3])}`;
}

/** True when `version` (default: the latest) behaves the new way. */
export function behavesSince(behaviour: Behaviour, version: string = LATEST_ARGOCD_VERSION): boolean {
  const minor = minorOf(version);
  const backport = BACKPORTS[behaviour]?.find(b => minorOf(b) === minor);
  return isAtLeast(version, backport ?? SINCE[behaviour]);
}

/** The releases a behaviour comes with, for messages: `3.3.3`, or `3.3.11, 3.4.3 and 3.5`. */
export function sinceText(behaviour: Behaviour): string {
  const all = [...BACKPORTS[behaviour] ?? [], SINCE[behaviour]];
  return all.length === 1 ? all[0] : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}

/**
 * True when `version` is `since` or later (a version not modelled is older than all: the old
 * behaviour). `since` alone as a minor means its `.0`; `version` alone as a minor, its latest patch.
 */
export function isAtLeast(version: string, since: string): boolean {
  const v = releaseOf(version);
  const s = releaseOf(since);
  if (v.minor !== s.minor) return v.minor > s.minor;
  return v.patch >= (Number.isFinite(s.patch) ? s.patch : 0);
}
