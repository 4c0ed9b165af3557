/**
 * QA regressions in `SyncWaves.enable`, met by using it as a platform engineer would: in an app
 * of several charts, each with its own `SynthChecks`, through every way cdk8s synthesizes.
 */
import { ApiObject, App, Chart, JsonPatch, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import { MigrationHook, SyncWaves, SynthChecks, Tier } from '../../src';

const WAVE = 'argocd.argoproj.io/sync-wave';

function configMap(scope: Construct, id: string, annotations?: Record<string, string>): ApiObject {
  return new ApiObject(scope, id, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: id, annotations } });
}

/** A chart of two tiers whose second object carries an invalid sync option (an error of the rule pack). */
function chart(app: App, id: string, checks?: SynthChecks, breakOrder = false): Chart {
  const c = new Chart(app, id, { disableResourceNameHashes: true });
  if (checks) SyncWaves.enable(c, { checks });
  const config = new Tier(c, 'config').add(configMap(c, 'settings'));
  const web = configMap(c, 'web', { 'argocd.argoproj.io/sync-options': 'Prune=sometimes' });
  new Tier(c, 'web-tier', { after: [config] }).add(web);
  if (breakOrder) web.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '0'));
  return c;
}

function error(run: () => unknown): string {
  try {
    run();
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}

describe('SyncWaves.enable in a multi-chart app: each chart keeps its own setting', () => {
  test.each([
    ['app.synth()', (app: App) => app.synth()],
    ['app.synthYaml()', (app: App) => app.synthYaml()],
    ['chart.toJson()', (_app: App, proof: Chart) => proof.toJson()],
    ['Testing.synth(chart)', (_app: App, proof: Chart) => Testing.synth(proof)],
  ])('%s: the PROOF chart passes its rule-pack error, the ALL chart fails on it, the NONE chart on nothing', (_how, run) => {
    const app = Testing.app();
    const proof = chart(app, 'proof', SynthChecks.PROOF);
    chart(app, 'none', SynthChecks.NONE, true);
    expect(error(() => run(app, proof))).toBe('');
    // cdk8s validates the whole app on every synth: one ALL chart is enough to fail it.
    chart(app, 'all');
    const message = error(() => run(app, proof));
    expect(message).toMatch(/\[all\/cdk8s-syncplan\.Planner\] error: ConfigMap\/web \(all\/web\): .*Prune=sometimes/);
    expect(message).not.toMatch(/\[(proof|none)\//);
  });

  test('the PROOF chart still proves: a JSON patch that breaks its order fails the synth, naming that chart only', () => {
    const app = Testing.app();
    chart(app, 'proof', SynthChecks.PROOF, true);
    chart(app, 'none', SynthChecks.NONE, true);
    const message = error(() => app.synthYaml());
    expect(message).toContain('[proof/cdk8s-syncplan.Planner] sync order broken (Tier proof/web-tier is after Tier proof/config)');
    expect(message).not.toContain('[none/');
  });
});

describe('SyncWaves.enable outside a chart says what, where and how to fix', () => {
  test('on the App (hoping for one setting for every chart): refused naming the App and the fix', () => {
    const app = Testing.app();
    new Chart(app, 'a');
    expect(() => SyncWaves.enable(app, { checks: SynthChecks.NONE })).toThrow(
      'SyncWaves.enable at the App: not inside a Chart; waves are computed per chart (one Argo CD Application each), so pass a chart, and call it for each chart that needs it',
    );
  });

  test('on a construct directly under the App: refused naming its path', () => {
    const app = Testing.app();
    const loose = new Construct(app, 'loose');
    expect(() => SyncWaves.enable(loose)).toThrow(/^SyncWaves\.enable at loose: not inside a Chart;/);
  });
});

describe('synth warnings are printed once per synth, not once per process', () => {
  /** What synthesizing a fresh app with one chart `web` (a warning of the rule pack) writes to stderr. */
  function synthWarnings(): string {
    const app = Testing.app();
    const c = new Chart(app, 'web', { disableResourceNameHashes: true });
    const config = new Tier(c, 'config').add(configMap(c, 'x', { 'argocd.argoproj.io/sync-options': 'Frobnicate=true' }));
    new Tier(c, 'app', { after: [config] }).add(configMap(c, 'y'));
    const writes: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
      writes.push(String(chunk));
      return true;
    });
    try {
      app.synthYaml();
    } finally {
      spy.mockRestore();
    }
    return writes.join('');
  }

  test('the first app of the process prints its warning', () => {
    expect(synthWarnings()).toMatch(/^\[web\] warning: ConfigMap\/x \(web\/x\): sync option "Frobnicate=true"/);
  });

  // Warnings are said once per app (cdk8s validates several times per synth), not once per process:
  // a main.ts that synthesizes staging and then prod gets each app's warnings.
  test('a second app with the same chart prints it again', () => {
    synthWarnings();
    expect(synthWarnings()).toMatch(/^\[web\] warning: ConfigMap\/x \(web\/x\): sync option "Frobnicate=true"/);
  });
});

describe('ordering constructs outside a chart say so, naming themselves', () => {
  test.each([
    ['Tier', (app: App) => new Tier(app, 'loose')],
    ['MigrationHook', (app: App) => new MigrationHook(app, 'loose', { image: 'i', command: ['m'] })],
  ])('%s created on the App', (kind, make) => {
    expect(() => make(Testing.app())).toThrow(`${kind} loose: not inside a Chart; waves are computed per chart (one Argo CD Application each), so create it inside the chart it orders`);
  });
});
