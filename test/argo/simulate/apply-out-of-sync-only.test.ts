/**
 * `ApplyOutOfSyncOnly=true`, from gitops-engine `pkg/sync/sync_context_test.go` `TestSync_ApplyOutOfSyncOnly` (its
 * subtests) and `TestSync_ApplyOutOfSyncOnly_ClusterResources`; "in sync" is read from the `--live` object
 * (`inSync`, after gitops-engine `pkg/diff` `TwoWayDiff`/`ThreeWayDiff`). Data of our own.
 */
import * as fc from 'fast-check';
import { planOf, sim } from './helpers';
import { Manifest } from '../../../src/argo';
import { HealthStatus, simulate } from '../../../src/argo/simulate';
import { inSync, unmodifiedTasks } from '../../../src/argo/simulate/apply-out-of-sync-only';
import { m, manifest } from '../../fixtures/manifests';

const ONLY = { syncOptions: ['ApplyOutOfSyncOnly=true'] };

/** The same object as the cluster shows it: what the API server adds, nothing the manifest sets changed. */
function asLive(x: Manifest, extra: Record<string, unknown> = {}): Manifest {
  const o = x.object as Record<string, any>;
  return manifest({
    ...o,
    metadata: { ...o.metadata, namespace: o.metadata.namespace ?? 'app', uid: 'u-1', resourceVersion: '7', annotations: { ...o.metadata.annotations, 'argocd.argoproj.io/tracking-id': 'app:/x' } },
    status: { observedGeneration: 1 },
    ...extra,
  });
}

function cmData(name: string, data: Record<string, string>, wave?: number): Manifest {
  return manifest({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(wave !== undefined ? { annotations: { 'argocd.argoproj.io/sync-wave': String(wave) } } : {}) }, data });
}

