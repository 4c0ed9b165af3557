/**
 * The plan as one JSON document (`syncplan plan --format json`). Keys are written in a fixed order
 * so the same plan always gives the same bytes.
 */
import { aloneInStep } from './plan-text';
import { formatSource } from '../argo/tasks';
import type { ExcludedObject, PlanError, SyncPlan, SyncTask } from '../argo/types';


function taskJson(task: SyncTask) {
  return {
    apiVersion: task.apiVersion,
    kind: task.kind,
    name: task.name,
    namespace: task.namespace,
    action: task.action,
    hook: task.hook,
    deletePolicies: [...task.deletePolicies],
    // Additions beyond the documented shape: where it came from and whether hoisting moved it.
    hoisted: task.hoisted,
    source: formatSource(task.manifest.source),
  };
}

function excludedJson(x: ExcludedObject) {
  return {
    apiVersion: x.apiVersion,
    kind: x.kind,
    name: x.name,
    namespace: x.namespace,
    reason: x.reason,
    source: formatSource(x.manifest.source),
  };
}

function errorJson(e: PlanError) {
  return { kind: e.kind, name: e.name, message: e.message, source: formatSource(e.source) };
}

/** The task of a step created before the dry run on the first sync, its step, and whether it is that step's only task. */
function createdBeforeDryRunJson(plan: SyncPlan, task: SyncTask) {
  return {
    task: taskJson(task),
    phase: task.phase,
    wave: task.wave,
    emptiesStep: aloneInStep(plan, task),
  };
}

/** The plain object behind the JSON output (for callers that embed it). */
export function planToJson(plan: SyncPlan) {
  return {
    steps: plan.steps.map((s) => ({ phase: s.phase, wave: s.wave, gate: s.gate, tasks: s.tasks.map(taskJson) })),
    syncFail: plan.syncFail.map(taskJson),
    excluded: plan.excluded.map(excludedJson),
    errors: plan.errors.map(errorJson),
    ...(plan.createNamespace ? { createNamespace: taskJson(plan.createNamespace) } : {}),
    ...(plan.createdBeforeDryRun ? { createdBeforeDryRun: createdBeforeDryRunJson(plan, plan.createdBeforeDryRun) } : {}),
  };
}

/** The JSON text, two-space indented, with a final newline. */
export function renderPlanJson(plan: SyncPlan): string {
  return JSON.stringify(planToJson(plan), null, 2) + '\n';
}
