/**
 * Which tasks a later step waits for (docs/argo-cd-model.md#steps, docs/argo-cd-model.md#gates): a step gates
 * the next only in a multi-step sync, and never the last step unless it holds hooks.
 */
import type { RuleContext } from './types';
import type { SyncStep, SyncTask } from '../argo/types';

/** The step after the task's, when that step waits for the task's health. */
export function nextStepWaitingOn(ctx: RuleContext, task: SyncTask): SyncStep | undefined {
  const i = ctx.stepIndexOf(task);
  if (i < 0 || i >= ctx.plan.steps.length - 1) return undefined;
  return ctx.plan.steps[i].gate === 'all' ? ctx.plan.steps[i + 1] : undefined;
}

export function describeStep(step: Pick<SyncStep, 'phase' | 'wave'>): string {
  return `${step.phase} wave ${step.wave}`;
}

/** A child Application (kind argoproj.io/Application). */
export function isApplication(task: Pick<SyncTask, 'group' | 'kind'>): boolean {
  return task.group === 'argoproj.io' && task.kind === 'Application';
}

/** Apply tasks of child Applications that a later step waits for, with that step. */
export function gatingApplications(ctx: RuleContext): Array<{ readonly task: SyncTask; readonly next: SyncStep }> {
  const out: Array<{ task: SyncTask; next: SyncStep }> = [];
  for (const task of ctx.tasksOfKind('Application')) {
    if (task.hook || task.action !== 'apply' || !isApplication(task)) continue;
    const next = nextStepWaitingOn(ctx, task);
    if (next) out.push({ task, next });
  }
  return out;
}

/**
 * The child Applications the parent's waves order: every Application apply task (hooks aside) when
 * Applications are applied in two or more steps, each with its step; none when they share one.
 */
export function orderedChildren(ctx: RuleContext): Array<{ readonly task: SyncTask; readonly step: SyncStep }> {
  const steps = ctx.plan.steps.filter(s => s.tasks.some(t => t.action === 'apply' && isApplication(t)));
  if (steps.length < 2) return [];
  return steps.flatMap(step => step.tasks.filter(t => t.action === 'apply' && !t.hook && isApplication(t)).map(task => ({ task, step })));
}
