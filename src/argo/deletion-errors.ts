/**
 * The words of the `DeletionError` condition Argo CD sets when a step of an Application's deletion
 * fails (argo-cd `controller/appcontroller.go` `finalizeApplicationDeletion`, `controller/hook.go`;
 * docs/argo-cd-model.md#application-deletion): written by `simulate --delete`, read back by
 * `explain`, in one place so the two cannot drift apart.
 */
import { SINCE } from './versions';

/** The hooks of an Application's deletion. */
export type DeletionHookType = 'PreDelete' | 'PostDelete';

/** `finalizeApplicationDeletion` wraps only the PreDelete step's error. */
export function deletionHookError(type: DeletionHookType, error: string): string {
  return type === 'PreDelete' ? `error executing pre-delete hooks: ${error}` : error;
}

/** The API server's answer to creating an object in a namespace that is gone (argo-cd #24924). */
export function namespaceNotFound(namespace: string): string {
  return `namespaces "${namespace}" not found`;
}

/** Degraded deletion hooks, `namespace/name` each. */
export function hooksFailed(type: DeletionHookType, hooks: readonly string[]): string {
  return `${type} hook(s) failed: ${hooks.join(', ')}`;
}

/** A cluster-scoped hook created again (before 3.4: the lookup sets the destination namespace on it, argo-cd #18355). */
export function hooksAlreadyExist(type: DeletionHookType, hooks: readonly string[]): string {
  return `${hooks.join(', ')} already exists (AlreadyExists on creating the ${type} hook again; skipped since Argo CD ${SINCE.deletionHookAlreadyExistsSkipped})`;
}

export type DeletionErrorRead =
  | { readonly cause: 'namespace-not-found'; readonly namespace: string }
  | { readonly cause: 'hooks-failed'; readonly type: DeletionHookType; readonly hooks: string }
  | { readonly cause: 'already-exists' }
  /** The API server refused a deletion hook for a label value over 63 characters: `value`, on `hook` (`Job.batch "name"`). */
  | { readonly cause: 'label-too-long'; readonly hook: string; readonly value: string };

/** What a `DeletionError` message says, when it is one of the above (the API server's own AlreadyExists words too). */
export function readDeletionError(message: string): DeletionErrorRead | undefined {
  const namespace = /namespaces "([^"]+)" not found/.exec(message);
  if (namespace) return { cause: 'namespace-not-found', namespace: namespace[1] };
  const failed = /(PreDelete|PostDelete) hook\(s\) failed: (.+)$/.exec(message);
  if (failed) return { cause: 'hooks-failed', type: failed[1] as DeletionHookType, hooks: failed[2] };
  if (/already exists/.test(message)) return { cause: 'already-exists' };
  // apimachinery's IsValidLabelValue; newer releases count the limit in bytes.
  const label = /(\S+ "[^"]*") is invalid: .*?metadata\.labels: Invalid value: "([^"]*)": must be no more than 63 (?:characters|bytes)/.exec(message);
  if (label) return { cause: 'label-too-long', hook: label[1], value: label[2] };
  return undefined;
}
