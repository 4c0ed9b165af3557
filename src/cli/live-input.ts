/**
 * What `explain` and `watch` share: reading a live Application with its health sources (`--live`,
 * `--tree`, `--argocd-cm`), the plan of its manifests, and the explanation of one Application object.
 */
import { InvalidArgumentError } from 'commander';
import type { Command } from 'commander';
import { addArgocdVersionOption } from './app-options';
import type * as ArgocdCmModule from './argocd-cm';
import type * as ErrorsModule from './errors';
import type * as LoadModule from './load';
import { addArgocdCmOption, collect, healthScriptsOf } from './options';
import type { ArgocdCmFlags } from './options';
import type * as ReadModule from './read-object';
import type { HealthScript } from '../argo/argocd-cm';
import type * as ApplicationModule from '../argo/live/application';
import type * as ExplanationModule from '../argo/live/explanation';
import type * as HealthModule from '../argo/live/observed-health';
import type { HealthOverride, LiveObject } from '../argo/live-health';
import type * as PlanModule from '../argo/plan';
import type { SyncPlan } from '../argo/types';

/* eslint-disable @typescript-eslint/no-require-imports */


export interface ExplainFlags extends ArgocdCmFlags {
  readonly live?: string[];
  /** The Argo CD version whose health checks judge the live objects. @default the latest */
  readonly argocdVersion?: string;
  readonly tree?: string;
  readonly now?: number;
  readonly format?: string;
}

/** `--now` as RFC 3339 → epoch milliseconds. */
export function parseNow(value: string): number {
  const t = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(t)) throw new InvalidArgumentError('expected an RFC 3339 time, e.g. 2026-12-01T10:04:00Z');
  return t;
}

/** The flags every command that reads a live Application shares (`explain`, `watch`). */
export function addLiveOptions(cmd: Command): Command {
  cmd
    .option('--live <path>', "the app's live objects (kubectl get ... -o json, a List); health is computed from them with Argo CD's checks when the Application does not carry it (repeatable)", collect)
    .option('--tree <path>', "Argo CD's resource tree JSON (nodes[] with health), e.g. from the API's /resource-tree");
  addArgocdVersionOption(cmd, 'the health checks of that version judge the --live objects (an HPA, a Pod, a Job read differently across versions)');
  return addArgocdCmOption(cmd, 'they judge live objects as Argo CD does (run in a Lua VM)');
}

/** Where the health of live objects comes from, beside the Application: `--live`, `--tree`, `--argocd-cm`. */
export interface HealthSources {
  readonly live?: LiveObject[];
  readonly tree?: HealthModule.TreeNode[];
  /** The argocd-cm's health scripts run on live objects. */
  readonly override?: HealthOverride;
  /** The argocd-cm's health scripts: which kinds have a health check (`argo/health.ts`). */
  readonly healthScripts?: readonly HealthScript[];
  /** The Argo CD version whose checks judge the live objects. @default the latest */
  readonly argocdVersion?: string;
}

/** The live objects, the tree and the argocd-cm health scripts of the flags. */
export function healthSources(flags: ExplainFlags): HealthSources {
  const { readValues }: typeof ReadModule = require('./read-object');
  const healthScripts = healthScriptsOf(flags);
  return {
    ...(flags.live && flags.live.length > 0 ? { live: flags.live.flatMap(p => liveObjectsOf(readValues(p))) } : {}),
    ...(flags.tree ? { tree: resourceTreeOf(readValues(flags.tree)[0]) } : {}),
    ...(healthScripts ? { override: (require('./argocd-cm') as typeof ArgocdCmModule).argocdCmOverride(healthScripts), healthScripts } : {}),
    ...(flags.argocdVersion !== undefined ? { argocdVersion: flags.argocdVersion } : {}),
  };
}

