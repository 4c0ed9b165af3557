/**
 * `CreateNamespace=true` (`gitops-engine pkg/sync/sync_context.go` `autoCreateNamespace`, `argo-cd
 * controller/sync_namespace.go`): when the destination namespace does not exist yet, the engine adds a Namespace
 * task in PreSync, wave 0. That extra step alone makes a one-wave sync multi-step, so its resources become
 * gated.
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
 * The Namespace task Argo CD would add, or undefined. Needed when the option is on, a destination
 * namespace is set, no non-hook target is that Namespace (Argo CD does not look at hooks here) and
 * no live object is (without `live` we assume a first sync: the namespace is missing).
 */
export function createNamespaceTask(manifests: readonly Manifest[], options: PlanOptions, seq: number): DraftTask | undefined {
  const namespace = options.namespace ?? '';
  if (namespace === '' || syncOptionValue(options.syncOptions ?? [], 'CreateNamespace') !== 'true') return undefined;
  const declared = manifests.some(m => isNamespaceNamed(m, namespace) && !readHook(m.object).isHook);
  const exists = (options.live ?? []).some(m => isNamespaceNamed(m, namespace));
  if (declared || exists) return undefined;
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
