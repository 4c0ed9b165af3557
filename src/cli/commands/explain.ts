/**
 * `syncplan explain APP [MANIFESTS...]`: reads a live Application (`kubectl get application NAME -n
 * argocd -o json`, `argocd app get NAME -o json`, `-` for stdin) and says which step is in flight,
 * every task it waits on with its health and why, what finished and what runs next. Exit status 0
 * Succeeded, 1 Running or Failed (a pipeline can gate on it), 2 bad input.
 */
import { InvalidArgumentError } from 'commander';
import type { Command } from 'commander';
import type * as ApplicationModule from '../../argo/live/application';
import type * as ExplanationModule from '../../argo/live/explanation';
import type * as HealthModule from '../../argo/live/observed-health';
import type { LiveObject, HealthOverride } from '../../argo/live-health';
import type * as PlanModule from '../../argo/plan';
import type { SyncPlan } from '../../argo/types';
import type * as JsonModule from '../../report/explain-json';
import type * as TextModule from '../../report/explain-text';
import type * as ErrorsModule from '../errors';
import type * as LoadModule from '../load';
import { addFormatOption, writeOut } from '../options';
import type * as ReadModule from '../read-object';

/* eslint-disable @typescript-eslint/no-require-imports */

const collect = (value: string, previous: string[] = []) => [...previous, value];

export interface ExplainFlags {
  readonly live?: string[];
  readonly tree?: string;
  readonly now?: number;
  readonly format?: string;
  readonly argocdCm?: string;
}

/** `--now` as RFC 3339 → epoch milliseconds. */
export function parseNow(value: string): number {
  const t = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(t)) throw new InvalidArgumentError('expected an RFC 3339 time, e.g. 2026-12-01T10:04:00Z');
  return t;
}

/** The flags every command that reads a live Application shares (`explain`, `watch`). */
export function addLiveOptions(cmd: Command): Command {
  return cmd
    .option('--live <path>', "the app's live objects (kubectl get ... -o json, a List); health is computed from them with Argo CD's checks when the Application does not carry it (repeatable)", collect)
    .option('--tree <path>', "Argo CD's resource tree JSON (nodes[] with health), e.g. from the API's /resource-tree")
    .option('--argocd-cm <path>', 'the argocd-cm ConfigMap: its resource.customizations.health.<group_kind> Lua scripts judge live objects as Argo CD does');
}

/** The live objects, the tree and the argocd-cm health scripts of the flags. */
export function healthSources(flags: ExplainFlags): { live?: LiveObject[]; tree?: HealthModule.TreeNode[]; override?: HealthOverride } {
  const { readValues }: typeof ReadModule = require('../read-object');
  const { InputError }: typeof ErrorsModule = require('../errors');
  const { readResourceTree }: typeof HealthModule = require('../../argo/live/observed-health');
  const out: { live?: LiveObject[]; tree?: HealthModule.TreeNode[]; override?: HealthOverride } = {};
  if (flags.live && flags.live.length > 0) {
    out.live = flags.live.flatMap(p => readValues(p).map((v) => {
      if (v.value === null || typeof v.value !== 'object' || Array.isArray(v.value) || typeof (v.value as LiveObject).kind !== 'string') {
        throw new InputError(v.file, v.line, 'not a Kubernetes object (no kind)', 'give kubectl get ... -o json output: objects or a List');
      }
      return v.value as LiveObject;
    }));
  }
  if (flags.tree) {
    const [first] = readValues(flags.tree);
    try {
      out.tree = readResourceTree(first.value);
    } catch (e) {
      throw new InputError(first.file, first.line, (e as Error).message, 'give the JSON of Argo CD\'s resource tree (GET /api/v1/applications/NAME/resource-tree)');
    }
  }
  if (flags.argocdCm) {
    const { argocdCmOverride }: typeof import('../argocd-cm') = require('../argocd-cm');
    out.override = argocdCmOverride(flags.argocdCm);
  }
  return out;
}

/** The plan of the manifests given after APP, in the Application's destination namespace. */
export function planOf(paths: readonly string[], namespace: string, syncOptions: readonly string[]): SyncPlan | undefined {
  if (paths.length === 0) return undefined;
  const { loadPaths }: typeof LoadModule = require('../load');
  const { buildPlan }: typeof PlanModule = require('../../argo/plan');
  return buildPlan(loadPaths(paths), { namespace, syncOptions });
}

/** Explains one Application object read from `file`. */
export function explainValue(value: unknown, file: string, line: number, flags: ExplainFlags, manifests: readonly string[],
  sources = healthSources(flags)): ExplanationModule.Explanation {
  const { readApplication, NotAnApplicationError }: typeof ApplicationModule = require('../../argo/live/application');
  const { ObservedHealthIndex }: typeof HealthModule = require('../../argo/live/observed-health');
  const { explainApplication }: typeof ExplanationModule = require('../../argo/live/explanation');
  const { InputError }: typeof ErrorsModule = require('../errors');
  let app;
  try {
    app = readApplication(value);
  } catch (e) {
    if (e instanceof NotAnApplicationError) throw new InputError(file, line, e.message, 'give kubectl get application NAME -n argocd -o json, or argocd app get NAME -o json');
    throw e;
  }
  const plan = planOf(manifests, app.destinationNamespace, app.syncOptions);
  const health = new ObservedHealthIndex({ app, ...sources });
  return explainApplication({ app, health, ...(plan ? { plan } : {}), now: flags.now ?? Date.now() });
}

export function register(program: Command): void {
  const cmd = program
    .command('explain')
    .summary('say why a live Application\'s sync is where it is: the step in flight and every resource it waits on')
    .description('Read an Application (kubectl get application NAME -n argocd -o json, argocd app get NAME -o json, or - for '
      + 'standard input) and print the operation phase and how long it has run, the step in flight, every resource that step '
      + 'waits on with its health, message and the known trap behind it, what finished, what runs next, and for a failed '
      + 'operation what failed, whether SyncFail hooks ran and which hooks stayed. Give the app\'s manifests after APP to map '
      + 'what Argo CD reports onto the plan. An ApplicationSet with a RollingSync strategy is explained step by step. '
      + 'Exit status: 0 Succeeded, 1 Running or Failed, 2 bad input.')
    .argument('<app>', 'the Application (or ApplicationSet, with its Applications) as JSON or YAML; - reads standard input')
    .argument('[manifests...]', "the app's manifests (files or folders), to place what Argo CD reports in the plan");
  addLiveOptions(cmd);
  cmd.option('--now <time>', 'the time to measure waits against (RFC 3339); default the clock', parseNow);
  addFormatOption(cmd);
  cmd.action((appPath: string, manifests: string[], flags: ExplainFlags) => {
    const { readValues }: typeof ReadModule = require('../read-object');
    const values = readValues(appPath);
    const appset = values.find(v => isKind(v.value, 'ApplicationSet'));
    if (appset) {
      const { explainAppSetValues }: typeof import('./explain-appset') = require('./explain-appset');
      const { text, json, code } = explainAppSetValues(appset, values.filter(v => v !== appset), flags, manifests);
      writeOut(flags.format === 'json' ? json : text);
      process.exitCode = code;
      return;
    }
    if (values.length > 1) {
      const { InputError }: typeof ErrorsModule = require('../errors');
      throw new InputError(values[1].file, values[1].line, `${values.length} objects where one Application was expected`, 'give one Application per run, or an ApplicationSet with its Applications');
    }
    const e = explainValue(values[0].value, values[0].file, values[0].line, flags, manifests);
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
