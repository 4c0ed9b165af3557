/**
 * The grammar of `status.operationState.message`, as gitops-engine `pkg/sync/sync_context.go`
 * (`setRunningPhase`, `Sync`, `executeSyncFailPhase`, `Terminate`) and the application controller
 * (`controller/appcontroller.go` `processRequestedAppOperation`: retries, the termination cause;
 * `controller/sync.go` `SyncAppState`: what stops a sync before the engine runs) write it. A message
 * in none of these forms is `unknown`, carried word for word: never guessed at.
 */
import {
  MSG_COMPLETED_UNSUCCESSFULLY, MSG_DRY_RUN_FAILED, MSG_FAILED_TO_APPLY, MSG_NAMESPACE_FAILED, MSG_NOT_VALID,
  MSG_SUCCEEDED_ALL_RUN, MSG_SUCCEEDED_NO_MORE, MSG_SYNC_FAIL_HOOKS_FAILED, MSG_TASKS_RUNNING,
} from '../simulate/messages';
import { MSG_OPERATION_TERMINATED } from '../simulate/terminate';

/** What `setRunningPhase` says the step waits for. */
export type WaitReason = 'healthy state of' | 'completion of hook' | 'deletion of' | 'deletion of hook' | 'pruning confirmation of';

export interface TaskName {
  readonly group: string;
  readonly kind: string;
  readonly name: string;
}

export type OperationMessage =
  | { readonly type: 'waiting'; readonly reason: WaitReason; readonly first: TaskName; readonly more: number; readonly moreOf?: 'resources' | 'hooks' }
  | { readonly type: 'tasks-running' }
  | { readonly type: 'not-valid'; readonly causes: string }
  | { readonly type: 'dry-run-failed' }
  | { readonly type: 'failed'; readonly cause: 'completed unsuccessfully' | 'failed to apply'; readonly reasons: string; readonly syncFailHooksFailed?: string }
  | { readonly type: 'succeeded'; readonly how: 'all tasks run' | 'no more tasks' }
  /** `cause`: since 3.2 the controller adds ", triggered by <cause>" (its sync timeout); none for a user's terminate. */
  | { readonly type: 'terminated'; readonly cause?: string }
  | { readonly type: 'terminating' | 'timeout' }
  | { readonly type: 'retrying'; readonly attempt: number; readonly withLatestRevisions: boolean }
  /** `beforeSync`: the controller stopped before the engine ran (`controller/sync.go` `SyncAppState`): nothing was applied. */
  | { readonly type: 'other'; readonly what: string; readonly detail: string; readonly beforeSync: boolean }
  | { readonly type: 'empty' }
  | { readonly type: 'unknown'; readonly text: string };

export interface ParsedMessage {
  readonly message: OperationMessage;
  /** The controller's retry suffix: `. Retrying attempt #N at 3:04PM.` */
  readonly retry?: { readonly attempt: number; readonly at: string };
  /** `(retried N times).` on a final failure. */
  readonly retried?: number;
  /** ` (failed to retry: <error>)`: the retry policy could not be read (`RetryStrategy.NextRetryAt`), the operation ends in Error. */
  readonly retryFailed?: string;
}

const WAITING = /^waiting for (healthy state of|completion of hook|deletion of hook|deletion of|pruning confirmation of) ([^/\s]*)\/([^/\s]+)\/(\S+?)(?: and (\d+) more (resources|hooks))?$/;

/** Before Argo CD 3.4 `runTasks` wrote this one itself: capitalised, naming the apiVersion (`group/version` or `v1`). */
const LEGACY_CONFIRMATION = /^Waiting for pruning confirmation of (?:([^/\s]+)\/)?[^/\s]+\/([^/\s]+)\/(\S+?)(?: and (\d+) more resources)?$/;

/** What "Sync operation blocked by sync window" means (`other.what`); `sync-window-block.ts` says which window. */
export const SYNC_WINDOW_BLOCKS = 'a sync window blocks the sync';

