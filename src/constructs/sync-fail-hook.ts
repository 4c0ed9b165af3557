import { Duration } from 'cdk8s';
import { Construct } from 'constructs';
import { HookJob, HookJobBaseOptions } from './hook-job';
import { HookDeletePolicy, HookPhase } from './hook-phase';
import { pathFor } from './names';

/**
 * Properties of a `SyncFailHook`.
 */
export interface SyncFailHookProps extends HookJobBaseOptions {
  /** Container image. */
  readonly image: string;

  /** The command, e.g. a notification or a rollback script. */
  readonly command: string[];
}

/**
 * A Job Argo CD runs only when a sync fails (a notification, a rollback script). All SyncFail hooks
 * start at once; they do not run when the sync dies in validation or the initial dry-run.
 * Delete policy `BeforeHookCreation` by default, so the last run stays for its logs. It takes no
 * `after`: waves are ignored among SyncFail hooks, and they run after whatever the sync applied.
 */
export class SyncFailHook extends HookJob {
  constructor(scope: Construct, id: string, props: SyncFailHookProps) {
    if (props.command.length === 0) throw new Error(`SyncFailHook ${pathFor(scope, id)}: command is empty`);
    super(scope, id, {
      ...props,
      phase: HookPhase.SYNC_FAIL,
      defaultDeletePolicies: [HookDeletePolicy.BEFORE_HOOK_CREATION],
      defaultActiveDeadline: Duration.minutes(5),
    });
  }
}
