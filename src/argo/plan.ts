/**
 * The whole ordering pipeline (docs/argo-cd-model.md#pipeline): manifests → tasks → prune waves →
 * sort → hoist → steps. Pure and deterministic: the same manifests in any order give the same plan (excluded objects
 * and errors included).
 */
import { createNamespaceTask, namespaceCreationTask, namespaceIsLive } from './create-namespace';
import { freezeTask } from './draft';
import { hoist } from './hoist';
import { applyPruneLast, mirrorPruneWaves } from './prune';
import { sortTasks } from './sort';
import { groupSteps } from './steps';
import { buildTasks } from './tasks';
import { ExcludedObject, Manifest, PlanOptions, SyncPlan, SyncTask } from './types';

export function buildPlan(manifests: readonly Manifest[], options: PlanOptions = {}): SyncPlan {
  const built = buildTasks(manifests, options);
  const { excluded, errors } = built;
  let tasks = built.tasks;
  const namespaceTask = createNamespaceTask(manifests, options, Number.MAX_SAFE_INTEGER);
  if (namespaceTask) tasks.push(namespaceTask);
  mirrorPruneWaves(tasks);
  applyPruneLast(tasks, options.syncOptions ?? []);
  tasks = sortTasks(tasks);
  hoist(tasks);
  let sorted = tasks.map(freezeTask);
  // Argo CD 3.1+ creates the destination Namespace before the dry run while it is missing: the
  // task `simulate` applies first, asked of the same sorted list (the CreateNamespace task still in it).
  const destination = options.namespace ?? '';
  const live = destination !== '' && namespaceIsLive(options.live ?? [], destination);
  const first = destination === '' ? undefined
    : namespaceCreationTask(sorted.map(task => ({ task })), () => live, destination, options.argocdVersion)?.task;
  // Sorted and hoisted with the rest (the engine sorts it in on the first call), then taken out:
  // unless its metadata is managed, the task is gone once the namespace exists.
  let createNamespace: SyncTask | undefined;
  let createNamespaceBefore: SyncTask | undefined;
  if (namespaceTask && !options.managedNamespaceMetadata) {
    const at = sorted.findIndex(t => t.manifest === namespaceTask.manifest);
    createNamespace = sorted[at];
    createNamespaceBefore = sorted[at + 1];
    sorted = sorted.filter(t => t !== createNamespace);
  }
  return {
    steps: groupSteps(sorted),
    syncFail: sorted.filter(t => t.phase === 'SyncFail'),
    // Listed by identity, not input position, so the plan does not depend on document order.
    excluded: [...excluded].sort((a, b) => compareText(identity(a), identity(b))),
    errors: [...errors].sort((a, b) => compareText(`${a.kind}/${a.name}\0${a.message}`, `${b.kind}/${b.name}\0${b.message}`)),
    ...(createNamespace ? { createNamespace } : {}),
    ...(createNamespaceBefore ? { createNamespaceBefore } : {}),
    // The CreateNamespace task of the first call only is `createNamespace` already.
    ...(first && first !== createNamespace ? { createdBeforeDryRun: first } : {}),
    ...(options.namespace ? { destinationNamespace: options.namespace } : {}),
  };
}

function identity(x: ExcludedObject): string {
  return [x.group, x.kind, x.namespace, x.name, x.reason].join('\0');
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
