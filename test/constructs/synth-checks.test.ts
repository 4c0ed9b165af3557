/**
 * `SyncWaves.enable(chart, { checks })`: what a chart checks at synth. The waves are the same in
 * every setting; only what is checked after them differs.
 */
import { ApiObject, Chart, JsonPatch, Testing } from 'cdk8s';
import { configMap, newChart, synthError } from './helpers';
import { SyncWaves, SynthChecks, Tier } from '../../src';

const WAVE = 'argocd.argoproj.io/sync-wave';
const SYNC_OPTIONS = 'argocd.argoproj.io/sync-options';

/** A chart whose order holds, with one object carrying `syncOptions`. */
function chartWith(syncOptions: string, id: string, checks?: SynthChecks): Chart {
  const chart = newChart(id);
  if (checks) SyncWaves.enable(chart, { checks });
  const config = new Tier(chart, 'config').add(configMap(chart, 'settings'));
  new Tier(chart, 'web', { after: [config] }).add(new ApiObject(chart, 'app', {
    apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'app', annotations: { [SYNC_OPTIONS]: syncOptions } },
  }));
  return chart;
}

/** A chart whose order a JSON patch breaks (the member's wave moved back to 0). */
function brokenByPatch(checks?: SynthChecks): Chart {
  const chart = newChart('patched');
  if (checks) SyncWaves.enable(chart, { checks });
  const config = new Tier(chart, 'config').add(configMap(chart, 'settings'));
  const app = configMap(chart, 'app');
  new Tier(chart, 'web', { after: [config] }).add(app);
  app.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '0'));
  return chart;
}

/** What a synth wrote to stderr. */
function stderrOf(run: () => void): string {
  const writes: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
    writes.push(String(chunk));
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return writes.join('');
}

describe('SynthChecks', () => {
  test('ALL is the default: an error finding of the rule pack fails the synth', () => {
    expect(synthError(chartWith('Prune=sometimes', 'all-default'))).toMatch(/ConfigMap\/app \(all-default\/app\).*sync-option/);
    expect(synthError(chartWith('Prune=sometimes', 'all-explicit', SynthChecks.ALL))).toMatch(/sync-option/);
  });

  test('PROOF leaves the rule pack to `syncplan lint`: no error fails, no warning prints', () => {
    expect(synthError(chartWith('Prune=sometimes', 'proof-error', SynthChecks.PROOF))).toBe('');
    const proof = stderrOf(() => Testing.synth(chartWith('Frobnicate=true', 'proof-warning', SynthChecks.PROOF)));
    expect(proof).toBe('');
    // The same chart under ALL prints the rule pack's warning: the silence above is the setting.
    const all = stderrOf(() => Testing.synth(chartWith('Frobnicate=true', 'all-warning', SynthChecks.ALL)));
    expect(all).toMatch(/^\[all-warning\] warning: ConfigMap\/app \(all-warning\/app\): .*Frobnicate/);
  });

  test('a finding at synth reads as `syncplan lint` prints it: level, message, then its fix line', () => {
    const warning = stderrOf(() => Testing.synth(chartWith('Frobnicate=true', 'fix-warning')));
    expect(warning).toMatch(/^\[fix-warning\] warning: ConfigMap\/app \(fix-warning\/app\): [^\n]*Frobnicate[^\n]*\n {2}fix: [^\n]+\n$/);
    const error = synthError(chartWith('Prune=sometimes', 'fix-error'));
    expect(error).toMatch(/\] error: ConfigMap\/app \(fix-error\/app\): [^\n]*Prune=sometimes[^\n]*\n {4}fix: \S/);
  });

  test('PROOF still proves every edge: a JSON patch that breaks one fails the synth', () => {
    expect(synthError(brokenByPatch(SynthChecks.PROOF))).toContain('sync order broken (Tier patched/web is after Tier patched/config)');
    expect(synthError(brokenByPatch())).toContain('sync order broken');
  });

  test('NONE proves nothing: the broken order is written as patched, and the rule pack does not run', () => {
    const chart = brokenByPatch(SynthChecks.NONE);
    expect(synthError(chart)).toBe('');
    const waves = Object.fromEntries(Testing.synth(chart).map((o) => [o.metadata.name, o.metadata.annotations?.[WAVE]]));
    expect(waves).toEqual({ settings: '0', app: '0' });
    expect(synthError(chartWith('Prune=sometimes', 'none-error', SynthChecks.NONE))).toBe('');
  });

  test('NONE still fails on impossible intent (a cycle): the waves cannot be computed', () => {
    const chart = newChart('cycle');
    SyncWaves.enable(chart, { checks: SynthChecks.NONE });
    const a = new Tier(chart, 'a').add(configMap(chart, 'x'));
    const b = new Tier(chart, 'b', { after: [a] }).add(configMap(chart, 'y'));
    a.addAfter(b);
    expect(synthError(chart)).toMatch(/cycle/i);
  });

  test('every setting writes the same waves', () => {
    const render = (checks: SynthChecks | undefined, id: string) =>
      JSON.stringify(Testing.synth(chartWith('ServerSideApply=true', id, checks)).map((o) => [o.metadata.name, o.metadata.annotations]));
    const all = render(undefined, 'same-waves');
    expect(all).toContain('"argocd.argoproj.io/sync-wave":"1"');
    for (const checks of [SynthChecks.ALL, SynthChecks.PROOF, SynthChecks.NONE]) expect(render(checks, 'same-waves')).toBe(all);
  });

  test('one chart, one setting: a second, different choice is refused naming both places', () => {
    const chart = newChart('twice');
    const tier = new Tier(chart, 'tier').add(configMap(chart, 'x'));
    SyncWaves.enable(chart, { checks: SynthChecks.PROOF });
    SyncWaves.enable(tier, { checks: SynthChecks.PROOF }); // the same choice again is fine
    SyncWaves.enable(tier); // no choice: keeps the one made
    expect(() => SyncWaves.enable(tier, { checks: SynthChecks.NONE })).toThrow(
      "SyncWaves.enable at twice/tier: chart twice already checks 'proof' at synth (set at twice)",
    );
  });

  test('a value that is not a SynthChecks (from JavaScript) is refused with the choices', () => {
    const chart = newChart('bad-value');
    expect(() => SyncWaves.enable(chart, { checks: 'some' as SynthChecks })).toThrow(
      'SyncWaves.enable at bad-value: checks must be one of all, proof, none (SynthChecks), got some',
    );
  });
});
