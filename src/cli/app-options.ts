/**
 * `--sync-option` and `--live`: the Application's `spec.syncPolicy.syncOptions` and what its
 * cluster holds now. One parser for every command that plans a sync (`plan`, `lint`, `simulate`,
 * `diagram`, `report`), so the same flag is accepted or refused with the same words everywhere.
 */
import type { Command } from 'commander';
import { UsageError } from './errors';
import type * as LoadModule from './load';
import type * as SyncOptionsModule from '../argo/sync-options';
import type { Manifest } from '../argo/types';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export interface AppFlags {
  readonly syncOption?: string[];
  readonly live?: string[];
}

/** `--sync-option` (repeatable); `--live` (repeatable) unless `live` is false. */
export function addAppOptions(cmd: Command, { live = true }: { live?: boolean } = {}): Command {
  cmd.option('--sync-option <option>', "one of the Application's spec.syncPolicy.syncOptions, e.g. PruneLast=true (repeatable)", collect);
  if (live) {
    cmd.option('--live <path>', 'manifests in the cluster now (e.g. kubectl get -o json); those not in the input are pruned, '
      + 'except objects with ownerReferences, which Argo CD never manages (repeatable)', collect);
  }
  return cmd;
}

/**
 * Refuses an option Argo CD would silently ignore at the Application level: unknown, mis-cased
 * (matching is exact) or a value it does not act on.
 * @throws UsageError (exit status 2)
 */
export function checkAppSyncOption(option: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { SYNC_OPTIONS }: typeof SyncOptionsModule = require('../argo/sync-options');
  const eq = option.indexOf('=');
  const name = eq < 0 ? option : option.slice(0, eq);
  const value = eq < 0 ? '' : option.slice(eq + 1);
  const refuse = (why: string, fix: string) => {
    throw new UsageError(`--sync-option ${option}: not an Application sync option Argo CD acts on (${why}); ${fix}`);
  };
  const spec = SYNC_OPTIONS.find(o => o.name.toLowerCase() === name.toLowerCase());
  if (!spec) refuse(`Argo CD knows no option ${name}`, `use one of ${SYNC_OPTIONS.map(o => o.name).join(', ')}`);
  const meant = spec!.values.find(v => v.toLowerCase() === value.toLowerCase());
  if (meant === undefined) {
    refuse(`${spec!.name} takes ${spec!.values.map(v => `"${v}"`).join(' or ')}`, `write "${spec!.name}=${spec!.values[0]}"`);
  }
  if (spec!.name !== name || meant !== value) {
    refuse('names and values are matched exactly and case-sensitively', `write "${spec!.name}=${meant}"`);
  }
}

/** The checked sync options, plus `extra` ones a command adds from its own flags. */
export function appSyncOptions(flags: AppFlags, extra: readonly string[] = []): string[] {
  const options = flags.syncOption ?? [];
  options.forEach(checkAppSyncOption);
  return [...options, ...extra];
}

/**
 * The `--live` manifests (the plan fills in the destination namespace, as for the input), without the
 * objects a controller owns: Argo CD manages, and so prunes, only live objects with no owner
 * references (gitops-engine `GetManagedLiveObjs`), so the ReplicaSets and Pods of a Deployment in
 * `kubectl get all -o json` are never pruned.
 */
export function liveManifests(flags: AppFlags): Manifest[] {
  const paths = flags.live ?? [];
  if (paths.length === 0) return [];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { loadPaths }: typeof LoadModule = require('./load');
  return loadPaths(paths).filter((m) => !owned(m.object));
}

function owned(object: Record<string, unknown>): boolean {
  const refs = (object.metadata as Record<string, unknown> | undefined)?.ownerReferences;
  return Array.isArray(refs) && refs.length > 0;
}
