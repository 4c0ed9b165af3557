/**
 * A shop split into two Argo CD Applications of one app-of-apps parent: a cache chart (Redis) and
 * an orders chart whose API tier is `after` the cache's tier. Nobody wrote `after` between the
 * ArgoApplications: the tiers' intent is lifted to application order (the orders Application gets
 * the later wave of the parent), as a `node.addDependency` between their objects would be.
 */
import { App, Chart, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { ArgoApplication, Tier } from '../../src';

export const SHOP_REPO = 'https://git.example.com/shop.git';

export interface Shop {
  readonly parent: Chart;
  readonly cache: ArgoApplication;
  readonly orders: ArgoApplication;
}

const resources = {
  cpu: { request: kplus.Cpu.millis(100), limit: kplus.Cpu.millis(500) },
  memory: { request: Size.mebibytes(128), limit: Size.mebibytes(512) },
};

export function tierAcrossApplicationsApp(app: App, path = 'dist'): Shop {
  const cacheChart = new Chart(app, 'cache', { namespace: 'cache', disableResourceNameHashes: true });
  const redis = new kplus.Deployment(cacheChart, 'redis', {
    metadata: { name: 'redis' },
    containers: [{
      name: 'redis',
      image: 'redis:7.4',
      portNumber: 6379,
      readiness: kplus.Probe.fromTcpSocket({ port: 6379 }),
      resources,
      securityContext: { ensureNonRoot: true, user: 999, group: 999 },
    }],
  });
  const redisService = redis.exposeViaService({ name: 'redis', ports: [{ port: 6379 }] });
  const cacheTier = new Tier(cacheChart, 'cache-tier').add(redis, redisService);

  const ordersChart = new Chart(app, 'orders', { namespace: 'orders', disableResourceNameHashes: true });
  const config = new kplus.ConfigMap(ordersChart, 'config', { metadata: { name: 'orders' }, data: { REDIS_URL: 'redis://redis.cache.svc:6379' } });
  const api = new kplus.Deployment(ordersChart, 'api', {
    metadata: { name: 'orders-api' },
    containers: [{
      name: 'api',
      image: 'registry.example.com/orders:2.3.1',
      portNumber: 8080,
      envFrom: [kplus.Env.fromConfigMap(config)],
      readiness: kplus.Probe.fromHttpGet('/healthz'),
      resources,
    }],
  });
  const configTier = new Tier(ordersChart, 'config-tier').add(config);
  // The API needs the cache up: a tier of another Application's chart.
  new Tier(ordersChart, 'api-tier', { after: [configTier, cacheTier] }).add(api);

  const parent = new Chart(app, 'shop');
  // Each child syncs itself: the parent applies a child Application but never syncs it.
  const common = { repoURL: SHOP_REPO, targetRevision: 'main', path, syncOptions: ['CreateNamespace=true'], syncPolicy: { automated: true } };
  const orders = new ArgoApplication(parent, 'orders', { ...common, charts: [ordersChart], destination: { namespace: 'orders' } });
  const cache = new ArgoApplication(parent, 'cache', { ...common, charts: [cacheChart], destination: { namespace: 'cache' } });
  return { parent, cache, orders };
}
