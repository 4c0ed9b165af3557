/**
 * What `Terminate` does to each hook when the controller gives up on a sync (`--sync-timeout`),
 * gitops-engine `pkg/sync/sync_context.go`. Since 3.4 (`terminateHooksPreemptively`) only running
 * hooks are touched: one the controller's cache does not hold yet is looked up on the API server;
 * gone there too, it is recorded Succeeded "Terminated"; otherwise its health is read once more, it
 * is deleted if still running (or if it finished and carries HookFailed, the operation having
 * failed) and records its real result, or Failed "Terminated". Before 3.4 `Terminate` went over
 * every hook the cache holds, whatever its state: a running one was deleted and recorded Succeeded
 * "Deleted", any other recorded what its health says; hooks not in the cache were left alone.
 * The operation ends Failed "Operation terminated"; the controller adds ", triggered by <cause>"
 * since 3.2 (`controller/appcontroller.go` `processRequestedAppOperation`).
 */
import { behavesSince } from '../versions';
import type { HookOutcome } from './hook-result';

/** One hook as `Terminate` finds it. */
export interface HookAtTermination {
  /** Started in this operation and not finished as far as the engine knows. */
  readonly running: boolean;
  /** In the controller's cache (`liveObj != nil`). */
  readonly inCache: boolean;
  /** The API server has the object. */
  readonly onServer: boolean;
  /** `getOperationPhase` of the live object (phase '' = still running). */
  readonly outcome: () => HookOutcome;
  /** Carries the `HookFailed` delete policy. */
  readonly deletesOnFailure: boolean;
}

/** What to do with it: delete it or not, and the result to record (undefined: left as it is). */
export interface HookTermination {
  readonly delete: boolean;
  readonly phase: 'Succeeded' | 'Failed';
  readonly message: string;
}

export const MSG_OPERATION_TERMINATED = 'Operation terminated';
/** A running hook's result after `Terminate` deleted it: since 3.4 Failed "Terminated", before Succeeded "Deleted". */
export const MSG_HOOK_TERMINATED = 'Terminated';
export const MSG_HOOK_DELETED = 'Deleted';

export function terminateHook(hook: HookAtTermination, argocdVersion?: string): HookTermination | undefined {
  if (!behavesSince('terminateRunningHooksOnly', argocdVersion)) {
    if (!hook.inCache) return undefined;
    const outcome = hook.outcome();
    if (outcome.phase === '') return { delete: true, phase: 'Succeeded', message: MSG_HOOK_DELETED };
    return { delete: false, phase: outcome.phase, message: outcome.message };
  }
  if (!hook.running) return undefined;
  if (!hook.inCache && !hook.onServer) return { delete: false, phase: 'Succeeded', message: MSG_HOOK_TERMINATED };
  const outcome = hook.outcome();
  if (outcome.phase === '') return { delete: true, phase: 'Failed', message: MSG_HOOK_TERMINATED };
  return { delete: hook.deletesOnFailure, phase: outcome.phase, message: outcome.message };
}

/** The operation message after termination. */
export function terminatedMessage(cause: string, argocdVersion?: string): string {
  return behavesSince('terminationCause', argocdVersion) ? `${MSG_OPERATION_TERMINATED}, triggered by ${cause}` : MSG_OPERATION_TERMINATED;
}
