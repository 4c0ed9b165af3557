/**
 * The README's shape in a Namespace of its own: the chart creates its Namespace, a PreSync
 * migration runs in it, then config and web. Argo CD hoists the Namespace into PreSync, before the
 * migration that lives in it (gitops-engine `sync_tasks.go` `adjustDeps`); what the library writes
 * on the Namespace must be what Argo CD runs, or nothing (#10 §3, first bullet).
 */
import { App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { EnvReference, MigrationHook, SmokeTest, Tier } from '../../src';

export function namespacedMigrationApp(app: App): void {
  const chart = new Chart(app, 'ledger', { namespace: 'ledger', disableResourceNameHashes: true });
  new kplus.Namespace(chart, 'namespace', { metadata: { name: 'ledger' } });
  const db = kplus.Secret.fromSecretName(chart, 'db', 'ledger-db');
  new MigrationHook(chart, 'migrate', {
    name: 'ledger-migrate',
    image: 'registry.internal/ledger:3.0.1',
    command: ['./ledger', 'migrate'],
    env: [EnvReference.fromSecret('DATABASE_URL', db, 'url')],
  });
  const config = new kplus.ConfigMap(chart, 'config', { data: { CURRENCY: 'EUR' } });
  const web = new kplus.Deployment(chart, 'web', {
    containers: [{
      name: 'web',
      image: 'registry.internal/ledger:3.0.1',
      portNumber: 8080,
      envFrom: [kplus.Env.fromConfigMap(config)],
      readiness: kplus.Probe.fromHttpGet('/healthz'),
    }],
  });
  const service = web.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
  const configTier = new Tier(chart, 'config-tier').add(config);
  new Tier(chart, 'web-tier', { after: [configTier] }).add(web, service);
  new SmokeTest(chart, 'smoke', { service, path: '/healthz' });
}
