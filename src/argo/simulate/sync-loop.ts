/**
 * A replay of gitops-engine's `syncContext.Sync()` (`pkg/sync/sync_context.go`): each `reconcile()`
 * is one call of the application controller, which applies at most one (phase, wave) step and
 * otherwise re-reads health. The plan's order is Argo CD's order, so the loop only has to decide
 * when to move on, when to fail and when to wait.
 */
import { namespaceCreationTask } from '../create-namespace';
import { hasHealthCheck } from '../health';
import { apiServerRejection } from '../object-validity';
import { hasSyncOption } from '../sync-options';
import { customScopesOf, syncPermissionRefusal } from '../sync-permissions';
import type { SyncPhase, SyncPlan, SyncTask } from '../types';
import { behavesSince } from '../versions';
import { crdGroupKind, noKindMatchError, unservedError } from './api-discovery';
import { applyCall } from './apply-call';
import { appliesOutOfSyncOnly, unmodifiedTasks } from './apply-out-of-sync-only';
import { Cluster } from './cluster';
import { hookOutcome } from './hook-result';
import {
  MSG_COMPLETED_UNSUCCESSFULLY, MSG_DRY_RUN_FAILED, MSG_FAILED_TO_APPLY, MSG_NOT_VALID, MSG_NO_PRUNE, MSG_PRUNED,
  MSG_REQUIRES_PRUNING, MSG_SUCCEEDED_ALL_RUN, MSG_SUCCEEDED_NO_MORE, MSG_SYNC_FAIL_HOOKS_FAILED,
  MSG_NAMESPACE_FAILED, MSG_TASKS_RUNNING, legacyPruneConfirmationMessage, legacyRunningMessage, runningMessage, withReasons,
} from './messages';
import { missingResourceFailure } from './missing-resource';
import { terminateHook, terminatedMessage } from './terminate';
import type { HealthStatus, OperationPhase, Reconcile, ResultCode, SimulateOptions } from './types';

/** Argo CD's per-task `OperationPhase` ('' = pending, not started). */
type TaskPhase = '' | 'Running' | 'Succeeded' | 'Failed' | 'Error';

/** `runTasks`'s tri-state. */
type RunState = 'successful' | 'failed' | 'pending';

const SKIP_DRY_RUN = 'SkipDryRunOnMissingResource=true';

/** One task and what the engine knows of it, as `syncTask` plus its stored `ResourceSyncResult`. */
export interface TaskState {
  readonly task: SyncTask;
  /** 1-based step number; SyncFail hooks get `steps.length + 1`. */
  readonly step: number;
  syncStatus: ResultCode | '';
  operationState: TaskPhase;
  message: string;
  /** `liveObj != nil` as of the current call (the controller's cache). */
  live: boolean;
  skipDryRun: boolean;
  /** Order in which the task went out (apply, prune, or apply attempt that failed). */
  appliedSeq?: number;
  /** The last health read for it. */
  healthSeen?: HealthStatus;
  /** Applied before the dry run (the destination Namespace, 3.1+). */
  beforeDryRun?: boolean;
  /**
   * The `CreateNamespace=true` task without managed metadata: the engine adds it only while the
   * namespace is missing, so it leaves the task list once the namespace exists.
   */
  readonly whileMissing?: boolean;
}

/** What a retry takes over from the failed attempt. */
export interface Carry {
  readonly cluster: Cluster;
}

export interface StoredResult {
  readonly state: TaskState;
  readonly order: number;
}

const PHASE_RANK: Readonly<Record<SyncPhase, number>> = { PreSync: -1, Sync: 0, PostSync: 1, SyncFail: 2 };

function sameStep(a: TaskState, b: TaskState): boolean {
  return a.task.phase === b.task.phase && a.task.wave === b.task.wave;
}

const pending = (t: TaskState) => t.operationState === '';
const running = (t: TaskState) => t.operationState === 'Running';
const completed = (t: TaskState) => t.operationState === 'Succeeded' || t.operationState === 'Failed' || t.operationState === 'Error';

export class SyncLoop {
  readonly tasks: TaskState[];
  readonly cluster: Cluster;
  readonly reconciles: Reconcile[] = [];
  phase: OperationPhase = 'Running';
  message = '';
  /** The tasks named by the last "waiting for …" message. */
  waiting: TaskState[] = [];
  secondsSlept = 0;
  private readonly results = new Map<string, StoredResult>();
  private changes = 0;
  private started = false;
  private seq = 0;
  private appliedStep: Reconcile['applied'];
  private slept = 0;
  /** The Application's destination namespace ('' when none). */
  private readonly destination: string;

