import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, ApiObjectMetadataDefinition, App, Chart, JsonPatch, Testing } from 'cdk8s';
import { Construct } from 'constructs';
import * as YAML from 'yaml';
import { configMap, newChart, synthError, wavesByName } from './helpers';
import { ArgoApplication, Tier } from '../../src';
import { SyncPlanner } from '../../src/constructs/planner';

const ROOT = path.join(__dirname, '..', '..');

const WAVE = 'argocd.argoproj.io/sync-wave';

function tiered(chart: Chart, n: number): { config: Tier; web: Tier; objects: ApiObject[] } {
  const config = new Tier(chart, 'config');
  const web = new Tier(chart, 'web', { after: [config], separateWave: true });
  const objects: ApiObject[] = [];
  for (let i = 0; i < n; i++) {
    const a = configMap(chart, `a${i}`);
    const b = new ApiObject(chart, `d${i}`, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: `d${i}` } });
    config.add(a);
    web.add(b);
    objects.push(a, b);
  }
  return { config, web, objects };
}

/** How often each object's metadata is rendered while `f` runs. */
function rendersDuring(f: () => void): Map<string, number> {
  const counts = new Map<string, number>();
  const original = ApiObjectMetadataDefinition.prototype.toJson;
  const spy = jest.spyOn(ApiObjectMetadataDefinition.prototype, 'toJson').mockImplementation(function (this: ApiObjectMetadataDefinition) {
    const json = original.call(this);
    counts.set(json.name, (counts.get(json.name) ?? 0) + 1);
    return json;
  });
  try {
    f();
  } finally {
    spy.mockRestore();
  }
  return counts;
}

