import { Duration } from 'cdk8s';
import { Construct } from 'constructs';
import { HookJob, HookJobOptions } from './hook-job';
import { HookDeletePolicy, HookPhase } from './hook-phase';
import { pathFor } from './names';

/**
 * Properties of a `MigrationHook`.
 */
export interface MigrationHookProps extends HookJobOptions {
  /** Image that holds the migration tool, usually the application's own image. */
  readonly image: string;

  /** The migration command, e.g. `['alembic', 'upgrade', 'head']`. */
  readonly command: string[];

  /**
   * A command that must also exit 0 after the migration, e.g. one that checks the schema version
   * actually committed. Exit 0 of the migration alone is all Argo CD sees; a tool that exits 0
   * before committing would let the new pods roll out onto the old schema.
   *
   * @default - no verification
   */
  readonly verify?: string[];

  /**
   * The phase the migration runs in. `HookPhase.SYNC` for a migration that needs a database this
   * same app deploys: order it `after` the database's tier, and it runs in a Sync wave after it
   * (a PreSync migration would run before the database exists and hang the first sync).
   *
   * @default HookPhase.PRE_SYNC
   */
  readonly phase?: HookPhase;
}

/**
 * A database migration that runs, and must succeed, before any Sync-phase resource is applied
 * (or, with `phase: HookPhase.SYNC`, in a Sync wave after the database tier it comes `after`):
 * a PreSync hook Job with `restartPolicy: Never` and `backoffLimit: 0` (a half-applied migration
 * is not retried blindly), and a 10-minute deadline by default.
 *
 * Delete policy `BeforeHookCreation,HookSucceeded` by default: a successful run is removed, a
 * failed run stays for its logs and is replaced on the next sync. With `HookSucceeded` alone the
 * next sync would meet the old failed Job of the same name ("field is immutable", argo-cd #7430).
 *
 * With `verify`, the migration runs as an init container and the verification as the main
 * container, so the Job only completes when both exit 0.
 */
export class MigrationHook extends HookJob {
  constructor(scope: Construct, id: string, props: MigrationHookProps) {
    if (props.command.length === 0) {
      throw new Error(`MigrationHook ${pathFor(scope, id)}: command is empty; give the migration command, e.g. ['alembic', 'upgrade', 'head']`);
    }
    const phase = props.phase ?? HookPhase.PRE_SYNC;
    if (phase !== HookPhase.PRE_SYNC && phase !== HookPhase.SYNC) {
      throw new Error(`MigrationHook ${pathFor(scope, id)}: phase must be HookPhase.PRE_SYNC (before the new version rolls out) or HookPhase.SYNC `
        + `(after a database this app deploys, with \`after\`), got ${String(phase)}`);
    }
    const verify = props.verify;
    super(scope, id, {
      ...props,
      phase,
      containerName: verify ? 'verify' : 'migrate',
      command: verify ?? props.command,
      initSteps: verify ? [{ name: 'migrate', command: props.command }] : undefined,
      defaultDeletePolicies: [HookDeletePolicy.BEFORE_HOOK_CREATION, HookDeletePolicy.HOOK_SUCCEEDED],
      defaultActiveDeadline: Duration.minutes(10),
    });
  }
}