  /** `ApplyOutOfSyncOnly=true`: the resources in sync with their live object, never applied. */
  readonly unmodified: ReadonlySet<SyncTask>;

  /** Argo CD's own errors found while reading the manifests; they fail the dry run. */
  readonly dryRunErrors: ReadonlyArray<{ readonly kind: string; readonly name: string; readonly message: string }>;

  constructor(plan: SyncPlan, private readonly options: SimulateOptions, carry?: Carry) {
    this.dryRunErrors = plan.errors;
    this.cluster = carry?.cluster ?? new Cluster(options);
    const tasks: TaskState[] = [];
    plan.steps.forEach((step, i) => {
      for (const task of step.tasks) tasks.push(newState(task, i + 1));
    });
    for (const task of plan.syncFail) tasks.push(newState(task, plan.steps.length + 1));
    // SyncFail hooks sort last (phase rank 2); keep the plan's order otherwise.
    this.tasks = tasks.map((t, i) => ({ t, i }))
      .sort((a, b) => PHASE_RANK[a.t.task.phase] - PHASE_RANK[b.t.task.phase] || a.i - b.i)
      .map(x => x.t);
    this.destination = plan.destinationNamespace ?? '';
    this.unmodified = appliesOutOfSyncOnly(options.syncOptions ?? [])
      ? unmodifiedTasks(this.tasks.map(t => t.task), t => this.cluster.current(t)) : new Set();
    const ns = plan.createNamespace;
    if (ns) {
      // In its sorted place, as the plan records it (hoisting makes it more than phase and wave).
      const at = plan.createNamespaceBefore ? this.tasks.findIndex(t => t.task === plan.createNamespaceBefore) : -1;
      this.tasks.splice(at < 0 ? this.tasks.length : at, 0, { ...newState(ns, 0), whileMissing: true });
    }
    // A retry rebuilds the task list from the cluster the failed attempt left (`retry.ts`).
    // A pruned object has no task any more; nor has the CreateNamespace task once the namespace exists.
    if (carry) this.tasks = this.tasks.filter(t => (t.task.action === 'prune' ? this.cluster.has(t.task) : !(t.whileMissing && this.cluster.has(t.task))));
  }

  /** What a retry starts from: the cluster this attempt left. */
  carry(): Carry {
    return { cluster: this.cluster };
  }

  /** The task list of this call: Argo CD rebuilds it, without the created namespace once it exists. */
  private currentTasks(): TaskState[] {
    if (!this.tasks.some(t => t.whileMissing)) return this.tasks;
    return this.tasks.filter(t => !(t.whileMissing && t.appliedSeq !== undefined && this.cluster.has(t.task)));
  }

  get storedResults(): StoredResult[] {
    return [...this.results.values()].sort((a, b) => a.order - b.order);
  }

  /** One call of `Sync()`. */
  reconcile(): void {
    this.appliedStep = undefined;
    this.slept = 0;
    const [phase, message] = [this.phase, this.message];
    this.sync();
    // Only the state a call ends in counts: a call passes through "one or more tasks are running".
    if (phase !== this.phase || message !== this.message) this.changes++;
    this.secondsSlept += this.slept;
    this.reconciles.push({
      ...(this.appliedStep ? { applied: this.appliedStep } : {}),
      operationPhase: this.phase,
      message: this.message,
      delaySeconds: this.slept,
    });
  }

  /** Undoes the delay of the last call (used when the call only repeated a stall). */
  forgetLastDelay(): void {
    const last = this.reconciles.pop();
    if (!last) return;
    this.secondsSlept -= last.delaySeconds;
    this.reconciles.push({ ...last, delaySeconds: 0 });
  }

  /** Changes so far (tasks, phase, cluster); equal before and after a call means a stall. */
  fingerprint(): number {
    return this.changes + this.cluster.version;
  }

