import { ApiObject, Testing } from 'cdk8s';
import * as fc from 'fast-check';
import { configMap, newChart } from './helpers';
import { MigrationHook, SyncOrder, Tier } from '../../src';
import { buildPlan } from '../../src/argo/plan';

/** Random DAG over n nodes: edges from lower to higher index only. */
const dag = (maxNodes: number) => fc.integer({ min: 1, max: maxNodes }).chain((n) => fc.record({
  n: fc.constant(n),
  edges: n < 2 ? fc.constant([] as Array<[number, number]>) : fc.uniqueArray(
    fc.tuple(fc.nat(n - 2), fc.nat(n - 2)).map(([a, d]): [number, number] => [Math.min(a, d), Math.max(a, d) + 1]),
    { maxLength: n * 2, selector: ([a, b]) => `${a}-${b}` },
  ),
}));

function longestPath(n: number, edges: Array<[number, number]>): number {
  const memo = new Map<number, number>();
  const from = (v: number): number => {
    if (!memo.has(v)) memo.set(v, 1 + Math.max(0, ...edges.filter(([a]) => a === v).map(([, b]) => from(b))));
    return memo.get(v)!;
  };
  return Math.max(...[...Array(n).keys()].map(from));
}

test('random tier graphs: every after holds in the read-back plan, with as many Sync waves as the longest path', () => {
  fc.assert(fc.property(dag(10), dag(4), ({ n, edges }, hooks) => {
    const chart = newChart();
    const tiers = [...Array(n).keys()].map((i) => new Tier(chart, `t${i}`).add(configMap(chart, `cm${i}`)));
    for (const [a, b] of edges) tiers[b].addAfter(tiers[a]);
    const migrations = [...Array(hooks.n).keys()].map((i) => new MigrationHook(chart, `m${i}`, { name: `m${i}`, image: 'i', command: ['m'] }));
    for (const [a, b] of hooks.edges) migrations[b].addAfter(migrations[a]);

    const order = SyncOrder.of(chart); // synth, with the read-back proof
    for (const [a, b] of edges) order.assertBefore(tiers[a], tiers[b]);
    for (const [a, b] of hooks.edges) order.assertBefore(migrations[a], migrations[b]);
    for (const m of migrations) for (const t of tiers) order.assertBefore(m, t);

    const manifests = Testing.synth(chart).map((object, index) => ({ object, source: { file: 'x', line: 0, index } }));
    const plan = buildPlan(manifests);
    const syncWaves = plan.steps.filter((s) => s.phase === 'Sync').map((s) => s.wave);
    const preSyncWaves = plan.steps.filter((s) => s.phase === 'PreSync').map((s) => s.wave);
    expect(syncWaves).toEqual([...Array(longestPath(n, edges)).keys()]);
    expect(preSyncWaves).toEqual([...Array(longestPath(hooks.n, hooks.edges)).keys()]);
  }), { numRuns: 40 });
});

/**
 * Kinds with their rank, whether Argo CD waits on their health and whether they run Pods, written out
 * from docs/argo-cd-model.md (#kind-order, `Test_syncTasks_kindOrder`; #health), independent of `src/argo`. A
 * claim is the one kind with a health check that a later kind may share a wave with: one that runs
 * Pods, which the scheduler holds until the claim is Bound (`health_pvc.go`; the step waits for both).
 */
const KINDS: ReadonlyArray<{ apiVersion: string; kind: string; rank: number; health: boolean; pods?: boolean; spec?: object }> = [
  { apiVersion: 'v1', kind: 'Secret', rank: -28, health: false },
  { apiVersion: 'v1', kind: 'ConfigMap', rank: -26, health: false },
  { apiVersion: 'v1', kind: 'PersistentVolumeClaim', rank: -23, health: true },
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', rank: -17, health: false },
  // A Service is Healthy once applied unless it is a LoadBalancer (`health_service.go`).
  { apiVersion: 'v1', kind: 'Service', rank: -13, health: false },
  { apiVersion: 'v1', kind: 'Service', rank: -13, health: true, spec: { type: 'LoadBalancer' } },
  { apiVersion: 'apps/v1', kind: 'Deployment', rank: -8, health: true, pods: true },
  { apiVersion: 'apps/v1', kind: 'StatefulSet', rank: -6, health: true, pods: true },
  { apiVersion: 'example.com/v1', kind: 'Widget', rank: 0, health: false },
];
/** A claim before a group that runs Pods: they wait for Bound inside the wave (the group as a whole). */
const waitsOnItsOwn = (x: typeof KINDS[number], group: ReadonlyArray<typeof KINDS[number]>) => x.kind === 'PersistentVolumeClaim' && group.some((y) => y.pods === true);

test('random tiers of random kinds: every after holds in the read-back plan, with 1 + the heaviest path Sync waves (gap 0 only for kind order without health, or a claim before Pods)', () => {
  const tierKinds = fc.array(fc.nat(KINDS.length - 1), { minLength: 1, maxLength: 3 });
  fc.assert(fc.property(dag(8), fc.array(tierKinds, { minLength: 8, maxLength: 8 }), ({ n, edges }, kindsOf) => {
    const chart = newChart();
    const tiers = [...Array(n).keys()].map((i) => new Tier(chart, `t${i}`).add(
      ...kindsOf[i].map((k, j) => new ApiObject(chart, `o${i}-${j}`, {
        apiVersion: KINDS[k].apiVersion, kind: KINDS[k].kind, metadata: { name: `o${i}-${j}` }, ...(KINDS[k].spec ? { spec: KINDS[k].spec } : {}),
      })),
    ));
    for (const [a, b] of edges) tiers[b].addAfter(tiers[a]);

    const order = SyncOrder.of(chart);
    for (const [a, b] of edges) order.assertBefore(tiers[a], tiers[b]);

    const gap = (a: number, b: number) => {
      const before = kindsOf[a].map((k) => KINDS[k]);
      const after = kindsOf[b].map((k) => KINDS[k]);
      // A claim before a group that runs Pods holds against all of it: its Pods wait for Bound, the rest needs no claim.
      const byKindOrder = before.every((x) => waitsOnItsOwn(x, after) || after.every((y) => x.rank < y.rank && !x.health));
      return byKindOrder ? 0 : 1;
    };
    const memo = new Map<number, number>();
    const heaviest = (v: number): number => {
      if (!memo.has(v)) memo.set(v, Math.max(0, ...edges.filter(([a]) => a === v).map(([, b]) => gap(v, b) + heaviest(b))));
      return memo.get(v)!;
    };
    const k = 1 + Math.max(...[...Array(n).keys()].map(heaviest));

    const manifests = Testing.synth(chart).map((object, index) => ({ object, source: { file: 'x', line: 0, index } }));
    const syncWaves = buildPlan(manifests).steps.filter((s) => s.phase === 'Sync').map((s) => s.wave);
    expect(syncWaves).toEqual([...Array(k).keys()]);
  }), { numRuns: 60 });
});
