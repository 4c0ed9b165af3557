/**
 * Intent edges from `after` and `node.addDependency`: a dependency inside one tier is kept by kind
 * order where one wave honours it (and refused, saying how to split, where it does not), and the
 * gap of an edge is decided on the objects it joins, not on the whole units; a chart's own
 * dependency on a construct of it holding two objects (a cycle once cdk8s copies it) is refused.
 */
import { mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ApiObject, App, Chart, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { configMap, newChart, stderrOf, synthError, wavesByName } from './helpers';
import { SyncOrder, Tier } from '../../src';

function database(chart: ReturnType<typeof newChart>, serviceType?: kplus.ServiceType) {
  const service = new kplus.Service(chart, 'pg-svc', {
    metadata: { name: 'pg' },
    ...(serviceType ? { type: serviceType } : { clusterIP: 'None' }),
    ports: [{ port: 5432 }],
  });
  const claim = new kplus.PersistentVolumeClaim(chart, 'pg-data', { metadata: { name: 'pg-data' }, storage: Size.gibibytes(1) });
  const pg = new kplus.StatefulSet(chart, 'pg', {
    metadata: { name: 'pg' },
    service,
    containers: [{ image: 'postgres:16', portNumber: 5432, securityContext: { ensureNonRoot: false } }],
  });
  pg.addVolume(kplus.Volume.fromPersistentVolumeClaim(chart, 'pg-vol', claim));
  return { service, claim, pg };
}

describe('a dependency inside one tier', () => {
  test('cdk8s-plus StatefulSet({ service }) with its headless Service and claim in one tier synthesizes in one wave', () => {
    const chart = newChart();
    const { service, claim, pg } = database(chart);
    new Tier(chart, 'db').add(service, claim, pg);
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'Service/pg': '0', 'PersistentVolumeClaim/pg-data': '0', 'StatefulSet/pg': '0' });
    SyncOrder.of(chart).assertBefore(service, pg);
  });

  test('one wave cannot honour it (a LoadBalancer has a health check): the error names the implicit dependency and how to split', () => {
    const chart = newChart();
    const { service, pg } = database(chart, kplus.ServiceType.LOAD_BALANCER);
    new Tier(chart, 'db').add(service, pg);
    const error = synthError(chart);
    expect(error).toContain('chart/pg/Resource depends on chart/pg-svc (cdk8s-plus StatefulSet depends on its service), but both are in Tier chart/db');
    expect(error).toContain('Service of type LoadBalancer has a health check');
    expect(error).toContain('split the tier: move chart/pg-svc into a tier of its own and give Tier chart/db `after` that tier');
    expect(error).not.toContain('drop the dependency');
  });

  test('split as the message says, it synthesizes', () => {
    const chart = newChart();
    const { service, pg } = database(chart, kplus.ServiceType.LOAD_BALANCER);
    const front = new Tier(chart, 'front').add(service);
    new Tier(chart, 'db', { after: [front] }).add(pg);
    expect(synthError(chart)).toBe('');
    SyncOrder.of(chart).assertBefore(service, pg);
  });
});

describe('same wave decided per object', () => {
  function webApp() {
    const chart = newChart();
    const web = new kplus.Deployment(chart, 'web', {
      metadata: { name: 'web' },
      containers: [{ image: 'web:1', portNumber: 8080, readiness: kplus.Probe.fromHttpGet('/healthz') }],
    });
    const svc = web.exposeViaService({ name: 'web' });
    const ingress = new kplus.Ingress(chart, 'ingress', {
      metadata: { name: 'web' },
      rules: [{ path: '/', backend: kplus.IngressBackend.fromService(svc) }],
    });
    const webTier = new Tier(chart, 'web-tier').add(web);
    const edge = new Tier(chart, 'edge', { after: [webTier] }).add(svc, ingress);
    const worker = new kplus.Deployment(chart, 'worker', {
      metadata: { name: 'worker' },
      containers: [{ image: 'worker:1', readiness: kplus.Probe.fromCommand(['true']) }],
    });
    worker.node.addDependency(web);
    return { chart, web, svc, ingress, edge, worker };
  }

  test('a worker depending on an exposed Deployment (its ClusterIP Service sits with an Ingress) shares the Ingress\'s wave', () => {
    const { chart } = webApp();
    expect(wavesByName(chart)).toEqual({
      'Deployment/web': '0', 'Service/web': '1', 'Ingress/web': '1', 'Deployment/worker': '1',
    });
  });

  test('no warning about the library\'s own placement, and SyncOrder agrees: the worker comes after all of web\'s subtree', () => {
    const { chart, web, worker } = webApp();
    expect(stderrOf(() => synthError(chart))).not.toContain('worker');
    const how = SyncOrder.of(chart).explainBefore(web, worker);
    expect(how).toContain('chart/web/Resource (Deployment web, Sync wave 0) before chart/worker/Resource (Deployment worker, Sync wave 1): an earlier step');
    expect(how).toContain('chart/web/webService/Resource (Service web, Sync wave 1) before chart/worker/Resource (Deployment worker, Sync wave 1): the same step');
  });

  test('a Deployment with exposeViaService depending on its claim\'s construct shares the claim\'s wave: cdk8s\'s object dependencies (the Service on the claim) are not judged apart', () => {
    // cdk8s turns the dependency into one per object before rendering; the Service judged alone
    // after the claim would open a wave that waits for a claim only the Deployment's Pods bind.
    const chart = newChart();
    const claim = new kplus.PersistentVolumeClaim(chart, 'data', { metadata: { name: 'data' }, storage: Size.gibibytes(1) });
    const web = new kplus.Deployment(chart, 'web', {
      metadata: { name: 'web' },
      containers: [{ image: 'web:1', portNumber: 80, securityContext: { ensureNonRoot: false } }],
    });
    web.addVolume(kplus.Volume.fromPersistentVolumeClaim(chart, 'vol', claim));
    web.exposeViaService({ name: 'web' });
    new Tier(chart, 'storage').add(claim);
    new Tier(chart, 'app').add(web);
    web.node.addDependency(claim);
    expect(stderrOf(() => expect(synthError(chart)).toBe(''))).toBe('');
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/data': '0', 'Deployment/web': '0', 'Service/web': '0' });
  });

  test('a dependency on a lone ApiObject of a kind with a health check still costs a wave', () => {
    const chart = newChart();
    const db = new ApiObject(chart, 'db', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' } });
    const t = new Tier(chart, 't').add(new ApiObject(chart, 'cm', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } }));
    t.node.addDependency(db);
    expect(wavesByName(chart)).toEqual({ 'StatefulSet/db': '0', 'ConfigMap/cm': '1' });
  });
});