  private sync(): void {
    const all = this.currentTasks();
    for (const t of all) {
      const live = this.cluster.liveObject(t.task);
      if (live !== t.live) this.changes++;
      t.live = live;
    }

    if (!this.started) {
      this.started = true;
      if (!this.validate(all)) return;
      if (!this.createNamespaceFirst(all)) return;
      // The client-side dry run fails on what the API server rejects outright (plan errors); apply
      // errors given by the user hit the wet run only, and unserved kinds were handled above.
      if (this.dryRunErrors.length > 0) {
        this.setPhase('Failed', MSG_DRY_RUN_FAILED);
        return;
      }
    } else if (this.options.appProject !== undefined && !this.validate(all)) {
      // Argo CD builds and checks the tasks on every call: a custom resource whose CRD was in this
      // sync is checked against the AppProject once its kind is served, after the earlier steps.
      return;
    }

    this.refreshRunning(all);

    const multiStep = all.length > 0 && !sameStep(all[0], all[all.length - 1]);
    const runningTasks = all.filter(t => (multiStep || t.task.hook) && running(t));
    if (runningTasks.length > 0) {
      this.failMissing(runningTasks);
      this.setRunning(runningTasks, false);
      return;
    }

    const prunedPendingDelete = all.filter(t => t.syncStatus === 'Pruned' && t.live && this.cluster.isTerminating(t.task));
    if (prunedPendingDelete.length > 0) {
      this.setRunning(prunedPendingDelete, true);
      return;
    }

    const hookDone = (t: TaskState) => t.task.hook && t.live && !running(t);
    const hooksOnSuccess = all.filter(t => hookDone(t) && t.task.deletePolicies.includes('HookSucceeded'));
    const hooksOnFailure = all.filter(t => hookDone(t) && t.task.deletePolicies.includes('HookFailed'));

    const syncFail = all.filter(t => t.task.phase === 'SyncFail');
    let tasks = all.filter(t => t.task.phase !== 'SyncFail');
    const syncFailed = tasks.filter(t => t.syncStatus === 'SyncFailed');

    if (tasks.some(t => completed(t) && t.operationState !== 'Succeeded')) {
      this.deleteHooks(hooksOnFailure);
      this.executeSyncFailPhase(syncFail, syncFailed, MSG_COMPLETED_UNSUCCESSFULLY);
      return;
    }

    tasks = tasks.filter(t => pending(t) && !this.unmodified.has(t.task));
    if (tasks.length === 0) {
      this.deleteHooks(hooksOnSuccess);
      this.setPhase('Succeeded', MSG_SUCCEEDED_NO_MORE);
      return;
    }

    const first = tasks[0];
    const finalWave = sameStep(first, tasks[tasks.length - 1]);
    const step = tasks.filter(t => sameStep(t, first));
    const remaining = tasks.filter(t => !sameStep(t, first));

    this.setPhase('Running', MSG_TASKS_RUNNING);
    this.appliedStep = { step: first.step, phase: first.task.phase, wave: first.task.wave };
    const state = this.runTasks(step);

    // The wave hook (`delayBetweenSyncWaves`): sleeps after every non-final step that did not fail.
    if (state !== 'failed' && !finalWave) this.slept += this.options.waveDelaySeconds ?? 2;

    if (state === 'failed') {
      const failedHere = step.filter(t => t.syncStatus === 'SyncFailed');
      let stillRunning = step.filter(running);
      if (!behavesSince('failedApplyWaitsForRunning', this.options.argocdVersion)) {
        // Before 3.4 (`setOperationFailed`): the step's running hooks are left to run, SyncFail hooks start.
        this.deleteHooks(hooksOnFailure);
        this.executeSyncFailPhase(syncFail, failedHere, MSG_FAILED_TO_APPLY);
      } else if (stillRunning.length > 0) {
        if (syncFail.length > 0 && !this.executeSyncFailPhase(syncFail, failedHere, MSG_FAILED_TO_APPLY)) {
          stillRunning = [...stillRunning, ...syncFail];
        }
        this.setRunning(stillRunning, false);
      } else if (this.executeSyncFailPhase(syncFail, failedHere, MSG_FAILED_TO_APPLY)) {
        this.deleteHooks(hooksOnFailure);
      }
    } else if (state === 'successful') {
      if (remaining.length === 0 && !step.some(t => t.task.hook)) {
        // The last step without hooks: done right after apply, whatever health follows.
        this.deleteHooks(hooksOnSuccess);
        this.setPhase('Succeeded', MSG_SUCCEEDED_ALL_RUN);
      } else {
        // Before 3.4 the message named every task still to come: this step's hooks, then the later steps'.
        this.setRunning(step, false, tasks.filter(t => !sameStep(t, first) || t.task.hook));
      }
    } else {
      const toConfirm = this.options.pruneConfirmed ? [] : step.filter(t => this.needsPruneConfirmation(t));
      if (toConfirm.length > 0 && !this.stepMessages) this.setPhase('Running', legacyPruneConfirmationMessage(toConfirm.map(t => t.task)));
      this.setRunning(step.filter(t => this.deletesBeforeCreation(t) || (t.task.action === 'prune' && pending(t))), true,
        // Before 3.4: the step's hooks deleted when the operation completes (`deleteOnPhaseCompletion`).
        step.filter(t => t.task.hook && t.live && t.task.deletePolicies.some(p => p === 'HookSucceeded' || p === 'HookFailed')));
    }
  }

