/**
 * `syncplan plan [PATH...]`: the order Argo CD would sync the manifests in, step by step.
 * Exit status 1 when the plan has errors Argo CD itself would fail on.
 */
import type { Command } from 'commander';
import type * as ArgoPlanModule from '../../argo/plan';
import type * as FindingsTextModule from '../../report/findings-text';
import type * as PlanJsonModule from '../../report/plan-json';
import type * as PlanTextModule from '../../report/plan-text';
import type * as TimingModule from '../../report/timing';
import type * as RulesModule from '../../rules';
import { addAppOptions, appModelOptions, appSyncOptions, liveManifests } from '../app-options';
import type { AppFlags } from '../app-options';
import { addFormatOption, addPlanOptions, planOptions, readManifests, writeOut } from '../options';
import type { CommonFlags } from '../options';
import { addWaveDelayOption } from './simulate';

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
  cmd.action((paths: string[], flags: CommonFlags & AppFlags & { waveDelay: number }) => {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const manifests = readManifests(paths);
    const options = { ...planOptions(flags), ...appModelOptions(flags), syncOptions: appSyncOptions(flags), live: liveManifests(flags) };
    const { buildPlan }: typeof ArgoPlanModule = require('../../argo/plan');
    const plan = buildPlan(manifests, options);
    const { estimateTime, timeJson, timeTextSection }: typeof TimingModule = require('../../report/timing');
    const { lintReport, findingToJson }: typeof RulesModule = require('../../rules');
    const { findings, suppressed } = lintReport(manifests, options, plan);
    const time = estimateTime(plan, { waveDelaySeconds: flags.waveDelay });
    if (flags.format === 'json') {
      const { planToJson }: typeof PlanJsonModule = require('../../report/plan-json');
      // The documented keys first; the time estimate and the findings (as `syncplan lint`) after.
      writeOut(JSON.stringify({
        ...planToJson(plan),
        time: timeJson(time),
        findings: findings.map(f => findingToJson(f)),
      }, null, 2) + '\n');
    } else {
      const { joinSections, planTextSections }: typeof PlanTextModule = require('../../report/plan-text');
      const { findingsTextSection }: typeof FindingsTextModule = require('../../report/findings-text');
      writeOut(joinSections([...planTextSections(plan), timeTextSection(time), findingsTextSection(findings, suppressed)]));
    }
    /* eslint-enable @typescript-eslint/no-require-imports */
    process.exitCode = plan.errors.length > 0 ? 1 : 0;
  });
}
