/**
 * `syncplan simulate [PATH...]`: replays Argo CD's sync loop over the plan with the health each
 * object will report, and says how the sync ends, where it stalls and what it leaves behind.
 * Exit status 0 Succeeded, 1 Failed or Running (stalled), 2 bad input.
 */
import { InvalidArgumentError } from 'commander';
import type { Command } from 'commander';
import type * as ArgoPlanModule from '../../argo/plan';
import type * as SimulateModule from '../../argo/simulate';
import type { HealthStatus, SimulateOptions, SimulationResult } from '../../argo/simulate/types';
import type { Manifest, PlanOptions, SyncPlan } from '../../argo/types';
import { addAppOptions, appModelOptions, appSyncOptions, liveManifests } from '../app-options';
import type { AppFlags } from '../app-options';
import type { Cdk8sDist } from '../cdk8s-dist';
import { addSingleAppOption, distApps } from '../dist-input';
import type { SingleAppFlags } from '../dist-input';
import type * as ErrorsModule from '../errors';
import { addFormatOption, addPlanOptions, planOptions, readManifests, writeOut } from '../options';
import type { CommonFlags } from '../options';

/* eslint-disable @typescript-eslint/no-require-imports */

const HEALTH = ['Healthy', 'Progressing', 'Degraded', 'Suspended', 'Missing', 'Unknown'];

