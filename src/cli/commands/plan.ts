/**
 * `syncplan plan [PATH...]`: the order Argo CD would sync the manifests in, step by step.
 * Exit status 1 when the plan has errors Argo CD itself would fail on.
 */
import { InvalidArgumentError } from 'commander';
import type { Command } from 'commander';
import { addWaveDelayOption } from './simulate';
import type { HealthScript } from '../../argo/argocd-cm';
import type * as ArgoPlanModule from '../../argo/plan';
import type * as SimulateModule from '../../argo/simulate';
import type { PlanOptions, SyncPlan, SyncTask } from '../../argo/types';
import type * as ApplicationOrderModule from '../../report/application-order';
import type * as FindingsTextModule from '../../report/findings-text';
import type * as PlanJsonModule from '../../report/plan-json';
import type * as PlanTextModule from '../../report/plan-text';
import type * as TimingModule from '../../report/timing';
import type * as RulesModule from '../../rules';
import { addAppOptions, appModelOptions, appSyncOptions, liveManifests } from '../app-options';
import type { AppFlags } from '../app-options';
import type * as ApplicationsModule from '../applications';
import type { Cdk8sDist } from '../cdk8s-dist';
import type * as ChildPlansModule from '../child-plans';
import { addSingleAppOption, distApps } from '../dist-input';
import type { SingleAppFlags } from '../dist-input';
import type * as DistLintModule from '../dist-lint';
import type { ArgocdCmFlags, CommonFlags } from '../options';
import { addArgocdCmOption, addFormatOption, addPlanOptions, addRepoRootOption, healthOptions, healthScriptsOf, lintArgocdCm, planOptions, readManifests } from '../options';
import { writeOut } from '../stdout';
import type { SyncStartingNow } from '../sync-starting-now';
import { syncStartingNow } from '../sync-starting-now';

/** One child Application in the JSON output, in the parent's sync order. */
function applicationJson(c: ApplicationsModule.ChildApplication, view: ChildPlansModule.ChildPlanView | undefined) {
  return {
    name: c.name,
    namespace: c.namespace,
    wave: c.wave,
    order: c.order,
    destinationNamespace: c.destinationNamespace,
    source: c.source,
    steps: view?.steps ?? null,
    errors: view?.errors ?? [],
    findings: view?.findings ?? [],
  };
}

/** The in-sync resources as `simulate` names them (`Kind/name`, disambiguated as its handles are), in plan order. */
function inSyncHandles(plan: SyncPlan, inSync: ReadonlySet<SyncTask>): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { handleNamer }: typeof SimulateModule = require('../../argo/simulate');
  const tasks = plan.steps.flatMap(s => s.tasks);
  const name = handleNamer(tasks);
  return [...new Set(tasks.filter(t => inSync.has(t)).map(name))];
}