describe('TestSync_ApplyOutOfSyncOnly', () => {
  test('"applyOutOfSyncOnly=true": the new object is applied, the one in sync gets no task and no result, the extra one is pruned', () => {
    const fresh = cmData('fresh', { a: '1' });
    const same = cmData('same', { b: '2' });
    const r = sim([fresh, same], { live: [asLive(same), asLive(cmData('gone', { c: '3' }))], sim: ONLY });
    expect(r.operationPhase).toBe('Succeeded');
    expect(r.results.map(x => [x.name, x.status])).toEqual([['gone', 'Pruned'], ['fresh', 'Synced']]);
    expect(r.inSync).toEqual(['ConfigMap/same']);
    expect(r.neverApplied).toEqual([]);
  });

  test('"applyOutOfSyncOnly=true" without prune: the extra object is PruneSkipped, the one in sync still has no result', () => {
    const same = cmData('same', { b: '2' });
    const r = sim([cmData('fresh', { a: '1' }), same], { live: [asLive(same), asLive(cmData('gone', { c: '3' }))], sim: { ...ONLY, prune: false } });
    expect(r.results.map(x => [x.name, x.status])).toEqual([['gone', 'PruneSkipped'], ['fresh', 'Synced']]);
  });

  test('"modificationResult=nil": without the option every resource is applied, the one in sync too', () => {
    const same = cmData('same', { b: '2' });
    const r = sim([cmData('fresh', { a: '1' }), same], { live: [asLive(same)] });
    expect(r.results.map(x => x.name).sort()).toEqual(['fresh', 'same']);
    expect(r.inSync).toBeUndefined();
  });

  test('"applyOutOfSyncOnly=true and missing resource key": a live object that differs is applied', () => {
    const changed = cmData('changed', { b: 'new' });
    const r = sim([changed], { live: [asLive(cmData('changed', { b: 'old' }))], sim: ONLY });
    expect(r.results.map(x => [x.name, x.status, x.message])).toEqual([['changed', 'Synced', 'configmap/changed configured']]);
  });

  test('"applyOutOfSyncOnly=true and syncwaves": the first call applies wave 2 straight away, wave 1 in sync is no step', () => {
    const w1 = m({ kind: 'Deployment', name: 'w1', wave: 1 });
    const w2 = m({ kind: 'Deployment', name: 'w2', wave: 2 });
    const r = sim([w1, w2], { live: [asLive(w1), asLive(m({ kind: 'Pod', name: 'w3', wave: 3 }))], sim: ONLY, health: { 'Deployment/w2': 'Progressing' } });
    // Still multi-step (the prune and the skipped wave count), so Argo CD waits on wave 2.
    expect(r.reconciles[0]).toMatchObject({ applied: { wave: 2 }, operationPhase: 'Running' });
    expect(r.operationPhase).toBe('Running');
    expect(r.waitingOn).toEqual(['Deployment/w2']);
    expect(r.inSync).toEqual(['Deployment/w1']);
  });

  test('a wave whose resources are all in sync is no step: no health wait, no wave delay', () => {
    const a = cmData('a', { v: '1' }, 0);
    const b = m({ kind: 'Deployment', name: 'b', wave: 1 });
    const c = cmData('c', { v: '3' }, 2);
    const plain = sim([a, b, c], { live: [asLive(b)], health: { 'Deployment/b': 'Progressing' } });
    expect(plain.operationPhase).toBe('Running');
    const r = sim([a, b, c], { live: [asLive(b)], health: { 'Deployment/b': 'Progressing' }, sim: ONLY });
    expect(r.operationPhase).toBe('Succeeded');
    expect(r.message).toBe('successfully synced (all tasks run)');
    expect(r.applied.map(x => x.name)).toEqual(['a', 'c']);
    expect(r.minimumSeconds).toBe(2);
  });

  test('everything in sync and nothing else: "successfully synced (no more tasks)" on the first call', () => {
    const a = cmData('a', { v: '1' });
    const r = sim([a], { live: [asLive(a)], sim: ONLY });
    expect(r.reconciles.map(c => c.message)).toEqual(['successfully synced (no more tasks)']);
    expect(r.applied).toEqual([]);
  });

  test('hooks always run, even with a live copy that equals them', () => {
    const job = m({ kind: 'Job', name: 'migrate', hook: 'PreSync' });
    const r = sim([job, cmData('a', { v: '1' })], { live: [asLive(job)], sim: ONLY });
    expect(r.applied.map(x => x.name)).toEqual(['migrate', 'a']);
    expect(r.inSync).toEqual([]);
  });
});

describe('TestSync_ApplyOutOfSyncOnly_ClusterResources', () => {
  test('a cluster-scoped object the destination namespace was stamped on is still in sync', () => {
    const existing = m({ kind: 'Namespace', name: 'team-a' });
    const live = manifest({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team-a', uid: 'n1' }, status: { phase: 'Active' } });
    const plan = planOf([existing, m({ kind: 'Namespace', name: 'team-b' })], { live: [live] });
    const r = simulate(plan, { live: [live], ...ONLY });
    expect(r.inSync).toEqual(['Namespace/team-a']);
    expect(r.applied.map(x => x.name)).toEqual(['team-b']);
  });
});

describe('inSync: what the sync would change', () => {
  const base = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 2, template: { spec: { containers: [{ name: 'web', image: 'web:1' }] } } } };
  const live = {
    ...base,
    metadata: { name: 'web', namespace: 'app', uid: 'x', generation: 3 },
    spec: { replicas: 2, revisionHistoryLimit: 10, template: { spec: { containers: [{ name: 'web', image: 'web:1', imagePullPolicy: 'IfNotPresent' }] } } },
    status: { readyReplicas: 2 },
  };

  test('defaults and status the API server added are no change', () => {
    expect(inSync(base, live)).toBe(true);
  });

  test('a changed value, a new field or a different list length is', () => {
    expect(inSync({ ...base, spec: { ...base.spec, replicas: 3 } }, live)).toBe(false);
    expect(inSync({ ...base, spec: { ...base.spec, paused: true } }, live)).toBe(false);
    const two = { containers: [{ name: 'web', image: 'web:1' }, { name: 'proxy', image: 'p:1' }] };
    expect(inSync({ ...base, spec: { ...base.spec, template: { spec: two } } }, live)).toBe(false);
  });

  test('a status in the manifest is not written by an apply', () => {
    expect(inSync({ ...base, status: { readyReplicas: 0 } }, live)).toBe(true);
  });

  test('three-way: a field dropped from the manifest that last-applied-configuration has and the live object keeps is removed', () => {
    const applied = JSON.stringify({ ...base, spec: { ...base.spec, minReadySeconds: 5 } });
    const withLast = { ...live, metadata: { ...live.metadata, annotations: { 'kubectl.kubernetes.io/last-applied-configuration': applied } }, spec: { ...live.spec, minReadySeconds: 5 } };
    expect(inSync(base, withLast)).toBe(false);
    // Without the annotation (two-way), the extra live field is a default like any other.
    expect(inSync(base, { ...withLast, metadata: live.metadata })).toBe(true);
  });

  test('a Secret\'s stringData is compared as its base64 data', () => {
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { token: 'héllo' } };
    expect(inSync(secret, { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { token: 'aMOpbGxv' } })).toBe(true);
    expect(inSync(secret, { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { token: 'aGVsbG8=' } })).toBe(false);
  });

  test('unmodifiedTasks leaves hooks, prunes and objects without a live copy alone', () => {
    const a = cmData('a', { v: '1' });
    const plan = planOf([a, m({ kind: 'Job', name: 'h', hook: 'Sync' })], { live: [asLive(a), asLive(cmData('old', {}))] });
    const tasks = plan.steps.flatMap(s => s.tasks);
    const set = unmodifiedTasks(tasks, t => (t.name === 'a' ? asLive(a) : t.name === 'h' ? asLive(a) : undefined));
    expect([...set].map(t => t.name)).toEqual(['a']);
  });
});

