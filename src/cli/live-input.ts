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
import type * as SyncWindowModule from '../argo/live/sync-window-block';
import type { HealthOverride, LiveObject } from '../argo/live-health';
import type * as PlanModule from '../argo/plan';
import type * as SyncWindowsModule from '../argo/sync-windows';
import type { SyncPlan } from '../argo/types';

/* eslint-disable @typescript-eslint/no-require-imports */


export interface ExplainFlags extends ArgocdCmFlags {
  readonly live?: string[];
  /** The Argo CD version whose health checks judge the live objects. @default the latest */
  readonly argocdVersion?: string;
  readonly tree?: string;
  readonly now?: number;
  readonly format?: string;
  /** `--project FILE`: the Application's AppProject, for its sync windows. */
  readonly project?: string;
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

/** The AppProjects among read values (`kind: AppProject`). */
export function isAppProject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && (value as Record<string, unknown>).kind === 'AppProject';
}

/** `--project FILE` (`explain`, `watch`): the Application's AppProject, for its sync windows; `also`: where else it may come from. */
export function addProjectOption(cmd: Command, also = ''): Command {
  return cmd.option('--project <path>', "the Application's AppProject (kubectl get appproject NAME -n argocd -o json), to say which sync window "
    + `blocks a sync and until when${also}`);
}

/** The AppProjects of `--project FILE` (none without it); anything else in the file is refused with its file and line. */
export function projectValues(path: string | undefined): ReadModule.ReadValue[] {
  if (path === undefined) return [];
  const { readValues }: typeof ReadModule = require('./read-object');
  const { InputError }: typeof ErrorsModule = require('./errors');
  const given = readValues(path);
  const notProject = given.find(v => !isAppProject(v.value));
  if (notProject) throw new InputError(notProject.file, notProject.line, 'not an AppProject', 'give kubectl get appproject NAME -n argocd -o json');
  return given;
}

/**
 * The sync windows of the Application's AppProject among `projects` (read beside it or with
 * `--project`). `strict`: an AppProject given that is not the Application's is an error (one
 * Application explained); else such an Application goes without (an ApplicationSet's many).
 */
export function projectWindowsFor(app: ApplicationModule.ApplicationView, projects: readonly ReadModule.ReadValue[] | undefined,
  strict: boolean): SyncWindowModule.ProjectWindows | undefined {
  if (!projects || projects.length === 0) return undefined;
  const { InputError }: typeof ErrorsModule = require('./errors');
  const nameOf = (v: ReadModule.ReadValue) => String((v.value as { metadata?: { name?: unknown } }).metadata?.name ?? '');
  const found = projects.find(p => nameOf(p) === app.project);
  if (!found) {
    if (!strict) return undefined;
    const p = projects[0];
    throw new InputError(p.file, p.line, `AppProject ${projects.map(nameOf).join(', ')} given, but Application ${app.name} is in project ${app.project} (spec.project)`,
      `give kubectl get appproject ${app.project} -n ${app.namespace || 'argocd'} -o json`);
  }
  const { readSyncWindows, SyncWindowsError }: typeof SyncWindowsModule = require('../argo/sync-windows');
  try {
    return { name: app.project, windows: readSyncWindows(found.value) };
  } catch (e) {
    if (e instanceof SyncWindowsError) {
      throw new InputError(found.file, found.lineOf?.(e.field) ?? found.line, e.message, 'give the AppProject as kubectl get appproject NAME -o json prints it');
    }
    throw e;
  }
}

/** Explains an Application already read, with its health sources and the plan of its manifests. */
export function explainLive(app: ApplicationModule.ApplicationView, flags: ExplainFlags, plans: PlanSource,
  sources: HealthSources, project?: SyncWindowModule.ProjectWindows): ExplanationModule.Explanation {
  const { ObservedHealthIndex }: typeof HealthModule = require('../argo/live/observed-health');
  const { explainApplication }: typeof ExplanationModule = require('../argo/live/explanation');
  const plan = plans(app.destinationNamespace, app.syncOptions);
  const { healthScripts, ...observed } = sources;
  const health = new ObservedHealthIndex({ app, ...observed });
  return explainApplication({
    app,
    health,
    ...(plan ? { plan } : {}),
    now: flags.now ?? Date.now(),
    ...(healthScripts ? { healthScripts } : {}),
    ...(project ? { project } : {}),
  });
}

/**
 * Explains one Application object read from `file` (`lineOf`: the line of a field in it, for errors),
 * with the sync windows of its AppProject when `projects` holds it (`strict`: see `projectWindowsFor`).
 */
export function explainValue(value: unknown, file: string, line: number, flags: ExplainFlags, plans: PlanSource,
  sources = healthSources(flags), lineOf?: ReadModule.ReadValue['lineOf'], projects?: readonly ReadModule.ReadValue[],
  strict = true): ExplanationModule.Explanation {
  const app = readLiveApplication(value, file, line, lineOf);
  return explainLive(app, flags, plans, sources, projectWindowsFor(app, projects, strict));
}