/** The application order (and any ApplicationSet's RollingSync steps), then each child's plan (or the command that renders its source). */
function applicationOrderSections(children: readonly ApplicationsModule.ChildApplication[],
  views: readonly (ChildPlansModule.ChildPlanView | undefined)[], parent: SyncPlan): string[][] {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { applicationOrderLines, applicationWaves }: typeof ApplicationOrderModule = require('../../report/application-order');
  const { parentOrders }: typeof ApplicationsModule = require('../applications');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const waves = applicationWaves(children.map((c, i) => ({
    name: c.name, wave: c.wave, destinationNamespace: c.destinationNamespace, steps: views[i]?.steps.length, render: c.source.render,
  })));
  const sections: string[][] = parentOrders(parent, waves).map(applicationOrderLines);
  children.forEach((c, i) => {
    sections.push([`Application ${c.name} (parent wave ${c.wave}; ${c.source.files ? `${c.source.files.length} file${c.source.files.length === 1 ? '' : 's'}: ${c.source.files.join(', ')}` : `render with \`${c.source.render}\``})`]);
    if (views[i]) sections.push(...views[i]!.text.map(t => [...t]));
  });
  return sections;
}

/**
 * The text sections of a plan: its steps, what ApplyOutOfSyncOnly leaves out, its time and its
 * findings. `healthScripts`: the argocd-cm's, which say what each step waits for.
 */
function planSections(plan: SyncPlan, now: SyncStartingNow, options: PlanOptions,
  findings: readonly RulesModule.Finding[], suppressed: readonly RulesModule.SuppressedFinding[], healthScripts: HealthScripts): string[][] {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { inSyncTextSection, planTextSections }: typeof PlanTextModule = require('../../report/plan-text');
  const { timeTextSection }: typeof TimingModule = require('../../report/timing');
  const { findingsTextSection }: typeof FindingsTextModule = require('../../report/findings-text');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const inSyncSection = now.inSync ? [inSyncTextSection(plan, now.inSync, (options.live ?? []).length > 0)] : [];
  return [...planTextSections(plan, healthScripts, options.argocdVersion), ...inSyncSection, timeTextSection(now.time),
    findingsTextSection(findings, suppressed)];
}

/** A cdk8s dist: the note, then each chart file's own plan, time and findings. */
function writeDistPlans(dist: Cdk8sDist, options: PlanOptions, flags: CommonFlags & { waveDelay: number }, healthScripts: HealthScripts): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { buildPlan }: typeof ArgoPlanModule = require('../../argo/plan');
  const { timeJson }: typeof TimingModule = require('../../report/timing');
  const { findingToJson }: typeof RulesModule = require('../../rules');
  const { distAppReport }: typeof DistLintModule = require('../dist-lint');
  const apps = dist.apps.map(app => {
    const plan = buildPlan(app.manifests, options);
    const now = syncStartingNow(plan, options, flags.waveDelay, healthScripts);
    return { app, plan, now, ...distAppReport(app, lintOptions(options, healthScripts), plan) };
  });
  if (flags.format === 'json') {
    const { planToJson }: typeof PlanJsonModule = require('../../report/plan-json');
    writeOut(JSON.stringify({
      note: dist.note,
      applications: apps.map(a => ({
        name: a.app.name,
        file: a.app.file,
        ...planToJson(a.plan),
        ...(a.now.inSync ? { inSync: inSyncHandles(a.plan, a.now.inSync) } : {}),
        time: timeJson(a.now.time),
        findings: a.findings.map(f => findingToJson(f)),
      })),
    }, null, 2) + '\n');
  } else {
    const { joinSections }: typeof PlanTextModule = require('../../report/plan-text');
    writeOut(joinSections([[`Note: ${dist.note}`], ...apps.flatMap(a => [
      [`Application ${a.app.name} (${a.app.file})`], ...planSections(a.plan, a.now, options, a.findings, a.suppressed, healthScripts),
    ])]));
  }
  /* eslint-enable @typescript-eslint/no-require-imports */
  process.exitCode = apps.some(a => a.plan.errors.length > 0) ? 1 : 0;
}

/** The rule pack's options: the plan's, and what it reads of the argocd-cm given (so the findings agree with `syncplan lint --argocd-cm`). */
function lintOptions(options: PlanOptions, healthScripts: HealthScripts): RulesModule.LintOptions {
  const argocdCm = lintArgocdCm(healthScripts);
  return argocdCm ? { ...options, argocdCm } : options;
}

type PlanFlags = CommonFlags & AppFlags & SingleAppFlags & ArgocdCmFlags & { waveDelay: number; repoRoot?: string; workers?: number };

/** The argocd-cm's health scripts (`--argocd-cm`), undefined without one. */
type HealthScripts = readonly HealthScript[] | undefined;

function parseWorkers(value: string): number {
  if (!/^\d{1,3}$/.test(value)) throw new InvalidArgumentError('expected a whole number of worker threads, e.g. 4 (0: none)');
  return Number(value);
}

export function register(program: Command): void {
  const cmd = program
    .command('plan')
    .summary('print the phases, waves and resources of an Argo CD sync')
    .description('Print the order Argo CD syncs the manifests in: one block per (phase, wave) step, '
      + 'what each step waits for, SyncFail hooks, excluded objects and errors; in text, also the minimum '
      + 'time and the findings of syncplan lint. Exit status 1 when Argo CD would fail the sync.')
    .argument('[paths...]', 'YAML or JSON files, or folders (searched for *.yaml, *.yml, *.json); - reads standard input');
  addPlanOptions(cmd);
  addFormatOption(cmd);
  addAppOptions(cmd);
  addWaveDelayOption(cmd);
  addArgocdCmOption(cmd);
  addSingleAppOption(cmd);
  addRepoRootOption(cmd, 'plan the child Applications of an app-of-apps parent too: their directory sources, read under this checkout');
  cmd.option('--workers <n>', 'worker threads planning the children with --repo-root beside this one (default: one per CPU core but one, from 32 children on, else none; 0: none)', parseWorkers);
  cmd.action(async (paths: string[], flags: PlanFlags) => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    // A parent with many children fans out: its workers start while its own manifests are read.
    if (flags.repoRoot !== undefined && flags.workers !== 0) (require('../child-plans') as typeof ChildPlansModule).startChildPlanWorkers(flags.workers);
    const manifests = readManifests(paths);
    const healthScripts = healthScriptsOf(flags);
    const options = { ...planOptions(flags), ...appModelOptions(flags), syncOptions: appSyncOptions(flags), live: liveManifests(flags) };
    const { buildPlan }: typeof ArgoPlanModule = require('../../argo/plan');
    const dist = distApps(paths, manifests, flags);
    if (dist) {
      writeDistPlans(dist, options, flags, healthScripts);
      return;
    }
    const apps: typeof ApplicationsModule | undefined = flags.repoRoot === undefined ? undefined : require('../applications');
    // A parent given with its children's files (a cdk8s dist) keeps only its own.
    const parent = apps ? apps.appOfAppsParent(manifests, options, flags.repoRoot!)
      : { manifests, plan: buildPlan(manifests, options), children: undefined };
    const { plan, children } = parent;
    // Started before the parent's lint, so worker threads start up while this thread lints.
    const childOptions = { workers: flags.workers, text: flags.format !== 'json', ...healthOptions(healthScripts, options.argocdVersion) };
    const planned = children
      ? (require('../child-plans') as typeof ChildPlansModule).childPlanViews(children, childOptions)
      : Promise.resolve([]);
    const { timeJson }: typeof TimingModule = require('../../report/timing');
    const { lintReport, findingToJson }: typeof RulesModule = require('../../rules');
    const { findings, suppressed } = lintReport(parent.manifests, lintOptions(options, healthScripts), plan);
    const now = syncStartingNow(plan, options, flags.waveDelay, healthScripts);
    const { inSync } = now;
    const views = await planned;
    // What the children's sources read but syncplan left out (Argo CD fails those children), in their order.
    for (const note of views.flatMap(v => v?.notes ?? [])) apps!.CHILD_NOTES_ON_STDERR(note);
    if (flags.format === 'json') {
      const { planToJson }: typeof PlanJsonModule = require('../../report/plan-json');
      // The documented keys first; the time estimate and the findings (as `syncplan lint`) after.
      writeOut(JSON.stringify({
        ...planToJson(plan),
        ...(inSync ? { inSync: inSyncHandles(plan, inSync) } : {}),
        time: timeJson(now.time),
        findings: findings.map(f => findingToJson(f)),
        ...(children ? { applications: children.map((c, i) => applicationJson(c, views[i])), applicationSets: apps!.appSetRollouts(plan) } : {}),
      }, null, 2) + '\n');
    } else {
      const { joinSections }: typeof PlanTextModule = require('../../report/plan-text');
      const parentSections = planSections(plan, now, options, findings, suppressed, healthScripts);
      writeOut(joinSections(children ? [...applicationOrderSections(children, views, plan), ['Parent Application'], ...parentSections] : parentSections));
    }
    /* eslint-enable @typescript-eslint/no-require-imports */
    const childErrors = views.some(v => (v?.errors.length ?? 0) > 0);
    process.exitCode = plan.errors.length > 0 || childErrors ? 1 : 0;
  });
}