/**
 * Fixed messages the controller writes, with what they mean; `true` third: written by
 * `controller/sync.go` `SyncAppState` before the engine runs (nothing applied, no SyncFail hooks).
 */
const OTHER: ReadonlyArray<readonly [RegExp, string, boolean?]> = [
  [/^SyncWaveHook failed: (.*)$/s, 'the wave hook (the delay between waves) failed'],
  [/^namespace auto creation failed: (.*)$/s, 'CreateNamespace=true could not create the namespace'],
  [new RegExp(`^${MSG_NAMESPACE_FAILED}(.*)$`, 's'), 'the destination Namespace manifest failed to apply'],
  // controller/sync.go SyncAppState, on every reconcile of a running operation (syncWindowPreventsSync):
  // the operation stays Running and goes on once the windows allow it.
  [/^Sync operation blocked by sync window(.*)$/s, SYNC_WINDOW_BLOCKS],
  [/^Shared resource found: (.*)$/s, 'another Application already manages a resource (the sync option FailOnSharedResource=true refuses it)', true],
  [/^Failed to load application project: (.*)$/s, 'the AppProject could not be loaded', true],
  [/^Operation termination had errors(.*)$/s, 'terminating the operation failed'],
  [/^Failed to get hook health: (.*)$/s, 'a hook\'s health could not be read'],
  // controller/sync.go SyncAppState, before the engine runs: nothing applied, no SyncFail hooks.
  // An error condition: util/argo FormatAppConditions, "<type>: <message>" joined by ";".
  [/^((?:ComparisonError|InvalidSpecError): .*)$/s, 'the Application has an error condition (ComparisonError: its manifests could not be generated or compared; '
    + 'InvalidSpecError: its spec is invalid), so Argo CD does not sync it; fix the cause the condition names, then sync again', true],
  [/^(no matching service account found for destination server .*)$/s, 'sync impersonation is on and the AppProject\'s spec.destinationServiceAccounts names none for this destination', true],
  [/^failed to derive service account to impersonate: (.*)$/s, 'sync impersonation is on and the service account to use could not be derived from the AppProject\'s spec.destinationServiceAccounts', true],
  [/^failed to check impersonation enforcement setting: (.*)$/s, 'the impersonation setting could not be read', true],
  [/^Failed to get destination cluster: (.*)$/s, 'Argo CD knows no cluster for spec.destination (no cluster Secret with that server or name)', true],
  [/^Failed to load resource overrides: (.*)$/s, 'the resource customizations of argocd-cm could not be read', true],
  [/^Failed to normalize target resources: (.*)$/s, 'the manifests could not be normalized (argocd-cm ignoreDifferences or known types)', true],
  [/^failed to load openAPISchema: (.*)$/s, 'the destination cluster\'s OpenAPI schema could not be read', true],
  [/^failed to initialize sync context: (.*)$/s, 'the sync could not start: no client for the destination cluster', true],
  [/^failed to record sync to history: (.*)$/s, 'the sync ran, but its result could not be written to the Application\'s history'],
  [/^Invalid operation request: no operation specified$/s, 'the operation asks for no sync', true],
  [/^Failed to generate sync ID: (.*)$/s, 'the controller could not start the sync', true],
];

function reasonsOf(line: string, base: string): string | undefined {
  if (line === base) return '';
  return line.startsWith(`${base}, reason: `) ? line.slice(base.length + ', reason: '.length) : undefined;
}

