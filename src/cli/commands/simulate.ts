/**
 * `syncplan simulate [PATH...]`: replays Argo CD's sync loop over the plan with the health each
 * object will report, and says how the sync ends, where it stalls and what it leaves behind.
 * Exit status 0 Succeeded, 1 Failed or Running (stalled), 2 bad input.
 */
import { InvalidArgumentError } from 'commander';
import type { Command } from 'commander';
import type * as ArgoPlanModule from '../../argo/plan';
import type * as SimulateModule from '../../argo/simulate';
import type * as RetryModule from '../../argo/simulate/retry';
import type { HealthStatus, SimulateOptions, SimulationResult } from '../../argo/simulate/types';
import type { Manifest, SyncPlan } from '../../argo/types';
import { waveDelaySettingHelp } from '../../argo/wave-delay';
import { addAppOptions, appModelOptions, appSyncOptions, liveManifests } from '../app-options';
import type { AppFlags } from '../app-options';
import type * as AppSimulationModule from '../app-simulation';
import type * as AppSimulationTextModule from '../app-simulation-text';
import type { Cdk8sDist } from '../cdk8s-dist';
import type * as DeletionOutputModule from '../deletion-output';
import { addSingleAppOption, distApps } from '../dist-input';
import type { SingleAppFlags } from '../dist-input';
import type * as ErrorsModule from '../errors';
import { addArgocdCmOption, addFormatOption, addPlanOptions, addRepoRootOption, collect, healthScriptsOf, planOptions, readManifests } from '../options';
import type { ArgocdCmFlags, CommonFlags } from '../options';
import { addDeleteOptions, checkDeleteFlags, runDeletion } from '../simulate-delete';
import type { DeleteFlags } from '../simulate-delete';
import { checkHandles } from '../simulation-input';
import type { SimulationInput } from '../simulation-input';
import { renderSimulationJson, renderSimulationText, simulationJson } from '../simulation-output';
import { writeOut } from '../stdout';

export { renderSimulationJson, renderSimulationText, simulationJson } from '../simulation-output';
export type { SimulationInput } from '../simulation-input';

/* eslint-disable @typescript-eslint/no-require-imports */

const HEALTH = ['Healthy', 'Progressing', 'Degraded', 'Suspended', 'Missing', 'Unknown'];

/** Flags shared by the commands that replay a sync (`simulate`, `diagram`, `report`). */
export interface SimulateFlags extends CommonFlags, AppFlags, ArgocdCmFlags {
  readonly health?: string[];
  readonly applyError?: string[];
  readonly pruneLast?: boolean;
  readonly prune: boolean;
  readonly installedCrd?: string[];
  readonly waveDelay: number;
  readonly syncTimeout?: number;
  readonly retryLimit?: number;
  readonly force?: boolean;
  readonly retryBackoffDuration?: string;
  readonly retryBackoffFactor?: number;
  readonly retryBackoffMaxDuration?: string;
}

/** The repeatable flags, absent ones as empty lists (commander leaves them undefined). */
export function listFlags(flags: SimulateFlags) {
  return {
    health: flags.health ?? [],
    applyError: flags.applyError ?? [],
    live: flags.live ?? [],
    syncOption: flags.syncOption ?? [],
    installedCrd: flags.installedCrd ?? [],
  };
}


/** `--wave-delay <seconds>` (`controller.sync.wave.delay.seconds`, `ARGOCD_SYNC_WAVE_DELAY` before 3.2; default 2). */
export function addWaveDelayOption(cmd: Command): Command {
  return cmd.option('--wave-delay <seconds>', `seconds Argo CD sleeps after every step but the last (${waveDelaySettingHelp()})`, parseWaveDelay, 2);
}

export function parseWaveDelay(value: string): number {
  if (!/^\d{1,6}$/.test(value)) throw new InvalidArgumentError('expected whole seconds, e.g. 2');
  return Number(value);
}

