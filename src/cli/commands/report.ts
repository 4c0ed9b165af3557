/**
 * `syncplan report [PATH...] --out report.html`: one self-contained page with the plan, the
 * diagram, the findings and the time estimate (and the simulated outcome when simulate options are
 * given), for CI artifacts. Written atomically: a temporary file renamed into place, so a failure
 * never leaves a partial report behind.
 */
import type { Command } from 'commander';
import { addApplicationsOptions, applicationsViewOf, wantsSimulation } from './diagram';
import type { DiagramFlags } from './diagram';
import { addSimulateOptions, readSimulationInput, simulateInput } from './simulate';
import type { HealthScript } from '../../argo/argocd-cm';
import type * as ExplainModule from '../../argo/simulate/explain';
import type * as DiagramModule from '../../report/diagram';
import type * as HtmlModule from '../../report/html';
import type * as SvgModule from '../../report/svg';
import type * as RulesModule from '../../rules';
import { appModelOptions } from '../app-options';
import type { ApplicationsFlags, ApplicationsView, OrderedApp } from '../applications-input';
import { healthOptions, lintArgocdCm, planOptions } from '../options';
import { syncStartingNow } from '../sync-starting-now';
import { checkWritable, writeAtomically } from '../write-atomically';

/* eslint-disable @typescript-eslint/no-require-imports */

interface ReportFlags extends DiagramFlags {
  readonly out: string;
}

/** Several Applications' page: each planned one drawn, linted and timed as a single report is. */
function applicationsHtml(paths: readonly string[], view: ApplicationsView, flags: ReportFlags,
  healthScripts: readonly HealthScript[] | undefined): string {
  const { diagramModel }: typeof DiagramModule = require('../../report/diagram');
  const { renderSvg }: typeof SvgModule = require('../../report/svg');
  const { renderApplicationsHtml }: typeof HtmlModule = require('../../report/html');
  const { lintReport }: typeof RulesModule = require('../../rules');
  const { explain }: typeof ExplainModule = require('../../argo/simulate/explain');
  const simulated = wantsSimulation(flags);
  const argocdCm = lintArgocdCm(healthScripts);
  const scripts = healthOptions(healthScripts, flags.argocdVersion);
  const page = (a: OrderedApp) => {
    if (!a.plan) return { title: a.title, render: a.render ?? '' };
    const result = simulated ? a.result : undefined;
    return {
      title: a.title,
      plan: a.plan,
      svg: renderSvg(diagramModel(a.plan, { waveDelaySeconds: flags.waveDelay, ...(result ? { result } : {}), ...scripts })),
      time: syncStartingNow(a.plan, { ...a.planOptions, argocdVersion: flags.argocdVersion }, flags.waveDelay, healthScripts).time,
      findings: lintReport(a.manifests ?? [], { ...appModelOptions(flags), ...a.planOptions, ...(argocdCm ? { argocdCm } : {}) }, a.plan).findings,
      ...(result ? { result, explanation: explain(result) } : {}),
      ...scripts,
    };
  };
  return renderApplicationsHtml({
    sources: paths,
    ...(view.note !== undefined ? { note: view.note } : {}),
    orders: view.orders,
    applications: view.applications.map(page),
    ...(view.parent ? { parent: page(view.parent) } : {}),
  });
}

export function register(program: Command): void {
  const cmd = program
    .command('report')
    .summary('write one self-contained HTML page: plan, diagram, findings, time estimate')
    .description('Write one self-contained HTML page (no scripts, no external files) with the plan, the diagram, '
      + 'the rule pack\'s findings and the time estimate, for CI artifacts. Any simulate option (or --simulate) '
      + 'adds the simulated outcome and colours the diagram. Written atomically: no partial file on failure.')
    .argument('[paths...]', 'YAML or JSON files, or folders (searched for *.yaml, *.yml, *.json); - reads standard input')
    .requiredOption('-o, --out <file>', 'where to write the HTML page, e.g. report.html');
  addSimulateOptions(cmd);
  cmd.option('--simulate', 'include a simulated sync even without other simulate options');
  addApplicationsOptions(cmd, 'report');
  cmd.action((paths: string[], flags: ReportFlags & ApplicationsFlags) => {
    checkWritable(flags.out, '--out'); // before the work: a path no file can go to fails at once
    const input = readSimulationInput(paths, flags);
    const view = applicationsViewOf(paths, input, flags);
    if (view) {
      writeAtomically(flags.out, applicationsHtml(paths, view, flags, input.options.healthScripts));
      process.exitCode = 0;
      return;
    }
    const { plan, options, result, manifests } = simulateInput(input);
    const { diagramModel }: typeof DiagramModule = require('../../report/diagram');
    const { renderSvg }: typeof SvgModule = require('../../report/svg');
    const { renderHtml }: typeof HtmlModule = require('../../report/html');
    const { lintReport }: typeof RulesModule = require('../../rules');
    const { explain }: typeof ExplainModule = require('../../argo/simulate/explain');

    const simulated = wantsSimulation(flags);
    const { healthScripts } = options;
    const scripts = healthOptions(healthScripts, flags.argocdVersion);
    const model = diagramModel(plan, { waveDelaySeconds: flags.waveDelay, ...(simulated ? { result } : {}), ...scripts });
    // The rule pack on the plan just simulated (same sync options, live objects, installed CRDs and argocd-cm).
    const argocdCm = lintArgocdCm(healthScripts);
    const { findings } = lintReport(manifests, {
      ...planOptions(flags),
      ...appModelOptions(flags),
      syncOptions: options.syncOptions,
      live: options.live,
      installedCrds: [...options.installedCrds ?? []],
      ...(argocdCm ? { argocdCm } : {}),
    }, plan);
    const html = renderHtml({
      plan,
      sources: paths,
      svg: renderSvg(model),
      time: syncStartingNow(plan, { syncOptions: options.syncOptions, live: options.live, argocdVersion: flags.argocdVersion },
        flags.waveDelay, healthScripts).time,
      findings,
      ...(simulated ? { result, explanation: explain(result) } : {}),
      ...scripts,
    });
    writeAtomically(flags.out, html);
    process.exitCode = 0;
  });
}
