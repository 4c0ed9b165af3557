/**
 * `syncplan diagram [PATH...] --format mermaid|svg`: the sync as a picture on stdout. With any
 * simulate option (`--health`, `--apply-error`, `--live`, …) or `--simulate`, boxes show what
 * happened and the one holding the sync is highlighted.
 */
import type { Command } from 'commander';
import type * as DiagramModule from '../../report/diagram';
import type * as MermaidModule from '../../report/mermaid';
import type * as SvgModule from '../../report/svg';
import type * as ApplicationsInputModule from '../applications-input';
import { addSingleAppOption } from '../dist-input';
import { addFormatOption, addRepoRootOption, healthOptions } from '../options';
import type { SimulationInput } from '../simulation-input';
import { writeOut } from '../stdout';
import { addSimulateOptions, listFlags, readSimulationInput, simulateInput } from './simulate';
import type { SimulateFlags } from './simulate';

/* eslint-disable @typescript-eslint/no-require-imports */

export interface DiagramFlags extends SimulateFlags {
  readonly simulate?: boolean;
}

/** True when the flags ask for a simulated outcome, not just the plan. */
export function wantsSimulation(given: DiagramFlags): boolean {
  const flags = listFlags(given);
  return Boolean(given.simulate) || flags.health.length > 0 || flags.applyError.length > 0 || flags.live.length > 0
    || flags.installedCrd.length > 0 || flags.syncOption.length > 0 || Boolean(given.pruneLast) || !given.prune;
}

/** `--repo-root` and `--single-app`, as `plan` and `simulate` take them. */
export function addApplicationsOptions(cmd: Command, verb: string): Command {
  addSingleAppOption(cmd);
  return addRepoRootOption(cmd, `${verb} the child Applications of an app-of-apps parent too (their directory sources, read under this checkout), `
    + 'below the application order');
}

/** The Applications of the input (a parent with --repo-root, a cdk8s dist), or undefined for one. */
export function applicationsViewOf(paths: readonly string[], input: SimulationInput, flags: ApplicationsInputModule.ApplicationsFlags) {
  if (flags.repoRoot === undefined && flags.singleApp) return undefined;
  return (require('../applications-input') as typeof ApplicationsInputModule).applicationsView(paths, input, flags);
}

export function register(program: Command): void {
  const cmd = program
    .command('diagram')
    .summary('draw the sync: phases as columns, waves as lanes, resources as boxes (Mermaid or SVG)')
    .description('Draw the plan: phases as columns, waves as lanes, resources as boxes, an arrow for each wait '
      + 'between steps, hooks marked. Mermaid renders in GitHub Markdown (put it in a ```mermaid fence); the SVG '
      + 'stands alone. Any simulate option (or --simulate) colours the boxes by the simulated outcome and '
      + 'highlights the resource that holds the sync.')
    .argument('[paths...]', 'YAML or JSON files, or folders (searched for *.yaml, *.yml, *.json); - reads standard input');
  addSimulateOptions(cmd);
  cmd.option('--simulate', 'colour the boxes by a simulated sync even without other simulate options');
  addFormatOption(cmd, ['mermaid', 'svg']);
  addApplicationsOptions(cmd, 'draw');
  cmd.action((paths: string[], flags: DiagramFlags & ApplicationsInputModule.ApplicationsFlags) => {
    const { diagramModel }: typeof DiagramModule = require('../../report/diagram');
    const input = readSimulationInput(paths, flags);
    // What each arrow waits for follows the argocd-cm given (`--argocd-cm`) and the version modelled (`--argocd-version`).
    const scripts = healthOptions(input.options.healthScripts, input.options.argocdVersion);
    const view = applicationsViewOf(paths, input, flags);
    if (view) {
      const all = [...view.applications, ...(view.parent ? [view.parent] : [])];
      const simulated = wantsSimulation(flags);
      const options = (a: typeof all[number]) => ({
        waveDelaySeconds: flags.waveDelay, ...(simulated && a.result ? { result: a.result } : {}), ...scripts,
      });
      const apps = all.map(a => ({
        title: a.title,
        ...(a.plan ? { model: diagramModel(a.plan, options(a)) } : {}),
        ...(a.render !== undefined ? { render: a.render } : {}),
      }));
      if (flags.format === 'svg') writeOut((require('../../report/svg') as typeof SvgModule).renderApplicationsSvg(view.orders, apps));
      else writeOut((require('../../report/mermaid') as typeof MermaidModule).renderApplicationsMermaid(view.orders, apps));
      process.exitCode = all.some(a => (a.plan?.errors.length ?? 0) > 0) ? 1 : 0;
      return;
    }
    const { plan, result } = simulateInput(input);
    const model = diagramModel(plan, { waveDelaySeconds: flags.waveDelay, ...(wantsSimulation(flags) ? { result } : {}), ...scripts });
    if (flags.format === 'svg') {
      const { renderSvg }: typeof SvgModule = require('../../report/svg');
      writeOut(renderSvg(model));
    } else {
      const { renderMermaid }: typeof MermaidModule = require('../../report/mermaid');
      writeOut(renderMermaid(model));
    }
    process.exitCode = plan.errors.length > 0 ? 1 : 0;
  });
}
