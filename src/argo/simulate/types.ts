/**
 * Inputs and outputs of the sync loop replay. Internal (not part of the jsii API), so unions and
 * maps are fine here.
 */
import type { HealthScript } from '../argocd-cm';
import type { AppProjectContext } from '../sync-permissions';
import type { Manifest, SyncPhase } from '../types';

/**
 * What an object reports, as Argo CD's health assessment would. `Missing`: the object is gone
 * (deleted while the sync waits on it). `Unknown`: the health check could not decide (a hook
 * fails on it; a resource keeps the sync waiting).
 */
export type HealthStatus = 'Healthy' | 'Progressing' | 'Degraded' | 'Suspended' | 'Missing' | 'Unknown';

export const HEALTH_STATUSES: readonly HealthStatus[] = ['Healthy', 'Progressing', 'Degraded', 'Suspended', 'Missing', 'Unknown'];

/** Argo CD's `OperationPhase` of the whole sync. */
export type OperationPhase = 'Running' | 'Succeeded' | 'Failed';

/** Argo CD's `ResultCode` of one task. */
export type ResultCode = 'Synced' | 'SyncFailed' | 'Pruned' | 'PruneSkipped';

export interface RetryBackoff {
  /** @default 5 */
  readonly durationSeconds?: number;
  /** @default 2 */
  readonly factor?: number;
  /** 0: no cap. @default 180 */
  readonly maxDurationSeconds?: number;
}

/** Argo CD's `RetryStrategy`, durations read to seconds. */
export interface RetryStrategy {
  /** Retries after the first attempt; negative: forever; 0: none. */
  readonly limit: number;
  readonly backoff?: RetryBackoff;
}

export interface SimulateOptions {
  /**
   * What named objects report, keyed `Kind/name` (a generateName hook also matches by its
   * generateName prefix). Objects not named report their kind's normal outcome: Healthy, or no
   * health check, both of which let a step finish.
   * For a prune task, `Progressing` means the object stays terminating (a finalizer never clears).
   * @default none
   */
  readonly health?: ReadonlyMap<string, HealthStatus>;
  /**
   * Errors the API server returns when the object is applied (or deleted, for a prune task), keyed
   * `Kind/name`. They hit the wet run, like an admission webhook or an immutable field would; the
   * client-side dry run does not see them.
   * @default none
   */
  readonly applyErrors?: ReadonlyMap<string, string>;
  /** CRDs already served by the cluster, as `group/Kind`. @default [] (a fresh cluster) */
  readonly installedCrds?: readonly string[];
  /** The Application's sync options (`spec.syncPolicy.syncOptions`). @default [] */
  readonly syncOptions?: readonly string[];
  /** False for a sync without prune: prune tasks end `ignored (requires pruning)`. @default true */
  readonly prune?: boolean;
  /** `ARGOCD_SYNC_WAVE_DELAY`, slept after every non-final step. @default 2 */
  readonly waveDelaySeconds?: number;
  /** Objects in the cluster before the sync (decides `created` vs `configured` and BeforeHookCreation). @default [] */
  readonly live?: readonly Manifest[];
  /** True when the Application carries a fresh `argocd.argoproj.io/deletion-approved`. @default false */
  readonly pruneConfirmed?: boolean;
  /**
   * The health scripts of the operator's argocd-cm (`--argocd-cm`; `argo/argocd-cm.ts`): a kind one
   * covers has a health check (`hasHealthCheck` of `argo/health`). Given, they are all the operator
   * has, so an object of a kind with no check at all is done once applied whatever `health` names
   * for it, as in Argo CD (`GetResourceHealth` returns nil, and the task succeeds).
   * @default undefined: argocd-cm not known; another health named for a kind without a built-in
   * check is simulated as if argocd-cm had a check for it (noted)
   */
  readonly healthScripts?: readonly HealthScript[];
  /**
   * syncplan's Application health check (`argo/application-health.ts`) is installed in argocd-cm,
   * whatever else it holds: the parent's sync in an app-of-apps simulation. @default false
   */
  readonly applicationHealthInstalled?: boolean;
  /**
   * The controller's `--sync-timeout` (argocd-cmd-params-cm `controller.sync.timeout.seconds`): a
   * sync that would wait forever is terminated instead. @default none (Argo CD's default: no timeout)
   */
  readonly syncTimeoutSeconds?: number;
  /** The Argo CD version replayed, a minor or a patch release (see `argo/versions`). @default the latest modelled */
  readonly argocdVersion?: string;
  /**
   * The operation's retry strategy (`spec.syncPolicy.retry`, `argocd app sync --retry-limit`): a failed attempt
   * starts over after the backoff. @default none (no retry, as a manual sync without one)
   */
  readonly retry?: RetryStrategy;
  /** The operation's force (`argocd app sync --force`): every apply and replace gets `--force`. @default false */
  readonly force?: boolean;
  /** The cluster's Kubernetes minor version: which built-in API versions discovery serves. @default DEFAULT_KUBE_VERSION */
  readonly kubeVersion?: string;
  /**
   * The Application's AppProject, when known (an app-of-apps parent applies it): a task of a served
   * kind it refuses fails the whole sync before anything is applied (`argo/sync-permissions.ts`).
   * @default undefined: not known, every task permitted
   */
  readonly appProject?: AppProjectContext;
}