describe('one validation and one render per synth', () => {
  test('app.synth() of three charts renders every object once (cdk8s validates the app 1 + 3 times)', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncplan-once-'));
    try {
      const app = new App({ outdir });
      const charts = ['one', 'two', 'three'].map((id) => new Chart(app, id, { disableResourceNameHashes: true }));
      charts.forEach((c, i) => tiered(c, 3).objects.forEach((o) => o.metadata.addLabel('chart', String(i))));
      const counts = rendersDuring(() => app.synth());
      expect(counts.size).toBe(6); // same names in each chart
      expect([...counts.values()]).toEqual(Array(6).fill(3)); // 3 charts × 1 render
      const yaml = fs.readFileSync(path.join(outdir, 'two.k8s.yaml'), 'utf8');
      expect(yaml).toContain(`${WAVE}: "1"`);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  test('three charts of one ArgoApplication: the group is checked and planned once, and every object rendered once', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncplan-once-'));
    try {
      const app = new App({ outdir });
      const charts = ['one', 'two', 'three'].map((id) => new Chart(app, id, { disableResourceNameHashes: true }));
      // Names of their own in each chart (one Application syncs them all), the same tiers.
      for (const c of charts) {
        const config = new Tier(c, 'config');
        const web = new Tier(c, 'web', { after: [config], separateWave: true });
        for (let i = 0; i < 2; i++) {
          config.add(configMap(c, `${c.node.id}-a${i}`));
          web.add(new ApiObject(c, `d${i}`, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: `${c.node.id}-d${i}` } }));
        }
      }
      new ArgoApplication(new Chart(app, 'platform'), 'one', { charts, repoURL: 'https://git.example.com/p.git', path: 'dist' });
      const checks = charts.map((c) => jest.spyOn(SyncPlanner.of(c) as unknown as { check: () => string[] }, 'check'));
      const counts = rendersDuring(() => app.synth());
      expect(checks.map((c) => c.mock.calls.length).reduce((a, b) => a + b)).toBe(1); // the leading planner's, for all three
      const objects = [...counts].filter(([name]) => /^(one|two|three)-/.test(name));
      expect(objects).toHaveLength(12);
      expect(objects.map(([, n]) => n)).toEqual(Array(12).fill(1));
      expect(fs.readFileSync(path.join(outdir, 'two.k8s.yaml'), 'utf8')).toContain(`${WAVE}: "1"`);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  test('waves the check itself writes (lone objects ordered by node.addDependency) do not make the second validation of cdk8s start over', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncplan-once-'));
    try {
      const app = new App({ outdir });
      const chart = new Chart(app, 'deps', { disableResourceNameHashes: true });
      const db = new ApiObject(chart, 'db', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' } });
      configMap(chart, 'app').node.addDependency(db);
      const planner = SyncPlanner.of(chart);
      const check = jest.spyOn(planner as unknown as { check: () => string[] }, 'check');
      app.synth();
      expect(check).toHaveBeenCalledTimes(1);
      expect(fs.readFileSync(path.join(outdir, 'deps.k8s.yaml'), 'utf8')).toContain(`${WAVE}: "1"`);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  test('a node.addDependency between constructs holding objects, and a nested chart: cdk8s adds object dependencies between its validations, and each chart is still checked once', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncplan-once-'));
    try {
      const app = new App({ outdir });
      const chart = new Chart(app, 'deps', { disableResourceNameHashes: true });
      const data = new Construct(chart, 'data');
      new ApiObject(data, 'db', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' } });
      const web = new Construct(chart, 'web');
      const deployment = new ApiObject(web, 'web', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } });
      configMap(web, 'web-config');
      new Tier(chart, 'web-tier').add(deployment);
      web.node.addDependency(data); // cdk8s makes each object under web depend on db
      const nested = new Chart(chart, 'nested', { disableResourceNameHashes: true }); // deps then depends on it, object by object
      new Tier(nested, 't').add(configMap(nested, 'flags'));
      const checks = [chart, nested].map((c) => jest.spyOn(SyncPlanner.of(c) as unknown as { check: () => string[] }, 'check'));
      app.synth();
      expect(checks.map((c) => c.mock.calls.length)).toEqual([1, 1]);
      expect(fs.readFileSync(path.join(outdir, '0001-deps.k8s.yaml'), 'utf8')).toContain(`${WAVE}: "1"`);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  test('a chart depending on a construct of its own (cdk8s copies it onto every other object) is checked once, and the YAML orders it', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncplan-once-'));
    try {
      const app = new App({ outdir });
      const chart = new Chart(app, 'web', { disableResourceNameHashes: true });
      const db = new Construct(chart, 'db');
      new ApiObject(db, 'pg', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg' } });
      new Tier(chart, 'app').add(configMap(chart, 'cfg'));
      new ApiObject(chart, 'token', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'token' } });
      chart.addDependency(db);
      const check = jest.spyOn(SyncPlanner.of(chart) as unknown as { check: () => string[] }, 'check');
      app.synth();
      expect(check.mock.calls.length).toBe(1);
      // cdk8s did copy it, after the first validation: the ConfigMap now depends on the StatefulSet.
      expect(chart.node.findChild('cfg').node.dependencies.map((d) => d.node.path)).toEqual(['web/db/pg']);
      const docs = YAML.parseAllDocuments(fs.readFileSync(path.join(outdir, 'web.k8s.yaml'), 'utf8')).map((d) => d.toJS());
      expect(Object.fromEntries(docs.map((d) => [`${d.kind}/${d.metadata.name}`, d.metadata.annotations?.[WAVE]])))
        .toEqual({ 'StatefulSet/pg': '0', 'ConfigMap/cfg': '1', 'Secret/token': '1' });
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  /**
   * Charts `base` and `apps`, each an ArgoApplication of one parent chart, joined by `join`; synthesized,
   * with how often each chart's planner checked. Nothing is left on disk.
   */
  function twoApplications(join: (base: Chart, apps: Chart) => void,
    look: (r: { outdir: string; base: Chart; apps: Chart; checks: number[] }) => void): void {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncplan-once-'));
    try {
      const app = new App({ outdir });
      const base = new Chart(app, 'base', { disableResourceNameHashes: true });
      const apps = new Chart(app, 'apps', { disableResourceNameHashes: true });
      join(base, apps);
      const parent = new Chart(app, 'platform', { disableResourceNameHashes: true });
      new ArgoApplication(parent, 'base', { charts: [base], repoURL: 'https://git.example.com/p.git', path: 'dist' });
      new ArgoApplication(parent, 'apps', { charts: [apps], repoURL: 'https://git.example.com/p.git', path: 'dist' });
      const checks = [base, apps].map((c) => jest.spyOn(SyncPlanner.of(c) as unknown as { check: () => string[] }, 'check'));
      app.synth();
      look({ outdir, base, apps, checks: checks.map((c) => c.mock.calls.length) });
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  }

  test('a chart depending on another chart of one parent\'s Applications (cdk8s copies it onto every pair of their objects) keeps one check per chart, and the YAML orders the Applications', () => {
    twoApplications((base, apps) => {
      new Tier(base, 't').add(configMap(base, 'b0'), configMap(base, 'b1'));
      new Tier(apps, 't').add(configMap(apps, 'a0'), configMap(apps, 'a1'), configMap(apps, 'a2'));
      apps.addDependency(base);
    }, ({ outdir, apps, checks }) => {
      expect(checks).toEqual([1, 1]);
      // cdk8s did copy it: every object of apps now depends on every object of base.
      expect(apps.node.findChild('a0').node.dependencies.map((d) => d.node.path).sort()).toEqual(['base/b0', 'base/b1']);
      const platform = fs.readdirSync(outdir).find((f) => f.endsWith('platform.k8s.yaml'))!;
      const docs = YAML.parseAllDocuments(fs.readFileSync(path.join(outdir, platform), 'utf8')).map((d) => d.toJS());
      const waveOf = (name: string) => Number(docs.find((d) => d.kind === 'Application' && d.metadata.name === name)?.metadata.annotations?.[WAVE] ?? 0);
      expect(waveOf('apps')).toBe(waveOf('base') + 1);
    });
  });

  test('a dependency across charts of two Applications (cdk8s then orders the charts themselves) keeps one check per chart', () => {
    twoApplications((base, apps) => {
      const shared = configMap(base, 'shared');
      new Tier(base, 't').add(shared);
      const user = configMap(apps, 'user');
      new Tier(apps, 't').add(user);
      // Without Applications of one parent the dependency fails the synth (synth-validation.cross-chart.test.ts).
      user.node.addDependency(shared);
    }, ({ checks }) => expect(checks).toEqual([1, 1]));
  });

  test('Testing.synth twice in one job gives equal, independent output (a served render is never served again)', () => {
    const chart = newChart();
    tiered(chart, 2);
    const first = Testing.synth(chart);
    const copy = JSON.parse(JSON.stringify(first));
    first[0].metadata.name = 'changed by the caller';
    expect(Testing.synth(chart)).toEqual(copy);
  });

  test('a validation is recomputed when the chart changed in the same job: hand-set annotation, JSON patch, dependency, new object', () => {
    const chart = newChart();
    const { objects } = tiered(chart, 2);
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/a0': '0', 'ConfigMap/a1': '0', 'Deployment/d0': '1', 'Deployment/d1': '1' });
    // A member set by hand: the tier it comes after is placed before it (the plan is made again).
    objects[1].metadata.addAnnotation(WAVE, '-1');
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/a0': '-2', 'ConfigMap/a1': '-2', 'Deployment/d0': '-1', 'Deployment/d1': '-1' });

    const patched = newChart();
    const p = tiered(patched, 2);
    expect(synthError(patched)).toBe('');
    p.objects[3].addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '-5'));
    expect(synthError(patched)).toContain('chart/d1 has sync-wave "-5" set by a JSON patch (computed: "1")');

    const dep = newChart();
    const d = tiered(dep, 1);
    const loose = configMap(dep, 'loose');
    expect(synthError(dep)).toBe('');
    d.objects[0].node.addDependency(d.objects[1]); // a ConfigMap of `config` after the Deployment of `web`: a cycle
    expect(synthError(dep)).toMatch(/cycle|after itself/);
    expect(loose.name).toBe('loose');

    const grown = newChart();
    const g = tiered(grown, 1);
    expect(synthError(grown)).toBe('');
    g.web.add(configMap(grown, 'late', { annotations: { [WAVE]: '-9' } }));
    expect(synthError(grown)).toBe('');
    expect(wavesByName(grown)).toEqual({ 'ConfigMap/a0': '-10', 'ConfigMap/late': '-9', 'Deployment/d0': '-9' });
  });

  test('the memo is dropped at the end of the job: a later change is always seen', async () => {
    const chart = newChart();
    tiered(chart, 1);
    expect(synthError(chart)).toBe('');
    await Promise.resolve();
    // Nothing the fingerprint sees changed, yet a new job validates afresh (an L2 spec may have).
    const planner = SyncPlanner.tryOf(chart)!;
    const validate = jest.spyOn(planner as unknown as { check: () => string[] }, 'check');
    expect(synthError(chart)).toBe('');
    expect(validate).toHaveBeenCalledTimes(1);
    validate.mockRestore();
  });
});

test('apps synthesized in one synchronous loop are freed as each is done with: no memo of a synth holds its app until the loop returns', () => {
  // In a Node of its own, with the compiled package (lib/): exposing the GC here would change V8's
  // flags, and with them the code cache the CLI's tests expect, for every test after this one.
  const script = `const { Chart, ApiObject, Testing } = require('cdk8s'); const lib = require(${JSON.stringify(path.join(ROOT, 'lib'))});
    function synthOne() {
      const chart = new Chart(Testing.app(), 'chart');
      const config = new lib.Tier(chart, 'config'); const web = new lib.Tier(chart, 'web', { after: [config] });
      for (let i = 0; i < 50; i++) {
        config.add(new ApiObject(chart, 'a' + i, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' + i } }));
        web.add(new ApiObject(chart, 'd' + i, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' + i } }));
      }
      Testing.synth(chart);
    }
    synthOne(); gc(); const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 100; i++) synthOne();
    gc(); process.stdout.write(String((process.memoryUsage().heapUsed - before) / 1e6));`;
  const r = spawnSync(process.execPath, ['--expose-gc', '-e', script], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CDK8S_CHECK_UPGRADE: 'false' } });
  expect(r.stderr).toBe('');
  // One app of 100 objects and its memos are ~200 KB: held until the loop returned, the 100 were ~20 MB.
  expect(Math.round(Number(r.stdout))).toBeLessThan(8);
});

describe('edges per pair of units, proven per (step, kind)', () => {
  test('two tiers of 3,000 objects each: one edge between them, not 9 million between their objects', () => {
    const chart = newChart();
    tiered(chart, 3000);
    const out = Testing.synth(chart);
    expect(SyncPlanner.tryOf(chart)!.result().edges).toHaveLength(1);
    expect(out.filter((o) => o.metadata.annotations?.[WAVE] === '1')).toHaveLength(3000);
  });

  test('a broken edge between big tiers names the one object that breaks it', () => {
    const chart = newChart();
    const { objects } = tiered(chart, 500);
    objects[2 * 250 + 1].addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '-1')); // d250 pulled before the config wave
    const message = synthError(chart);
    expect(message.match(/sync order broken/g)).toHaveLength(1);
    expect(message).toContain('chart/d250 (Deployment d250, Sync wave -1) must start after chart/a');
    expect(message).toContain('but Argo CD applies the later one first; chart/d250 has sync-wave "-1" set by a JSON patch (computed: "1")');
  });
});
