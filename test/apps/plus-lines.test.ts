/**
 * The library takes no class of one cdk8s-plus line: a realistic app written with cdk8s-plus-27
 * objects and the same app with cdk8s-plus-33 objects synthesize the same YAML, and a plus-33
 * Service, Secret and ConfigMap type-check where the API takes them (the test type-check covers it).
 */
import { ApiObject, Chart, Duration, Size, Testing, Yaml } from 'cdk8s';
import * as plus27 from 'cdk8s-plus-27';
import * as plus33 from 'cdk8s-plus-33';
import * as YAML from 'yaml';
import { EnvReference, EnvSource, MigrationHook, SmokeTest, SyncFailHook, Tier } from '../../src';

/** The article's rollout, written once against plus-33's types. */
function realisticApp(kplus: typeof plus33): string {
  const chart = new Chart(Testing.app(), 'shop', { disableResourceNameHashes: true, namespace: 'shop' });
  const db = new kplus.Secret(chart, 'db', { metadata: { name: 'shop-db' }, stringData: { url: 'postgres://db/shop' } });
  const slack = kplus.Secret.fromSecretName(chart, 'slack', 'shop-slack');
  const admin = kplus.Secret.fromSecretName(chart, 'admin', 'shop-db-admin');
  const configMap = new kplus.ConfigMap(chart, 'config-map', { metadata: { name: 'shop-config' }, data: { LOG_LEVEL: 'info' } });
  const config = new Tier(chart, 'config');
  config.add(configMap, db);

  new MigrationHook(chart, 'migrate', {
    name: 'shop-migrate',
    image: 'registry.internal/shop:2.0.0',
    command: ['migrate', 'up'],
    env: [EnvReference.fromSecret('DATABASE_URL', admin, 'url')],
    resources: { cpu: { request: kplus.Cpu.millis(200) }, memory: { limit: Size.mebibytes(512) } },
  });

  const deployment = new kplus.Deployment(chart, 'deployment', {
    metadata: { name: 'shop-web' },
    replicas: 2,
    containers: [{
      name: 'web',
      image: 'registry.internal/shop:2.0.0',
      portNumber: 8080,
      envFrom: [kplus.Env.fromConfigMap(configMap)],
      readiness: kplus.Probe.fromHttpGet('/healthz', { port: 8080, periodSeconds: Duration.seconds(5) }),
      resources: {
        cpu: { request: kplus.Cpu.millis(250), limit: kplus.Cpu.millis(1000) },
        memory: { request: Size.mebibytes(256), limit: Size.mebibytes(512) },
      },
      securityContext: { user: 1000, group: 1000 },
    }],
  });
  const web = new Tier(chart, 'web', { after: [config] });
  web.add(deployment);
  const service = deployment.exposeViaService({ name: 'shop-web', ports: [{ port: 80, targetPort: 8080 }] });
  const edge = new Tier(chart, 'edge', { after: [web] });
  edge.add(service);

  new SmokeTest(chart, 'smoke', {
    name: 'shop-smoke',
    service,
    path: '/healthz',
    env: [EnvReference.fromSecret('DATABASE_URL', db, 'url')],
    envFrom: [EnvSource.configMap(configMap)],
  });
  new SyncFailHook(chart, 'notify', {
    name: 'shop-sync-failed',
    image: 'curlimages/curl:8.11.1',
    command: ['sh', '-c', 'curl -fsS -X POST "$WEBHOOK_URL"'],
    env: [EnvReference.fromSecret('WEBHOOK_URL', slack, 'webhook-url')],
  });
  return Yaml.stringify(...Testing.synth(chart));
}

