/**
 * Proof by reading back: the chart's rendered manifests are read with `src/argo` exactly as Argo CD
 * reads them, and every ordering edge must hold in the resulting plan (`src/argo/proof.ts`: an
 * earlier step that Argo CD waits on, or the same step, applied first by kind order with no health
 * check to wait for, or a claim whose Pods wait for it). Catches annotations set by hand (or by a
 * JSON patch) that contradict the intent. This file is the cdk8s-facing part: objects to manifests,
 * and messages that name construct paths.
 */
import { ApiObject } from 'cdk8s';
import { rawAnnotations } from './cdk8s-internals';
import type { PlannerResult } from './chart-plan';
import type { ObjectEdge } from './intent-graph';
import { ANNOTATION_HOOK, ANNOTATION_SYNC_WAVE, annotationOf, HELM_HOOK } from '../argo/annotations';
import { shapeProblem } from '../argo/object-validity';
import { buildPlan } from '../argo/plan';
import { Placement, placeName, placements, proveBefore } from '../argo/proof';
import { gapKey, KindRef, runsPods, whyNotByKindOrder } from '../argo/same-wave';
import { Manifest, SyncPlan } from '../argo/types';

/** The chart rendered and read back as Argo CD would. */
export interface ReadBack {
  readonly manifests: Manifest[];
  readonly objectOf: Map<Manifest, ApiObject>;
  readonly plan: SyncPlan;
  /**
   * Rendered objects `syncplan` would refuse to read (a JSON patch that removed `kind`, a name
   * that is not a string): the synth fails on them as `syncplan lint` on its YAML would.
   */
  readonly unreadable: string[];
}

/** The chart's objects as manifests, each sourced at its construct path (line 0), and their plan. */
export function readBack(objects: readonly ApiObject[], render: (o: ApiObject) => any): ReadBack {
  const manifests: Manifest[] = [];
  const objectOf = new Map<Manifest, ApiObject>();
  const unreadable: string[] = [];
  objects.forEach((o, index) => {
    const m: Manifest = { object: render(o), source: { file: o.node.path, line: 0, index } };
    manifests.push(m);
    objectOf.set(m, o);
    const shape = shapeProblem(m.object);
    if (!shape) return;
    const found = shape.problem === 'missing' ? 'is missing' : `is ${JSON.stringify(shape.value)}, ${shape.problem}`;
    unreadable.push(`${o.node.path}: the rendered ${o.kind} ${shape.path.join('.')} ${found}, so syncplan lint refuses the synthesized YAML and Argo CD cannot read it; `
      + 'fix the JSON patch (or the props) that writes it');
  });
  return { manifests, objectOf, plan: buildPlan(manifests), unreadable };
}

/** Where each object landed in the plan read back. */
export function placementsOf(read: Pick<ReadBack, 'plan' | 'objectOf'>): Map<ApiObject, Placement> {
  const out = new Map<ApiObject, Placement>();
  for (const [m, p] of placements(read.plan)) {
    const o = read.objectOf.get(m);
    if (o && !out.has(o)) out.set(o, p);
  }
  return out;
}

function describe(o: ApiObject, p: Placement | undefined): string {
  return `${o.node.path} (${o.kind} ${o.name}, ${placeName(p)})`;
}

/**
 * Check every edge of the planner's result against what Argo CD would do with the rendered YAML.
 *
 * An edge joins two groups of objects (two tiers of thousands), so it is proven per group, in time
 * linear in the objects: each side is split by (step, kind), inside which every object is placed
 * and judged alike (same step, same gate, same kind-order verdict); only the order inside the step
 * differs, so the latest `before` object of one split against the earliest `after` object of the
 * other decides for all their pairs. A broken split pair is reported with those two objects.
 */
