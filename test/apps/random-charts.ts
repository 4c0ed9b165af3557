/**
 * Random realistic charts for the property test (`random-charts.test.ts`): tiers of mixed kinds,
 * `after` and `node.addDependency` edges forming a DAG, the implicit dependencies cdk8s-plus adds
 * (a StatefulSet on its Service, `exposeViaService`'s Service under its Deployment), CRDs with
 * custom resources, a Namespace, hooks in three phases.
 */
import { ApiObject, App, Chart, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { IConstruct } from 'constructs';
import * as fc from 'fast-check';
import { HookJob, HookPhase, MigrationHook, Tier } from '../../src';

const KINDS = ['ConfigMap', 'Secret', 'ClusterIP', 'LoadBalancer', 'Claim', 'Deployment', 'ExposedDeployment', 'StatefulSet', 'Ingress', 'Crd', 'CustomResource'] as const;
type Kind = typeof KINDS[number];

export interface Spec {
  /** Members of each tier, by kind. */
  readonly tiers: readonly Kind[][];
  /** `after` between tiers: [earlier, later] tier indexes. */
  readonly after: ReadonlyArray<[number, number]>;
  /** `node.addDependency`: [member of an earlier tier, member of a later tier], as [tier, member] picks. */
  readonly dependencies: ReadonlyArray<[number, number, number, number]>;
  /** Deployments in no tier, each depending on a member of a tier. */
  readonly loners: ReadonlyArray<[number, number]>;
  readonly namespace: boolean;
  /** PreSync migrations, with `after` among themselves. */
  readonly migrations: { readonly n: number; readonly after: ReadonlyArray<[number, number]> };
  /** A Sync-phase hook after a tier, and a tier after it. */
  readonly syncHook?: [number, number];
  readonly postSync: boolean;
  /** Waves, or hook phases, set by hand on tier members: [tier, member, wave or phase]. */
  readonly pins?: ReadonlyArray<[number, number, number | 'PreSync' | 'PostSync']>;
}

/** [a, b] with a < b < n, unique. */
const forwardPairs = (n: number, max: number) => (n < 2 ? fc.constant([] as Array<[number, number]>) : fc.uniqueArray(
  fc.tuple(fc.nat(n - 2), fc.nat(n - 2)).map(([a, d]): [number, number] => [Math.min(a, d), Math.max(a, d) + 1]),
  { maxLength: max, selector: ([a, b]) => `${a}-${b}` },
));

export const specs: fc.Arbitrary<Spec> = fc.integer({ min: 1, max: 5 }).chain((n) => fc.record({
  tiers: fc.array(fc.array(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 3 }), { minLength: n, maxLength: n }),
  after: forwardPairs(n, n * 2),
  dependencies: forwardPairs(n, 3).chain((pairs) =>
    fc.tuple(...pairs.map(([a, b]) => fc.tuple(fc.constant(a), fc.nat(2), fc.constant(b), fc.nat(2))))),
  loners: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(2)), { maxLength: 2 }),
  namespace: fc.boolean(),
  migrations: fc.integer({ min: 0, max: 3 }).chain((m) => fc.record({ n: fc.constant(m), after: forwardPairs(m, m) })),
  syncHook: fc.option(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { nil: undefined }),
  postSync: fc.boolean(),
}));

/** Builds one member of kind `kind`; returns the construct the tier holds. */
function member(chart: Chart, id: string, kind: Kind, crds: string[]): IConstruct | ConstructGroup | undefined {
  const probe = kplus.Probe.fromHttpGet('/healthz');
  switch (kind) {
    case 'ConfigMap':
      return new kplus.ConfigMap(chart, id, { data: { KEY: id } });
    case 'Secret':
      return new ApiObject(chart, id, { apiVersion: 'v1', kind: 'Secret', metadata: { name: id }, type: 'Opaque' });
    case 'ClusterIP':
      return new kplus.Service(chart, id, { ports: [{ port: 80 }] });
    case 'LoadBalancer':
      return new kplus.Service(chart, id, { type: kplus.ServiceType.LOAD_BALANCER, ports: [{ port: 443 }] });
    case 'Claim':
      return new kplus.PersistentVolumeClaim(chart, id, {
        storage: Size.gibibytes(1),
        accessModes: [kplus.PersistentVolumeAccessMode.READ_WRITE_ONCE],
      });
    case 'Deployment':
      return new kplus.Deployment(chart, id, { containers: [{ image: 'registry.internal/app:1', portNumber: 8080, readiness: probe }] });
    case 'ExposedDeployment': {
      const d = new kplus.Deployment(chart, id, { containers: [{ image: 'registry.internal/app:1', portNumber: 8080, readiness: probe }] });
      d.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
      return d;
    }
    case 'StatefulSet': {
      const scope = new kplus.Service(chart, `${id}-headless`, { clusterIP: 'None', ports: [{ port: 5432 }] });
      const sts = new kplus.StatefulSet(chart, id, { service: scope, containers: [{ image: 'postgres:16.4', portNumber: 5432, readiness: probe }] });
      // The StatefulSet and its headless Service, as one member: the tier holds both.
      const group = new ConstructGroup(chart, `${id}-group`);
      group.members.push(sts, scope);
      return group;
    }
    case 'Ingress':
      return new ApiObject(chart, id, {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'Ingress',
        metadata: { name: id },
        spec: { defaultBackend: { service: { name: 'backend', port: { number: 80 } } } },
      });
    case 'Crd': {
      const kindName = `Widget${crds.length}`;
      crds.push(kindName);
      return new ApiObject(chart, id, {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: `${kindName.toLowerCase()}s.example.com` },
        spec: {
          group: 'example.com',
          scope: 'Namespaced',
          names: { kind: kindName, plural: `${kindName.toLowerCase()}s` },
          versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
        },
      });
    }
    case 'CustomResource':
      // Only of a CRD an earlier tier defines, so the CRD → CR order agrees with the tiers'.
      if (crds.length === 0) return undefined;
      return new ApiObject(chart, id, { apiVersion: 'example.com/v1', kind: crds[crds.length - 1], metadata: { name: id } });
  }
}

