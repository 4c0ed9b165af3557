/**
 * Random but realistic manifest sets as YAML text: every kind the model and the rule pack treat
 * specially (Namespaces, CRDs and their CRs, workloads with and without readiness probes,
 * LoadBalancer Services, hook Jobs with names or generateName, Applications), with valid and
 * invalid sync-wave, hook, delete-policy, sync-option and suppression annotations. Object keys
 * are unique (a repeated key is order-dependent by design: the last definition wins, as in Argo CD).
 */
import * as fc from 'fast-check';
import { stringify } from 'yaml';
import type { Manifest } from '../../src/argo/types';
import { parseManifests } from '../../src/cli/load';

type Obj = Record<string, any>;

const WAVES = [undefined, undefined, '-1', '0', '1', '2', '5', '+1', ' 3', '1.5', 'x', ''];
const HOOKS = [undefined, undefined, undefined, 'PreSync', 'Sync', 'PostSync', 'SyncFail', 'PreSync,PostSync', 'Skip', 'presync', 'PostDelete'];
const POLICIES = [undefined, 'BeforeHookCreation', 'HookSucceeded', 'HookFailed', 'HookSucceeded,HookFailed', 'BeforeHookCreation,HookSucceeded', 'Never'];
const SYNC_OPTIONS = [undefined, 'Prune=false', 'PruneLast=true', 'SkipDryRunOnMissingResource=true', 'Replace=true', 'Delete=false', 'Validate=false'];
const HELM = [undefined, undefined, 'pre-install', 'post-upgrade', 'pre-install,pre-upgrade', 'test'];
const SUPPRESS = [undefined, undefined, 'wave-unneeded: kept explicit for the readers of this file', 'no-such-rule: because', 'hook-unrecognised: x'];
const NAMESPACES = [undefined, undefined, 'shop', 'jobs'];
const NAMES = ['web', 'api', 'db', 'cache', 'a', 'b', 'web-1', 'z'];
const KINDS = ['Namespace', 'CustomResourceDefinition', 'Widget', 'ConfigMap', 'Secret', 'Deployment', 'StatefulSet', 'Service', 'Ingress', 'Job', 'Pod', 'Application'] as const;

export interface DocArb {
  readonly kind: typeof KINDS[number];
  readonly name: string;
  readonly namespace?: string;
  readonly wave?: string;
  readonly hook?: string;
  readonly policy?: string;
  readonly syncOption?: string;
  readonly helmHook?: string;
  readonly suppress?: string;
  readonly generateName: boolean;
  readonly readiness: boolean;
  readonly loadBalancer: boolean;
  readonly ref?: string;
}

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);

export const docArb: fc.Arbitrary<DocArb> = fc.record({
  kind: pick(KINDS),
  name: pick(NAMES),
  namespace: pick(NAMESPACES),
  wave: pick(WAVES),
  hook: pick(HOOKS),
  policy: pick(POLICIES),
  syncOption: pick(SYNC_OPTIONS),
  helmHook: pick(HELM),
  suppress: pick(SUPPRESS),
  generateName: fc.boolean(),
  readiness: fc.boolean(),
  loadBalancer: fc.boolean(),
  ref: pick([undefined, ...NAMES]),
}, { requiredKeys: ['kind', 'name', 'generateName', 'readiness', 'loadBalancer'] });

function container(d: DocArb): Obj {
  return {
    name: 'main',
    image: 'registry.internal/app:1',
    ...(d.ref ? { envFrom: [{ configMapRef: { name: d.ref } }, { secretRef: { name: d.ref } }] } : {}),
    ...(d.readiness ? { readinessProbe: { httpGet: { path: '/healthz', port: 8080 } } } : {}),
  };
}

