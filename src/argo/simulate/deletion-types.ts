/**
 * Inputs and outputs of the Application deletion replay (`simulateDeletion`). Internal (not jsii API).
 */
import type { HealthScript } from '../argocd-cm';
import type { Manifest } from '../types';
import type { HealthStatus } from './types';

export interface DeletionOptions {
  /**
   * What named objects report, keyed `Kind/name`. For a PreDelete/PostDelete hook: Progressing keeps
   * it running, Degraded fails it, Missing means it never shows up (re-created every reconcile); any
   * other status lets it pass, as in `executeHooks`. For an object the cascade deletes: Progressing
   * keeps it terminating (a finalizer never clears).
   * @default none (hooks complete, deleted objects go at once)
   */
  readonly health?: ReadonlyMap<string, HealthStatus>;
  /** The Application's `spec.syncPolicy.syncOptions` (`Delete=`/`Prune=` defaults since 3.4). @default [] */
  readonly syncOptions?: readonly string[];
  /** The Application carries `argocd.argoproj.io/deletion-approved` (newer than its deletion). @default false */
  readonly deletionApproved?: boolean;
  /**
   * The Application's objects in the cluster (tracked as its own, without ownerReferences).
   * @default what a successful sync of the plan leaves: its resources, and its hooks whose delete
   * policies lack HookSucceeded
   */
  readonly live?: readonly Manifest[];
  /** The Argo CD version replayed, a minor or a patch release (see `argo/versions`). @default the latest modelled */
  readonly argocdVersion?: string;
  /**
   * The Application's instance name (argo-cd `InstanceName`: its name, `<namespace>_<name>` outside Argo CD's
   * namespace). Before 3.3.11, 3.4.3 and 3.5 every deletion hook is created with it as the
   * `app.kubernetes.io/instance` label, and the API server refuses a value over 63 characters.
   * @default unknown: the label is not judged
   */
  readonly appInstanceName?: string;
  /**
   * False for `argocd app delete --cascade=false`: no resources finalizer, so nothing is deleted, but
   * the PreDelete and PostDelete hooks still run. @default true
   */
  readonly cascade?: boolean;
  /**
   * The health scripts of the operator's argocd-cm (`--argocd-cm`). Given, they are all it holds: a
   * hook of a kind with no health check at all is Healthy whatever `health` names for it (argo-cd
   * `controller/hook.go`: "No health check defined for resource, considering it healthy").
   * @default undefined: argocd-cm not known, `health` applies as given
   */
  readonly healthScripts?: readonly HealthScript[];
}

/** How the deletion ends: the Application is gone, or it stays with its deletionTimestamp. */
export type DeletionOutcome =
  /** Every finalizer was removed: the Application is gone. */
  | 'Deleted'
  /** A step keeps failing (the `DeletionError` condition): Argo CD retries it forever. */
  | 'Blocked'
  /** A step waits forever (a hook that stays Progressing, an object that stays terminating, a confirmation). */
  | 'Waiting';

/** Which part of `finalizeApplicationDeletion` acted. */
export type DeletionStage = 'PreDelete' | 'Delete' | 'PostDelete' | 'PreDeleteCleanup' | 'PostDeleteCleanup';

/** One create or delete call the controller made, in order. */
export interface DeletionEvent {
  /** 1-based reconcile of the Application in which the call was made. */
  readonly reconcile: number;
  readonly stage: DeletionStage;
  /** The object's wave (`syncwaves.Wave`): deletion goes from the highest down. */
  readonly wave: number;
  readonly action: 'create' | 'delete';
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
  /** What became of it, in words (`completed`, `Progressing`, `deleted`, `terminating`, …). */
  readonly result: string;
}

/** An object the Application leaves in the cluster, and why. */
export interface KeptObject {
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
  readonly reason: string;
}

export interface DeletionResult {
  readonly outcome: DeletionOutcome;
  /** The `DeletionError` condition when Blocked; else what the step waits on (the controller's log line where it logs one). */
  readonly message: string;
  readonly events: readonly DeletionEvent[];
  /** What a Waiting or Blocked deletion waits on, `Kind/name`. */
  readonly waitingOn: readonly string[];
  /** Objects of the Application still in the cluster when the deletion ends (or stalls). */
  readonly leftInCluster: readonly KeptObject[];
  /** Finalizers still on the Application (none once Deleted). */
  readonly finalizersLeft: readonly string[];
  readonly reconciles: number;
  readonly notes: readonly string[];
}