/** The flags that say how the simulated sync goes (everything after PATH in the synopsis). */
export function addSimulateOptions(cmd: Command): Command {
  addPlanOptions(cmd);
  cmd
    .option('--health <kind/name=status>', `what an object reports: ${HEALTH.join('|')} (repeatable; others report their normal outcome)`, collect)
    .option('--apply-error <kind/name=message>', 'the API server rejects this object with message (repeatable)', collect);
  addAppOptions(cmd);
  addWaveDelayOption(cmd
    .option('--prune-last', 'the Application sync option PruneLast=true')
    .option('--no-prune', 'sync without prune: prune tasks are skipped ("ignored (requires pruning)")')
    .option('--installed-crd <group/kind>', 'a CRD the cluster already serves, e.g. monitoring.coreos.com/ServiceMonitor (repeatable)', collect)
    .option('--sync-timeout <seconds>', "the controller's sync timeout (controller.sync.timeout.seconds): a sync that would wait forever "
      + 'is terminated, "Operation terminated, triggered by controller sync timeout" (default: none, as Argo CD)', parseWaveDelay)
    .option('--force', 'the sync\'s own force (argocd app sync --force): every apply and replace uses --force, so a Replace=true object is deleted and re-created')
    .option('--retry-limit <n>', 'retry a failed sync n times (spec.syncPolicy.retry.limit, argocd app sync --retry-limit; -1: forever): '
      + 'each retry starts over after the backoff, dry run and hooks included (default: 0, a manual sync without retry)', parseRetryLimit)
    .option('--retry-backoff-duration <duration>', 'the first backoff, whole seconds or e.g. 30s, 2m (default: 5s)')
    .option('--retry-backoff-factor <n>', 'each further backoff is the last times n (default: 2)', parseRetryFactor)
    .option('--retry-backoff-max-duration <duration>', 'the longest backoff (default: 3m)'));
  return addArgocdCmOption(cmd, 'given, an object of a kind with no health check at all is done once applied, whatever --health says of it');
}

function parseRetryLimit(value: string): number {
  if (!/^-?\d{1,9}$/.test(value)) throw new InvalidArgumentError('expected a whole number of retries, e.g. 3 (-1: forever)');
  return Number(value);
}

function parseRetryFactor(value: string): number {
  if (!/^\d{1,6}$/.test(value)) throw new InvalidArgumentError('expected a whole number, e.g. 2');
  return Number(value);
}

/** The retry strategy of the flags; undefined without --retry-limit. */
export function retryOfFlags(flags: SimulateFlags): RetryModule.RetryStrategy | undefined {
  const { UsageError }: typeof ErrorsModule = require('../errors');
  const { parseRetryDuration }: typeof RetryModule = require('../../argo/simulate/retry');
  const backoffGiven = flags.retryBackoffDuration !== undefined || flags.retryBackoffFactor !== undefined
    || flags.retryBackoffMaxDuration !== undefined;
  if (flags.retryLimit === undefined) {
    if (backoffGiven) throw new UsageError('--retry-backoff-*: give --retry-limit N too (without it a failed sync is not retried)');
    return undefined;
  }
  const seconds = (flag: string, raw: string | undefined) => {
    if (raw === undefined) return undefined;
    const s = parseRetryDuration(raw);
    if (s === undefined) throw new UsageError(`${flag} ${raw}: Argo CD cannot read it as a duration; write whole seconds or e.g. 30s, 2m, 1h`);
    return s;
  };
  const backoff = {
    ...(flags.retryBackoffDuration !== undefined ? { durationSeconds: seconds('--retry-backoff-duration', flags.retryBackoffDuration) } : {}),
    ...(flags.retryBackoffFactor !== undefined ? { factor: flags.retryBackoffFactor } : {}),
    ...(flags.retryBackoffMaxDuration !== undefined ? { maxDurationSeconds: seconds('--retry-backoff-max-duration', flags.retryBackoffMaxDuration) } : {}),
  };
  return { limit: flags.retryLimit, ...(backoffGiven ? { backoff } : {}) };
}

/** `KIND/NAME=VALUE` → [`KIND/NAME`, `VALUE`]. */
function splitAssignment(flag: string, raw: string): [string, string] {
  const { UsageError }: typeof ErrorsModule = require('../errors');
  const eq = raw.indexOf('=');
  const handle = eq < 0 ? '' : raw.slice(0, eq);
  if (!/^[^/=\s]+\/[^/=\s]+$/.test(handle)) {
    throw new UsageError(`${flag} ${raw}: expected KIND/NAME=VALUE, e.g. ${flag} Deployment/web=${flag === '--health' ? 'Progressing' : 'denied'}`);
  }
  return [handle, raw.slice(eq + 1)];
}

