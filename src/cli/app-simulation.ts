/**
 * `syncplan simulate PARENT --repo-root DIR`: the app-of-apps parent's sync, where each child
 * Application is a unit whose health follows its own simulated sync as the Application health
 * check this library emits reads it (docs/argo-cd-model.md): a sync still Running is Progressing, a
 * Failed one Degraded, a Succeeded one its resources' health (`argo/simulate/app-health.ts`). A child
 * that stays Progressing so holds the parent's wave and every later child, which the parent never
 * applies.
 *
 * The parent only applies a child's Application, it never syncs it (argo-cd #1932): a child syncs
 * by its own automated policy, or by hand. A child without automated sync is therefore not synced
 * and stays Progressing, unless its health is given (`--health Application/NAME=...`), which stands
 * for syncing it by hand.
 */
import type { ChildApplication } from './applications';
import { appOfAppsParent, planChildren } from './applications';
import { InputError } from './errors';
import { checkHandles } from './simulation-input';
import type { SimulationInput } from './simulation-input';
import { appProjectsOf } from '../argo/app-project';
import { applicationSyncOptionItems, isAutomatedSync } from '../argo/application';
import type { HealthScript } from '../argo/argocd-cm';
import { simulate } from '../argo/simulate';
import { applicationHealth, givenHealthOf } from '../argo/simulate/app-health';
import { retryStrategyOf } from '../argo/simulate/retry';
import type { RetryStrategy } from '../argo/simulate/retry';
import type { HealthStatus, SimulationResult } from '../argo/simulate/types';
import type { AppProjectContext } from '../argo/sync-permissions';
import type { Manifest, SyncPlan } from '../argo/types';
import { childProject } from '../rules/child-project';

export interface ChildSimulation {
  readonly child: ChildApplication;
  /** The child's own sync, when it syncs and its source could be read (a Helm or kustomize source is not). */
  readonly result?: SimulationResult;
  /** Whether it has automated sync (spec.syncPolicy.automated): the parent never syncs a child. */
  readonly automated: boolean;
  /** Whether it syncs at all: automated, or by hand (its health given with --health). */
  readonly synced: boolean;
  /** The health the parent sees. */
  readonly health: HealthStatus;
  /** Whether the parent applied it (a held earlier wave means it never starts). */
  readonly started: boolean;
}

export interface AppOfAppsSimulation {
  /** The parent's own manifests (without its children's files, `appOfAppsParent`) and plan. */
  readonly manifests: readonly Manifest[];
  readonly plan: SyncPlan;
  readonly parent: SimulationResult;
  readonly children: readonly ChildSimulation[];
}

/**
 * The health the Application health check reports for a child whose own sync gave `result`: a sync
 * still running is Progressing and a failed one Degraded; a sync that succeeded is its resources'
 * health (an Application's health is theirs, not its sync's: the last wave, which nothing waits for,
 * can still be Progressing), of which the check passes Degraded and Suspended and waits on the rest.
 */
function childHealth(plan: SyncPlan, result: SimulationResult, given: ReadonlyMap<string, HealthStatus>,
  scripts: readonly HealthScript[] | undefined, argocdVersion: string | undefined): HealthStatus {
  if (result.operationPhase === 'Running') return 'Progressing';
  if (result.operationPhase === 'Failed') return 'Degraded';
  const resources = applicationHealth(plan, givenHealthOf(given, scripts, argocdVersion), { argocdVersion, healthScripts: scripts });
  return resources === 'Healthy' || resources === 'Degraded' || resources === 'Suspended' ? resources : 'Progressing';
}

