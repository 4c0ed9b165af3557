/**
 * Two charts, two Argo CD Applications (ordered by an app-of-apps outside this code): a platform
 * chart (its Namespace, a quota, a shared ConfigMap) and an app chart living in that Namespace.
 * Each chart's waves are computed and proven on its own file.
 */
import { ApiObject, App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { SmokeTest, Tier } from '../../src';

export function twoChartsApp(app: App): void {
  const platform = new Chart(app, 'platform', { namespace: 'team-a', disableResourceNameHashes: true });
  new kplus.Namespace(platform, 'namespace', { metadata: { name: 'team-a' } });
  const quota = new ApiObject(platform, 'quota', {
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: { name: 'team-a' },
    spec: { hard: { 'requests.cpu': '8', 'requests.memory': '16Gi' } },
  });
  const shared = new kplus.ConfigMap(platform, 'shared', { metadata: { name: 'team-a-shared' }, data: { REGION: 'eu-west-1' } });
  new Tier(platform, 'base').add(quota, shared);

  const appChart = new Chart(app, 'orders', { namespace: 'team-a', disableResourceNameHashes: true });
  const config = new kplus.ConfigMap(appChart, 'config', { data: { QUEUE: 'orders' } });
  const api = new kplus.Deployment(appChart, 'api', {
    containers: [{
      name: 'api',
      image: 'registry.internal/orders:4.0.0',
      portNumber: 8080,
      envFrom: [kplus.Env.fromConfigMap(config)],
      readiness: kplus.Probe.fromHttpGet('/healthz'),
    }],
  });
  const configTier = new Tier(appChart, 'config-tier').add(config);
  const apiTier = new Tier(appChart, 'api-tier', { after: [configTier] }).add(api);
  const service = api.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
  const ingress = new kplus.Ingress(appChart, 'ingress', {
    rules: [{ host: 'orders.example.com', path: '/', backend: kplus.IngressBackend.fromService(service) }],
  });
  new Tier(appChart, 'edge', { after: [apiTier] }).add(service, ingress);
  new SmokeTest(appChart, 'smoke', { service, path: '/healthz' });
}
