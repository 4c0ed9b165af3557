/**
 * The plan as text (`syncplan plan`): one block per step, each resource on its own line in apply
 * order, then what Argo CD waits for before the next step. No column padding, so adding a
 * resource changes one line of a diff, not the whole table.
 */
import type { HealthScript } from '../argo/argocd-cm';
import { waitsOnHealth } from '../argo/same-wave';
import { WITHOUT_LIVE_NOTE } from '../argo/simulate/apply-out-of-sync-only';
import { formatSource } from '../argo/tasks';
import type { ExcludedObject, PlanError, SyncPlan, SyncStep, SyncTask } from '../argo/types';

/** How many resources a "waits for" line names before it says "and N more" (as Argo CD does). */
const MAX_NAMED = 5;

/** `Kind/name`, with ` -n namespace` when the object has one. */
export function taskLabel(task: { readonly kind: string; readonly name: string; readonly namespace: string }): string {
  return `${task.kind}/${task.name}${task.namespace ? ` -n ${task.namespace}` : ''}`;
}

/**
 * `Kind/name` of each task, with ` -n namespace` where another of them has the same kind and name
 * (one step's hooks in two namespaces), so a list of what a step waits for names each object once.
 */
export function distinctLabels(tasks: ReadonlyArray<{ readonly kind: string; readonly name: string; readonly namespace: string }>): string[] {
  const count = new Map<string, number>();
  for (const t of tasks) count.set(`${t.kind}/${t.name}`, (count.get(`${t.kind}/${t.name}`) ?? 0) + 1);
  return tasks.map((t) => ((count.get(`${t.kind}/${t.name}`) ?? 0) > 1 ? taskLabel(t) : `${t.kind}/${t.name}`));
}

function taskLine(task: SyncTask): string {
  const marks: string[] = [];
  if (task.action === 'prune') marks.push(PRUNE_MARK[task.pruneOption ?? '']);
  if (task.hook) marks.push(`hook, delete: ${task.deletePolicies.join(', ')}`);
  if (task.hoisted) marks.push(`hoisted from ${task.annotatedPhase} wave ${task.annotatedWave}`);
  return `  ${taskLabel(task)}${marks.length ? `  [${marks.join('; ')}]` : ''}`;
}

const PRUNE_MARK: Readonly<Record<string, string>> = {
  '': 'prune',
  'false': 'prune skipped: Prune=false',
  'confirm': 'prune awaits confirmation: Prune=confirm',
};

/**
 * What a finished task looks like, or undefined when it is done as soon as it is applied (no health
 * check: built in to the Argo CD `version` modelled, or among the argocd-cm's health `scripts` when given).
 */
function doneWhen(task: SyncTask, scripts: readonly HealthScript[] | undefined, version: string | undefined): string | undefined {
  // A skipped prune is done at once ("ignored (no prune)"); one to confirm waits for the approval first.
  if (task.action === 'prune') return task.pruneOption === 'false' ? undefined : task.pruneOption === 'confirm' ? 'approved and deleted' : 'deleted';
  if (!waitsOnHealth(task, scripts, version)) return undefined;
  return task.hook ? 'complete' : 'Healthy';
}

function named(tasks: readonly SyncTask[], scripts: readonly HealthScript[] | undefined, version: string | undefined): string {
  const awaited = tasks.flatMap((t) => {
    const done = doneWhen(t, scripts, version);
    return done ? [{ t, done }] : [];
  });
  const labels = distinctLabels(awaited.map((a) => a.t));
  const waits = awaited.map((a, i) => `${labels[i]} ${a.done}`);
  const more = waits.length > MAX_NAMED ? ` and ${waits.length - MAX_NAMED} more` : '';
  return waits.slice(0, MAX_NAMED).join(', ') + more;
}

/**
 * The line that says why (or whether) the next step has to wait for this one. `scripts`: the
 * argocd-cm's health scripts (`--argocd-cm`), each a health check; undefined: built-in checks only.
 * `version`: the Argo CD version modelled (`--argocd-version`), whose built-in checks count; undefined: the latest.
 */
export function waitLine(step: SyncStep, isLast: boolean, stepCount: number, scripts?: readonly HealthScript[], version?: string): string {
  switch (step.gate) {
    case 'none':
      return stepCount === 1 ? 'no health wait: single-step sync, done once applied' : 'no health wait: last step, done once applied';
    case 'hooks': {
      const hooks = named(step.tasks.filter((t) => t.hook), scripts, version);
      return hooks ? `waits for hooks only: ${hooks}` : 'no health wait: hooks only, and none has a health check';
    }
    default: {
      const all = named(step.tasks, scripts, version);
      const tail = isLast ? '' : ', then the wave delay';
      return all ? `waits for: ${all}${tail}` : `waits for: nothing, no resource here has a health check${tail}`;
    }
  }
}

function stepBlock(step: SyncStep, i: number, steps: readonly SyncStep[], scripts: readonly HealthScript[] | undefined,
  version: string | undefined): string[] {
  return [
    `${step.phase} wave ${step.wave}`,
    ...step.tasks.map(taskLine),
    `  -> ${waitLine(step, i === steps.length - 1, steps.length, scripts, version)}`,
  ];
}