  /**
   * `Terminate` after the controller's sync timeout (argo-cd `controller/appcontroller.go`
   * `processRequestedAppOperation`): each hook as `terminate.ts` says, no SyncFail hook runs, and
   * the operation fails.
   */
  terminate(cause: string): void {
    this.reconciles.push({ operationPhase: 'Running', message: 'operation is terminating due to timeout', delaySeconds: 0 });
    const version = this.options.argocdVersion;
    for (const t of this.currentTasks().filter(x => x.task.hook)) {
      const end = terminateHook({
        running: running(t),
        inCache: t.live,
        onServer: !this.cluster.isGone(t.task),
        outcome: () => hookOutcome(t.task, this.healthRead(t.task), this.hasHealthCheck(t.task)),
        deletesOnFailure: t.task.deletePolicies.includes('HookFailed'),
      }, version);
      if (!end) continue;
      if (end.delete) this.cluster.delete(t.task);
      this.setResult(t, t.syncStatus, end.phase, end.message);
    }
    this.waiting = [];
    this.setPhase('Failed', terminatedMessage(cause, version));
    this.reconciles.push({ operationPhase: this.phase, message: this.message, delaySeconds: 0 });
  }

  /**
   * `getSyncTasks`' checks: a kind the cluster does not serve fails the whole sync, and so does a
   * task of a served kind the AppProject refuses (`validateSyncPermissions`). Run at the start, and
   * with an AppProject known on every later call too, as Argo CD rebuilds the tasks on each.
   */
  private validate(all: readonly TaskState[]): boolean {
    const appSkip = behavesSince('appSkipDryRun', this.options.argocdVersion) && (this.options.syncOptions ?? []).includes(SKIP_DRY_RUN);
    const crdsInSync = new Set<string>();
    for (const t of all) {
      const gk = t.task.action === 'apply' ? crdGroupKind(t.task.manifest.object) : undefined;
      if (gk !== undefined) crdsInSync.add(gk);
    }
    const project = this.options.appProject;
    const customScopes = project ? customScopesOf(all.map(t => t.task.manifest)) : undefined;
    let ok = true;
    for (const t of all) {
      if (t.task.action === 'prune') continue;
      if (this.cluster.serves(t.task)) {
        const refusal = project && syncPermissionRefusal(project, t.task, this.destination, customScopes!, this.options.argocdVersion);
        if (refusal) {
          this.setResult(t, 'SyncFailed', '', refusal.message);
          ok = false;
        }
        continue;
      }
      if (appSkip || hasSyncOption(t.task.manifest.object, SKIP_DRY_RUN, this.options.argocdVersion) || crdsInSync.has(`${t.task.group}/${t.task.kind}`)) {
        t.skipDryRun = true;
      } else {
        this.setResult(t, 'SyncFailed', '', unservedError(t.task, this.options.kubeVersion));
        ok = false;
      }
    }
    if (!ok) {
      // The causes are in the message since 3.5; before, only in the resource results.
      const reasons = [...new Set(this.storedResults.filter(r => r.state.syncStatus === 'SyncFailed').map(r => r.state.message))].sort();
      this.setPhase('Failed', behavesSince('notValidWithCauses', this.options.argocdVersion) ? `${MSG_NOT_VALID}: ${reasons.join('; ')}` : MSG_NOT_VALID);
    }
    return ok;
  }

  /** Creates the destination Namespace before the dry run (3.1+); false when its apply failed. */
  private createNamespaceFirst(all: readonly TaskState[]): boolean {
    const ns = namespaceCreationTask(all, t => t.live, this.destination, this.options.argocdVersion);
    if (!ns) return true;
    ns.beforeDryRun = true;
    if (this.runTasks([ns]) === 'failed') {
      this.executeSyncFailPhase([], [ns], MSG_NAMESPACE_FAILED);
      return false;
    }
    return true;
  }

