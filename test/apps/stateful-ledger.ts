/**
 * A stateful service written with cdk8s-plus-33 (not the default line): a PostgreSQL StatefulSet
 * whose claims come from `volumeClaimTemplates`, its ConfigMap and Secret in a config tier, a
 * Sync-phase migration after the database, the API (Deployment, HorizontalPodAutoscaler,
 * PodDisruptionBudget, NetworkPolicy, Service) after the migration, an Ingress after the API, a
 * nightly backup CronJob, a smoke test and a notification when the sync fails.
 */
import { App, Chart, Cron, Duration, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-33';
import { EnvReference, EnvSource, HookPhase, MigrationHook, SmokeTest, SyncFailHook, Tier } from '../../src';

export function statefulLedgerApp(app: App): void {
  const chart = new Chart(app, 'ledger', { namespace: 'ledger', disableResourceNameHashes: true });
  const settings = new kplus.ConfigMap(chart, 'settings', { metadata: { name: 'ledger-settings' }, data: { LOG_LEVEL: 'info', POOL_SIZE: '20' } });
  const credentials = new kplus.Secret(chart, 'credentials', {
    metadata: { name: 'ledger-db' },
    stringData: { password: 'from-sealed-secrets', url: 'postgres://ledger@ledger-db-0.ledger-db:5432/ledger' },
  });
  const config = new Tier(chart, 'config').add(settings, credentials);

  const db = new kplus.StatefulSet(chart, 'db', {
    metadata: { name: 'ledger-db' },
    replicas: 1,
    containers: [{
      name: 'postgres',
      image: 'postgres:16.4',
      portNumber: 5432,
      envVariables: { POSTGRES_PASSWORD: kplus.EnvValue.fromSecretValue({ secret: credentials, key: 'password' }) },
      readiness: kplus.Probe.fromCommand(['pg_isready', '-U', 'ledger']),
      securityContext: { user: 999, group: 999 },
      resources: { cpu: { request: kplus.Cpu.millis(500) }, memory: { request: Size.gibibytes(1), limit: Size.gibibytes(2) } },
    }],
    volumeClaimTemplates: [{ name: 'data', storage: Size.gibibytes(20), accessModes: [kplus.PersistentVolumeAccessMode.READ_WRITE_ONCE] }],
  });
  db.containers[0].mount('/var/lib/postgresql/data', kplus.Volume.fromEmptyDir(chart, 'data', 'data'));
  const database = new Tier(chart, 'database', { after: [config] }).add(db);

  const migrate = new MigrationHook(chart, 'migrate', {
    name: 'ledger-migrate',
    phase: HookPhase.SYNC,
    after: [database],
    image: 'registry.internal/ledger:5.2.0',
    command: ['ledger', 'db', 'migrate'],
    verify: ['ledger', 'db', 'status', '--fail-on-pending'],
    env: [EnvReference.fromSecret('DATABASE_URL', credentials, 'url')],
    envFrom: [EnvSource.configMap(settings)],
  });

  const api = new kplus.Deployment(chart, 'api', {
    metadata: { name: 'ledger-api' },
    containers: [{
      name: 'api',
      image: 'registry.internal/ledger:5.2.0',
      portNumber: 8080,
      envFrom: [kplus.Env.fromConfigMap(settings)],
      envVariables: { DATABASE_URL: kplus.EnvValue.fromSecretValue({ secret: credentials, key: 'url' }) },
      readiness: kplus.Probe.fromHttpGet('/ready', { port: 8080, periodSeconds: Duration.seconds(5) }),
      resources: {
        cpu: { request: kplus.Cpu.millis(250), limit: kplus.Cpu.millis(1000) },
        memory: { request: Size.mebibytes(256), limit: Size.mebibytes(512) },
      },
      securityContext: { user: 1000, group: 1000 },
    }],
  });
  const hpa = new kplus.HorizontalPodAutoscaler(chart, 'api-hpa', {
    target: api,
    minReplicas: 2,
    maxReplicas: 8,
    metrics: [kplus.Metric.resourceCpu(kplus.MetricTarget.averageUtilization(65))],
  });
  const pdb = new kplus.k8s.KubePodDisruptionBudget(chart, 'api-pdb', {
    metadata: { name: 'ledger-api' },
    spec: { minAvailable: kplus.k8s.IntOrString.fromNumber(1), selector: { matchLabels: api.matchLabels } },
  });
  const service = api.exposeViaService({ name: 'ledger-api', ports: [{ port: 80, targetPort: 8080 }] });
  const policy = new kplus.NetworkPolicy(chart, 'db-policy', {
    metadata: { name: 'ledger-db-from-api' },
    selector: db,
    ingress: { rules: [{ peer: api, ports: [kplus.NetworkPolicyPort.tcp(5432)] }] },
  });
  const app_ = new Tier(chart, 'api-tier', { after: [migrate] }).add(api, hpa, pdb, service, policy);

  const ingress = new kplus.Ingress(chart, 'ingress', { metadata: { name: 'ledger' } });
  ingress.addHostDefaultBackend('ledger.internal.example.com', kplus.IngressBackend.fromService(service));
  new Tier(chart, 'edge', { after: [app_] }).add(ingress);

  new kplus.CronJob(chart, 'backup', {
    metadata: { name: 'ledger-backup' },
    schedule: Cron.daily(),
    containers: [{
      name: 'backup',
      image: 'registry.internal/pg-backup:2.0.1',
      args: ['--target', 's3://backups/ledger'],
      envVariables: { DATABASE_URL: kplus.EnvValue.fromSecretValue({ secret: credentials, key: 'url' }) },
      securityContext: { user: 1000, group: 1000 },
    }],
  });

  new SmokeTest(chart, 'smoke', { name: 'ledger-smoke', service, path: '/ready' });
  new SyncFailHook(chart, 'notify', {
    name: 'ledger-sync-failed',
    image: 'curlimages/curl:8.11.1',
    command: ['curl', '-fsS', '-X', 'POST', 'https://hooks.internal.example.com/ledger-sync-failed'],
  });
}
