/**
 * Builds what every rule reads: the plan Argo CD would make of the manifests (the same
 * `buildPlan` that `syncplan plan` prints) and indexes over it and over the manifests, built once
 * per lint, so that each rule visits only the tasks and objects it is about.
 */
import { ManifestIndex, push } from './manifest-index';
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
  const byKind = new Map<string, SyncTask[]>();
  const index = (task: SyncTask, step: number): void => {
    tasks.push(task);
    stepIndex.set(task, step);
    push(byKind, task.kind, task);
  };
  thePlan.steps.forEach((step, i) => step.tasks.forEach(t => index(t, i)));
  thePlan.syncFail.forEach(t => index(t, -1));
  const objects = new ManifestIndex(manifests, options.argocdVersion);
  let byManifest: Map<Manifest, SyncTask[]> | undefined;
  return {
    manifests,
    plan: thePlan,
    options,
    tasks,
    tasksOf: (m) => {
      // Built on first use (no rule of the default pack asks).
      byManifest ??= tasks.reduce((map, t) => push(map, t.manifest, t), new Map<Manifest, SyncTask[]>());
      return byManifest.get(m) ?? [];
    },
    stepIndexOf: t => stepIndex.get(t) ?? -1,
    tasksOfKind: (...kinds) => {
      const lists = kinds.map(k => byKind.get(k)).filter((l): l is SyncTask[] => l !== undefined);
      if (lists.length <= 1) return lists[0] ?? [];
      // Several kinds present: keep plan order.
      const wanted = new Set(kinds);
      return tasks.filter(t => wanted.has(t.kind));
    },
    hooks: objects.hooks,
    manifestsOfKind: kind => objects.ofKind(kind),
    withAnnotation: (...keys) => objects.withAnnotation(...keys),
    malformedAnnotations: objects.malformedAnnotations,
    generateNamed: objects.generateNamed,
    unnamed: objects.unnamed,
    knownRuleIds,
  };
}
