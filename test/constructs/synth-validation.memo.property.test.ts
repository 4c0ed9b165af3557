/**
 * The validation memo (a fingerprint compared item by item, the planner's group kept between
 * registrations) against the straightforward path: a chart synthesized, changed in ways the planner
 * is not told about, and synthesized again in the same synchronous job (the memo may answer) says
 * and renders exactly what a fresh chart built with the same changes says and renders.
 */
import { ApiObject, Chart, JsonPatch, Testing } from 'cdk8s';
import * as fc from 'fast-check';
import { configMap, newChart } from './helpers';
import { Tier } from '../../src';

const WAVE = 'argocd.argoproj.io/sync-wave';

type Change =
  | { readonly kind: 'wave'; readonly at: number; readonly wave: string }
  | { readonly kind: 'label'; readonly at: number; readonly value: string }
  | { readonly kind: 'patch'; readonly at: number; readonly wave: string }
  | { readonly kind: 'dependency'; readonly at: number; readonly on: number }
  | { readonly kind: 'object'; readonly at: number }
  | { readonly kind: 'none' };

const at = fc.integer({ min: 0, max: 5 });
const wave = fc.constantFrom('-1', '0', '1', '2', 'x');
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('wave' as const), at, wave }),
  fc.record({ kind: fc.constant('label' as const), at, value: fc.constantFrom('a', 'b') }),
  fc.record({ kind: fc.constant('patch' as const), at, wave }),
  fc.record({ kind: fc.constant('dependency' as const), at, on: at }),
  fc.record({ kind: fc.constant('object' as const), at }),
  fc.constant({ kind: 'none' as const }),
);

/** Two tiers of three objects each (configs, then Deployments in a wave of their own), labelled, one wave by hand. */
function build(): { chart: Chart; web: Tier; objects: ApiObject[] } {
  const chart = newChart();
  const config = new Tier(chart, 'config');
  const web = new Tier(chart, 'web', { after: [config], separateWave: true });
  const objects: ApiObject[] = [];
  for (let i = 0; i < 3; i++) objects.push(configMap(chart, `c${i}`));
  for (let i = 0; i < 3; i++) objects.push(new ApiObject(chart, `d${i}`, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: `d${i}` } }));
  // Set at the start, so a change can be a value change alone (the same keys, one value other).
  for (const o of objects) o.metadata.addLabel('team', 'a');
  objects[3].metadata.addAnnotation(WAVE, '1'); // by hand, where the computed wave is
  config.add(...objects.slice(0, 3));
  web.add(...objects.slice(3));
  return { chart, web, objects };
}

function apply(c: Change, k: number, { chart, web, objects }: ReturnType<typeof build>): void {
  switch (c.kind) {
    case 'wave': objects[c.at].metadata.addAnnotation(WAVE, c.wave); break;
    case 'label': objects[c.at].metadata.addLabel('team', c.value); break;
    case 'patch': objects[c.at].addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, c.wave)); break;
    case 'dependency': if (c.at !== c.on) objects[c.at].node.addDependency(objects[c.on]); break;
    case 'object': web.add(configMap(chart, `extra${k}`)); break;
    case 'none': break;
  }
}

/** What a synth says: the manifests, or the error. */
function synth(chart: Chart): string {
  try {
    return JSON.stringify(Testing.synth(chart));
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

test('a second synth in the same job equals a fresh synth of the changed chart', () => {
  fc.assert(fc.property(fc.array(change, { maxLength: 4 }), (changes) => {
    const memo = build();
    synth(memo.chart); // the first validation: the memo now holds it
    changes.forEach((c, k) => apply(c, k, memo));
    const again = synth(memo.chart);

    const fresh = build();
    changes.forEach((c, k) => apply(c, k, fresh));
    expect(again).toBe(synth(fresh.chart));
  }), { numRuns: 120 });
});