/** The Kubernetes object a DocArb stands for. */
export function toObject(d: DocArb): Obj {
  const annotations: Record<string, string> = {};
  if (d.wave !== undefined) annotations['argocd.argoproj.io/sync-wave'] = d.wave;
  if (d.hook !== undefined) annotations['argocd.argoproj.io/hook'] = d.hook;
  if (d.policy !== undefined) annotations['argocd.argoproj.io/hook-delete-policy'] = d.policy;
  if (d.syncOption !== undefined) annotations['argocd.argoproj.io/sync-options'] = d.syncOption;
  if (d.helmHook !== undefined) annotations['helm.sh/hook'] = d.helmHook;
  if (d.suppress !== undefined) annotations['syncplan.cdk8s.io/suppress'] = d.suppress;
  const clusterScoped = d.kind === 'Namespace' || d.kind === 'CustomResourceDefinition';
  const generated = d.generateName && d.kind === 'Job';
  const metadata: Obj = {
    ...(generated ? { generateName: `${d.name}-` } : { name: d.kind === 'CustomResourceDefinition' ? 'widgets.example.com' : d.name }),
    ...(!clusterScoped && d.namespace ? { namespace: d.namespace } : {}),
    ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
  };
  const pod = { spec: { restartPolicy: 'Never', containers: [container(d)] } };
  const labels = { app: d.name };
  switch (d.kind) {
    case 'Namespace': return { apiVersion: 'v1', kind: 'Namespace', metadata: { ...metadata, name: d.namespace ?? d.name } };
    case 'CustomResourceDefinition': return {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: d.kind,
      metadata,
      spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true }] },
    };
    case 'Widget': return { apiVersion: 'example.com/v1', kind: d.kind, metadata, spec: { size: 1 } };
    case 'ConfigMap': return { apiVersion: 'v1', kind: d.kind, metadata, data: { k: 'v' } };
    case 'Secret': return { apiVersion: 'v1', kind: d.kind, metadata, stringData: { k: 'v' } };
    case 'Deployment':
    case 'StatefulSet': return {
      apiVersion: 'apps/v1',
      kind: d.kind,
      metadata,
      spec: { replicas: 1, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [container(d)] } } },
    };
    case 'Service': return {
      apiVersion: 'v1',
      kind: d.kind,
      metadata,
      spec: { ...(d.loadBalancer ? { type: 'LoadBalancer' } : {}), selector: { app: d.ref ?? d.name }, ports: [{ port: 80, targetPort: 8080 }] },
    };
    case 'Ingress': return {
      apiVersion: 'networking.k8s.io/v1',
      kind: d.kind,
      metadata,
      spec: { rules: [{ host: `${d.name}.internal`, http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: d.ref ?? d.name, port: { number: 80 } } } }] } }] },
    };
    case 'Job': return { apiVersion: 'batch/v1', kind: d.kind, metadata, spec: { backoffLimit: 0, template: pod } };
    case 'Pod': return { apiVersion: 'v1', kind: d.kind, metadata, spec: pod.spec };
    case 'Application': return {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: d.kind,
      metadata,
      spec: { project: 'default', source: { repoURL: 'https://git.internal/x.git', path: d.name }, destination: { server: 'https://kubernetes.default.svc', namespace: d.ref ?? 'default' } },
    };
  }
}

/** Group/kind/namespace/name, as the loader's duplicate check sees it (no destination namespace). */
function keyOf(o: Obj): string {
  const m = o.metadata;
  return `${String(o.apiVersion).split('/').slice(0, -1).join('/')}/${o.kind}/${m.namespace ?? ''}/${m.name ?? `gen:${m.generateName}`}`;
}

/** Distinct objects, as YAML text (one multi-document file). */
export const manifestTextArb: fc.Arbitrary<string> = fc.array(docArb, { maxLength: 30 }).map((docs) => {
  const seen = new Set<string>();
  const objects = docs.map(toObject).filter((o) => {
    const k = keyOf(o);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return objects.map((o) => stringify(o, { version: '1.1' })).join('---\n');
});

/** The manifests of one generated file (real file lines in every source). */
export function load(text: string, file = 'gen.yaml'): Manifest[] {
  return parseManifests(text, file);
}

/** True when two manifests name the same object once objects without a namespace get `namespace`. */
export function repeated(manifests: readonly Manifest[], namespace: string): boolean {
  const keys = manifests.map(({ object: o }) => {
    const m = o.metadata as Obj;
    const clusterScoped = o.kind === 'Namespace' || o.kind === 'CustomResourceDefinition';
    return `${o.apiVersion}/${o.kind}/${clusterScoped ? '' : m.namespace ?? namespace}/${m.name ?? `gen:${m.generateName}`}`;
  });
  return new Set(keys).size !== keys.length;
}