/** Several constructs as one tier member (a Tier takes constructs; these are siblings). */
class ConstructGroup {
  public readonly members: IConstruct[] = [];
  constructor(public readonly chart: Chart, public readonly id: string) {}
}

/** `onPin`: told each object whose wave or hook phase the spec sets by hand, and what it sets. */
export function buildRandomChart(spec: Spec, onPin?: (o: ApiObject, placed: number | 'PreSync' | 'PostSync') => void): (app: App) => void {
  return (app) => {
    const chart = new Chart(app, 'random', { namespace: 'app', disableResourceNameHashes: true });
    if (spec.namespace) new kplus.Namespace(chart, 'ns', { metadata: { name: 'app' } });
    const crds: string[] = [];
    const tiers: Tier[] = [];
    const members: IConstruct[][] = [];
    spec.tiers.forEach((kinds, i) => {
      const tier = new Tier(chart, `t${i}`);
      const mine: IConstruct[] = [];
      // CRDs of this tier are usable by custom resources of later tiers only.
      const usable = [...crds];
      kinds.forEach((k, j) => {
        const m = member(chart, `o${i}-${j}`, k, k === 'CustomResource' ? usable : crds);
        if (m === undefined) return;
        if (m instanceof ConstructGroup) {
          tier.add(...m.members);
          mine.push(m.members[0]);
        } else {
          tier.add(m);
          mine.push(m);
        }
      });
      tiers.push(tier);
      members.push(mine);
    });
    for (const [a, b] of spec.after) tiers[b].addAfter(tiers[a]);
    const pick = (t: number, m: number) => (members[t].length > 0 ? members[t][m % members[t].length] : undefined);
    for (const [ta, ma, tb, mb] of spec.dependencies) {
      const before = pick(ta, ma);
      const after = pick(tb, mb);
      if (before && after) after.node.addDependency(before);
    }
    spec.loners.forEach(([t, m], i) => {
      const on = pick(t, m);
      if (!on) return;
      const worker = new kplus.Deployment(chart, `worker${i}`, {
        containers: [{ image: 'registry.internal/worker:1', portNumber: 9090, readiness: kplus.Probe.fromHttpGet('/ready') }],
      });
      worker.node.addDependency(on);
    });
    const migrations = [...Array(spec.migrations.n).keys()].map((i) => new MigrationHook(chart, `m${i}`, { name: `migrate-${i}`, image: 'registry.internal/app:1', command: ['migrate'] }));
    for (const [a, b] of spec.migrations.after) migrations[b].addAfter(migrations[a]);
    if (spec.syncHook) {
      const [t, later] = spec.syncHook;
      const hook = new HookJob(chart, 'sync-hook', { phase: HookPhase.SYNC, name: 'sync-hook', image: 'registry.internal/app:1', command: ['seed'], after: [tiers[t]] });
      // A tier later than the hook's own keeps the graph acyclic (every `after` points forward).
      if (later > t) tiers[later].addAfter(hook);
    }
    for (const [t, m, placed] of spec.pins ?? []) {
      const pinned = pick(t, m);
      if (!pinned) continue;
      const key = typeof placed === 'number' ? 'argocd.argoproj.io/sync-wave' : 'argocd.argoproj.io/hook';
      ApiObject.of(pinned).metadata.addAnnotation(key, String(placed));
      onPin?.(ApiObject.of(pinned), placed);
    }
    if (spec.postSync) new HookJob(chart, 'check', { phase: HookPhase.POST_SYNC, name: 'check', image: 'registry.internal/app:1', command: ['check'] });
  };
}