export interface Simulation {
  readonly plan: SyncPlan;
  readonly options: SimulateOptions;
  readonly result: SimulationResult;
  readonly manifests: readonly Manifest[];
}

/** Reads input and flags; bad flags or input throw (exit 2). */
export function readSimulationInput(paths: readonly string[], given: SimulateFlags): SimulationInput {
  const flags = { ...given, ...listFlags(given) };
  const { UsageError }: typeof ErrorsModule = require('../errors');

  const manifests = readManifests(paths);
  const live = liveManifests(flags);
  const syncOptions = appSyncOptions(flags, flags.pruneLast ? ['PruneLast=true'] : []);
  for (const crd of flags.installedCrd) {
    if (!/^[a-z0-9.-]+\.[a-z0-9.-]+\/[A-Za-z0-9]+$/.test(crd)) {
      throw new UsageError(`--installed-crd ${crd}: expected GROUP/KIND with the CRD's spec.group and spec.names.kind, e.g. monitoring.coreos.com/ServiceMonitor`);
    }
  }

  const health = new Map<string, HealthStatus>();
  for (const raw of flags.health) {
    const [handle, status] = splitAssignment('--health', raw);
    if (!HEALTH.includes(status)) {
      throw new UsageError(`--health ${raw}: unknown health "${status}", use one of ${HEALTH.join(', ')}`);
    }
    health.set(handle, status as HealthStatus);
  }
  const applyErrors = new Map<string, string>();
  for (const raw of flags.applyError) {
    const [handle, message] = splitAssignment('--apply-error', raw);
    if (message.trim() === '') throw new UsageError(`--apply-error ${raw}: give the error message after =`);
    applyErrors.set(handle, message);
  }

  const model = appModelOptions(flags);
  const retry = retryOfFlags(flags);
  const healthScripts = healthScriptsOf(flags);
  const options: SimulateOptions = {
    health,
    applyErrors,
    installedCrds: flags.installedCrd,
    syncOptions,
    prune: flags.prune,
    waveDelaySeconds: flags.waveDelay,
    live,
    ...(model.argocdVersion !== undefined ? { argocdVersion: model.argocdVersion } : {}),
    ...(model.kubeVersion !== undefined ? { kubeVersion: model.kubeVersion } : {}),
    ...(flags.syncTimeout !== undefined ? { syncTimeoutSeconds: flags.syncTimeout } : {}),
    ...(retry ? { retry } : {}),
    ...(flags.force ? { force: true } : {}),
    ...(healthScripts ? { healthScripts } : {}),
  };
  return { manifests, planOptions: { ...planOptions(flags), ...model, live, syncOptions }, options };
}

/** Plans and simulates input already read (`readSimulationInput`: bad flags or input throw there, exit 2). */
export function simulateInput(input: SimulationInput): Simulation {
  const { buildPlan }: typeof ArgoPlanModule = require('../../argo/plan');
  const { simulate }: typeof SimulateModule = require('../../argo/simulate');
  const plan = buildPlan(input.manifests, input.planOptions);
  checkHandles([plan], input.options);
  return { plan, options: input.options, result: simulate(plan, input.options), manifests: input.manifests };
}

/** Each chart file of a cdk8s dist simulated as its own Application's sync. */
export function simulateDist(dist: Cdk8sDist, input: SimulationInput) {
  const { buildPlan }: typeof ArgoPlanModule = require('../../argo/plan');
  const { simulate }: typeof SimulateModule = require('../../argo/simulate');
  const plans = dist.apps.map(app => ({ app, plan: buildPlan(app.manifests, input.planOptions) }));
  checkHandles(plans.map(p => p.plan), input.options);
  return plans.map(({ app, plan }) => ({ app, plan, result: simulate(plan, input.options) }));
}

