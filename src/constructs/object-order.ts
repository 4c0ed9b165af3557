/**
 * One order between two groups of objects (a dependency between constructs, a chart after a chart)
 * drawn as unit edges: one per pair of units on the two sides, each with the objects it joins, or
 * through hubs for many lone objects after many (`hubs.ts`); inside one unit, refused where one
 * wave cannot honour it.
 */
import { ApiObject } from 'cdk8s';
import { IConstruct } from 'constructs';
import { HUB_POLICY, only } from './hubs';
import { IntentGraph, IntentSources, JoinedObjects } from './intent-graph';
import { ResolvedUnit, UnitTable } from './units';
import { runsPods } from '../argo/same-wave';
import { OrderingError } from '../plan';

/** How a dependency was written, for the edges and the refusal of one that one wave cannot honour. */
export interface Said {
  readonly why: string;
  /** What was depended on, the construct to move into a tier of its own. */
  readonly dependency: IConstruct;
  /** Made by a library (cdk8s-plus), not by the user: dropping it is no fix. */
  readonly implicit: boolean;
}

/**
 * `afterObjs` after `beforeObjs`, one edge per pair of units on the two sides, each with the objects it
 * joins. Inside one unit it holds only where one wave honours it by kind order; elsewhere it fails,
 * saying how to split.
 */
export function orderObjects(src: IntentSources, graph: IntentGraph, afterObjs: readonly ApiObject[], beforeObjs: readonly ApiObject[],
  said: Said): void {
  const befores = groupByUnit(beforeObjs, src.units);
  const afters = groupByUnit(afterObjs, src.units);
  const viaHubs = joinLoneThroughHubs(src, graph, befores, afters, said);
  // The pairs the hubs join need no edge of their own: not even a look, there are N² of them.
  const rest = viaHubs ? [...befores].filter(([ub]) => !viaHubs.has(ub)) : undefined;
  for (const [ua, xs] of afters) {
    for (const [ub, bs] of (rest && viaHubs!.has(ua) ? rest : befores)) {
      if (ua === ub) {
        const inner = withinUnit(bs, xs);
        if (!inner) continue;
        const decision = src.gaps.decide(inner.before, inner.after);
        if (decision.gap !== 0) {
          throw new OrderingError(`${said.why}, but both are in ${ua.unit.label} `
            + `and one wave cannot honour it (${decision.why}); split the tier: move ${said.dependency.node.path} into a tier of its own `
            + `and give ${ua.unit.label} \`after\` that tier${said.implicit ? '' : ', or drop the dependency'}`);
        }
        graph.edges.push({ before: inner.before, after: inner.after, why: said.why });
        graph.inner.push({ unit: ua, join: inner });
        continue;
      }
      graph.addUnitEdge(ub, ua, { before: bs, after: xs }, said.why);
      graph.edges.push({ before: bs, after: xs, why: said.why });
    }
  }
}

/**
 * The lone units of the two sides joined through hubs (`hubs.ts`), when the graph has hubs and the
 * pairs are many: returns the units so joined (their pairs need no edge of their own), else
 * undefined. Left pair by pair: tiers and hooks (their gap is judged on the whole group), SyncFail
 * hooks (nothing waits for them, and they wait for nothing in waves), and an object on both sides.
 * Proven as two group edges, split by whether the later objects run Pods (what a claim before them
 * waits on), as each pair would be.
 */
function joinLoneThroughHubs(src: IntentSources, graph: IntentGraph, befores: ReadonlyMap<ResolvedUnit, ApiObject[]>,
  afters: ReadonlyMap<ResolvedUnit, ApiObject[]>, said: Said): ReadonlySet<ResolvedUnit> | undefined {
  if (!graph.hubs) return undefined;
  const lone = (u: ResolvedUnit, other: ReadonlyMap<ResolvedUnit, ApiObject[]>) =>
    u.source === undefined && u.objects.length === 1 && u.unit.phase !== 'SyncFail' && !other.has(u);
  const before = [...befores.keys()].filter((u) => lone(u, afters));
  const after = [...afters.keys()].filter((u) => lone(u, befores));
  if (before.length === 0 || after.length === 0 || before.length * after.length < HUB_POLICY.minPairs) return undefined;
  graph.hubs.join(before, after);
  const bs = before.map(only);
  const pods: ApiObject[] = [];
  const others: ApiObject[] = [];
  for (const x of after.map(only)) (runsPods(src.gaps.refOf(x, false)) ? pods : others).push(x);
  if (pods.length > 0) graph.edges.push({ before: bs, after: pods, why: said.why });
  if (others.length > 0) graph.edges.push({ before: bs, after: others, why: said.why });
  return new Set([...before, ...after]);
}

/** Each side grouped by unit (lone objects become units of their own), in first-seen order. */
function groupByUnit(objs: readonly ApiObject[], units: UnitTable): Map<ResolvedUnit, ApiObject[]> {
  const out = new Map<ResolvedUnit, ApiObject[]>();
  for (const o of objs) {
    const u = units.standalone(o, true);
    const list = out.get(u);
    if (list) list.push(o);
    else out.set(u, [o]);
  }
  return out;
}

/** The two sides of a dependency inside one unit, without the objects on both (a construct and its child). */
function withinUnit(bs: readonly ApiObject[], xs: readonly ApiObject[]): JoinedObjects | undefined {
  const inBefore = new Set(bs);
  const after = xs.filter((x) => !inBefore.has(x));
  const inAfter = new Set(after);
  const before = bs.filter((b) => !inAfter.has(b));
  return before.length > 0 && after.length > 0 ? { before, after } : undefined;
}