describe('properties', () => {
  const KINDS = ['Deployment', 'ConfigMap', 'Service', 'Pod'];
  const HEALTH: HealthStatus[] = ['Healthy', 'Healthy', 'Progressing', 'Degraded'];
  const specs = fc.array(fc.record({
    kind: fc.constantFrom(...KINDS),
    wave: fc.integer({ min: -1, max: 3 }),
    hook: fc.constantFrom(undefined, undefined, 'PreSync', 'PostSync', 'SyncFail'),
    health: fc.constantFrom(...HEALTH),
    live: fc.boolean(),
  }), { minLength: 1, maxLength: 7 });

  test('nothing in sync: the result is the plain simulation\'s', () => {
    fc.assert(fc.property(specs, (list) => {
      const manifests = list.map((s, i) => m({ kind: s.kind, name: `r${i}`, wave: s.wave, hook: s.hook }));
      // Live copies that differ from the manifest (a label), so none is in sync.
      const live = list.flatMap((s, i) => (s.live && !s.hook ? [manifest({ ...manifests[i].object, metadata: { name: `r${i}`, labels: { old: 'yes' } } })] : []));
      const health = new Map(list.map((s, i) => [`${s.kind}/r${i}`, s.health]));
      const plan = planOf(manifests, { live });
      const { inSync: skipped, notes: _n1, ...withOption } = simulate(plan, { live, health, ...ONLY });
      const { notes: _n2, ...plain } = simulate(plan, { live, health });
      expect(skipped).toEqual([]);
      expect(withOption).toEqual(plain);
    }));
  });

  test('everything in sync, no hooks, nothing to prune: nothing is applied, no delay, Succeeded', () => {
    fc.assert(fc.property(specs, (list) => {
      const manifests = list.map((s, i) => m({ kind: s.kind, name: `r${i}`, wave: s.wave }));
      const live = manifests.map(x => asLive(x));
      const health = new Map(list.map((s, i) => [`${s.kind}/r${i}`, s.health]));
      const r = simulate(planOf(manifests, { live }), { live, health, ...ONLY });
      expect(r.operationPhase).toBe('Succeeded');
      expect(r.applied).toEqual([]);
      expect(r.minimumSeconds).toBe(0);
      expect(r.inSync).toHaveLength(list.length);
    }));
  });
});
