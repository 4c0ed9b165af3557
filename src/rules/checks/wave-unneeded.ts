import { whyNotByKindOrder } from '../../argo/same-wave';
import type { SyncTask } from '../../argo/types';
import { declaredDependencies } from '../depends-on';
import { describeStep, isApplication } from '../gates';
import type { Hit, Rule } from '../types';
import { TaskIndex, usesOf } from '../uses';

/** Argo CD's default `ARGOCD_SYNC_WAVE_DELAY`, paid after every step but the last. */
const WAVE_DELAY_SECONDS = 2;

/**
 * Each extra wave pays the inter-wave delay (`controller/sync.go` `delayBetweenSyncWaves`), and each
 * one is another place the sync can stall. A wave is needed when something in it uses an object of an
 * earlier wave of the same phase that one wave could not order: one with a health check to wait
 * for, or one kind order would not apply first (`src/argo/same-wave.ts`, the rule the constructs
 * compute waves by). Anything else orders nothing a reader can see, or nothing kind order does not.
 * An ordering the author declared (`syncplan.cdk8s.io/depends-on`, written by the constructs for
 * every wave they open for one) is an ordering the manifests show: a wave that holds an object
 * declared to wait for something in the wave before it is needed.
 */
export const waveUnneeded: Rule = {
  id: 'wave-unneeded',
  defaultLevel: 'info',
  title: 'A wave the dependencies do not need (each costs the inter-wave delay)',
  check(ctx) {
    let index: TaskIndex | undefined;
    const hits: Hit[] = [];
    const steps = ctx.plan.steps;
    // A health script of the argocd-cm given (`lint --argocd-cm`) is a health check to wait for too.
    const scripts = ctx.options.argocdCm?.healthScripts;
    // The steps of each phase, by their index in the plan (`ctx.stepIndexOf`), in plan order.
    const byPhase = new Map<string, number[]>();
    steps.forEach((step, i) => {
      const indices = byPhase.get(step.phase) ?? [];
      indices.push(i);
      byPhase.set(step.phase, indices);
    });
    const hasHook = (i: number): boolean => steps[i].tasks.some(t => t.action === 'apply' && t.hook);
    for (const indices of byPhase.values()) {
      indices.forEach((i, k) => {
        const step = steps[i];
        const applies = step.tasks.filter(t => t.action === 'apply');
        // What a hook does (a migration, a smoke test) no reference shows: a wave holding one, or
        // the wave right after one, is left alone. A later wave merged into the one before it still
        // comes after the hook, so it is judged like any other.
        const byHook = applies.some(t => t.hook) || (k > 0 && hasHook(indices[k - 1]));
        // Child Applications after child Applications: app-of-apps ordering, which no reference in
        // the manifests shows (application-health-* judge whether the wave really waits).
        const appAfterApp = k > 0 && applies.some(isApplication) && steps[indices[k - 1]].tasks.some(t => t.action === 'apply' && isApplication(t));
        if (k > 0 && !byHook && applies.length > 0 && !appAfterApp) {
          index ??= new TaskIndex(ctx.tasks);
          const prevIndex = indices[k - 1];
          const prev = steps[prevIndex];
          // Asked of the plan's step index rather than of Sets of tasks: a Set of every task applied
          // so far and one of the wave before were ~1.5 MiB of garbage at 20,000 documents.
          const inPrev = (u: SyncTask): boolean => ctx.stepIndexOf(u) === prevIndex;
          /** Applied in an earlier step of this phase. */
          const before = (u: SyncTask): boolean => {
            const j = ctx.stepIndexOf(u);
            return u.action === 'apply' && j >= 0 && j < i && steps[j].phase === step.phase;
          };
          // What the step uses from earlier waves: from the wave before (each ordered by kind order
          // inside one wave, else the wave is needed) and from older ones (done before `prev` starts).
          const fromPrev: SyncTask[] = [];
          const older: SyncTask[] = [];
          let needed = false;
          const use = (u: SyncTask, t: SyncTask): void => {
            if (!inPrev(u)) older.push(u);
            else if (whyNotByKindOrder(u, t, undefined, scripts, ctx.options.argocdVersion) !== undefined) needed = true;
            else fromPrev.push(u);
          };
          for (const t of applies) {
            // Needed once one object is: the rest cannot make the wave unneeded again.
            needed ||= declaredDependencies(t, index).some(inPrev);
            if (needed) break;
            for (const u of usesOf(t, index)) {
              if (!before(u)) continue;
              use(u, t);
              // A Service is only as ready as the Pods it selects: what calls it waits on them too.
              if (u.group === '' && u.kind === 'Service') for (const p of usesOf(u, index)) if (before(p)) use(p, t);
            }
          }
          // Merging this step into the one before it changes nothing for what an older step holds:
          // every step but the last waits for all of it (gate `all`) before the next one starts.
          if (!needed) {
            const olderToo = older.length > 0 ? `, and what it uses from older waves is done before ${describeStep(prev)} starts` : '';
            const why = fromPrev.length === 0 && older.length === 0
              ? 'nothing in it uses anything from an earlier wave (no reference, selector, backend or binding points back)'
              : fromPrev.length === 0
                ? `what it uses from earlier waves (${named(older.map((u) => `${u.kind}/${u.name}`))}) is done before ${describeStep(prev)} starts`
                : `what it uses from earlier waves (${named(fromPrev.map((u) => `${u.kind}/${u.name}`))}) ${whyOneWave(fromPrev)}${olderToo}`;
            hits.push({
              manifest: applies[0].manifest,
              message: `opens ${describeStep(step)}, which waits for ${describeStep(prev)}, yet ${why}: the wave costs ${WAVE_DELAY_SECONDS} s of inter-wave delay and one more place to stall`,
              fix: `merge ${describeStep(step)} into ${describeStep(prev)}, unless an ordering the manifests do not show needs it (then suppress with the reason)`,
              path: ['metadata'],
            });
          }
        }
      });
    }
    return hits;
  },
};

/** Why one wave orders what is used, in the terms of what it is (`src/argo/same-wave.ts`). */
function whyOneWave(used: readonly SyncTask[]): string {
  const core = (kind: string) => used.some((u) => u.group === '' && u.kind === kind);
  if (core('PersistentVolumeClaim')) return 'is applied first by kind order inside one wave, where the Pods that mount a claim wait for it to be Bound';
  if (core('Service')) return 'is Healthy once applied (a Service that is not a LoadBalancer, or a kind with no health check) and kind order applies it first inside one wave';
  return 'has no health check and kind order applies it first inside one wave';
}

/** Up to three distinct names, then how many more. */
function named(names: readonly string[]): string {
  const distinct = [...new Set(names)];
  return distinct.slice(0, 3).join(', ') + (distinct.length > 3 ? ` and ${distinct.length - 3} more` : '');
}
