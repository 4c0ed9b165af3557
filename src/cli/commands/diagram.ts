/**
 * `syncplan diagram [PATH...] --format mermaid|svg`: the sync as a picture on stdout. With any
 * simulate option (`--health`, `--apply-error`, `--live`, …) or `--simulate`, boxes show what
 * happened and the one holding the sync is highlighted.
 */
import type { Command } from 'commander';
import type * as DiagramModule from '../../report/diagram';
import type * as MermaidModule from '../../report/mermaid';
import type * as SvgModule from '../../report/svg';
import { addFormatOption, writeOut } from '../options';
import { addSimulateOptions, listFlags, runSimulation } from './simulate';
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
  cmd.action((paths: string[], flags: DiagramFlags) => {
    const { plan, result } = runSimulation(paths, flags);
    const { diagramModel }: typeof DiagramModule = require('../../report/diagram');
    const model = diagramModel(plan, { waveDelaySeconds: flags.waveDelay, ...(wantsSimulation(flags) ? { result } : {}) });
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
