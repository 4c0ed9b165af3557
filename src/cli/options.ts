/**
 * Options and input handling shared by every `syncplan` command, so each command file only says
 * what it does. Loading YAML is imported lazily: `syncplan --version` must not pay for it.
 */
import { statSync } from 'fs';
import { InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';
import type * as ArgocdCmModule from './argocd-cm';
import type * as ErrorsModule from './errors';
import type * as LoadModule from './load';
import type { HealthScript } from '../argo/argocd-cm';
import { parseSelectedResource } from '../argo/selective-sync';
import type { SelectedResource } from '../argo/selective-sync';
import type { Manifest, PlanOptions } from '../argo/types';
import type { ArgocdCm } from '../rules/types';

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

/**
 * `--repo-root DIR` (`plan`, `lint`, `simulate`, `diagram`, `report`): the checkout the child
 * Applications' source paths are read under. Checked when parsed: a root that is no folder would
 * otherwise pass unseen whenever the input holds no child Application.
 */
export function addRepoRootOption(cmd: Command, description: string): Command {
  return cmd.option('--repo-root <dir>', description, parseRepoRoot);
}

/** @internal a `--repo-root` value: an existing folder, as given */
export function parseRepoRoot(value: string): string {
  const stat = value.trim() === '' ? undefined : statSync(value, { throwIfNoEntry: false });
  if (!stat) throw new InvalidArgumentError('no such folder: give the checkout that holds the child Applications\' source paths, e.g. --repo-root .');
  if (!stat.isDirectory()) throw new InvalidArgumentError('a file, not a folder: give the checkout that holds the child Applications\' source paths, e.g. --repo-root .');
  return value;
}

/** What commander hands an action after `addArgocdCmOption`. */
export interface ArgocdCmFlags {
  readonly argocdCm?: string;
}

/**
 * `--argocd-cm FILE`, one option for every command that takes it (`lint`, `plan`, `simulate`,
 * `report`, `diagram`, `explain`, `watch`), with what that command does with it besides.
 */
export function addArgocdCmOption(cmd: Command, besides = ''): Command {
  return cmd.option('--argocd-cm <file>', 'the operator\'s argocd-cm ConfigMap (YAML: kubectl -n argocd get configmap argocd-cm -o yaml): '
    + 'its health scripts (resource.customizations.health.<group_kind>, or the resource.customizations block) are health checks '
    + `as much as Argo CD's built-in ones, so what a wave waits for follows it${besides ? `; ${besides}` : ''}`);
}

/**
 * The health scripts of `--argocd-cm FILE`, read once (`cli/argocd-cm.ts`); undefined without it.
 * @throws InputError naming the file and line when it holds no ConfigMap or a key Argo CD cannot read
 */
export function healthScriptsOf(flags: ArgocdCmFlags): HealthScript[] | undefined {
  if (flags.argocdCm === undefined) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./argocd-cm') as typeof ArgocdCmModule).readHealthScripts(flags.argocdCm);
}

/**
 * What decides what each step and arrow waits for, as the plan's views take it: the argocd-cm's health
 * scripts (`--argocd-cm`) and the built-in checks of the Argo CD version modelled (`--argocd-version`).
 */
export function healthOptions(healthScripts: readonly HealthScript[] | undefined, argocdVersion: string | undefined):
{ healthScripts?: readonly HealthScript[]; argocdVersion?: string } {
  return { ...(healthScripts ? { healthScripts } : {}), ...(argocdVersion !== undefined ? { argocdVersion } : {}) };
}

/** What the rules read of the argocd-cm whose health scripts `healthScriptsOf` read (`LintOptions.argocdCm`); undefined without one. */
export function lintArgocdCm(scripts: readonly HealthScript[] | undefined): ArgocdCm | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return scripts === undefined ? undefined : (require('./argocd-cm') as typeof ArgocdCmModule).argocdCmOf(scripts);
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
 * Reads the manifests behind `paths` (files, folders, `-` for stdin); a file left out as no manifest
 * (the cdk8s CLI's construct metadata) is said on stderr.
 * @throws InputError (exit status 2) for unreadable or malformed input
 */
export function readManifests(paths: readonly string[]): Manifest[] {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { loadPaths, SKIPPED_ON_STDERR }: typeof LoadModule = require('./load');
  const { UsageError }: typeof ErrorsModule = require('./errors');
  /* eslint-enable @typescript-eslint/no-require-imports */
  if (paths.length === 0) {
    throw new UsageError('no input: give YAML or JSON files, folders, or - to read standard input');
  }
  return loadPaths(paths, SKIPPED_ON_STDERR);
}
