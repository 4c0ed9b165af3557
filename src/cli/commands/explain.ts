/**
 * `syncplan explain APP [MANIFESTS...]`: reads a live Application (`kubectl get application NAME -n
 * argocd -o json`, `argocd app get NAME -o json`, `-` for stdin) and says which step is in flight,
 * every task it waits on with its health and why, what finished and what runs next. Exit status 0
 * Succeeded, 1 Running or Failed (a pipeline can gate on it), 2 bad input.
 */
import type { Command } from 'commander';
import type * as ExplanationModule from '../../argo/live/explanation';
import type * as JsonModule from '../../report/explain-json';
import type * as TextModule from '../../report/explain-text';
import type * as ErrorsModule from '../errors';
import { addLiveOptions, addProjectOption, explainValue, healthSources, isAppProject, parseNow, planSource, projectValues } from '../live-input';
import type { ExplainFlags } from '../live-input';
import { addFormatOption } from '../options';
import type * as ReadModule from '../read-object';
import { writeOut } from '../stdout';

/* eslint-disable @typescript-eslint/no-require-imports */

export function register(program: Command): void {
  const cmd = program
    .command('explain')
    .summary('say why a live Application\'s sync is where it is: the step in flight and every resource it waits on')
    .description('Read an Application (kubectl get application NAME -n argocd -o json, argocd app get NAME -o json, or - for '
      + 'standard input) and print the operation phase and how long it has run, the step in flight, every resource that step '
      + 'waits on with its health, message and the known trap behind it, what finished, what runs next, and for a failed '
      + 'operation what failed, whether SyncFail hooks ran and which hooks stayed. Give the app\'s manifests after APP to map '
      + 'what Argo CD reports onto the plan. Give the AppProject beside the Application (or with --project) to learn which sync window '
      + 'blocks a sync and until when. An ApplicationSet with a RollingSync strategy is explained step by step; an Application '
      + 'being deleted, by the stage of its deletion and what holds it. '
      + 'Exit status: 0 Succeeded, 1 Running or Failed, 2 bad input.')
    .argument('<app>', 'the Application (or ApplicationSet, with its Applications) as JSON or YAML; - reads standard input')
    .argument('[manifests...]', "the app's manifests (files or folders), to place what Argo CD reports in the plan");
  addLiveOptions(cmd);
  cmd.option('--now <time>', 'the time to measure waits against (RFC 3339); default the clock', parseNow);
  addProjectOption(cmd, '; it may also be given in APP beside the Application');
  addFormatOption(cmd);
  cmd.action((appPath: string, manifests: string[], flags: ExplainFlags) => {
    const { readValues }: typeof ReadModule = require('../read-object');
    const read = readValues(appPath);
    const { InputError }: typeof ErrorsModule = require('../errors');
    const projects = [...read.filter(v => isAppProject(v.value)), ...projectValues(flags.project)];
    const values = read.filter(v => !isAppProject(v.value));
    if (values.length === 0) throw new InputError(read[0].file, read[0].line, 'an AppProject but no Application', 'give the Application too: kubectl get application NAME -n argocd -o json');
    const appset = values.find(v => isKind(v.value, 'ApplicationSet'));
    if (appset) {
      const { explainAppSetValues }: typeof import('./explain-appset') = require('./explain-appset');
      const { text, json, code } = explainAppSetValues(appset, values.filter(v => v !== appset), flags, manifests, projects);
      writeOut(flags.format === 'json' ? json : text);
      process.exitCode = code;
      return;
    }
    if (values.length > 1) {
      throw new InputError(values[1].file, values[1].line, `${values.length} objects where one Application was expected`,
        'give one Application per run (with its AppProject if you like), or an ApplicationSet with its Applications');
    }
    const [app] = values;
    const e = explainValue(app.value, app.file, app.line, flags, planSource(manifests), healthSources(flags), app.lineOf, projects);
    if (flags.format === 'json') {
      const { renderExplanationJson }: typeof JsonModule = require('../../report/explain-json');
      writeOut(renderExplanationJson(e));
    } else {
      const { renderExplanationText }: typeof TextModule = require('../../report/explain-text');
      writeOut(renderExplanationText(e));
    }
    process.exitCode = exitCodeOf(e);
  });
}

function isKind(value: unknown, kind: string): boolean {
  return value !== null && typeof value === 'object' && (value as Record<string, unknown>).kind === kind;
}

/** 0 Succeeded; 1 anything else (Running, Failed, Error, no operation). */
export function exitCodeOf(e: ExplanationModule.Explanation): number {
  return e.operationPhase === 'Succeeded' ? 0 : 1;
}
