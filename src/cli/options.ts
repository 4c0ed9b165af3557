/**
 * Options and input handling shared by every `syncplan` command, so each command file only says
 * what it does. Loading YAML is imported lazily: `syncplan --version` must not pay for it.
 */
import { InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';
import type * as ErrorsModule from './errors';
import type * as LoadModule from './load';
import { parseSelectedResource } from '../argo/selective-sync';
import type { SelectedResource } from '../argo/selective-sync';
import type { Manifest, PlanOptions } from '../argo/types';

/** A repeatable option's values, in the order given (commander's argParser for `--x a --x b`). */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** What commander hands an action after `addPlanOptions` (and `addFormatOption`). */
export interface CommonFlags {
  readonly namespace?: string;
  readonly revision?: string;
  readonly startedAt?: number;
  readonly skipHooks?: boolean;
  readonly resource?: SelectedResource[];
  readonly format?: string;
}

/** `--namespace`, `--revision`, `--started-at`, `--skip-hooks`: how Argo CD would run the sync. */
export function addPlanOptions(cmd: Command): Command {
  return cmd
    .option('-n, --namespace <ns>', "the Application's destination namespace, given to objects without one")
    .option('--revision <sha>', 'synced revision, used to name generateName hooks')
    .option('--started-at <unix-seconds>', 'operation start, used to name generateName hooks', parseUnixSeconds)
    .option('--skip-hooks', 'drop every hook, as a selective sync, self-heal or the apply strategy does', false)
    .option('--resource <group:kind:name>', 'a selective sync of this object (argocd app sync --resource; core group empty, '
      + 'e.g. :Service:web or apps:Deployment:shop/web): only the objects named are applied or pruned, hooks are skipped (repeatable)',
    collectResource);
}

function collectResource(value: string, previous: SelectedResource[] = []): SelectedResource[] {
  const parsed = parseSelectedResource(value);
  if (!parsed) throw new InvalidArgumentError('expected GROUP:KIND:NAME or GROUP:KIND:NAMESPACE/NAME, e.g. apps:Deployment:web (core group empty: :Service:web)');
  return [...previous, parsed];
}

/** `--format <format>` limited to `choices`; the first choice is the default. */
export function addFormatOption(cmd: Command, choices: readonly string[] = ['text', 'json']): Command {
  return cmd.addOption(new Option('-f, --format <format>', 'output format').choices([...choices]).default(choices[0]));
}

function parseUnixSeconds(value: string): number {
  if (!/^\d{1,12}$/.test(value)) {
    throw new InvalidArgumentError('expected whole unix seconds, e.g. 1700000000');
  }
  return Number(value);
}

/** The model's options from the flags. */
export function planOptions(flags: CommonFlags): PlanOptions {
  return {
    namespace: flags.namespace ?? '',
    ...(flags.revision !== undefined ? { revision: flags.revision } : {}),
    ...(flags.startedAt !== undefined ? { startedAt: flags.startedAt } : {}),
    skipHooks: flags.skipHooks ?? false,
    ...(flags.resource !== undefined ? { resources: flags.resource } : {}),
  };
}

/**
 * Reads the manifests behind `paths` (files, folders, `-` for stdin).
 * @throws InputError (exit status 2) for unreadable or malformed input
 */
export function readManifests(paths: readonly string[]): Manifest[] {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { loadPaths }: typeof LoadModule = require('./load');
  const { UsageError }: typeof ErrorsModule = require('./errors');
  /* eslint-enable @typescript-eslint/no-require-imports */
  if (paths.length === 0) {
    throw new UsageError('no input: give YAML or JSON files, folders, or - to read standard input');
  }
  return loadPaths(paths);
}
