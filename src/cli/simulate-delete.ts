/**
 * `syncplan simulate --delete`: replays the deletion of the Application (cascading, with the
 * resources finalizer) instead of its sync. Exit status 0 when the Application is gone, 1 when the
 * deletion is Blocked or Waiting, 2 bad input.
 */
import type { Command } from 'commander';
import type * as ErrorsModule from './errors';
import type { SimulationInput } from './simulation-input';
import type * as ArgoPlanModule from '../argo/plan';
import type * as DeletionModule from '../argo/simulate/deletion';
import type { DeletionOptions, DeletionResult } from '../argo/simulate/deletion-types';
import type * as TrackingModule from '../argo/tracking';
import type { TrackingOptions } from '../argo/types';

/* eslint-disable @typescript-eslint/no-require-imports */

export interface DeleteFlags {
  readonly delete?: boolean;
  readonly deletionApproved?: boolean;
  /** False for `--no-cascade`. */
  readonly cascade?: boolean;
}

/** `--delete` and `--deletion-approved`. */
export function addDeleteOptions(cmd: Command): Command {
  return cmd
    .option('--delete', 'replay the Application\'s cascading deletion instead of its sync: PreDelete hooks (Argo CD 3.3+), then its objects '
      + 'one wave at a time from the highest down (Delete=false, helm.sh/resource-policy: keep and CRDs stay), then PostDelete hooks; '
      + '--live gives the objects in the cluster (default: what a successful sync leaves); exit 0 when the Application is gone')
    .option('--no-cascade', 'with --delete: argocd app delete --cascade=false, the Application goes without its objects '
      + '(its PreDelete and PostDelete hooks still run)')
    .option('--deletion-approved', 'the Application carries argocd.argoproj.io/deletion-approved (argocd app confirm-deletion): '
      + 'objects with Delete=confirm or Prune=confirm may be deleted, or pruned');
}

/**
 * Refuses flags that mean nothing for a deletion, `--no-cascade` without `--delete`, and a cdk8s dist
 * (`dist`: the input is one, several Applications) unless `--single-app`. @throws UsageError (exit status 2)
 */
export function checkDeleteFlags(flags: DeleteFlags & { readonly applyError?: string[]; readonly repoRoot?: string }, dist = false): void {
  const { UsageError }: typeof ErrorsModule = require('./errors');
  if (!flags.delete) {
    if (flags.cascade === false) throw new UsageError('--no-cascade needs --delete: a sync has no cascade');
    return;
  }
  if ((flags.applyError ?? []).length > 0) throw new UsageError('--apply-error has no effect with --delete: the deletion applies nothing (give --health KIND/NAME=Degraded for a failing hook)');
  if (flags.repoRoot !== undefined) throw new UsageError('--delete replays one Application: drop --repo-root');
  if (dist) throw new UsageError('--delete replays one Application, and this cdk8s dist is one per chart file: give one chart file, or --single-app');
}

/** Plans the target, replays the deletion; unknown `--health` handles throw (exit 2). */
export function runDeletion(input: SimulationInput, flags: DeleteFlags & { readonly appName?: string }): DeletionResult {
  const { buildPlan }: typeof ArgoPlanModule = require('../argo/plan');
  const { simulateDeletion, unknownDeletionHandles }: typeof DeletionModule = require('../argo/simulate/deletion');
  const { UsageError }: typeof ErrorsModule = require('./errors');
  // The plan of the target without live objects: the live ones are the deletion's, not prune tasks.
  const plan = buildPlan(input.manifests, { ...input.planOptions, live: [] });
  const given = input.options.live ?? [];
  const options: DeletionOptions = {
    health: input.options.health,
    syncOptions: input.options.syncOptions,
    deletionApproved: flags.deletionApproved ?? false,
    cascade: flags.cascade ?? true,
    ...(given.length > 0 ? { live: tracked(given, input.planOptions.tracking, input.options.argocdVersion) } : {}),
    ...(input.options.argocdVersion !== undefined ? { argocdVersion: input.options.argocdVersion } : {}),
    ...(flags.appName !== undefined ? { appInstanceName: flags.appName } : {}),
    ...(input.options.healthScripts ? { healthScripts: input.options.healthScripts } : {}),
  };
  const unknown = unknownDeletionHandles(plan, input.manifests, options, input.options.health?.keys() ?? []);
  if (unknown.length > 0) {
    throw new UsageError(`--health ${unknown[0]}: not an object of this deletion (KIND/NAME of a live object or a PreDelete/PostDelete hook, case-sensitive)`);
  }
  return simulateDeletion(plan, input.manifests, options);
}

/** The `--live` objects tracked as the app's: `GetManagedLiveObjs` deletes only those. */
function tracked(live: NonNullable<DeletionOptions['live']>, tracking: TrackingOptions | undefined, version: string | undefined) {
  if (tracking === undefined) return live;
  const { untrackedReason }: typeof TrackingModule = require('../argo/tracking');
  return live.filter(m => untrackedReason(m.object, tracking, version) === undefined);
}
