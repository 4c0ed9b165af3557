/**
 * A web tier exposed through `exposeViaService` (the Service is a child of the Deployment), the
 * Service and an Ingress in an edge tier after it, and a worker that depends on the web Deployment
 * (`worker.node.addDependency(web)`: the Deployment and, as cdk8s means it, its subtree). The
 * worker needs the Deployment Healthy and the ClusterIP Service applied: the fewest waves put it in
 * the edge tier's wave (#10 §2, second bullet).
 */
import { App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { SmokeTest, Tier } from '../../src';

export function workerAfterWebApp(app: App): void {
  const chart = new Chart(app, 'storefront', { namespace: 'storefront', disableResourceNameHashes: true });
  const config = new kplus.ConfigMap(chart, 'config', { data: { CART_TTL: '3600' } });
  const configTier = new Tier(chart, 'config-tier').add(config);

  const web = new kplus.Deployment(chart, 'web', {
    replicas: 3,
    containers: [{
      name: 'web',
      image: 'registry.internal/storefront:7.0.2',
      portNumber: 8080,
      envFrom: [kplus.Env.fromConfigMap(config)],
      readiness: kplus.Probe.fromHttpGet('/healthz'),
    }],
  });
  const webTier = new Tier(chart, 'web-tier', { after: [configTier] }).add(web);

  const service = web.exposeViaService({ name: 'storefront', ports: [{ port: 80, targetPort: 8080 }] });
  const ingress = new kplus.Ingress(chart, 'ingress', {
    rules: [{ host: 'shop.example.com', path: '/', backend: kplus.IngressBackend.fromService(service) }],
  });
  new Tier(chart, 'edge', { after: [webTier] }).add(service, ingress);

  const worker = new kplus.Deployment(chart, 'worker', {
    replicas: 2,
    containers: [{
      name: 'worker',
      image: 'registry.internal/storefront:7.0.2',
      command: ['./worker', '--api', 'http://storefront'],
      envFrom: [kplus.Env.fromConfigMap(config)],
      portNumber: 9090,
      readiness: kplus.Probe.fromHttpGet('/ready', { port: 9090 }),
    }],
  });
  worker.node.addDependency(web);
  new SmokeTest(chart, 'smoke', { service, path: '/healthz' });
}
