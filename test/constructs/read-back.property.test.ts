/**
 * The proof works per (step, kind) split of each edge's two sides; it must judge exactly as checking
 * every object pair one by one would (`proveBefore`, the definition), on random tiers with random
 * hand-set waves and hooks, and name only pairs that really break.
 */
import { ApiObject, Chart } from 'cdk8s';
import * as fc from 'fast-check';
import { newChart } from './helpers';
import { Tier } from '../../src';
import { proveBefore } from '../../src/argo/proof';
import { SyncPlanner } from '../../src/constructs/planner';
import { placementsOf, proveOrder, readBack } from '../../src/constructs/read-back';

const KINDS: Array<[string, string]> = [['v1', 'ConfigMap'], ['v1', 'Secret'], ['apps/v1', 'Deployment'], ['v1', 'Service'], ['batch/v1', 'Job']];
const object = fc.record({
  kind: fc.integer({ min: 0, max: KINDS.length - 1 }),
  wave: fc.constantFrom(undefined, undefined, undefined, '-1', '0', '1', '2', 'x'),
  hook: fc.constantFrom(undefined, undefined, undefined, undefined, 'PreSync', 'PostSync', 'SyncFail', 'Skip'),
});
const chartShape = fc.record({
  tiers: fc.array(fc.array(object, { minLength: 0, maxLength: 5 }), { minLength: 2, maxLength: 4 }),
  after: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 5 }),
  separate: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
});

type Shape = typeof chartShape extends fc.Arbitrary<infer T> ? T : never;

function build(shape: Shape): Chart {
  const chart = newChart();
  const tiers = shape.tiers.map((objs, t) => {
    const tier = new Tier(chart, `t${t}`, { separateWave: shape.separate[t] });
    objs.forEach((o, i) => {
      const [apiVersion, kind] = KINDS[o.kind];
      const annotations: Record<string, string> = {};
      if (o.wave !== undefined) annotations['argocd.argoproj.io/sync-wave'] = o.wave;
      if (o.hook !== undefined) annotations['argocd.argoproj.io/hook'] = o.hook;
      tier.add(new ApiObject(chart, `o${t}-${i}`, { apiVersion, kind, metadata: { name: `o${t}-${i}`, annotations } }));
    });
    return tier;
  });
  // Only forward edges (lower tier first), so the intent has no cycle.
  for (const [x, y] of shape.after) {
    const a = x % tiers.length;
    const b = y % tiers.length;
    if (a < b) tiers[b].addAfter(tiers[a]);
  }
  return chart;
}

test('the per-split proof breaks exactly when some object pair breaks, and names only broken pairs', () => {
  const outcomes = { holds: 0, breaks: 0 };
  fc.assert(fc.property(chartShape, (shape) => {
    const chart = build(shape);
    const planner = SyncPlanner.of(chart);
    let result;
    try {
      result = planner.result();
    } catch {
      return; // impossible intent (phase contradictions): not the proof's business
    }
    const read = readBack(result.objects, (o) => planner.render(o));
    const errors = proveOrder(result, read);
    const placed = placementsOf(read);
    const broken = new Set<string>();
    for (const e of result.edges) {
      for (const b of e.before) {
        for (const x of e.after) {
          const pb = placed.get(b);
          const px = placed.get(x);
          if (px && !px.step) continue; // SyncFail: holds by construction
          if (!pb || !px || !proveBefore(pb, px, b.node.path).holds) broken.add(`${x.node.path} ${b.node.path}`);
        }
      }
    }
    expect(errors.length > 0).toBe(broken.size > 0);
    outcomes[errors.length > 0 ? 'breaks' : 'holds']++;
    for (const message of errors) {
      const m = /: (\S+) \(.*?\) must start after (\S+) \(/.exec(message);
      expect(m).not.toBeNull();
      expect(broken).toContain(`${m![1]} ${m![2]}`);
    }
  }), { numRuns: 300 });
  // Both outcomes are exercised, not just one.
  expect(outcomes.holds).toBeGreaterThan(30);
  expect(outcomes.breaks).toBeGreaterThan(30);
});