export function proveOrder(result: PlannerResult, read: ReadBack): string[] {
  if (result.edges.length === 0) return [];
  const { objectOf, plan } = read;
  const placed = placementsOf(read);
  const rendered = new Map<ApiObject, Manifest>();
  for (const [m, o] of objectOf) rendered.set(o, m);
  const excludedWhy = new Map<ApiObject, string>();
  for (const x of plan.excluded) {
    const o = objectOf.get(x.manifest);
    if (o) excludedWhy.set(o, x.reason);
  }

  const errors: string[] = [];
  const seen = new Set<string>();
  // Decide each kind pair once per proof.
  const keys = new Map<KindRef, string>();
  const keyOf = (k: KindRef) => {
    let key = keys.get(k);
    // A Service's verdict depends on its type, so whether it waits is part of the key (gapKey's finer
    // key, that of an edge's first side, on both sides).
    if (key === undefined) keys.set(k, key = gapKey(k, 'before'));
    return key;
  };
  const verdicts = new Map<string, Map<string, string | undefined>>();
  const kindOrder = (a: KindRef, b: KindRef, podsAfter: boolean) => {
    const ka = keyOf(a);
    const kb = `${keyOf(b)}/${podsAfter}`;
    let row = verdicts.get(ka);
    if (!row) verdicts.set(ka, row = new Map());
    if (!row.has(kb)) row.set(kb, whyNotByKindOrder(a, b, podsAfter));
    return row.get(kb);
  };
  const report = (e: ObjectEdge, before: ApiObject, after: ApiObject, broken: string) => {
    const key = `${before.node.path}\u0000${after.node.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    const hand = [before, after]
      .flatMap((o) => [handSetNote(o, rendered.get(o), result), handSetHookNote(o, rendered.get(o), result)])
      .filter((x): x is string => x !== undefined);
    errors.push(`sync order broken (${e.why}): ${describe(after, placed.get(after))} must start after ${describe(before, placed.get(before))} is done, `
      + `but ${broken}${hand.length > 0 ? `; ${hand.join('; ')}` : ''}. Remove the annotation (or the patch) that moves it, or change the intent.`);
  };
  const notInSync = (o: ApiObject) => `${o.node.path} is not in the sync: ${excludedWhy.get(o) ?? 'Argo CD drops it'}`;

  for (const e of result.edges) {
    // SyncFail hooks run only after a failure; an edge into them holds by construction.
    const after = e.after.filter((x) => placed.get(x)?.step !== undefined || !placed.has(x));
    if (after.length === 0) continue;
    const firstPlaced = e.before.find((b) => placed.has(b));
    for (const b of e.before) if (!placed.has(b)) report(e, b, after[0], notInSync(b));
    if (firstPlaced) for (const x of after) if (!placed.has(x)) report(e, firstPlaced, x, notInSync(x));

    const latest = splits(e.before, placed, keyOf, (p, q) => p.position > q.position);
    const earliest = splits(after, placed, keyOf, (p, q) => p.position < q.position);
    // A claim's Pods wait for it only in their own step: a member placed in another (its wave set
    // by hand) does not hold the claim's order for the objects of this one.
    const podSteps = new Set(earliest.filter(([, p]) => runsPods(p.task)).map(([, p]) => p.index));
    for (const [b, pb] of latest) {
      for (const [x, px] of earliest) {
        const proof = proveBefore(pb, px, b.node.path, kindOrder, podSteps.has(px.index));
        if (!proof.holds) report(e, b, x, proof.why);
      }
    }
  }
  return errors;
}

/**
 * Where a Namespace Argo CD hoists lands before an object the intent puts it after (`hoistedAfter`):
 * a warning each, naming the Namespace, the object and the order, since that part of the intent is
 * dropped (the rest of the Namespace's tier keeps it, and the proof checks that).
 */
export function hoistedWarnings(result: PlannerResult, read: ReadBack): string[] {
  if (!result.hoistedAfter) return [];
  const placed = placementsOf(read);
  const warnings: string[] = [];
  for (const e of result.hoistedAfter) {
    const ns = e.after[0];
    const at = placed.get(ns);
    if (!at) continue;
    const broken = e.before.find((b) => {
      const pb = placed.get(b);
      return pb !== undefined && !proveBefore(pb, at, b.node.path).holds;
    });
    if (!broken) continue;
    warnings.push(`${describe(ns, at)} is applied before ${describe(broken, placed.get(broken))}, though ${e.why}: `
      + 'Argo CD creates a Namespace right before the first object that lives in it, whatever its wave, so only the rest of its tier keeps that order; '
      + 'take the Namespace out of the tier (or into a tier before) to say what Argo CD does');
  }
  return warnings;
}

/**
 * One object per (step, kind) of a side, the one `better` picks (latest or earliest in the step),
 * in first-seen order. Objects not in the sync are left out (reported on their own).
 */
function splits(objects: readonly ApiObject[], placed: ReadonlyMap<ApiObject, Placement>, keyOf: (k: KindRef) => string,
  better: (p: Placement, q: Placement) => boolean): Array<[ApiObject, Placement]> {
  const picked = new Map<string, [ApiObject, Placement]>();
  for (const o of objects) {
    const p = placed.get(o);
    if (!p) continue;
    const key = `${p.index}\u0000${keyOf(p.task)}`;
    const current = picked.get(key);
    if (!current || better(p, current[1])) picked.set(key, [o, p]);
  }
  return [...picked.values()];
}

/**
 * Explains a wave set by hand (kept as written, even where it equals the computed one: the tier's
 * wave no longer waits for it), or one a JSON patch made differ from the computed one.
 */
function handSetNote(o: ApiObject, m: Manifest | undefined, result: PlannerResult): string | undefined {
  if (!m) return undefined;
  const actual = annotationOf(m.object, ANNOTATION_SYNC_WAVE);
  const computed = result.waveOf.get(o);
  if (actual === computed && (actual === undefined || !setByHand(o, ANNOTATION_SYNC_WAVE, actual))) return undefined;
  const shown = actual === undefined ? 'no sync-wave' : `sync-wave "${actual}"`;
  return `${o.node.path} has ${shown} ${setBy(o, ANNOTATION_SYNC_WAVE, actual)} (computed: ${computed === undefined ? 'none' : `"${computed}"`})`;
}

/** `set by hand` when the construct holds the value as rendered, else it came from a JSON patch. */
function setBy(o: ApiObject, key: string, rendered: string | undefined): string {
  return setByHand(o, key, rendered) ? 'set by hand' : 'set by a JSON patch';
}

/** True when the construct holds the rendered value itself (the planner's own are Lazies, a patch's are not held). */
function setByHand(o: ApiObject, key: string, rendered: string | undefined): boolean {
  return rawAnnotations(o)[key] === rendered;
}

/**
 * Explains a hook annotation on a member of a tier or hook that its unit did not write (set by hand
 * or by a JSON patch): it moves the object out of its unit's phase, or out of the sync.
 */
function handSetHookNote(o: ApiObject, m: Manifest | undefined, result: PlannerResult): string | undefined {
  const unit = result.unitOf.get(o)?.unit;
  if (!m || !unit || unit.id === o.node.path) return undefined; // a lone object's phase is its own annotation
  for (const key of [ANNOTATION_HOOK, HELM_HOOK]) {
    const value = annotationOf(m.object, key);
    if (value === undefined || (key === ANNOTATION_HOOK && unit.phase !== 'Sync' && value === unit.phase)) continue;
    return `${o.node.path} has ${key} "${value}" ${setBy(o, key, value)} (${unit.label} is in the ${unit.phase} phase)`;
  }
  return undefined;
}