/** Flags shared by the commands that replay a sync (`simulate`, `diagram`, `report`). */
export interface SimulateFlags extends CommonFlags, AppFlags {
  readonly health?: string[];
  readonly applyError?: string[];
  readonly pruneLast?: boolean;
  readonly prune: boolean;
  readonly installedCrd?: string[];
  readonly waveDelay: number;
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

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `--wave-delay <seconds>` (`ARGOCD_SYNC_WAVE_DELAY`, default 2). */
export function addWaveDelayOption(cmd: Command): Command {
  return cmd.option('--wave-delay <seconds>', 'seconds Argo CD sleeps after every step but the last (ARGOCD_SYNC_WAVE_DELAY)', parseWaveDelay, 2);
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
  return addWaveDelayOption(cmd
    .option('--prune-last', 'the Application sync option PruneLast=true')
    .option('--no-prune', 'sync without prune: prune tasks are skipped ("ignored (requires pruning)")')
    .option('--installed-crd <group/kind>', 'a CRD the cluster already serves, e.g. monitoring.coreos.com/ServiceMonitor (repeatable)', collect));
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

/** What the flags say about every sync the run simulates (one Application, or each of several). */
export interface SimulationInput {
  readonly manifests: readonly Manifest[];
  readonly planOptions: PlanOptions;
  readonly options: SimulateOptions;
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
  };
  return { manifests, planOptions: { ...planOptions(flags), ...model, live, syncOptions }, options };
}

/**
 * Refuses a `--health` or `--apply-error` handle that is a task of none of the plans (a typo would
 * otherwise simulate the normal outcome silently).
 * @throws UsageError (exit status 2)
 */
export function checkHandles(plans: readonly SyncPlan[], options: SimulateOptions): void {
  const { UsageError }: typeof ErrorsModule = require('../errors');
  const { unknownHandles }: typeof SimulateModule = require('../../argo/simulate');
  const handles = [...(options.health?.keys() ?? []), ...(options.applyErrors?.keys() ?? [])];
  const unknown = plans.reduce((left, plan) => unknownHandles(plan, left), handles);
  if (unknown.length > 0) {
    const known = [...new Set(plans.flatMap(plan => [...plan.steps.flatMap(s => s.tasks), ...plan.syncFail]).map(t => `${t.kind}/${t.name}`))];
    const hint = known.length > 0 ? `tasks are: ${known.slice(0, 8).join(', ')}${known.length > 8 ? ', …' : ''}` : 'the sync has no tasks';
    throw new UsageError(`${unknown[0]} is not a task of this sync (KIND/NAME is case-sensitive; ${hint})`);
  }
}

/** Reads input and flags, plans and simulates; bad flags or input throw (exit 2). */
export function runSimulation(paths: readonly string[], given: SimulateFlags): Simulation {
  const { buildPlan }: typeof ArgoPlanModule = require('../../argo/plan');
  const { simulate }: typeof SimulateModule = require('../../argo/simulate');
  const input = readSimulationInput(paths, given);
  const plan = buildPlan(input.manifests, input.planOptions);
  checkHandles([plan], input.options);
  return { plan, options: input.options, result: simulate(plan, input.options), manifests: input.manifests };
}

/** Each chart file of a cdk8s dist simulated as its own Application's sync. */
function simulateDist(dist: Cdk8sDist, input: SimulationInput) {
  const { buildPlan }: typeof ArgoPlanModule = require('../../argo/plan');
  const { simulate }: typeof SimulateModule = require('../../argo/simulate');
  const plans = dist.apps.map(app => ({ app, plan: buildPlan(app.manifests, input.planOptions) }));
  checkHandles(plans.map(p => p.plan), input.options);
  return plans.map(({ app, plan }) => ({ app, result: simulate(plan, input.options) }));
}

export function register(program: Command): void {
  const cmd = program
    .command('simulate')
    .summary('replay an Argo CD sync with given health outcomes: how it ends, where it stalls')
    .description('Replay Argo CD\'s sync loop over the plan, one step per reconcile, with the health each object '
      + 'reports (--health; others report their normal outcome), and print how the operation ends, the message '
      + 'Argo CD would show, what never went out, which hooks stay in the cluster and the wave delays slept. '
      + 'The cluster is a fresh install: custom resources need their CRD in the sync or --installed-crd.')
    .argument('[paths...]', 'YAML or JSON files, or folders (searched for *.yaml, *.yml, *.json); - reads standard input');
  addSimulateOptions(cmd);
  addFormatOption(cmd);
  addSingleAppOption(cmd);
  cmd.action((paths: string[], flags: SimulateFlags & SingleAppFlags) => {
    const input = readSimulationInput(paths, flags);
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

/** Exactly the documented JSON shape, keys in a fixed order. */
export function simulationJson(r: SimulationResult) {
  return {
    operationPhase: r.operationPhase,
    message: r.message,
    applied: r.applied.map(a => ({
      step: a.step,
      phase: a.phase,
      wave: a.wave,
      kind: a.kind,
      name: a.name,
      namespace: a.namespace,
      action: a.action,
      ...(a.beforeDryRun ? { beforeDryRun: true } : {}),
      result: a.result,
    })),
    neverApplied: [...r.neverApplied],
    waitingOn: [...r.waitingOn],
    hooksLeftInCluster: [...r.hooksLeftInCluster],
    results: r.results.map(x => ({ kind: x.kind, name: x.name, namespace: x.namespace, status: x.status, message: x.message })),
    minimumSeconds: r.minimumSeconds,
  };
}

export function renderSimulationJson(r: SimulationResult): string {
  return JSON.stringify(simulationJson(r), null, 2) + '\n';
}

/** The text report: outcome, why, the steps as they went out, leftovers, Argo CD's results. */
export function renderSimulationText(r: SimulationResult): string {
  const { explain, holdsTheSync }: typeof import('../../argo/simulate/explain') = require('../../argo/simulate/explain');
  const { taskLabel }: typeof import('../../report/plan-text') = require('../../report/plan-text');
  const sections: string[][] = [];
  const head = [`Simulated sync: ${r.operationPhase}${r.operationPhase === 'Running' ? ' (stalled)' : ''}`];
  const [first, ...rest] = r.message.split('\n');
  head.push(`  message: ${first}`, ...rest.map(l => `           ${l}`));
  const why = explain(r);
  if (why) head.push(`  ${why}`);
  sections.push(head);

  // Rows name the namespace once the sync spans several (one namespace: it would only repeat).
  const namespaces = new Set([...r.applied, ...r.results].map(x => x.namespace).filter(ns => ns !== ''));
  const label = (x: { readonly kind: string; readonly name: string; readonly namespace: string }) =>
    namespaces.size > 1 ? taskLabel(x) : `${x.kind}/${x.name}`;
  let header = '';
  const steps: string[] = [];
  for (const a of r.applied) {
    const next = a.beforeDryRun ? 'Before the dry run (the destination namespace)'
      : a.phase === 'SyncFail' ? 'SyncFail hooks (all at once)'
        : a.step === 0 ? `${a.phase} wave ${a.wave} (CreateNamespace=true, first call only)` : `${a.step}. ${a.phase} wave ${a.wave}`;
    if (next !== header) {
      header = next;
      steps.push(next);
    }
    const holds = holdsTheSync(r, a) ? '  <- holds the sync' : '';
    steps.push(`  ${a.action} ${label(a)}: ${a.result}${holds}`);
  }
  if (steps.length > 0) sections.push(steps);

  const tail: string[] = [];
  if (r.neverApplied.length > 0) tail.push(`Never applied: ${r.neverApplied.join(', ')}`);
  if (r.waitingOn.length > 0) tail.push(`Waiting on: ${r.waitingOn.join(', ')}`);
  const soFar = r.operationPhase === 'Running' ? ' (so far)' : '';
  tail.push(`Hooks left in cluster${soFar}: ${r.hooksLeftInCluster.length > 0 ? r.hooksLeftInCluster.join(', ') : 'none'}`);
  tail.push(`Wave delays slept${soFar}: ${r.minimumSeconds} s`);
  sections.push(tail);

  if (r.results.length > 0) {
    sections.push(['Results (as Argo CD records them)', ...r.results.map(x => `  ${label(x)}: ${x.status}${x.message ? ` (${x.message})` : ''}`)]);
  }
  if (r.notes.length > 0) sections.push(['Notes', ...r.notes.map(n => `  ${n}`)]);
  return sections.map(s => s.join('\n')).join('\n\n') + '\n';
}
