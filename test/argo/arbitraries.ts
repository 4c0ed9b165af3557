import * as fc from 'fast-check';
import { HOOK, manifest, obj, WAVE } from './helpers';
import { Manifest } from '../../src/argo';

/** Kinds that exercise kind order, hoisting and unknown kinds. */
const KINDS: ReadonlyArray<[string, string]> = [
  ['v1', 'Namespace'], ['apiextensions.k8s.io/v1', 'CustomResourceDefinition'], ['v1', 'Pod'], ['apps/v1', 'Deployment'],
  ['v1', 'Service'], ['v1', 'ConfigMap'], ['batch/v1', 'Job'], ['argoproj.io/v1alpha1', 'Workflow'], ['example.com/v1', 'Widget'],
  ['extensions/v1beta1', 'Deployment'], ['example.com/v1', 'Namespace'],
];
const NAMES = ['a', 'b', 'a10', 'a2', 'web-1', 'web.1', 'Web', 'é', 'dest'];
const NAMESPACES = [undefined, 'a', 'b', 'dest'];
const WAVES = [undefined, '-1', '0', '1', '2', '+1', '1.5'];
const HOOKS = [undefined, undefined, undefined, 'PreSync', 'Sync', 'PostSync', 'SyncFail', 'PreSync,PostSync', 'Skip', 'Garbage'];
const CRD_TARGETS: ReadonlyArray<[string, string]> = [['argoproj.io', 'Workflow'], ['example.com', 'Widget'], ['example.com', 'Gadget']];

export interface ObjArb {
  readonly kind: number;
  readonly name: string;
  readonly namespace?: string;
  readonly wave?: string;
  readonly hook?: string;
  readonly crd: number;
}

export const objArb: fc.Arbitrary<ObjArb> = fc.record({
  kind: fc.nat(KINDS.length - 1),
  name: fc.constantFrom(...NAMES),
  namespace: fc.constantFrom(...NAMESPACES),
  wave: fc.constantFrom(...WAVES),
  hook: fc.constantFrom(...HOOKS),
  crd: fc.nat(CRD_TARGETS.length - 1),
});

export function toManifest(a: ObjArb, index: number): Manifest {
  const [apiVersion, kind] = KINDS[a.kind];
  const annotations: Record<string, string> = {};
  if (a.wave !== undefined) annotations[WAVE] = a.wave;
  if (a.hook !== undefined) annotations[HOOK] = a.hook;
  const [group, crdKind] = CRD_TARGETS[a.crd];
  const clusterScoped = kind === 'Namespace' || kind === 'CustomResourceDefinition';
  const o = obj({
    apiVersion,
    kind,
    name: kind === 'CustomResourceDefinition' ? `${crdKind.toLowerCase()}s.${group}` : a.name,
    namespace: clusterScoped ? undefined : a.namespace,
    annotations,
    spec: kind === 'CustomResourceDefinition' ? { group, names: { kind: crdKind } } : undefined,
  });
  return manifest(o, `gen-${index}.yaml`);
}

/** Manifests with distinct keys (a repeated key is order-dependent by design: the last wins). */
export const manifestsArb: fc.Arbitrary<Manifest[]> = fc
  .uniqueArray(objArb, {
    maxLength: 25,
    selector: a => {
      const m = toManifest(a, 0);
      const meta = m.object.metadata as Record<string, unknown>;
      return `${m.object.apiVersion}/${m.object.kind}/${meta.namespace ?? ''}/${meta.name}`;
    },
  })
  .map(list => list.map(toManifest));

/** True when two documents name the same object once the destination namespace is filled in. */
export function hasRepeatedKeys(manifests: readonly Manifest[], namespace: string): boolean {
  const keys = manifests.map(x => {
    const meta = x.object.metadata as Record<string, unknown>;
    return `${x.object.apiVersion}/${x.object.kind}/${meta.namespace ?? namespace}/${meta.name}`;
  });
  return new Set(keys).size !== keys.length;
}
