/**
 * An awaited object that is gone (Argo CD 3.4+, gitops-engine `pkg/sync/sync_context.go` `Sync`):
 * a running task with no live object in the cache is looked up on the API server; when it has
 * none either, the task fails (`SyncFailed`, phase `Error`) with "Resource <group>/<kind>/<name> is
 * missing, it might have been deleted", and the next call fails the sync and runs the SyncFail
 * hooks. Before 3.4 the engine waited for it forever.
 */
import type { SyncTask } from '../types';
import { behavesSince } from '../versions';
import { missingMessage } from './messages';

/** The task's failure message, or undefined while it is in the cache or on the API server. */
export function missingResourceFailure(task: SyncTask, inCache: boolean, onServer: boolean, argocdVersion?: string): string | undefined {
  if (inCache || onServer || task.action !== 'apply' || !behavesSince('missingFailsSync', argocdVersion)) return undefined;
  return missingMessage(task);
}