function parseCore(text: string): OperationMessage {
  if (text === '') return { type: 'empty' };
  const w = WAITING.exec(text);
  if (w) {
    return {
      type: 'waiting',
      reason: w[1] as WaitReason,
      first: { group: w[2], kind: w[3], name: w[4] },
      more: w[5] ? Number(w[5]) : 0,
      ...(w[6] ? { moreOf: w[6] as 'resources' | 'hooks' } : {}),
    };
  }
  const c = LEGACY_CONFIRMATION.exec(text);
  if (c) {
    return {
      type: 'waiting',
      reason: 'pruning confirmation of',
      first: { group: c[1] ?? '', kind: c[2], name: c[3] },
      more: c[4] ? Number(c[4]) : 0,
      ...(c[4] ? { moreOf: 'resources' as const } : {}),
    };
  }
  if (text === MSG_TASKS_RUNNING) return { type: 'tasks-running' };
  if (text === MSG_DRY_RUN_FAILED) return { type: 'dry-run-failed' };
  if (text === MSG_NOT_VALID) return { type: 'not-valid', causes: '' };
  if (text.startsWith(`${MSG_NOT_VALID}: `)) return { type: 'not-valid', causes: text.slice(MSG_NOT_VALID.length + 2) };
  if (text === MSG_SUCCEEDED_ALL_RUN) return { type: 'succeeded', how: 'all tasks run' };
  if (text === MSG_SUCCEEDED_NO_MORE) return { type: 'succeeded', how: 'no more tasks' };
  if (text === MSG_OPERATION_TERMINATED) return { type: 'terminated' };
  if (text.startsWith(`${MSG_OPERATION_TERMINATED}, triggered by `)) return { type: 'terminated', cause: text.slice(MSG_OPERATION_TERMINATED.length + ', triggered by '.length) };
  if (text === 'operation is terminating') return { type: 'terminating' };
  if (text === 'operation is terminating due to timeout') return { type: 'timeout' };
  const retrying = /^Retrying operation( with latest revisions)?\. Attempt #(\d+)$/.exec(text);
  if (retrying) return { type: 'retrying', attempt: Number(retrying[2]), withLatestRevisions: retrying[1] !== undefined };
  // executeSyncFailPhase: the base message and its reasons, then a line for failed SyncFail hooks.
  const [first, second, ...extra] = text.split('\n');
  if (extra.length === 0) {
    const hooksFailed = second === undefined ? '' : reasonsOf(second, MSG_SYNC_FAIL_HOOKS_FAILED);
    if (hooksFailed !== undefined) {
      for (const [base, cause] of [[MSG_COMPLETED_UNSUCCESSFULLY, 'completed unsuccessfully'], [MSG_FAILED_TO_APPLY, 'failed to apply']] as const) {
        const reasons = reasonsOf(first, base);
        if (reasons !== undefined) {
          return { type: 'failed', cause, reasons, ...(second !== undefined ? { syncFailHooksFailed: hooksFailed } : {}) };
        }
      }
    }
  }
  for (const [re, what, beforeSync] of OTHER) {
    const m = re.exec(text);
    if (m) return { type: 'other', what, detail: (m[1] ?? '').replace(/^(: |, reason: )/, ''), beforeSync: beforeSync === true };
  }
  return { type: 'unknown', text };
}

/** Parses an operation message, retry suffixes included. */
export function parseOperationMessage(text: string): ParsedMessage {
  const retry = /^(.*)\. Retrying attempt #(\d+) at ([^\n]+)\.$/s.exec(text);
  if (retry) return { message: parseCore(retry[1]), retry: { attempt: Number(retry[2]), at: retry[3] } };
  const retried = /^(.*) \(retried (\d+) times\)\.$/s.exec(text);
  if (retried) return { message: parseCore(retried[1]), retried: Number(retried[2]) };
  const retryFailed = /^(.*) \(failed to retry: (.*)\)$/s.exec(text);
  if (retryFailed) return { message: parseCore(retryFailed[1]), retryFailed: retryFailed[2] };
  return { message: parseCore(text) };
}

/** How many tasks the message says the step waits on (the named one and the "N more"). */
export function waitingCount(m: OperationMessage): number {
  return m.type === 'waiting' ? 1 + m.more : 0;
}