/** One task the sync applied or pruned, in the order Argo CD did it. */
export interface AppliedTask {
  /**
   * 1-based index of the step in the plan; SyncFail hooks get `steps.length + 1`; the
   * `CreateNamespace=true` Namespace of the first call gets 0.
   */
  readonly step: number;
  readonly phase: SyncPhase;
  readonly wave: number;
  readonly kind: string;
  readonly name: string;
  /** After the destination namespace is filled in ('' for cluster-scoped objects). */
  readonly namespace: string;
  readonly action: 'apply' | 'prune';
  /** Created before the dry run: the destination Namespace, Argo CD 3.1+ (`getNamespaceCreationTask`). */
  readonly beforeDryRun?: boolean;
  /** What became of it, in words (`Healthy`, `Progressing`, `apply failed: …`, `pruned`, …). */
  readonly result: string;
}

/** Argo CD's `ResourceSyncResult`, as `argocd app get` lists it. */
export interface ResourceResult {
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
  readonly status: ResultCode;
  readonly message: string;
}

/** One call of Argo CD's `Sync()` (one reconcile of the operation). */
export interface Reconcile {
  /** The step this call applied, if any. */
  readonly applied?: { readonly step: number; readonly phase: SyncPhase; readonly wave: number };
  readonly operationPhase: OperationPhase;
  readonly message: string;
  /** Seconds the inter-wave delay slept in this call. */
  readonly delaySeconds: number;
}

/** One attempt of the operation, as the result lists it. */
export interface Attempt {
  /** 1-based. */
  readonly attempt: number;
  readonly operationPhase: OperationPhase;
  /** The attempt's own message, before any retry text. */
  readonly message: string;
  /** Wave delays it slept. */
  readonly minimumSeconds: number;
  /** The backoff slept after it, before the next attempt. */
  readonly backoffSeconds?: number;
}

export interface SimulationResult {
  readonly operationPhase: OperationPhase;
  /** The operation message Argo CD would show. */
  readonly message: string;
  readonly applied: readonly AppliedTask[];
  /** Tasks of the steps (not SyncFail hooks) that never went out, `Kind/name`. */
  readonly neverApplied: readonly string[];
  /**
   * `ApplyOutOfSyncOnly=true`: resources not applied because their live object is in sync, `Kind/name`
   * (not in `neverApplied`). Absent without the option.
   */
  readonly inSync?: readonly string[];
  /** What a Running (stalled) sync waits on, `Kind/name`. */
  readonly waitingOn: readonly string[];
  /** Hooks of this sync still in the cluster when the operation ends (or stalls). */
  readonly hooksLeftInCluster: readonly string[];
  readonly results: readonly ResourceResult[];
  /** Inter-wave delays actually slept. */
  readonly minimumSeconds: number;
  /** The step holding a Running sync. */
  readonly blockedAt?: { readonly step: number; readonly phase: SyncPhase; readonly wave: number };
  /** Every call of the loop, in order. */
  readonly reconciles: readonly Reconcile[];
  /** With a retry strategy: every attempt, the last one being the result above. */
  readonly attempts?: readonly Attempt[];
  /** With a retry strategy: the backoff slept between attempts (not in `minimumSeconds`). */
  readonly retryBackoffSeconds?: number;
  /** Things the user may not expect (e.g. a health given for a kind Argo CD does not check). */
  readonly notes: readonly string[];
}
