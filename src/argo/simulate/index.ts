/**
 * `simulate(plan, options)`: replays Argo CD's sync loop over a plan with given health outcomes and
 * reports how the operation ends, what it waits on and what it leaves behind.
 */
import { applyDecision } from '../apply-method';
import { builtinLuaHealthAfter } from '../health-lua';
import { ignoredAppOption } from '../sync-options';
import type { SyncPlan, SyncTask } from '../types';
import { appliesOutOfSyncOnly, WITHOUT_LIVE_NOTE } from './apply-out-of-sync-only';
import { handlesOf } from './cluster';
import { MSG_DRY_RUN_FAILED, shortRef } from './messages';
import { withRetries } from './retry';
import { SyncLoop, TaskState } from './sync-loop';
import type { Carry } from './sync-loop';
import type { AppliedTask, ResourceResult, ResultCode, SimulateOptions, SimulationResult } from './types';

export * from './types';
export { runningMessage, taskRef, shortRef } from './messages';
export { crdGroupKind } from './api-discovery';

/** Far more calls than any plan needs; a guard against a loop that never settles. */
const MAX_RECONCILES = 10_000;

export function simulate(plan: SyncPlan, options: SimulateOptions = {}): SimulationResult {
  const ctx = {
    ...(options.retry ? { strategy: options.retry } : {}),
    ...(options.argocdVersion ? { argocdVersion: options.argocdVersion } : {}),
    ...(options.syncTimeoutSeconds !== undefined ? { syncTimeoutSeconds: options.syncTimeoutSeconds } : {}),
  };
  return withRetries<Carry>(ctx, (carry, pastTimeout) => attempt(plan, options, carry, pastTimeout));
}

/**
 * One attempt of the operation: `Sync()` called until it ends or stops changing. `pastTimeout`: the sync timeout
 * has passed already, so a call that leaves the attempt running is its last.
 */
function attempt(plan: SyncPlan, options: SimulateOptions, carry: Carry | undefined, pastTimeout = false) {
  const loop = new SyncLoop(plan, options, carry);
  for (let i = 0; i < (pastTimeout ? 1 : MAX_RECONCILES); i++) {
    const before = loop.fingerprint();
    loop.reconcile();
    if (loop.phase !== 'Running') break;
    if (loop.fingerprint() === before) {
      // Nothing changed: with fixed health outcomes Argo CD would repeat this call forever.
      loop.forgetLastDelay();
      break;
    }
  }
  // Forever ends at the controller's sync timeout, when one is set.
  const terminated = loop.phase === 'Running' && options.syncTimeoutSeconds !== undefined;
  if (terminated) loop.terminate('controller sync timeout');
  return { result: summarize(loop, options), carry: loop.carry(), terminated };
}

/** Handles (`Kind/name`) given in options that name no task of the plan. */
export function unknownHandles(plan: SyncPlan, handles: Iterable<string>): string[] {
  const known = new Set<string>();
  for (const step of plan.steps) for (const t of step.tasks) for (const h of handlesOf(t)) known.add(h);
  for (const t of plan.syncFail) for (const h of handlesOf(t)) known.add(h);
  if (plan.createNamespace) for (const h of handlesOf(plan.createNamespace)) known.add(h);
  return [...handles].filter(h => !known.has(h));
}

function summarize(loop: SyncLoop, options: SimulateOptions): SimulationResult {
  const stalled = loop.phase === 'Running';
  const ref = handleNamer(loop.tasks.map(t => t.task));
  const applied: AppliedTask[] = loop.tasks
    .filter(t => t.appliedSeq !== undefined)
    .sort((a, b) => a.appliedSeq! - b.appliedSeq!)
    .map(t => ({
      step: t.step,
      phase: t.task.phase,
      wave: t.task.wave,
      kind: t.task.kind,
      name: t.task.name,
      namespace: t.task.namespace,
      action: t.task.action,
      ...(t.beforeDryRun ? { beforeDryRun: true } : {}),
      result: describe(loop, t, stalled),
    }));
  const neverApplied = unique(loop.tasks
    .filter(t => t.task.phase !== 'SyncFail' && t.appliedSeq === undefined && !loop.unmodified.has(t.task))
    .map(t => ref(t.task)));
  const inSync = unique(loop.tasks.filter(t => loop.unmodified.has(t.task)).map(t => ref(t.task)));
  const waitingOn = stalled ? unique(loop.waiting.map(t => ref(t.task))) : [];
  const hooksLeftInCluster = unique(loop.tasks
    .filter(t => t.task.hook && loop.cluster.has(t.task))
    .map(t => ref(t.task)));
  const results: ResourceResult[] = [
    ...loop.storedResults
      .filter(r => r.state.syncStatus !== '')
      .map(r => ({
        kind: r.state.task.kind,
        name: r.state.task.name,
        namespace: r.state.task.namespace,
        status: r.state.syncStatus as ResultCode,
        message: r.state.message,
      })),
    ...(loop.phase === 'Failed' && loop.message === MSG_DRY_RUN_FAILED
      ? loop.dryRunErrors.map(e => ({ kind: e.kind, name: e.name, namespace: '', status: 'SyncFailed' as const, message: e.message }))
      : []),
  ];
  const holder = stalled ? loop.waiting[0] : undefined;
  return {
    operationPhase: loop.phase,
    message: loop.message,
    applied,
    neverApplied,
    ...(appliesOutOfSyncOnly(options.syncOptions ?? []) ? { inSync } : {}),
    waitingOn,
    hooksLeftInCluster,
    results,
    minimumSeconds: loop.secondsSlept,
    ...(holder ? { blockedAt: { step: holder.step, phase: holder.task.phase, wave: holder.task.wave } } : {}),
    reconciles: loop.reconciles,
    notes: notesFor(loop, options),
  };
}

