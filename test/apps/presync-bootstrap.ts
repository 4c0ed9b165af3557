/**
 * Config a PreSync migration reads, in a PreSync tier of its own (`new Tier(chart, 'bootstrap',
 * { phase: HookPhase.PRE_SYNC })`, #10 §4): on the first sync a Sync-phase ConfigMap would not
 * exist yet when the migration starts (rule reads-resource-created-later).
 */
import { App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { EnvReference, EnvSource, HookPhase, MigrationHook, SmokeTest, Tier, TierProps } from '../../src';

export function presyncBootstrapApp(app: App): void {
  const chart = new Chart(app, 'billing', { namespace: 'billing', disableResourceNameHashes: true });
  const settings = new kplus.ConfigMap(chart, 'migration-settings', { data: { SCHEMA: 'billing', LOCK_TIMEOUT: '30s' } });
  // Typed once the planner branch lands `phase` (#10 §4); until then passed as a variable.
  const bootstrapProps = { phase: HookPhase.PRE_SYNC };
  const bootstrap = new Tier(chart, 'bootstrap', bootstrapProps as TierProps).add(settings);

  const credentials = kplus.Secret.fromSecretName(chart, 'credentials', 'billing-db');
  const migrate = new MigrationHook(chart, 'migrate', {
    after: [bootstrap],
    name: 'billing-migrate',
    image: 'registry.internal/billing:5.1.0',
    command: ['flyway', 'migrate'],
    verify: ['flyway', 'validate'],
    envFrom: [EnvSource.configMap(settings)],
    env: [EnvReference.fromSecret('FLYWAY_URL', credentials, 'jdbc-url')],
  });

  const config = new kplus.ConfigMap(chart, 'config', { data: { LOG_LEVEL: 'info' } });
  const api = new kplus.Deployment(chart, 'api', {
    containers: [{
      name: 'api',
      image: 'registry.internal/billing:5.1.0',
      portNumber: 8080,
      envFrom: [kplus.Env.fromConfigMap(config)],
      readiness: kplus.Probe.fromHttpGet('/ready'),
    }],
  });
  const configTier = new Tier(chart, 'config-tier').add(config);
  const service = api.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
  new Tier(chart, 'api-tier', { after: [configTier, migrate] }).add(api, service);
  new SmokeTest(chart, 'smoke', { service, path: '/ready' });
}
