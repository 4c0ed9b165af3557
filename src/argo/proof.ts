/**
 * Whether one object is done before another starts, judged on a plan built from manifests (the
 * synth-time proof, `SyncOrder` and any caller with manifests): an earlier step that Argo CD waits
 * on, or the same step, applied first by kind order with nothing to wait for (`same-wave.ts`).
 * Pure: manifests and tasks in, verdicts out.
 */
import { howByKindOrder, independentInStep, KindRef, runsPods, whyNotByKindOrder } from './same-wave';
import { Manifest, SyncPlan, SyncStep, SyncTask } from './types';

/** Where a manifest landed in a plan: step index (SyncFail = +Infinity), the task and its place in the step. */
export interface Placement {
  readonly step?: SyncStep;
  readonly index: number;
  readonly task: SyncTask;
  /** Position of the task in its step's apply order (0 for SyncFail). */
  readonly position: number;
}

/** The first placement of each manifest of the plan (steps, then SyncFail hooks). */
export function placements(plan: SyncPlan): Map<Manifest, Placement> {
  const out = new Map<Manifest, Placement>();
  plan.steps.forEach((step, index) => {
    step.tasks.forEach((task, position) => {
      if (!out.has(task.manifest)) out.set(task.manifest, { step, index, task, position });
    });
  });
  for (const task of plan.syncFail) {
    if (!out.has(task.manifest)) out.set(task.manifest, { index: Number.POSITIVE_INFINITY, task, position: 0 });
  }
  return out;
}

/** Is `p` finished (Healthy, or a completed hook) before anything in a later step starts? */
export function awaited(p: Placement): boolean {
  if (!p.step) return false;
  return p.step.gate === 'all' || (p.step.gate === 'hooks' && p.task.hook);
}

/** How the object placed at `first` is done before the one at `second` starts, or why it is not. */
export type OrderProof =
  | { readonly holds: true; readonly how: string }
  /** `sameStep`: why one step is not enough, when both are in it. */
  | { readonly holds: false; readonly why: string; readonly sameStep?: string };

/** A kind-order verdict, `whyNotByKindOrder` or a memo of it. */
export type KindOrderVerdict = (a: KindRef, b: KindRef, podsAfter: boolean) => string | undefined;

/**
 * `podsAfter`: the group `second` belongs to runs Pods (what a claim before it waits on, see
 * `whyNotByKindOrder`); by default, whether `second` itself does.
 */
export function proveBefore(first: Placement, second: Placement, firstName: string,
  kindOrder: KindOrderVerdict = whyNotByKindOrder, podsAfter = runsPods(second.task)): OrderProof {
  if (first.index < second.index) {
    if (awaited(first)) return { holds: true, how: 'an earlier step, which Argo CD waits on' };
    return { holds: false, why: `Argo CD does not wait for ${firstName} to be Healthy before moving on` };
  }
  if (first.index > second.index) return { holds: false, why: 'Argo CD applies the later one first' };
  const notByKind = kindOrder(first.task, second.task, podsAfter);
  if (notByKind === undefined && (first.position < second.position || independentInStep(first.task, second.task, podsAfter))) {
    return { holds: true, how: `the same step: ${howByKindOrder(first.task, second.task, podsAfter)}` };
  }
  const sameStep = notByKind ?? 'not applied first by kind order';
  return { holds: false, why: `both are applied in the same step, together (${sameStep})`, sameStep };
}

/** `Sync wave 2`, `PreSync wave 0` or `SyncFail`, for messages. */
export function placeName(p: Placement | undefined): string {
  return p ? (p.step ? `${p.step.phase} wave ${p.step.wave}` : 'SyncFail') : 'not in the sync';
}
