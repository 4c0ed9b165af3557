/**
 * Waves order objects inside one Argo CD Application. A dependency between objects of two charts
 * that no parent orders as Applications fails the synth with the fix, instead of being dropped
 * (cdk8s's own parent → nested chart dependencies are not such a dependency).
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ApiObject, App, Chart, Testing } from 'cdk8s';
import { stderrOf } from './helpers';
import { ArgoApplication, SynthChecks, SyncWaves, Tier } from '../../src';
import { lint } from '../../src/rules';

const REPO = 'https://git.example.com/platform.git';

/** The sync-wave of each object, by name. */
function wavesOf(objects: any[]): Record<string, string | undefined> {
  return Object.fromEntries(objects.map((o) => [o.metadata.name, o.metadata.annotations?.['argocd.argoproj.io/sync-wave']]));
}

/**
 * Two charts of one Application built by `build`, synthesized by `app.synth()` (the charts' objects
 * as rendered, and what it printed) and again, in a new app, by `Testing.synth` of each chart.
 */
function bothSynths(build: (app: App) => { db: Chart; web: Chart }): { rendered: any[]; stderr: string; tested: any[] } {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-cross-'));
  try {
    const app = new App({ outdir });
    const { db, web } = build(app);
    const stderr = stderrOf(() => app.synth());
    const rendered = [...db.toJson(), ...web.toJson()];
    const testing = build(Testing.app());
    let tested: any[] = [];
    stderrOf(() => { tested = [...Testing.synth(testing.db), ...Testing.synth(testing.web)]; });
    return { rendered, stderr, tested };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const cm = (scope: Chart, name: string) => new ApiObject(scope, name, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });

/** The synth's error message ('' when it succeeds); nothing is left on disk. */
function synthError(build: (app: App) => void): string {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-cross-'));
  try {
    const app = new App({ outdir });
    build(app);
    stderrOf(() => app.synth());
    return '';
  } catch (e) {
    return (e as Error).message;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const FIX = 'put both in one chart, or give each chart an ArgoApplication in one app-of-apps chart (the dependency then orders the Applications)';

function twoCharts(app: App, prefix: string) {
  const db = new Chart(app, `${prefix}db`);
  const web = new Chart(app, `${prefix}web`);
  const schema = cm(db, 'schema');
  const config = cm(web, 'config');
  new Tier(web, 'tier').add(config);
  config.node.addDependency(schema);
  return { db, web };
}

test('an object depending on an object of another chart, no Applications: the synth fails naming both objects and the fix', () => {
  const message = synthError(app => twoCharts(app, 'x'));
  expect(message).toContain('[xweb/cdk8s-syncplan.Planner] objects of chart xweb depend on chart xdb (xweb/config depends on xdb/schema, node.addDependency), '
    + `but sync waves order objects inside one Argo CD Application only, so Argo CD would not honour this order; ${FIX}`);
  expect(message.match(/depend on chart/g)).toHaveLength(1);
});

test('the error holds with SynthChecks.NONE (intent that would be dropped, like a cycle)', () => {
  const message = synthError(app => SyncWaves.enable(twoCharts(app, 'n').web, { checks: SynthChecks.NONE }));
  expect(message).toMatch(/objects of chart nweb depend on chart ndb/);
});

test('only one of the two charts has an ArgoApplication: still an error', () => {
  const message = synthError(app => {
    const { web } = twoCharts(app, 'h');
    new ArgoApplication(new Chart(app, 'platform'), 'web', { charts: [web], repoURL: REPO, path: 'dist' });
  });
  expect(message).toMatch(/objects of chart hweb depend on chart hdb/);
});

test('ArgoApplications in two different parent charts: still an error (no one parent orders them)', () => {
  const message = synthError(app => {
    const { db, web } = twoCharts(app, 'p');
    new ArgoApplication(new Chart(app, 'parent-a'), 'db', { charts: [db], repoURL: REPO, path: 'dist' });
    new ArgoApplication(new Chart(app, 'parent-b'), 'web', { charts: [web], repoURL: REPO, path: 'dist' });
  });
  expect(message).toMatch(/objects of chart pweb depend on chart pdb/);
});

test('ArgoApplications of one parent: no error (the dependency orders the Applications)', () => {
  expect(synthError(app => {
    const { db, web } = twoCharts(app, 'o');
    const parent = new Chart(app, 'platform');
    new ArgoApplication(parent, 'db', { charts: [db], repoURL: REPO, path: 'dist' });
    new ArgoApplication(parent, 'web', { charts: [web], repoURL: REPO, path: 'dist' });
  })).toBe('');
});

test('a chart-level dependency fails once, named as written, before cdk8s copies it onto every pair of objects', () => {
  let w0: ApiObject | undefined;
  const message = synthError(app => {
    const db = new Chart(app, 'ydb');
    const web = new Chart(app, 'yweb');
    for (let i = 0; i < 5; i++) cm(db, `d${i}`);
    const objs = [0, 1, 2, 3, 4].map(i => cm(web, `w${i}`));
    w0 = objs[0];
    new Tier(web, 'tier').add(...objs);
    web.addDependency(db);
  });
  expect(message.match(/depend on chart/g)).toHaveLength(1);
  expect(message).toContain('objects of chart yweb depend on chart ydb (chart yweb depends on chart ydb, node.addDependency)');
  // The first validation failed: cdk8s never made the 25 object dependencies.
  expect(w0!.node.dependencies).toEqual([]);
});

test('a chart depending on a construct of another chart: named as written', () => {
  const message = synthError(app => {
    const db = new Chart(app, 'vdb');
    const web = new Chart(app, 'vweb');
    const data = cm(db, 'schema');
    new Tier(web, 'tier').add(cm(web, 'config'));
    web.addDependency(data);
  });
  expect(message).toContain('objects of chart vweb depend on chart vdb (chart vweb depends on vdb/schema, node.addDependency)');
});

test('chart.toJson() and Testing.synth render before they validate: the chart dependency is still named as written, not as a pair of objects', () => {
  for (const render of [(c: Chart) => c.toJson(), (c: Chart) => Testing.synth(c)]) {
    const app = Testing.app();
    const db = new Chart(app, 'tdb');
    const web = new Chart(app, 'tweb');
    cm(db, 'schema');
    new Tier(web, 'tier').add(cm(web, 'config'));
    web.addDependency(db);
    let message = '';
    try {
      stderrOf(() => render(web));
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('objects of chart tweb depend on chart tdb (chart tweb depends on chart tdb, node.addDependency)');
    expect(message).not.toContain('tweb/config depends on');
  }
});

test('nested charts and dependencies inside one chart: no error', () => {
  expect(synthError(app => {
    const parent = new Chart(app, 'zparent');
    const child = new Chart(parent, 'zchild');
    const a = cm(parent, 'a');
    const b = cm(parent, 'b');
    cm(child, 'c');
    new Tier(parent, 'tier').add(b);
    b.node.addDependency(a);
  })).toBe('');
});

test('a tier depending on another chart itself is refused at the first validation, naming the tier as written', () => {
  const error = synthError((app) => {
    const db = new Chart(app, 'db');
    cm(db, 'schema');
    const web = new Chart(app, 'web');
    new Tier(web, 'tier').add(cm(web, 'config')).node.addDependency(db);
  });
  expect(error).toContain(`objects of chart web depend on chart db (web/tier depends on db, node.addDependency), but sync waves order objects inside one Argo CD Application only, so Argo CD would not honour this order; ${FIX}`);
});

test('a tier depending on a chart its ArgoApplication syncs with its own comes after that chart\'s objects', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-cross-'));
  try {
    const app = new App({ outdir });
    const db = new Chart(app, 'db');
    const schema = cm(db, 'schema');
    const web = new Chart(app, 'web');
    const config = cm(web, 'config');
    const tier = new Tier(web, 'tier').add(config);
    tier.node.addDependency(db);
    new ArgoApplication(new Chart(app, 'platform'), 'one', { charts: [db, web], repoURL: REPO, path: 'dist', destination: { namespace: 'x' } });
    stderrOf(() => app.synth());
    const wave = (o: ApiObject) => o.toJson().metadata.annotations['argocd.argoproj.io/sync-wave'];
    expect(Number(wave(config))).toBeGreaterThan(Number(wave(schema)));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});

test('one Application syncing a chart and a chart nested in it reads each object once (it used to read the nested chart\'s twice: "defined again", a false error)', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-cross-'));
  try {
    const app = new App({ outdir });
    const web = new Chart(app, 'web');
    new Tier(web, 'db').add(new ApiObject(web, 'pg', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg' } }));
    const nested = new Chart(web, 'jobs');
    new Tier(nested, 'workers').add(new ApiObject(nested, 'worker', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'worker' } }));
    new ArgoApplication(new Chart(app, 'platform'), 'one', { charts: [web, nested], repoURL: REPO, path: 'dist', destination: { namespace: 'x' } });
    expect(stderrOf(() => app.synth())).toBe('');
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});

test('one Application syncing a chart and a chart nested in it: the nested chart\'s objects come first, as cdk8s orders a chart after the charts in it; app.synth and Testing.synth agree', () => {
  const build = (app: App) => {
    const web = new Chart(app, 'web');
    new ApiObject(web, 'pg', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg' } });
    const nested = new Chart(web, 'jobs');
    new ApiObject(nested, 'worker', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'worker' } });
    new Tier(web, 'last').add(cm(web, 'config')).node.addDependency(web);
    new ArgoApplication(new Chart(app, 'platform'), 'one', { charts: [web, nested], repoURL: REPO, path: 'dist', destination: { namespace: 'x' } });
    return { web, nested };
  };
  const annotations = (objects: any[]): Record<string, Record<string, string>> =>
    Object.fromEntries(objects.map((o) => [o.metadata.name, o.metadata.annotations ?? {}]));
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-cross-'));
  try {
    const app = new App({ outdir });
    const { web, nested } = build(app);
    expect(stderrOf(() => app.synth())).toBe('');
    const written = annotations([...nested.toJson(), ...web.toJson()]);
    expect(Object.fromEntries(Object.entries(written).map(([n, a]) => [n, a['argocd.argoproj.io/sync-wave']]))).toEqual({ worker: '0', pg: '1', config: '2' });
    // The wave opened for the nested chart's objects is declared, so syncplan lint calls it needed.
    expect(written.pg['syncplan.cdk8s.io/depends-on']).toBe('apps/Deployment//worker');
    const testing = build(Testing.app());
    expect(annotations([...Testing.synth(testing.nested), ...Testing.synth(testing.web)])).toEqual(written);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});

test('charts of one Application joined by a dependency between their objects: cdk8s orders every object of the one after the other\'s, and the synth says nothing about a plan it does not write', () => {
  const build = (app: App) => {
    const db = new Chart(app, 'db');
    const pg = new ApiObject(db, 'pg', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg' } });
    const web = new Chart(app, 'web');
    // Wave 0 of a plan that ordered only the Deployment, where it would gate wave 1: a warning about a wave it is not in.
    new ApiObject(web, 'lb', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'lb' }, spec: { type: 'LoadBalancer', ports: [{ port: 80 }] } });
    new ApiObject(web, 'api', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api' } }).node.addDependency(pg);
    new ArgoApplication(new Chart(app, 'platform'), 'one', { charts: [web, db], repoURL: REPO, path: 'dist', destination: { namespace: 'x' } });
    return { db, web };
  };
  const { rendered, stderr, tested } = bothSynths(build);
  expect(stderr).toBe('');
  const written = wavesOf(rendered);
  expect(written).toEqual({ pg: '0', lb: '1', api: '1' });
  // syncplan lint of what one Application syncs: each wave opened is declared, none unneeded.
  const manifests = rendered.map((object, index) => ({ object, source: { file: 'dist', line: 0, index } }));
  const placement = ['wave-unneeded', 'wave-not-canonical', 'load-balancer-gates-wave', 'pvc-gates-wave', 'reads-resource-created-later', 'gate-never-opens'];
  expect(lint(manifests, { namespace: 'x' }).filter((f) => placement.includes(f.rule))).toEqual([]);
  expect(wavesOf(tested)).toEqual(written);
});

test('an object after a whole chart names one object it waits for, of the wave right before its own: not every object of that chart', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-cross-'));
  try {
    const app = new App({ outdir });
    const db = new Chart(app, 'db');
    const pg = new ApiObject(db, 'pg', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg' } });
    const web = new Chart(app, 'web');
    for (let i = 0; i < 30; i++) {
      cm(db, `db-config-${i}`);
      cm(web, `web-config-${i}`);
    }
    new ApiObject(web, 'api', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api' } }).node.addDependency(pg);
    new ArgoApplication(new Chart(app, 'platform'), 'one', { charts: [web, db], repoURL: REPO, path: 'dist', destination: { namespace: 'x' } });
    expect(stderrOf(() => app.synth())).toBe('');
    const rendered = [...db.toJson(), ...web.toJson()];
    const waveOf = new Map(rendered.map((o) => [o.metadata.name, o.metadata.annotations?.['argocd.argoproj.io/sync-wave'] ?? '0']));
    for (const o of rendered.filter((x) => x.metadata.name !== 'pg' && !x.metadata.name.startsWith('db-'))) {
      expect(waveOf.get(o.metadata.name)).toBe('1');
      const entries = o.metadata.annotations['syncplan.cdk8s.io/depends-on'].split(',');
      // Each object of web waits for all 31 of db; one of them, of wave 0, says why its wave opened.
      expect(entries).toHaveLength(1);
      expect(waveOf.get(entries[0].split('/')[3])).toBe('0');
    }
    const manifests = rendered.map((object, index) => ({ object, source: { file: 'dist', line: 0, index } }));
    expect(lint(manifests, { namespace: 'x' }).filter((f) => f.rule === 'wave-unneeded')).toEqual([]);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});

test('a tier member depending on an object of a chart its chart comes after: Testing.synth, which sees cdk8s\'s copies of the chart order, honours it as written, as app.synth does', () => {
  const build = (app: App) => {
    const db = new Chart(app, 'db');
    const claim = new ApiObject(db, 'data', { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' } });
    const web = new Chart(app, 'web');
    const cfg = new ApiObject(web, 'cfg', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' } });
    const api = new ApiObject(web, 'api', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api' } });
    new Tier(web, 'app').add(cfg, api);
    // The ConfigMap waits for the claim (kind order applies it before the claim): a wave of its own,
    // which the chart order alone (the claim before a tier that runs Pods) would not need.
    cfg.node.addDependency(claim);
    new ArgoApplication(new Chart(app, 'platform'), 'one', { charts: [web, db], repoURL: REPO, path: 'dist', destination: { namespace: 'x' } });
    return { db, web };
  };
  const { rendered, tested } = bothSynths(build);
  const written = wavesOf(rendered);
  expect(written).toEqual({ data: '0', cfg: '1', api: '1' });
  expect(wavesOf(tested)).toEqual(written);
});

test('a tier member depending on an object of a chart its chart comes after: depends-on names it on the same member, whether cdk8s\'s copies of the chart order are seen (Testing.synth) or not yet (app.synth)', () => {
  const build = (app: App) => {
    const db = new Chart(app, 'db');
    const schema = cm(db, 'schema');
    const web = new Chart(app, 'web');
    const flags = cm(web, 'flags');
    const routes = cm(web, 'routes');
    new Tier(web, 'config').add(flags, routes);
    // The second member waits for the other chart's ConfigMap: cdk8s orders the whole chart web after db.
    routes.node.addDependency(schema);
    new ArgoApplication(new Chart(app, 'platform'), 'one', { charts: [web, db], repoURL: REPO, path: 'dist', destination: { namespace: 'x' } });
    return { db, web };
  };
  const { rendered, tested } = bothSynths(build);
  const dependsOn = (objects: any[]) => Object.fromEntries(objects.map((o) => [o.metadata.name, o.metadata.annotations?.['syncplan.cdk8s.io/depends-on']]));
  expect(wavesOf(rendered)).toEqual({ schema: '0', flags: '1', routes: '1' });
  // One entry for the tier's wave, decided on the chart order that joins the tier whole.
  expect(Object.values(dependsOn(rendered)).filter((v) => v !== undefined)).toEqual(['/ConfigMap//schema']);
  expect(dependsOn(tested)).toEqual(dependsOn(rendered));
  expect(wavesOf(tested)).toEqual(wavesOf(rendered));
});
