/**
 * What `explain` and `watch` share: reading a live Application with its health sources (`--live`,
 * `--tree`, `--argocd-cm`), the plan of its manifests, and the explanation of one Application object.
 */
import { InvalidArgumentError } from 'commander';
import type { Command } from 'commander';
import type * as ErrorsModule from './errors';
import type * as LoadModule from './load';
import type * as ReadModule from './read-object';
import type * as ApplicationModule from '../argo/live/application';
import type * as ExplanationModule from '../argo/live/explanation';
import type * as HealthModule from '../argo/live/observed-health';
import type { HealthOverride, LiveObject } from '../argo/live-health';
import type * as PlanModule from '../argo/plan';
import type { SyncPlan } from '../argo/types';

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
  const { readValues }: typeof ReadModule = require('./read-object');
  const { InputError }: typeof ErrorsModule = require('./errors');
  const { readResourceTree }: typeof HealthModule = require('../argo/live/observed-health');
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
    const { argocdCmOverride }: typeof import('./argocd-cm') = require('./argocd-cm');
    out.override = argocdCmOverride(flags.argocdCm);
  }
  return out;
}

/** The plan of the manifests given after APP, in the Application's destination namespace. */
export function planOf(paths: readonly string[], namespace: string, syncOptions: readonly string[]): SyncPlan | undefined {
  if (paths.length === 0) return undefined;
  const { loadPaths }: typeof LoadModule = require('./load');
  const { buildPlan }: typeof PlanModule = require('../argo/plan');
  return buildPlan(loadPaths(paths), { namespace, syncOptions });
}

/** Explains one Application object read from `file`. */
export function explainValue(value: unknown, file: string, line: number, flags: ExplainFlags, manifests: readonly string[],
  sources = healthSources(flags)): ExplanationModule.Explanation {
  const { readApplication, NotAnApplicationError }: typeof ApplicationModule = require('../argo/live/application');
  const { ObservedHealthIndex }: typeof HealthModule = require('../argo/live/observed-health');
  const { explainApplication }: typeof ExplanationModule = require('../argo/live/explanation');
  const { InputError }: typeof ErrorsModule = require('./errors');
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

