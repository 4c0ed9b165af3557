/**
 * The Argo CD phases a hook can run in (`argocd.argoproj.io/hook`).
 */
export enum HookPhase {
  /** Before any Sync-phase resource is applied; the sync stops if it fails. */
  PRE_SYNC = 'PreSync',
  /** Alongside the Sync-phase resources of its wave. */
  SYNC = 'Sync',
  /** After every Sync-phase resource is Healthy. */
  POST_SYNC = 'PostSync',
  /** Only when the sync fails; all SyncFail hooks start at once, waves ignored. */
  SYNC_FAIL = 'SyncFail',
}

/**
 * When Argo CD deletes a hook (`argocd.argoproj.io/hook-delete-policy`). Evaluated against the
 * whole sync operation's result, at its end.
 */
export enum HookDeletePolicy {
  /** Delete the previous hook object before creating the new one (Argo CD's default). */
  BEFORE_HOOK_CREATION = 'BeforeHookCreation',
  /** Delete the hook when the sync succeeds. */
  HOOK_SUCCEEDED = 'HookSucceeded',
  /** Delete the hook when the sync fails. */
  HOOK_FAILED = 'HookFailed',
}
