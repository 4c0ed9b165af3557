/**
 * Properties of the sync loop over random plans: what must hold whatever the manifests and the
 * health outcomes (gitops-engine's invariants, docs/argo-cd-model.md#steps).
 */
import * as fc from 'fast-check';
import { planOf } from './helpers';
import { Manifest } from '../../../src/argo';
import { HEALTH_STATUSES, HealthStatus, simulate } from '../../../src/argo/simulate';
import { ARGOCD_VERSIONS } from '../../../src/argo/versions';
import { m } from '../../fixtures/manifests';

const KINDS = ['Deployment', 'ConfigMap', 'Job', 'Service', 'Pod'];
const HOOKS = [undefined, undefined, undefined, 'PreSync', 'Sync', 'PostSync', 'SyncFail'];

interface Spec { kind: string; wave: number; hook?: string; health: HealthStatus }

const specs = fc.array(
  fc.record({
    kind: fc.constantFrom(...KINDS),
    wave: fc.integer({ min: -1, max: 3 }),
    hook: fc.constantFrom(...HOOKS),
    health: fc.constantFrom(...HEALTH_STATUSES),
  }),
  { minLength: 1, maxLength: 8 },
);

function manifests(list: readonly Spec[]): Manifest[] {
  return list.map((s, i) => m({ kind: s.kind, name: `r${i}`, wave: s.wave, hook: s.hook }));
}

function healthMap(list: readonly Spec[]): Map<string, HealthStatus> {
  return new Map(list.map((s, i) => [`${s.kind}/r${i}`, s.health]));
}

describe('sync loop properties', () => {
  test('everything Healthy: Succeeded, every step applied in plan order, (steps − 1) delays', () => {
    fc.assert(fc.property(specs, fc.integer({ min: 0, max: 10 }), (list, delay) => {
      const plan = planOf(manifests(list));
      const r = simulate(plan, { waveDelaySeconds: delay });
      const nonFail = plan.steps.flatMap(s => s.tasks);
      expect(r.operationPhase).toBe('Succeeded');
      expect(r.neverApplied).toEqual([]);
      expect(r.applied.map(a => `${a.kind}/${a.name}/${a.phase}`)).toEqual(nonFail.map(t => `${t.kind}/${t.name}/${t.phase}`));
      expect(r.minimumSeconds).toBe(Math.max(0, plan.steps.length - 1) * delay);
      // SyncFail hooks never run on success.
      expect(r.applied.some(a => a.phase === 'SyncFail')).toBe(false);
    }));
  });

  test('same input, byte-identical result', () => {
    fc.assert(fc.property(specs, list => {
      const run = () => JSON.stringify(simulate(planOf(manifests(list)), { health: healthMap(list) }));
      expect(run()).toBe(run());
    }));
  });

  test('steps go out in order, one at a time; nothing after a stalled or failed step', () => {
    fc.assert(fc.property(specs, list => {
      const r = simulate(planOf(manifests(list)), { health: healthMap(list) });
      const steps = r.applied.filter(a => a.phase !== 'SyncFail').map(a => a.step);
      expect(steps).toEqual([...steps].sort((a, b) => a - b));
      // A sync held by its SyncFail hooks is past its steps; otherwise the holder is the last step out.
      if (r.blockedAt && r.blockedAt.phase !== 'SyncFail') expect(Math.max(...steps)).toBe(r.blockedAt.step);
    }));
  });

  test('Running means waiting on tasks that report Progressing, Suspended or (resources) Unknown', () => {
    fc.assert(fc.property(specs, list => {
      const health = healthMap(list);
      const r = simulate(planOf(manifests(list)), { health });
      if (r.operationPhase !== 'Running') {
        expect(r.waitingOn).toEqual([]);
        return;
      }
      expect(r.waitingOn.length).toBeGreaterThan(0);
      expect(r.message).toMatch(/^waiting for (healthy state of|completion of hook) /);
      // Missing fails an awaited task since 3.4 (TestSync_MultistepResourceDeletionMidstep); Unknown fails a hook.
      for (const ref of r.waitingOn) expect(['Progressing', 'Suspended', 'Unknown']).toContain(health.get(ref));
    }));
  });

  test('Failed only when something was Degraded, Missing or an Unknown hook; PostSync never runs after a failure', () => {
    fc.assert(fc.property(specs, list => {
      const health = healthMap(list);
      const r = simulate(planOf(manifests(list)), { health });
      const hooks = new Set(list.flatMap((s, i) => s.hook ? [`${s.kind}/r${i}`] : []));
      const fails = (ref: string) => {
        const h = health.get(ref);
        return h === 'Degraded' || h === 'Missing' || (h === 'Unknown' && hooks.has(ref));
      };
      const appliedDegraded = r.applied.some(a => a.phase !== 'SyncFail' && fails(`${a.kind}/${a.name}`));
      if (r.operationPhase === 'Failed') {
        expect(appliedDegraded).toBe(true);
        expect(r.message.startsWith('one or more synchronization tasks completed unsuccessfully')).toBe(true);
        const failedAt = Math.min(...r.applied.filter(a => a.result === 'Degraded' || a.result.startsWith('failed')).map(a => a.step));
        const postSyncBeforeFailure = r.applied.some(a => a.phase === 'PostSync' && a.step < failedAt);
        if (!postSyncBeforeFailure) expect(r.applied.some(a => a.phase === 'PostSync' && a.step > failedAt)).toBe(false);
      }
      if (!appliedDegraded) expect(r.operationPhase).not.toBe('Failed');
    }));
  });

  test('a hook is never left behind by a HookSucceeded policy on success', () => {
    fc.assert(fc.property(specs, list => {
      const withPolicy = list.map((s, i) => m({ kind: s.kind, name: `r${i}`, wave: s.wave, hook: s.hook, deletePolicy: 'HookSucceeded' }));
      const r = simulate(planOf(withPolicy), {});
      expect(r.operationPhase).toBe('Succeeded');
      expect(r.hooksLeftInCluster).toEqual([]);
    }));
  });

  test('--argocd-version: a sync with no failure and no stall ends the same in every version (only the running messages on the way differ)', () => {
    fc.assert(fc.property(specs, list => {
      const plan = planOf(manifests(list));
      const outcome = (argocdVersion: string) => {
        const r = simulate(plan, { argocdVersion });
        return JSON.stringify([r.operationPhase, r.message, r.applied, r.results, r.minimumSeconds, r.hooksLeftInCluster, r.reconciles.length]);
      };
      const latest = outcome(ARGOCD_VERSIONS[ARGOCD_VERSIONS.length - 1]);
      for (const v of ARGOCD_VERSIONS) expect(outcome(v)).toBe(latest);
    }));
  });

  test('--argocd-version: a stalled sync waits on the same tasks in every version (only the wording of the message differs)', () => {
    fc.assert(fc.property(specs, list => {
      const plan = planOf(manifests(list));
      const health = new Map([...healthMap(list)].filter(([, h]) => h === 'Healthy' || h === 'Progressing'));
      const waits = (argocdVersion: string) => JSON.stringify(simulate(plan, { health, argocdVersion }).waitingOn);
      for (const v of ARGOCD_VERSIONS) expect(waits(v)).toBe(waits('3.6'));
    }));
  });
});
