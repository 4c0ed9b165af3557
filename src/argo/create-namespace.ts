/**
 * The destination Namespace (docs/argo-cd-model.md#create-namespace).
 *
 * `CreateNamespace=true` (gitops-engine `pkg/sync/sync_context.go` `autoCreateNamespace`, argo-cd
 * `controller/sync_namespace.go` `syncNamespace`): Argo CD rebuilds its task list on every call of
 * the sync, and adds a PreSync Namespace task for the destination only while the namespace is
 * missing, or every time when `spec.syncPolicy.managedNamespaceMetadata` is set. So without managed
 * metadata the task lives for the first call only: it is no step of the plan, and once the namespace
 * exists a one-step app is a single-step sync again.
 *
 * Before the dry run (Argo CD 3.1+, `getNamespaceCreationTask`): on the first call, the first task
 * (hooks included) that is the core Namespace named like the destination and has no live object is
 * applied for real, so objects in it pass the dry run; it stays created when the dry run then fails.
 * It is the `CreateNamespace=true` task or a Namespace manifest of the app. Its result is recorded
 * (Synced, Running), so the task is no longer pending: its own step never applies it again, and it
 * completes on the next call (a Namespace has no health check). `plan` and `simulate` both ask
 * `namespaceCreationTask` which task that is.
 */
import { DraftTask } from './draft';
import { readHook } from './hooks';
import { metadataString } from './keys';
import { syncOptionValue } from './sync-options';
import { Manifest, PlanOptions, SyncTask } from './types';
import { behavesSince } from './versions';

/** Where the synthetic Namespace comes from, for messages. */
export const CREATE_NAMESPACE_SOURCE = '<syncOptions CreateNamespace=true>';

function isNamespaceNamed(m: Manifest, name: string): boolean {
  return m.object.kind === 'Namespace' && m.object.apiVersion === 'v1' && metadataString(m.object, 'name') === name;
}

/** A core Namespace of that name among the live objects (`--live`). */
export function namespaceIsLive(live: readonly Manifest[], name: string): boolean {
  return live.some(m => isNamespaceNamed(m, name));
}

/**
 * `getNamespaceCreationTask`: the task to create before the dry run, or undefined (none, no
 * destination, or before 3.1). `tasks` in the engine's sorted order, SyncFail hooks included;
 * `isLive` is asked only of the candidates (`liveObj != nil`). A prune has no target, so is never one.
 */
export function namespaceCreationTask<T extends { readonly task: SyncTask }>(
  tasks: readonly T[], isLive: (t: T) => boolean, destination: string, argocdVersion?: string,
): T | undefined {
  if (destination === '' || !behavesSince('namespaceBeforeDryRun', argocdVersion)) return undefined;
  return tasks.find(t => t.task.action === 'apply' && t.task.kind === 'Namespace' && t.task.group === ''
    && t.task.name === destination && !isLive(t));
}

/**
 * `syncNamespace(managedNs, liveNs)`: true when the engine adds the Namespace task this call: the
 * namespace is missing, or its metadata is managed (then it is applied every time, server-side).
 */
export function shouldNamespaceSync(namespaceExists: boolean, managedMetadata: boolean): boolean {
  return managedMetadata || !namespaceExists;
}

/**
 * The Namespace task Argo CD would add on the first call, or undefined. Needed when the option is
 * on, a destination namespace is set, no non-hook target is that Namespace (`autoCreateNamespace`
 * copies the hooks into a nil slice, so it never sees them) and `shouldNamespaceSync` says so for
 * the live objects (without `live` we assume a first sync: the namespace is missing).
 */
export function createNamespaceTask(manifests: readonly Manifest[], options: PlanOptions, seq: number): DraftTask | undefined {
  const namespace = options.namespace ?? '';
  if (namespace === '' || syncOptionValue(options.syncOptions ?? [], 'CreateNamespace') !== 'true') return undefined;
  const declared = manifests.some(m => isNamespaceNamed(m, namespace) && !readHook(m.object, options.argocdVersion).isHook);
  const exists = namespaceIsLive(options.live ?? [], namespace);
  if (declared || !shouldNamespaceSync(exists, options.managedNamespaceMetadata ?? false)) return undefined;
  const object = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } };
  return {
    apiVersion: 'v1',
    group: '',
    kind: 'Namespace',
    name: namespace,
    namespace: '',
    phase: 'PreSync',
    wave: 0,
    annotatedWave: 0,
    annotatedPhase: 'PreSync',
    action: 'apply',
    hook: false,
    deletePolicies: [],
    hoisted: false,
    manifest: { object, source: { file: CREATE_NAMESPACE_SOURCE, line: 0, index: 0 } },
    target: object,
    seq,
  };
}
