/**
 * Hubs: lone objects of a whole-chart order joined class by class, not pair by pair.
 *
 * Why: cdk8s orders every object of one chart after every object of another (two charts of one
 * ArgoApplication joined by a dependency between their constructs, a chart after the charts nested
 * in it), and a lone object is a unit of its own, so N objects after N objects made N² unit edges,
 * each decided, layered and proven (two charts of 500 ConfigMaps: 250,000 edges, ~1 s of a 2.2 s
 * synth, measured). The gap of a pair of lone objects depends only on a key of each (`gapKey` in
 * `src/argo/same-wave.ts`), so the objects before join a hub per (phase, key), those after leave one
 * per (phase, key), and each pair of hubs gets the gap of a pair of their objects: the longest path
 * through the hubs is the wave each pair's own edge gave, in edges linear in the objects.
 *
 * The plan is the same: waves, and depends-on from the best decider of each hub
 * (`wave-assignment.ts`). On any error (a cycle, a phase or pin contradiction, a broken proof) the
 * chart is planned again pair by pair, so messages name units as that path words them
 * (`chart-plan.ts`). `test/constructs/hubs.property.test.ts` compares both paths on random charts.
 */
import { ApiObject } from 'cdk8s';
import { GapJudge } from './gaps';
import { ResolvedUnit } from './units';
import { OrderEdge, OrderingError, OrderUnit, PHASE_RANK } from '../plan';

/**
 * Below this many pairs of lone objects, an order is drawn pair by pair: the plan is the same
 * either way, and a small chart's unit edges stay the ones it states. Tests set it to 0 to run
 * every order through hubs.
 */
export const HUB_POLICY = { minPairs: 64 };

/** A node of the layering that lone units of one phase and one gap key pass through; it holds no objects. */
export interface Hub {
  /** Never anchors the wave numbering (`infra`), never written. */
  readonly unit: OrderUnit;
  /** The lone units joined, each holding one object. */
  readonly members: readonly ResolvedUnit[];
}

/** Every member of `before` comes before every member of `after`, with the gap of one pair of their objects. */
export interface HubLink {
  readonly before: Hub;
  readonly after: Hub;
  readonly gap: 0 | 1;
}

export class Hubs {
  public readonly hubs: Hub[] = [];
  public readonly links: HubLink[] = [];
  /** Member → hub before, hub before → hub after (the link's gap), hub after → member. */
  public readonly edges: OrderEdge[] = [];

  constructor(private readonly gaps: GapJudge) {}

  /**
   * Orders every lone unit of `after` after every one of `before` (each unit holding one object).
   * Only classes of one phase are linked: across phases the order holds by phase (nothing to
   * layer, and a hub there would start its phase at wave 0), or can never hold, which fails here
   * and is worded pair by pair (`chart-plan.ts`).
   */
  public join(before: readonly ResolvedUnit[], after: readonly ResolvedUnit[]): void {
    const from = this.classes(before, 'before');
    const to = this.classes(after, 'after');
    const hubOf = new Map<readonly ResolvedUnit[], Hub>();
    const hub = (members: readonly ResolvedUnit[], side: 'before' | 'after') => {
      let h = hubOf.get(members);
      if (!h) hubOf.set(members, h = this.hub(members, side));
      return h;
    };
    for (const bs of from) {
      for (const as of to) {
        const [pb, pa] = [bs[0].unit.phase, as[0].unit.phase];
        if (pb !== pa) {
          if (PHASE_RANK[pb] > PHASE_RANK[pa]) throw new OrderingError(`${pa} objects are ordered after ${pb} objects`);
          continue;
        }
        const { gap } = this.gaps.decide([only(bs[0])], [only(as[0])]);
        const link: HubLink = { before: hub(bs, 'before'), after: hub(as, 'after'), gap };
        this.links.push(link);
        this.edges.push({ before: link.before.unit.id, after: link.after.unit.id, gap });
      }
    }
  }

  /** The units of each phase and gap key, in first-seen order. */
  private classes(units: readonly ResolvedUnit[], side: 'before' | 'after'): ResolvedUnit[][] {
    const byKey = new Map<string, ResolvedUnit[]>();
    for (const u of units) {
      const key = `${u.unit.phase}\u0000${this.gaps.keyOf(only(u), side)}`;
      const list = byKey.get(key);
      if (list) list.push(u);
      else byKey.set(key, [u]);
    }
    return [...byKey.values()];
  }

  /** A hub for one class, joined to its members. */
  private hub(members: readonly ResolvedUnit[], side: 'before' | 'after'): Hub {
    const n = this.hubs.length;
    // Not a construct path (those never hold NUL), so it names no unit.
    const hub: Hub = { unit: { id: `\u0000hub ${n}`, label: `hub ${n} (${members.length} objects ${side})`, phase: members[0].unit.phase, infra: true }, members };
    this.hubs.push(hub);
    for (const m of members) this.edges.push(side === 'before' ? { before: m.unit.id, after: hub.unit.id, gap: 0 } : { before: hub.unit.id, after: m.unit.id, gap: 0 });
    return hub;
  }
}

/** The one object of a lone unit. */
export function only(u: ResolvedUnit): ApiObject {
  return u.objects[0];
}
