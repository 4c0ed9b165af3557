/**
 * The operation and result messages Argo CD writes, word for word, so a simulated stall reads the
 * same as the Application's status (`setRunningPhase`, `executeSyncFailPhase`, kubectl's output).
 */
import type { SyncTask } from '../types';

/** `group/Kind/name` as the engine prints a task in messages (core group empty: `/Pod/x`). */
export function taskRef(task: Pick<SyncTask, 'group' | 'kind' | 'name'>): string {
  return `${task.group}/${task.kind}/${task.name}`;
}

/** `Kind/name`, the user's handle on an object. */
export function shortRef(task: Pick<SyncTask, 'kind' | 'name'>): string {
  return `${task.kind}/${task.name}`;
}

export interface WaitingTask {
  readonly task: SyncTask;
  /** A prune whose object needs `argocd.argoproj.io/deletion-approved` first. */
  readonly needsPruneConfirmation: boolean;
}

/**
 * `setRunningPhase`: hooks are named first; "N more" counts every other task and calls them
 * resources unless all are hooks; a pending prune confirmation overrides the reason.
 */
export function runningMessage(waiting: readonly WaitingTask[], pendingDeletion: boolean): string {
  if (waiting.length === 0) return '';
  const hooks = waiting.filter(w => w.task.hook);
  const resources = waiting.filter(w => !w.task.hook);
  let reason = hooks.length > 0 ? 'completion of hook' : 'healthy state of';
  const taskType = resources.length === 0 ? 'hooks' : 'resources';
  if (pendingDeletion) reason = hooks.length > 0 ? 'deletion of hook' : 'deletion of';
  let first = (hooks.length > 0 ? hooks[0] : resources[0]).task;
  let more = waiting.length - 1;
  const toConfirm = waiting.filter(w => w.task.action === 'prune' && w.needsPruneConfirmation);
  if (toConfirm.length > 0) {
    reason = 'pruning confirmation of';
    first = toConfirm[0].task;
    more = toConfirm.length - 1;
  }
  const message = `waiting for ${reason} ${taskRef(first)}`;
  return more > 0 ? `${message} and ${more} more ${taskType}` : message;
}

/** `errorMessageFactory`: the base message, then the messages of the tasks that failed to apply. */
export function withReasons(message: string, reasons: readonly string[]): string {
  return reasons.length > 0 ? `${message}, reason: ${reasons.join(',')}` : message;
}

/** 3.4+: a running task whose object is gone (`Sync`, before `setRunningPhase`). */
export function missingMessage(task: Pick<SyncTask, 'group' | 'kind' | 'name'>): string {
  return `Resource ${taskRef(task)} is missing, it might have been deleted`;
}

export const MSG_NAMESPACE_FAILED = 'the namespace failed to apply';
export const MSG_NOT_VALID = 'one or more synchronization tasks are not valid';
export const MSG_DRY_RUN_FAILED = 'one or more objects failed to apply (dry run)';
export const MSG_TASKS_RUNNING = 'one or more tasks are running';
export const MSG_COMPLETED_UNSUCCESSFULLY = 'one or more synchronization tasks completed unsuccessfully';
export const MSG_FAILED_TO_APPLY = 'one or more objects failed to apply';
export const MSG_SYNC_FAIL_HOOKS_FAILED = 'one or more SyncFail hooks failed';
export const MSG_SUCCEEDED_ALL_RUN = 'successfully synced (all tasks run)';
export const MSG_SUCCEEDED_NO_MORE = 'successfully synced (no more tasks)';
export const MSG_PRUNED = 'pruned';
export const MSG_NO_PRUNE = 'ignored (no prune)';
export const MSG_REQUIRES_PRUNING = 'ignored (requires pruning)';
