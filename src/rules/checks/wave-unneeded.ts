import type { SyncStep, SyncTask } from '../../argo/types';
import { describeStep } from '../gates';
import type { Hit, Rule } from '../types';
import { TaskIndex, usesOf } from '../uses';

/** Argo CD's default `ARGOCD_SYNC_WAVE_DELAY`, paid after every step but the last. */
const WAVE_DELAY_SECONDS = 2;

/**
 * Article: "I over-used waves early on … each extra wave pays the inter-wave delay, and each one is
 * another place the sync can stall." A wave none of whose resources uses anything from the waves
 * before it (in the same phase) orders nothing a reader can see.
 */
export const waveUnneeded: Rule = {
  id: 'wave-unneeded',
  defaultLevel: 'info',
  title: 'A wave that uses nothing from the waves before it',
  check(ctx) {
    let index: TaskIndex | undefined;
    const hits: Hit[] = [];
    const byPhase = new Map<string, SyncStep[]>();
    for (const step of ctx.plan.steps) {
      const steps = byPhase.get(step.phase) ?? [];
      steps.push(step);
      byPhase.set(step.phase, steps);
    }
    for (const steps of byPhase.values()) {
      const before = new Set<SyncTask>();
      let hooksBefore = false;
      steps.forEach((step, k) => {
        const applies = step.tasks.filter(t => t.action === 'apply');
        const hooks = applies.some(t => t.hook);
        if (k > 0 && !hooks && !hooksBefore && applies.length > 0) {
          index ??= new TaskIndex(ctx.tasks);
          const needs = applies.some(t => usesOf(t, index!).some(u => before.has(u)));
          if (!needs) {
            const prev = steps[k - 1];
            hits.push({
              manifest: applies[0].manifest,
              message: `opens ${describeStep(step)}, which waits for ${describeStep(prev)}, yet nothing in it uses anything from an earlier wave (no reference, selector, backend or binding points back): the wave costs ${WAVE_DELAY_SECONDS} s of inter-wave delay and one more place to stall`,
              fix: `merge ${describeStep(step)} into ${describeStep(prev)}, unless an ordering the manifests do not show needs it (then suppress with the reason)`,
              path: ['metadata'],
            });
          }
        }
        applies.forEach(t => before.add(t));
        hooksBefore ||= hooks;
      });
    }
    return hits;
  },
};