/**
 * `Kind/name`, the user's handle; `Kind/name -n namespace` when another task of the sync has the
 * same handle in another namespace, so the lists can tell the two apart.
 */
export function handleNamer(tasks: readonly SyncTask[]): (task: SyncTask) => string {
  const namespaces = new Map<string, Set<string>>();
  for (const t of tasks) {
    const handle = shortRef(t);
    const seen = namespaces.get(handle);
    if (seen) seen.add(t.namespace);
    else namespaces.set(handle, new Set([t.namespace]));
  }
  return (task) => {
    const handle = shortRef(task);
    return (namespaces.get(handle)?.size ?? 0) > 1 && task.namespace !== '' ? `${handle} -n ${task.namespace}` : handle;
  };
}

/** The task's fate in words. */
function describe(loop: SyncLoop, t: TaskState, stalled: boolean): string {
  if (t.task.action === 'prune') {
    if (t.syncStatus === 'SyncFailed') return `delete failed: ${t.message}`;
    if (t.syncStatus === 'PruneSkipped') return t.message;
    return loop.cluster.isTerminating(t.task) ? 'pruned, still terminating' : 'pruned';
  }
  if (t.operationState === 'Error') return `failed: ${t.message}`;
  if (t.syncStatus === 'SyncFailed') return `apply failed: ${t.message}`;
  const health = t.healthSeen ?? loop.cluster.healthOf(t.task);
  switch (t.operationState) {
    case 'Succeeded':
      if (t.task.hook) return 'completed';
      return loop.hasHealthCheck(t.task) ? 'Healthy' : 'no health check';
    case 'Failed':
      if (!t.task.hook) return health;
      // The hook's recorded message, when its health check gave one (not kubectl's apply output).
      return t.message !== '' && !t.message.endsWith(' created') && !t.message.endsWith(' configured')
        ? `failed (${health}: ${t.message})` : `failed (${health})`;
    default:
      if (stalled && loop.waiting.includes(t)) return `${health}, waited on`;
      return loop.hasHealthCheck(t.task) ? 'applied, health not awaited' : 'no health check';
  }
}

function notesFor(loop: SyncLoop, options: SimulateOptions): string[] {
  const notes: string[] = [];
  for (const [handle, status] of options.health ?? new Map()) {
    if (status === 'Healthy') continue;
    const task = loop.tasks.find(t => t.task.action === 'apply' && handlesOf(t.task).includes(handle));
    if (task && !loop.hasHealthCheck(task.task)) {
      if (options.healthScripts === undefined) {
        const { group, kind } = task.task;
        const later = options.argocdVersion !== undefined ? builtinLuaHealthAfter(group, kind, options.argocdVersion) : undefined;
        const argo = later !== undefined ? `Argo CD ${options.argocdVersion} has no built-in health check for ${kind} (${later} adds one)` : `Argo CD has no built-in health check for ${kind}`;
        notes.push(`${handle}: ${argo}; simulated as ${status} as if argocd-cm had one `
          + '(resource.customizations), without it the object counts as done once applied');
      } else if (status !== 'Missing') {
        notes.push(`${handle}: Argo CD has no health check for ${task.task.kind}, built in or in the argocd-cm given: it counts as done once applied, `
          + `so --health ${handle}=${status} changes nothing (add a resource.customizations.health script for it to argocd-cm to make Argo CD wait)`);
      }
    }
  }
  const timeout = options.syncTimeoutSeconds;
  if (timeout !== undefined && loop.phase !== 'Failed' && loop.secondsSlept >= timeout) {
    notes.push(`the wave delays alone take ${loop.secondsSlept} s, not less than the ${timeout} s sync timeout: Argo CD terminates the sync before it ends`);
  }
  const appOptions = options.syncOptions ?? [];
  for (const option of appOptions) {
    const ignored = ignoredAppOption(option, options.argocdVersion);
    if (ignored !== undefined) notes.push(`${option}: ${ignored.message}`);
  }
  if (appOptions.includes('Validate=false') || loop.tasks.some(t => t.task.action === 'apply' && !applyDecision(t.task.manifest.object, { appSyncOptions: appOptions }).validate)) {
    notes.push('Validate=false only turns off kubectl\'s client-side schema validation (which kubectl skips anyway when the API server validates fields itself, '
      + 'server-side field validation, GA in Kubernetes 1.27); what the API server refuses still fails the apply');
  }
  if (appOptions.includes('Force=true')) {
    notes.push('Force=true in the Application\'s sync options is not read by Argo CD (controller/sync.go takes force from the sync itself, argocd app sync --force); '
      + 'annotate the objects argocd.argoproj.io/sync-options: Force=true,Replace=true instead');
  }
  if (appliesOutOfSyncOnly(appOptions) && (options.live ?? []).length === 0) {
    notes.push(WITHOUT_LIVE_NOTE);
  }
  return notes;
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