export function register(program: Command): void {
  const cmd = program
    .command('simulate')
    .summary('replay an Argo CD sync with given health outcomes: how it ends, where it stalls')
    .description('Replay Argo CD\'s sync loop over the plan, one step per reconcile, with the health each object '
      + 'reports (--health; others report their normal outcome), and print how the operation ends, the message '
      + 'Argo CD would show, what never went out, which hooks stay in the cluster and the wave delays slept. '
      + 'The cluster is a fresh install: custom resources need their CRD in the sync or --installed-crd. '
      + 'With --sync-option ApplyOutOfSyncOnly=true, a resource whose --live object is in sync is not applied (a wave of only such '
      + 'resources is no step: no health wait, no wave delay; hooks always run). In sync means applying the manifest would change nothing: '
      + 'every field it sets has the same value live (status, metadata.namespace and fields only the live object has, such as defaults, '
      + 'are no change; lists compare item by item), and no field of the live last-applied-configuration that the manifest dropped is still live.')
    .argument('[paths...]', 'YAML or JSON files, or folders (searched for *.yaml, *.yml, *.json); - reads standard input');
  addSimulateOptions(cmd);
  addFormatOption(cmd);
  addSingleAppOption(cmd);
  addRepoRootOption(cmd, 'simulate the child Applications of an app-of-apps parent too (their directory sources, read under this checkout): '
    + 'each child\'s health is its own simulated sync; a child without automated sync is not synced (the parent never syncs a child) and stays Progressing, '
    + 'unless --health Application/NAME=STATUS stands for syncing it by hand');
  addDeleteOptions(cmd);
  cmd.action((paths: string[], flags: SimulateFlags & SingleAppFlags & DeleteFlags & { repoRoot?: string }) => {
    const read = readSimulationInput(paths, flags);
    const input = flags.deletionApproved ? { ...read, options: { ...read.options, pruneConfirmed: true } } : read;
    checkDeleteFlags(flags, flags.delete === true && distApps(paths, read.manifests, flags) !== undefined);
    if (flags.delete) {
      // The Application's deletion instead of its sync (cli/simulate-delete.ts).
      const { renderDeletionJson, renderDeletionText }: typeof DeletionOutputModule = require('../deletion-output');
      const result = runDeletion(input, flags);
      writeOut(flags.format === 'json' ? renderDeletionJson(result) : renderDeletionText(result));
      process.exitCode = result.outcome === 'Deleted' ? 0 : 1;
      return;
    }
    if (flags.repoRoot !== undefined) {
      const { simulateAppOfApps }: typeof AppSimulationModule = require('../app-simulation');
      const { renderAppOfAppsJson, renderAppOfAppsText }: typeof AppSimulationTextModule = require('../app-simulation-text');
      const sim = simulateAppOfApps(input, flags.repoRoot);
      writeOut(flags.format === 'json' ? renderAppOfAppsJson(sim) : renderAppOfAppsText(sim));
      // A child that is not synced (no automated sync) never deploys, even where the parent does not wait on it (its last wave).
      process.exitCode = sim.parent.operationPhase === 'Succeeded'
        && sim.children.every(c => c.synced && c.result?.operationPhase !== 'Failed' && c.result?.operationPhase !== 'Running') ? 0 : 1;
      return;
    }
    const dist = distApps(paths, input.manifests, flags);
    if (dist) {
      const results = simulateDist(dist, input);
      writeOut(flags.format === 'json'
        ? JSON.stringify({ note: dist.note, applications: results.map(r => ({ name: r.app.name, file: r.app.file, ...simulationJson(r.result) })) }, null, 2) + '\n'
        : [`Note: ${dist.note}`, ...results.map(r => `Application ${r.app.name} (${r.app.file})\n\n${renderSimulationText(r.result).trimEnd()}`)].join('\n\n') + '\n');
      process.exitCode = results.every(r => r.result.operationPhase === 'Succeeded') ? 0 : 1;
      return;
    }
    const { buildPlan }: typeof ArgoPlanModule = require('../../argo/plan');
    const { simulate }: typeof SimulateModule = require('../../argo/simulate');
    const plan = buildPlan(input.manifests, input.planOptions);
    checkHandles([plan], input.options);
    const result = simulate(plan, input.options);
    writeOut(flags.format === 'json' ? renderSimulationJson(result) : renderSimulationText(result));
    process.exitCode = result.operationPhase === 'Succeeded' ? 0 : 1;
  });
}
