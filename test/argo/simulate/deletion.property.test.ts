/**
 * Properties of the Application deletion replay over random apps (argo-cd `finalizeApplicationDeletion` with
 * `FilterObjectsForDeletion`: one wave per reconcile, highest first, each wave gone before the next).
 */
import * as fc from 'fast-check';
import { planOf } from './helpers';
import { simulateDeletion } from '../../../src/argo/simulate/deletion';
import { m } from '../../fixtures/manifests';

const KINDS = ['Deployment', 'ConfigMap', 'Service', 'Secret', 'Namespace'];

const specs = fc.array(fc.record({
  kind: fc.constantFrom(...KINDS),
  wave: fc.integer({ min: -2, max: 4 }),
  keep: fc.boolean(),
  stuck: fc.boolean(),
}), { minLength: 1, maxLength: 10 });

type Spec = { kind: string; wave: number; keep: boolean; stuck: boolean };

function manifestsOf(list: readonly Spec[], keep: boolean) {
  return list.map((s, i) => m({ kind: s.kind, name: `r${i}`, wave: s.wave, ...(keep && s.keep ? { syncOptions: 'Delete=false' } : {}) }));
}

describe('deletion properties', () => {
  test('no hooks, nothing kept: every object deleted exactly once, waves never go up, one wave per reconcile', () => {
    fc.assert(fc.property(specs, list => {
      const manifests = manifestsOf(list, false);
      const r = simulateDeletion(planOf(manifests), manifests);
      expect(r.outcome).toBe('Deleted');
      expect(r.leftInCluster).toEqual([]);
      const names = r.events.map(e => e.name);
      expect(names.slice().sort()).toEqual(list.map((_, i) => `r${i}`).sort());
      r.events.forEach((e, i) => {
        expect(e.action).toBe('delete');
        if (i === 0) return;
        const prev = r.events[i - 1];
        expect(e.wave).toBeLessThanOrEqual(prev.wave);
        expect(e.reconcile).toBe(prev.reconcile + (e.wave === prev.wave ? 0 : 1));
      });
      expect(r.reconciles).toBe(new Set(list.map(s => s.wave)).size);
    }));
  });

  test('Delete=false objects are exactly the ones left; every other object is deleted once', () => {
    fc.assert(fc.property(specs, list => {
      const manifests = manifestsOf(list, true);
      const r = simulateDeletion(planOf(manifests), manifests);
      expect(r.outcome).toBe('Deleted');
      const kept = list.map((s, i) => (s.keep ? `r${i}` : '')).filter(n => n !== '');
      expect(r.leftInCluster.map(k => k.name).sort()).toEqual(kept.sort());
      expect(r.events.map(e => e.name).sort()).toEqual(list.map((s, i) => (s.keep ? '' : `r${i}`)).filter(n => n !== '').sort());
    }));
  });

  test('an object that stays terminating: nothing of a lower wave is ever deleted, and the deletion waits', () => {
    fc.assert(fc.property(specs, list => {
      const manifests = manifestsOf(list, false);
      const health = new Map(list.flatMap((s, i) => (s.stuck ? [[`${s.kind}/r${i}`, 'Progressing' as const]] : [])));
      const r = simulateDeletion(planOf(manifests), manifests, { health });
      const stuckWaves = list.filter(s => s.stuck).map(s => s.wave);
      if (stuckWaves.length === 0) {
        expect(r.outcome).toBe('Deleted');
        return;
      }
      const firstStuck = Math.max(...stuckWaves);
      expect(r.outcome).toBe('Waiting');
      expect(r.finalizersLeft).toEqual(['resources-finalizer.argocd.argoproj.io']);
      for (const e of r.events) expect(e.wave).toBeGreaterThanOrEqual(firstStuck);
      expect(new Set(r.events.map(e => e.name)).size).toBe(r.events.length);
    }));
  });

  test('the replay is deterministic', () => {
    fc.assert(fc.property(specs, list => {
      const manifests = manifestsOf(list, true);
      const plan = planOf(manifests);
      expect(JSON.stringify(simulateDeletion(plan, manifests))).toBe(JSON.stringify(simulateDeletion(plan, manifests)));
    }));
  });
});