/** The parent's simulated sync over the children's simulated syncs. */
export function simulateAppOfApps(input: SimulationInput, repoRoot: string): AppOfAppsSimulation {
  const own = appOfAppsParent(input.manifests, input.planOptions, repoRoot);
  const { manifests, plan: parentPlan } = own;
  const children = planChildren(own.children);
  checkHandles([parentPlan, ...children.flatMap(c => (c.plan ? [c.plan] : []))], input.options);
  const given = input.options.health ?? new Map<string, HealthStatus>();
  // The AppProjects the parent applies: a child's sync is refused for an object its project does not permit.
  const projects = appProjectsOf(manifests);
  const results = children.map((child) => {
    const automated = isAutomatedSync(child.manifest.object);
    // Given health stands for a sync by hand: the parent never syncs a child (argo-cd #1932).
    const synced = automated || given.has(`Application/${child.name}`);
    // Read even when it does not sync: a retry Argo CD cannot read is bad input either way.
    const retry = childRetry(child);
    return {
      child,
      automated,
      synced,
      result: synced && child.plan ? simulate(child.plan, {
        ...withoutRetry(input.options),
        syncOptions: childSyncOptions(child),
        live: [],
        ...retry,
        ...appProjectOf(child, projects),
      }) : undefined,
    };
  });
  const health = new Map(given);
  for (const { child, synced, result } of results) {
    const handle = `Application/${child.name}`;
    // Never synced: the health check reports a child that is OutOfSync (its resources Missing) Progressing.
    if (!health.has(handle)) health.set(handle, !synced ? 'Progressing' : result && child.plan ? childHealth(child.plan, result, given, input.options.healthScripts, input.options.argocdVersion) : 'Healthy');
  }
  const parent = simulate(parentPlan, {
    ...input.options,
    health,
    // The Application health check is what makes a parent wait at all (removed from Argo CD in 1.8).
    applicationHealthInstalled: true,
  });
  const applied = new Set(parent.applied.filter(a => a.kind === 'Application' && a.action === 'apply').map(a => a.name));
  return {
    manifests,
    plan: parentPlan,
    parent,
    children: results.map(({ child, automated, synced, result }) => ({
      child,
      ...(result ? { result } : {}),
      automated,
      synced,
      health: health.get(`Application/${child.name}`)!,
      started: applied.has(child.name),
    })),
  };
}

/** The child syncs itself (automated): its own spec.syncPolicy.retry, else auto-sync's 5 retries; synced by hand, no retry without one. */
function childRetry(child: ChildApplication): { retry?: RetryStrategy } {
  let retry: RetryStrategy | undefined;
  try {
    retry = retryStrategyOf(child.manifest.object, isAutomatedSync(child.manifest.object));
  } catch (e) {
    throw new InputError(child.manifest.source.file, child.manifest.source.line, `Application/${child.name}: ${(e as Error).message}`,
      'fix spec.syncPolicy.retry (limit an integer, backoff.duration and maxDuration whole seconds or Go durations, factor an integer)');
  }
  return retry ? { retry } : {};
}

/** The parent's --retry-* flags are the parent operation's, not the children's. */
function withoutRetry(options: SimulationInput['options']): SimulationInput['options'] {
  const { retry: _retry, ...rest } = options;
  return rest;
}

/** The child's AppProject when the parent applies it (`childProject`): what its sync is checked against. */
function appProjectOf(child: ChildApplication, projects: ReadonlyMap<string, Record<string, unknown>>): { appProject?: AppProjectContext } {
  const known = childProject(child.manifest.object, projects);
  return known ? { appProject: known.appProject } : {};
}

function childSyncOptions(child: ChildApplication): string[] {
  return applicationSyncOptionItems(child.manifest.object).map(String);
}

/** What the text and the notes say about the model (one sentence, shared by both formats). */
export const APP_OF_APPS_NOTE = 'each child Application\'s health follows its own simulated sync (Running: Progressing, Failed: Degraded, Succeeded: its resources\' health); '
  + 'a child without automated sync is not synced by the parent (Progressing, unless --health Application/NAME=STATUS stands for syncing it by hand); '
  + 'the parent waits on a child only with the Application health check in argocd-cm (syncplan writes the patch), simulated as installed';
