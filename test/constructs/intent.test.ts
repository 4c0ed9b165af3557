/**
 * Intent edges from `after` and `node.addDependency`: a dependency inside one tier is kept by kind
 * order where one wave honours it (and refused, saying how to split, where it does not), and the
 * gap of an edge is decided on the objects it joins, not on the whole units.
 */
import { ApiObject, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { newChart, stderrOf, synthError, wavesByName } from './helpers';
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