describe('a chart\'s own dependency on a construct of the chart', () => {
  /** A chart whose Deployment is in a tier, and a construct `db` holding `n` ConfigMaps the chart depends on. */
  function dependingOnOwn(n: number, app?: App) {
    const chart = app ? new Chart(app, 'web', { disableResourceNameHashes: true }) : newChart('web');
    const db = new Construct(chart, 'db');
    for (let i = 0; i < n; i++) configMap(db, `db${i}`);
    new Tier(chart, 'app').add(new ApiObject(chart, 'api', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api' } }));
    chart.addDependency(db);
    return { chart, db };
  }
  const REFUSED = 'chart web depends on web/db, which holds 2 of its objects (web/db/db0, web/db/db1): cdk8s makes every other object of the chart depend on each of them, '
    + 'so each of them on the others, a cycle; make the constructs that need web/db depend on it (node.addDependency), or put it in a Tier the others come `after`';

  test('holding one object: everything else comes after it (kind order keeps a ConfigMap before a Deployment in one wave)', () => {
    const { chart } = dependingOnOwn(1);
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/db0': '0', 'Deployment/api': '0' });
  });

  test('holding a StatefulSet: everything else comes a wave after it, from the first validation on (Testing.synth and app.synth alike)', () => {
    const chart = newChart('web');
    const db = new Construct(chart, 'db');
    new ApiObject(db, 'pg', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg' } });
    new Tier(chart, 'app').add(configMap(chart, 'cfg'));
    chart.addDependency(db);
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'StatefulSet/pg': '0', 'ConfigMap/cfg': '1' });
    SyncOrder.of(chart).assertBefore(db, chart.node.findChild('cfg'));
  });

  test('holding two: refused by name and with the fix, where cdk8s only names the cycle it made (Testing.synth: cdk8s copies it first)', () => {
    expect(synthError(dependingOnOwn(2).chart)).toContain(REFUSED);
  });

  test('holding two, app.synth: refused at the first validation, before cdk8s makes the cycle, and nothing is written', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'syncplan-own-'));
    try {
      const app = new App({ outdir });
      const { db } = dependingOnOwn(2, app);
      expect(() => stderrOf(() => app.synth())).toThrow(REFUSED);
      expect(db.node.findAll().map((c) => c.node.dependencies.length)).toEqual([0, 0, 0]);
      expect(readdirSync(outdir)).toEqual([]);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});

describe('a construct\'s dependency on its own chart (everything else of the chart first)', () => {
  /** A Deployment in tier `app`, a ConfigMap in tier `last`, a lone Secret; kind order alone would apply the ConfigMap first. */
  function chartWithLast() {
    const chart = newChart('web');
    const app = new Tier(chart, 'app').add(new ApiObject(chart, 'api', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api' } }));
    const last = new Tier(chart, 'last').add(configMap(chart, 'report'));
    const secret = new ApiObject(chart, 'token', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'token' } });
    return { chart, app, last, secret };
  }

  test('a tier depending on its chart comes after every other object of it (it used to be dropped without a word)', () => {
    const { chart, last, app, secret } = chartWithLast();
    last.node.addDependency(chart);
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'Deployment/api': '0', 'ConfigMap/report': '1', 'Secret/token': '0' });
    SyncOrder.of(chart).assertBefore(app, last);
    SyncOrder.of(chart).assertBefore(secret, last);
  });

  test('an ApiObject depending on its chart, as cdk8s means it: after every other object', () => {
    const { chart, secret } = chartWithLast();
    secret.node.addDependency(chart);
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'Deployment/api': '0', 'ConfigMap/report': '0', 'Secret/token': '1' });
  });

  test('two tiers each after everything else of the chart cannot both hold: refused as a cycle naming both', () => {
    const { chart, app, last } = chartWithLast();
    last.node.addDependency(chart);
    app.node.addDependency(chart);
    const error = synthError(chart);
    expect(error).toContain('dependency cycle');
    expect(error).toContain('Tier web/app');
    expect(error).toContain('Tier web/last');
  });
});
