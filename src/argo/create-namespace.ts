/**
 * `CreateNamespace=true` (gitops-engine `pkg/sync/sync_context.go` `autoCreateNamespace`, argo-cd
 * `controller/sync_namespace.go` `syncNamespace`): Argo CD rebuilds its task list on every call of
 * the sync, and adds a PreSync Namespace task for the destination only while the namespace is
 * missing, or every time when `spec.syncPolicy.managedNamespaceMetadata` is set. So without managed
 * metadata the task lives for the first call only: it is no step of the plan, and once the namespace
 * exists a one-step app is a single-step sync again.
 */
import { DraftTask } from './draft';
import { readHook } from './hooks';
import { metadataString } from './keys';
import { syncOptionValue } from './sync-options';
import { Manifest, PlanOptions } from './types';

/** Where the synthetic Namespace comes from, for messages. */
export const CREATE_NAMESPACE_SOURCE = '<syncOptions CreateNamespace=true>';

function isNamespaceNamed(m: Manifest, name: string): boolean {
  return m.object.kind === 'Namespace' && m.object.apiVersion === 'v1' && metadataString(m.object, 'name') === name;
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
  const declared = manifests.some(m => isNamespaceNamed(m, namespace) && !readHook(m.object).isHook);
  const exists = (options.live ?? []).some(m => isNamespaceNamed(m, namespace));
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