/** Live objects read from a file or a command's output: each must be a Kubernetes object. */
export function liveObjectsOf(values: readonly ReadModule.ReadValue[]): LiveObject[] {
  const { InputError }: typeof ErrorsModule = require('./errors');
  return values.map((v) => {
    if (v.value === null || typeof v.value !== 'object' || Array.isArray(v.value) || typeof (v.value as LiveObject).kind !== 'string') {
      throw new InputError(v.file, v.line, 'not a Kubernetes object (no kind)', 'give kubectl get ... -o json output: objects or a List');
    }
    return v.value as LiveObject;
  });
}

/** Argo CD's resource tree read from a file or a command's output. */
export function resourceTreeOf(v: ReadModule.ReadValue): HealthModule.TreeNode[] {
  const { InputError }: typeof ErrorsModule = require('./errors');
  const { readResourceTree }: typeof HealthModule = require('../argo/live/observed-health');
  try {
    return readResourceTree(v.value);
  } catch (e) {
    throw new InputError(v.file, v.line, (e as Error).message, 'give the JSON of Argo CD\'s resource tree (GET /api/v1/applications/NAME/resource-tree)');
  }
}

/** The plan of the app's manifests for an Application's destination namespace and sync options (undefined: none given). */
export type PlanSource = (namespace: string, syncOptions: readonly string[]) => SyncPlan | undefined;

/**
 * The manifests given after APP, read and planned once per destination namespace and sync options:
 * `watch` asks on every reading, an ApplicationSet's explanation once per Application.
 */
export function planSource(paths: readonly string[]): PlanSource {
  const plans = new Map<string, SyncPlan>();
  return (namespace, syncOptions) => {
    if (paths.length === 0) return undefined;
    const key = JSON.stringify([namespace, syncOptions]);
    let plan = plans.get(key);
    if (!plan) {
      const { loadPaths, SKIPPED_ON_STDERR }: typeof LoadModule = require('./load');
      const { buildPlan }: typeof PlanModule = require('../argo/plan');
      plans.set(key, plan = buildPlan(loadPaths(paths, SKIPPED_ON_STDERR), { namespace, syncOptions }));
    }
    return plan;
  };
}

/**
 * The Application in `value` (read from `file` at `line`), or an InputError saying what to give, at
 * the line of the field at fault when `lineOf` finds it.
 */
export function readLiveApplication(value: unknown, file: string, line: number, lineOf?: ReadModule.ReadValue['lineOf']): ApplicationModule.ApplicationView {
  const { readApplication, NotAnApplicationError }: typeof ApplicationModule = require('../argo/live/application');
  const { InputError }: typeof ErrorsModule = require('./errors');
  try {
    return readApplication(value);
  } catch (e) {
    if (e instanceof NotAnApplicationError) {
      const at = e.field && lineOf ? lineOf(e.field) ?? line : line;
      throw new InputError(file, at, e.message, 'give kubectl get application NAME -n argocd -o json, or argocd app get NAME -o json');
    }
    throw e;
  }
}

/** Explains an Application already read, with its health sources and the plan of its manifests. */
export function explainLive(app: ApplicationModule.ApplicationView, flags: ExplainFlags, plans: PlanSource,
  sources: HealthSources): ExplanationModule.Explanation {
  const { ObservedHealthIndex }: typeof HealthModule = require('../argo/live/observed-health');
  const { explainApplication }: typeof ExplanationModule = require('../argo/live/explanation');
  const plan = plans(app.destinationNamespace, app.syncOptions);
  const { healthScripts, ...observed } = sources;
  const health = new ObservedHealthIndex({ app, ...observed });
  return explainApplication({ app, health, ...(plan ? { plan } : {}), now: flags.now ?? Date.now(), ...(healthScripts ? { healthScripts } : {}) });
}

/** Explains one Application object read from `file` (`lineOf`: the line of a field in it, for errors). */
export function explainValue(value: unknown, file: string, line: number, flags: ExplainFlags, plans: PlanSource,
  sources = healthSources(flags), lineOf?: ReadModule.ReadValue['lineOf']): ExplanationModule.Explanation {
  return explainLive(readLiveApplication(value, file, line, lineOf), flags, plans, sources);
}