  /** Fails the running tasks whose object is gone (3.4+, `missing-resource.ts`). */
  private failMissing(runningTasks: readonly TaskState[]): void {
    for (const t of runningTasks) {
      // Not in the cache: the engine asks the API server, which has one it has just created.
      const failure = missingResourceFailure(t.task, t.live, !this.cluster.isGone(t.task), this.options.argocdVersion);
      if (failure !== undefined) this.setResult(t, 'SyncFailed', 'Error', failure);
    }
  }

  /** Reads the health of running tasks (hooks by `getOperationPhase`, resources by health). */
  private refreshRunning(all: readonly TaskState[]): void {
    for (const t of all.filter(x => running(x) && x.live)) {
      const health = this.healthRead(t.task);
      t.healthSeen = health;
      if (t.task.hook) {
        const outcome = hookOutcome(t.task, health, this.hasHealthCheck(t.task));
        if (outcome.phase !== '') this.setResult(t, t.syncStatus, outcome.phase, outcome.message);
      } else if (health === 'Healthy') {
        this.setResult(t, t.syncStatus, 'Succeeded', '');
      } else if (health === 'Degraded') {
        this.setResult(t, t.syncStatus, 'Failed', '');
      }
    }
  }

  /** `runTasks`: prunes first (after confirmation), then BeforeHookCreation deletes, then applies. */
  private runTasks(tasks: readonly TaskState[]): RunState {
    const prunes = tasks.filter(t => t.task.action === 'prune');
    const creates = tasks.filter(t => t.task.action === 'apply');

    if (!this.options.pruneConfirmed && prunes.some(t => this.needsPruneConfirmation(t))) return 'pending';

    let state: RunState = 'successful';
    for (const t of prunes) {
      t.appliedSeq = this.seq++;
      this.changes++;
      const option = this.cluster.pruneOption(t.task);
      if (this.options.prune === false) {
        this.setResult(t, 'PruneSkipped', 'Succeeded', MSG_REQUIRES_PRUNING);
      } else if (option === 'false') {
        this.setResult(t, 'PruneSkipped', 'Succeeded', MSG_NO_PRUNE);
      } else {
        const error = this.cluster.applyErrorOf(t.task);
        if (error !== undefined) {
          this.setResult(t, 'SyncFailed', 'Failed', error);
          state = 'failed';
        } else {
          this.cluster.delete(t.task);
          this.setResult(t, 'Pruned', 'Succeeded', MSG_PRUNED);
        }
      }
    }
    if (state !== 'successful') return state;

    const toDelete = creates.filter(t => this.deletesBeforeCreation(t));
    if (toDelete.length > 0) {
      for (const t of toDelete) this.cluster.delete(t.task);
      return 'pending';
    }

    // Kinds go out one after the other (a CRD before its CRs); a failure does not stop the rest.
    for (const t of creates) {
      t.appliedSeq = this.seq++;
      this.changes++;
      const call = applyCall(t.task, this.cluster, this.options);
      const error = this.cluster.applyErrorOf(t.task)
        ?? (this.cluster.serves(t.task) ? undefined : noKindMatchError(t.task.apiVersion, t.task.kind))
        // The dry run is client-side: what the API server rejects in the object fails here, at its step.
        ?? apiServerRejection(t.task.manifest.object, t.task.group, t.task.kind, t.task.name)
        ?? call.error;
      if (error !== undefined) {
        this.setResult(t, 'SyncFailed', 'Failed', error);
        state = 'failed';
      } else {
        // A CRD serves its kind once Established (its health check's Healthy); the engine polls ~3 s for it and
        // goes on regardless, so a CRD reported otherwise leaves its custom resources unknown to the API server.
        const defines = crdGroupKind(t.task.manifest.object);
        this.cluster.create(t.task, defines !== undefined && this.cluster.healthOf(t.task) === 'Healthy' ? defines : undefined);
        this.setResult(t, 'Synced', 'Running', call.message);
      }
    }
    return state;
  }