/** The CreateNamespace=true task: first call only, so no step and no gate of its own. */
function createNamespaceBlock(task: SyncTask): string[] {
  return [
    'Before the steps (first call only: CreateNamespace=true and the namespace is missing)',
    `  ${taskLabel(task)}`,
    '  -> created before the dry run (Argo CD 3.1+; in its place as PreSync wave 0 before 3.1), then gone from the task list',
  ];
}

/**
 * The destination Namespace of the steps that Argo CD 3.1+ creates before the dry run while it is
 * missing (`SyncPlan.createdBeforeDryRun`): the first sync's step has nothing of it left to do.
 */
function createdBeforeDryRunBlock(plan: SyncPlan, task: SyncTask): string[] {
  const where = `${task.phase} wave ${task.wave}`;
  const alone = aloneInStep(plan, task);
  const then = alone
    ? `its step, ${where}, holds nothing else, so the first sync has no such step (no health wait, no wave delay)`
    : `${where} then applies the rest of its step without it`;
  return [
    'Before the steps (first sync only: the destination namespace is missing, Argo CD 3.1+)',
    taskLine(task),
    `  -> created before the dry run, ahead of every step; ${then}; later syncs apply it in ${where}`,
  ];
}

/** The step that holds `task`, if any (a SyncFail hook is in none). */
function stepOf(plan: Pick<SyncPlan, 'steps'>, task: SyncTask): SyncStep | undefined {
  return plan.steps.find((s) => s.tasks.includes(task));
}

/** True when `task` is the only task of its step (created before the dry run, it leaves that step empty). */
export function aloneInStep(plan: Pick<SyncPlan, 'steps'>, task: SyncTask): boolean {
  return stepOf(plan, task)?.tasks.length === 1;
}

function excludedLine(x: ExcludedObject): string {
  return `  ${taskLabel(x)}: ${x.reason} (${formatSource(x.manifest.source)})`;
}

function errorLine(e: PlanError): string {
  return `  ${formatSource(e.source)}: ${e.kind}/${e.name}: ${e.message}`;
}

function summary(plan: SyncPlan): string {
  const tasks = plan.steps.reduce((n, s) => n + s.tasks.length, 0);
  const hooks = plan.steps.reduce((n, s) => n + s.tasks.filter((t) => t.hook).length, 0);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  return `Sync plan: ${count(plan.steps.length, 'step')}, ${count(tasks, 'task')} (${count(hooks, 'hook')}), `
    + `${count(plan.syncFail.length, 'SyncFail hook')}, ${plan.excluded.length} excluded, ${count(plan.errors.length, 'error')}`;
}

/**
 * The sections of the text plan, in order. Other reports (findings, time estimate) append their own
 * sections to this list before it is joined. `scripts` and `version`: as `waitLine`'s.
 */
export function planTextSections(plan: SyncPlan, scripts?: readonly HealthScript[], version?: string): string[][] {
  const sections: string[][] = [[summary(plan)]];
  if (plan.createNamespace) sections.push(createNamespaceBlock(plan.createNamespace));
  if (plan.createdBeforeDryRun) sections.push(createdBeforeDryRunBlock(plan, plan.createdBeforeDryRun));
  if (plan.steps.length === 0) sections.push(['Nothing to sync.']);
  plan.steps.forEach((step, i) => sections.push(stepBlock(step, i, plan.steps, scripts, version)));
  if (plan.syncFail.length > 0) {
    sections.push(['SyncFail (only if the sync fails; all at once, waves ignored)', ...plan.syncFail.map(taskLine)]);
  }
  if (plan.excluded.length > 0) sections.push(['Excluded (not part of the sync)', ...plan.excluded.map(excludedLine)]);
  if (plan.errors.length > 0) sections.push(['Errors (Argo CD would fail the sync)', ...plan.errors.map(errorLine)]);
  return sections;
}

/**
 * What an `ApplyOutOfSyncOnly=true` sync starting now leaves out (`in-sync-at-start.ts`): per step, its
 * resources in sync with the live objects; a step of nothing else is no step on that sync (hooks and
 * prunes always run, so a step holding one stays). `live`: whether live objects were given at all.
 */
export function inSyncTextSection(plan: SyncPlan, inSync: ReadonlySet<SyncTask>, live: boolean): string[] {
  if (!live) return [WITHOUT_LIVE_NOTE];
  const lines = [`In sync with --live, so not applied (ApplyOutOfSyncOnly=true): ${inSync.size === 0 ? 'none' : `${inSync.size} resource${inSync.size === 1 ? '' : 's'}`}`];
  for (const step of plan.steps) {
    const held = step.tasks.filter((t) => inSync.has(t));
    if (held.length === 0) continue;
    const whole = held.length === step.tasks.length ? ': the whole step, so no step on this sync (no health wait, no wave delay)' : '';
    lines.push(`  ${step.phase} wave ${step.wave}: ${held.map(taskLabel).join(', ')}${whole}`);
  }
  return lines;
}

/** Joins sections with a blank line between them and a final newline. */
export function joinSections(sections: readonly (readonly string[])[]): string {
  return sections.map((s) => s.join('\n')).join('\n\n') + '\n';
}

/** The text plan. */
export function renderPlanText(plan: SyncPlan): string {
  return joinSections(planTextSections(plan));
}
