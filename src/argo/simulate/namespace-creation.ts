/**
 * The destination Namespace goes out before the dry run (Argo CD 3.1+, gitops-engine
 * `pkg/sync/sync_context.go` `getNamespaceCreationTask`): on the first call, the first task (hooks
 * included) that is the core Namespace named like the destination and has no live object is
 * applied for real, so objects in it pass the dry run; it stays created when the dry run then
 * fails. It is the `CreateNamespace=true` task or a Namespace manifest of the app.
 */
import type { SyncTask } from '../types';
import { behavesSince } from '../versions';

/** The task to create before the dry run, or undefined (none, no destination, or before 3.1). */
export function namespaceCreationTask<T extends { readonly task: SyncTask; readonly live: boolean }>(
  tasks: readonly T[], destination: string, argocdVersion?: string,
): T | undefined {
  if (destination === '' || !behavesSince('namespaceBeforeDryRun', argocdVersion)) return undefined;
  return tasks.find(t => t.task.action === 'apply' && !t.live && t.task.kind === 'Namespace' && t.task.group === ''
    && t.task.name === destination);
}