  /** `executeSyncFailPhase`: true when the operation is over (Failed), false while hooks run. */
  private executeSyncFailPhase(syncFail: readonly TaskState[], syncFailed: readonly TaskState[], message: string): boolean {
    let error = withReasons(message, syncFailed.map(t => t.message));
    if (syncFail.length === 0) {
      this.setPhase('Failed', error);
      return true;
    }
    if (syncFail.every(completed)) {
      const failedHooks = syncFail.filter(t => t.syncStatus === 'SyncFailed');
      if (failedHooks.length > 0) error = `${error}\n${withReasons(MSG_SYNC_FAIL_HOOKS_FAILED, failedHooks.map(t => t.message))}`;
      this.setPhase('Failed', error);
      return true;
    }
    // All SyncFail hooks in one batch: their waves are ignored.
    const toRun = syncFail.filter(t => !completed(t) && !running(t));
    const state = this.runTasks(toRun);
    if (!behavesSince('failedApplyWaitsForRunning', this.options.argocdVersion)) {
      // Before 3.4 one SyncFail hook failing to apply ended the sync at once; else the message stays.
      if (state !== 'failed') return false;
      const failedHooks = syncFail.filter(t => t.syncStatus === 'SyncFailed');
      this.setPhase('Failed', behavesSince('syncFailHooksFailedMessage', this.options.argocdVersion)
        ? `${error}\n${withReasons(MSG_SYNC_FAIL_HOOKS_FAILED, failedHooks.map(t => t.message))}` : error);
      return true;
    }
    this.setRunning(toRun, false);
    return false;
  }

  private deleteHooks(hooks: readonly TaskState[]): void {
    for (const t of hooks) this.cluster.delete(t.task);
  }

  private deletesBeforeCreation(t: TaskState): boolean {
    return t.task.hook && t.live && pending(t) && t.task.deletePolicies.includes('BeforeHookCreation');
  }

  needsPruneConfirmation(t: TaskState): boolean {
    return t.task.action === 'prune' && this.cluster.pruneOption(t.task) === 'confirm';
  }

  /** Argo CD has a health check for the task's kind: built in, in the argocd-cm given, or the Application's when installed. */
  hasHealthCheck(task: SyncTask): boolean {
    if (this.options.applicationHealthInstalled && task.group === 'argoproj.io' && task.kind === 'Application') return true;
    return hasHealthCheck(task.group, task.kind, this.options.healthScripts, this.options.argocdVersion);
  }

  /**
   * The health the engine reads of a live object: what it reports, except that with the argocd-cm
   * known, a kind without any check has none to read (`GetResourceHealth` returns nil), which
   * counts as done like Healthy. Missing is no health but the object gone.
   */
  healthRead(task: SyncTask): HealthStatus {
    const health = this.cluster.healthOf(task);
    return health !== 'Missing' && this.options.healthScripts !== undefined && !this.hasHealthCheck(task) ? 'Healthy' : health;
  }

  /** The 3.4+ running messages (`stepRunningMessage`). */
  private get stepMessages(): boolean {
    return behavesSince('stepRunningMessage', this.options.argocdVersion);
  }

  /**
   * Waits on `tasks`; before 3.4 the message names `named` (default the same tasks) in the old
   * words, and no task named leaves the message as it was.
   */
  private setRunning(tasks: readonly TaskState[], pendingDeletion: boolean, named: readonly TaskState[] = tasks): void {
    const confirming = !this.options.pruneConfirmed;
    this.waiting = [...tasks];
    if (!this.stepMessages) {
      const message = legacyRunningMessage(named.map(t => t.task), pendingDeletion);
      if (message !== '') this.setPhase('Running', message);
      return;
    }
    this.setPhase('Running', runningMessage(
      tasks.map(t => ({ task: t.task, needsPruneConfirmation: confirming && this.needsPruneConfirmation(t) })),
      pendingDeletion,
    ));
  }

  private setPhase(phase: OperationPhase, message: string): void {
    this.phase = phase;
    this.message = message;
  }

  /** `setResourceResult`: the latest non-empty message wins; results keep first-seen order. */
  private setResult(t: TaskState, syncStatus: ResultCode | '', operationState: TaskPhase, message: string): void {
    if (syncStatus !== t.syncStatus || operationState !== t.operationState || (message !== '' && message !== t.message)) this.changes++;
    t.syncStatus = syncStatus;
    t.operationState = operationState;
    if (message !== '') t.message = message;
    const key = `${t.task.group}/${t.task.kind}/${t.task.namespace}/${t.task.name}:${t.task.phase}`;
    const existing = this.results.get(key);
    this.results.set(key, { state: t, order: existing ? existing.order : this.results.size });
  }
}

function newState(task: SyncTask, step: number): TaskState {
  return { task, step, syncStatus: '', operationState: '', message: '', live: false, skipDryRun: false };
}
