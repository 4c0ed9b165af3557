/**
 * Builds what every rule reads: the plan Argo CD would make of the manifests (the same
 * `buildPlan` that `syncplan plan` prints) and indexes over it, built once per lint.
 */
import type { LintOptions, ResolvedLintOptions, RuleContext } from './types';
import { buildPlan } from '../argo/plan';
import type { Manifest, SyncPlan, SyncTask } from '../argo/types';

export function resolveOptions(options: LintOptions = {}): ResolvedLintOptions {
  return {
    ...options,
    namespace: options.namespace ?? '',
    syncOptions: options.syncOptions ?? [],
    installedCrds: options.installedCrds ?? [],
  };
}

export function buildContext(
  manifests: readonly Manifest[],
  options: ResolvedLintOptions,
  knownRuleIds: ReadonlySet<string>,
  plan?: SyncPlan,
): RuleContext {
  const { rules: _rules, levels: _levels, installedCrds: _crds, ...planOptions } = options;
  const thePlan = plan ?? buildPlan(manifests, planOptions);
  const tasks: SyncTask[] = [];
  const stepIndex = new Map<SyncTask, number>();
  const byManifest = new Map<Manifest, SyncTask[]>();
  const index = (task: SyncTask, step: number): void => {
    tasks.push(task);
    stepIndex.set(task, step);
    const same = byManifest.get(task.manifest);
    if (same) same.push(task);
    else byManifest.set(task.manifest, [task]);
  };
  thePlan.steps.forEach((step, i) => step.tasks.forEach(t => index(t, i)));
  thePlan.syncFail.forEach(t => index(t, -1));
  return {
    manifests,
    plan: thePlan,
    options,
    tasks,
    tasksOf: m => byManifest.get(m) ?? [],
    stepIndexOf: t => stepIndex.get(t) ?? -1,
    knownRuleIds,
  };
}