describe('any cdk8s-plus line', () => {
  test('plus-27 and plus-33 objects give the same YAML', () => {
    // Written against plus-33's types; plus-27's module has the same shape for what the app uses
    // (its own type-check is every other construct test and the example).
    const with27 = realisticApp(plus27 as unknown as typeof plus33);
    const with33 = realisticApp(plus33);
    // plus-33's Deployment writes two Kubernetes defaults that plus-27 leaves to the API server;
    // with them taken out (and only them) every document is the same, the library's own included.
    const docs33 = YAML.parseAllDocuments(with33).map((d) => d.toJS());
    const deployment = docs33.find((d) => d.kind === 'Deployment');
    expect(deployment.spec.revisionHistoryLimit).toBe(10);
    expect(deployment.spec.template.spec.shareProcessNamespace).toBe(false);
    delete deployment.spec.revisionHistoryLimit;
    delete deployment.spec.template.spec.shareProcessNamespace;
    expect(docs33).toEqual(YAML.parseAllDocuments(with27).map((d) => d.toJS()));
    // The hooks read what they need from the objects: names, the Service's port and namespace.
    expect(with33).toContain('http://shop-web.shop.svc:80/healthz');
    expect(with33).toContain('name: shop-db');
    expect(with33).toContain('name: shop-slack');
    expect(with33).toContain('name: shop-db-admin');
    expect(with33).toContain('name: shop-config');
  });

  test('with either line, a Deployment with exposeViaService depending on its claim shares the claim\'s wave, with nothing printed', () => {
    for (const kplus of [plus27 as unknown as typeof plus33, plus33]) {
      const chart = new Chart(Testing.app(), 'store', { disableResourceNameHashes: true });
      const claim = new kplus.PersistentVolumeClaim(chart, 'data', { metadata: { name: 'data' }, storage: Size.gibibytes(1) });
      const web = new kplus.Deployment(chart, 'web', { metadata: { name: 'web' }, containers: [{ image: 'web:1', portNumber: 80, securityContext: { user: 1000 } }] });
      web.addVolume(kplus.Volume.fromPersistentVolumeClaim(chart, 'vol', claim));
      web.exposeViaService({ name: 'web' });
      new Tier(chart, 'storage').add(claim);
      new Tier(chart, 'app').add(web);
      web.node.addDependency(claim);
      const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
      let docs: any[];
      try {
        docs = Testing.synth(chart);
      } finally {
        stderr.mockRestore();
      }
      expect(stderr).not.toHaveBeenCalled();
      expect(docs.map((d) => `${d.kind}=${d.metadata.annotations?.['argocd.argoproj.io/sync-wave']}`))
        .toEqual(['PersistentVolumeClaim=0', 'Deployment=0', 'Service=0']);
    }
  });

  test('a plain ApiObject Service is read the same way (a cdk8s import class is one)', () => {
    const chart = new Chart(Testing.app(), 'c');
    const svc = new ApiObject(chart, 'svc', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'api', namespace: 'prod' }, spec: { ports: [{ port: 8443 }] } });
    const smoke = new SmokeTest(chart, 'smoke', { service: svc, path: '/ready' });
    expect(smoke.url).toBe('http://api.prod.svc:8443/ready');
  });

  test('a construct that is not a Service is refused, naming both', () => {
    const chart = new Chart(Testing.app(), 'c');
    const cm = new plus33.ConfigMap(chart, 'cm');
    expect(() => new SmokeTest(chart, 'smoke', { service: cm })).toThrow('SmokeTest c/smoke: c/cm is a ConfigMap, not a Service');
    expect(() => EnvReference.fromSecret('X', cm, 'k')).toThrow('EnvReference X: c/cm is a ConfigMap, not a Secret');
    expect(() => new SmokeTest(chart, 'smoke2', { service: new Tier(chart, 't') })).toThrow('c/t is not a Service');
  });

  test('ephemeral storage is written, not dropped', () => {
    const chart = new Chart(Testing.app(), 'c');
    const hook = new MigrationHook(chart, 'm', { image: 'x:1', command: ['migrate'], resources: { ephemeralStorage: { request: Size.mebibytes(100), limit: Size.gibibytes(1) } } });
    const resources = hook.apiObject.toJson().spec.template.spec.containers[0].resources;
    expect(resources).toEqual({
      requests: { 'cpu': '100m', 'memory': '128Mi', 'ephemeral-storage': '100Mi' },
      limits: { 'cpu': '500m', 'memory': '256Mi', 'ephemeral-storage': '1024Mi' },
    });
  });
});
