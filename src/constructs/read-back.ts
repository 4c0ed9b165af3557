/**
 * Proof by reading back: the chart's rendered manifests are read with `src/argo` exactly as Argo CD
 * reads them, and every ordering edge must hold in the resulting plan: the `before` object sits in
 * an earlier step that Argo CD waits on, or in the same step, applied first by kind order with no
 * health check to wait for (`src/argo/same-wave.ts`). Catches annotations set by hand (or by a JSON
 * patch) that contradict the intent.
 */
import { ApiObject, Chart } from 'cdk8s';
import type { PlannerResult, SyncPlanner } from './planner';
import { ANNOTATION_SYNC_WAVE, annotationOf } from '../argo/annotations';
import { buildPlan } from '../argo/plan';
import { KindRef, whyNotByKindOrder } from '../argo/same-wave';
import { Manifest, SyncPlan, SyncStep, SyncTask } from '../argo/types';

/** The chart's objects as manifests, each sourced at its construct path (line 0). */
export function renderChart(chart: Chart, planner: SyncPlanner): { manifests: Manifest[]; objectOf: Map<Manifest, ApiObject> } {
  const objects = planner.objectsUnder(chart);
  const manifests: Manifest[] = [];
  const objectOf = new Map<Manifest, ApiObject>();
  objects.forEach((o, index) => {
    const m: Manifest = { object: o.toJson(), source: { file: o.node.path, line: 0, index } };
    manifests.push(m);
    objectOf.set(m, o);
  });
  return { manifests, objectOf };
}

/** Where each object landed in a plan: step index (SyncFail = +Infinity), the task and its place in the step. */
export interface Placement {
  readonly step?: SyncStep;
  readonly index: number;
  readonly task: SyncTask;
  /** Position of the task in its step's apply order (0 for SyncFail). */
  readonly position: number;
}

export function placements(plan: SyncPlan, objectOf: ReadonlyMap<Manifest, ApiObject>): Map<ApiObject, Placement> {
  const out = new Map<ApiObject, Placement>();
  plan.steps.forEach((step, index) => {
    step.tasks.forEach((task, position) => {
      const o = objectOf.get(task.manifest);
      if (o && !out.has(o)) out.set(o, { step, index, task, position });
    });
  });
  for (const task of plan.syncFail) {
    const o = objectOf.get(task.manifest);
    if (o && !out.has(o)) out.set(o, { index: Number.POSITIVE_INFINITY, task, position: 0 });
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

export function proveBefore(first: Placement, second: Placement, firstName: string, kindOrder = whyNotByKindOrder): OrderProof {
  if (first.index < second.index) {
    if (awaited(first)) return { holds: true, how: 'an earlier step, which Argo CD waits on' };
    return { holds: false, why: `Argo CD does not wait for ${firstName} to be Healthy before moving on` };
  }
  if (first.index > second.index) return { holds: false, why: 'Argo CD applies the later one first' };
  const notByKind = kindOrder(first.task, second.task);
  if (notByKind === undefined && first.position < second.position) {
    return {
      holds: true,
      how: `the same step: Argo CD applies ${first.task.kind} before ${second.task.kind} by kind order, and ${first.task.kind} has no health check to wait for`,
    };
  }
  const sameStep = notByKind ?? 'not applied first by kind order';
  return { holds: false, why: `both are applied in the same step, together (${sameStep})`, sameStep };
}

function describe(o: ApiObject, p: Placement | undefined): string {
  const where = p ? (p.step ? `${p.step.phase} wave ${p.step.wave}` : 'SyncFail') : 'not in the sync';
  return `${o.node.path} (${o.kind} ${o.name}, ${where})`;
}

/** The chart rendered and read back as Argo CD would. */
export interface ReadBack {
  readonly manifests: Manifest[];
  readonly objectOf: Map<Manifest, ApiObject>;
  readonly plan: SyncPlan;
}

export function readBack(chart: Chart, planner: SyncPlanner): ReadBack {
  const { manifests, objectOf } = renderChart(chart, planner);
  return { manifests, objectOf, plan: buildPlan(manifests) };
}

/** Check every edge of the planner's result against what Argo CD would do with the rendered YAML. */
export function proveOrder(result: PlannerResult, read: ReadBack): string[] {
  if (result.edges.length === 0) return [];
  const { objectOf, plan } = read;
  const placed = placements(plan, objectOf);
  const rendered = new Map<ApiObject, Manifest>();
  for (const [m, o] of objectOf) rendered.set(o, m);
  const excludedWhy = new Map<ApiObject, string>();
  for (const x of plan.excluded) {
    const o = objectOf.get(x.manifest);
    if (o) excludedWhy.set(o, x.reason);
  }

  const errors: string[] = [];
  const seen = new Set<string>();
  // Tiers can share a step with thousands of edges between a few kinds: decide each kind pair once.
  const keys = new Map<KindRef, string>();
  const keyOf = (k: KindRef) => {
    let key = keys.get(k);
    if (key === undefined) keys.set(k, key = `${k.group}/${k.kind}/${k.hook}`);
    return key;
  };
  const verdicts = new Map<string, Map<string, string | undefined>>();
  const kindOrder = (a: KindRef, b: KindRef) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    let row = verdicts.get(ka);
    if (!row) verdicts.set(ka, row = new Map());
    if (!row.has(kb)) row.set(kb, whyNotByKindOrder(a, b));
    return row.get(kb);
  };
  for (const e of result.edges) {
    const pb = placed.get(e.before);
    const pa = placed.get(e.after);
    // SyncFail hooks run only after a failure; an edge into them holds by construction.
    if (pa && !pa.step) continue;
    let broken: string | undefined;
    if (!pb || !pa) {
      const missing = !pb ? e.before : e.after;
      broken = `${missing.node.path} is not in the sync: ${excludedWhy.get(missing) ?? 'Argo CD drops it'}`;
    } else {
      const proof = proveBefore(pb, pa, e.before.node.path, kindOrder);
      if (!proof.holds) broken = proof.why;
    }
    if (!broken) continue;
    const key = `${e.before.node.path}\u0000${e.after.node.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const hand = [e.before, e.after]
      .map((o) => handSetNote(o, rendered.get(o), result))
      .filter((x): x is string => x !== undefined);
    errors.push(`sync order broken (${e.why}): ${describe(e.after, pa)} must start after ${describe(e.before, pb)} is done, `
      + `but ${broken}${hand.length > 0 ? `; ${hand.join('; ')}` : ''}. Remove the hand-set annotation or change the intent.`);
  }
  return errors;
}

/** Explains a wave that differs from the computed one (set by hand or by a JSON patch). */
function handSetNote(o: ApiObject, m: Manifest | undefined, result: PlannerResult): string | undefined {
  if (!m) return undefined;
  const actual = annotationOf(m.object, ANNOTATION_SYNC_WAVE);
  const computed = result.waveOf.get(o);
  if (actual === computed) return undefined;
  const shown = actual === undefined ? 'no sync-wave' : `sync-wave "${actual}"`;
  return `${o.node.path} has ${shown} set by hand (computed: ${computed === undefined ? 'none' : `"${computed}"`})`;
}
