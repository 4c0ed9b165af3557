/**
 * A Deployment scaled by a HorizontalPodAutoscaler and protected by a PodDisruptionBudget, all in
 * one tier after its config; a ClusterIP Service in front of it.
 */
import { App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { SmokeTest, Tier } from '../../src';

export function autoscaledWebApp(app: App): void {
  const chart = new Chart(app, 'catalog', { namespace: 'catalog', disableResourceNameHashes: true });
  const config = new kplus.ConfigMap(chart, 'config', { data: { CACHE_SIZE: '512' } });
  const configTier = new Tier(chart, 'config-tier').add(config);
  const web = new kplus.Deployment(chart, 'web', {
    containers: [{
      name: 'catalog',
      image: 'registry.internal/catalog:1.12.0',
      portNumber: 8080,
      envFrom: [kplus.Env.fromConfigMap(config)],
      readiness: kplus.Probe.fromHttpGet('/healthz'),
      resources: { cpu: { request: kplus.Cpu.millis(200), limit: kplus.Cpu.millis(1000) } },
    }],
  });
  const hpa = new kplus.HorizontalPodAutoscaler(chart, 'hpa', {
    target: web,
    minReplicas: 2,
    maxReplicas: 10,
    metrics: [kplus.Metric.resourceCpu(kplus.MetricTarget.averageUtilization(70))],
  });
  const pdb = new kplus.k8s.KubePodDisruptionBudget(chart, 'pdb', {
    spec: { minAvailable: kplus.k8s.IntOrString.fromNumber(1), selector: { matchLabels: web.matchLabels } },
  });
  const service = web.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
  new Tier(chart, 'web-tier', { after: [configTier] }).add(web, hpa, pdb, service);
  new SmokeTest(chart, 'smoke', { service, path: '/healthz' });
}
