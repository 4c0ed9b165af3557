/**
 * An operator brought in from its release YAML with cdk8s `Include` (test/apps/fixtures/queue-operator.yaml:
 * a Namespace, two CRDs, RBAC, a controller Deployment behind a webhook Service, a webhook
 * configuration, a ConfigMap the vendor put at wave -1 by hand and a `helm.sh/hook` certificate Job),
 * the whole install one tier. The team's queues (custom resources of the operator's CRDs) come after
 * it, and the consumer after its queue, through `after` and cdk8s's `node.addDependency`. Argo CD has
 * no health check for the operator's kinds, which the team knows and says with a suppression.
 */
import { join } from 'path';
import { ApiObject, App, Chart, Include } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { SmokeTest, Suppressions, Tier } from '../../src';

export const QUEUE_OPERATOR_YAML = join(__dirname, 'fixtures', 'queue-operator.yaml');

export function includedOperatorApp(app: App): void {
  const chart = new Chart(app, 'messaging', { disableResourceNameHashes: true });
  const operator = new Include(chart, 'queue-operator', { url: QUEUE_OPERATOR_YAML });
  const platform = new Tier(chart, 'operator').add(operator);

  new kplus.Namespace(chart, 'orders-namespace', { metadata: { name: 'orders' } });
  const queue = new ApiObject(chart, 'orders-queue', {
    apiVersion: 'messaging.example.com/v1',
    kind: 'Queue',
    metadata: { name: 'orders', namespace: 'orders' },
    spec: { durable: true, maxLength: 100000 },
  });
  const queues = new Tier(chart, 'queues', { after: [platform] }).add(queue);

  const consumer = new kplus.Deployment(chart, 'consumer', {
    metadata: { name: 'orders-consumer', namespace: 'orders' },
    containers: [{
      name: 'consumer',
      image: 'registry.internal/orders-consumer:3.1.0',
      envVariables: { QUEUE: kplus.EnvValue.fromValue('orders') },
      portNumber: 9090,
      readiness: kplus.Probe.fromHttpGet('/ready'),
    }],
  });
  const metrics = consumer.exposeViaService({ name: 'orders-consumer', ports: [{ port: 9090 }] });
  new Tier(chart, 'consumers', { after: [queues] }).add(consumer, metrics);
  new SmokeTest(chart, 'smoke', { service: metrics, path: '/ready' });

  // A binding the team writes next to the queue, ordered by cdk8s's own dependency on the operator.
  const binding = new ApiObject(chart, 'orders-binding', {
    apiVersion: 'messaging.example.com/v1',
    kind: 'Binding',
    metadata: { name: 'orders-to-billing', namespace: 'orders' },
    spec: { queue: 'orders', exchange: 'billing' },
  });
  binding.node.addDependency(operator);
  for (const custom of [queue, binding]) {
    Suppressions.add(custom, 'wave-gate-no-health', 'the consumer retries until the operator has declared its queue');
  }
}
