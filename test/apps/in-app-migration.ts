/**
 * An app that deploys its own database and migrates it in the Sync phase, after the database is
 * Healthy and before the web tier: `MigrationHook` with `phase: HookPhase.SYNC, after: [database]`
 * (#10 §4; a PreSync migration cannot reach a database the same sync creates).
 */
import { App, Chart, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { EnvReference, HookPhase, MigrationHook, MigrationHookProps, SmokeTest, Tier } from '../../src';

export function inAppMigrationApp(app: App): void {
  const chart = new Chart(app, 'shop', { namespace: 'shop', disableResourceNameHashes: true });
  const credentials = kplus.Secret.fromSecretName(chart, 'credentials', 'shop-db');
  const data = new kplus.PersistentVolumeClaim(chart, 'data', {
    storage: Size.gibibytes(10),
    accessModes: [kplus.PersistentVolumeAccessMode.READ_WRITE_ONCE],
  });
  // No `service` given: cdk8s-plus creates the headless Service as a child and depends on it.
  const db = new kplus.StatefulSet(chart, 'db', {
    replicas: 1,
    containers: [{
      name: 'postgres',
      image: 'postgres:16.4',
      portNumber: 5432,
      envVariables: { POSTGRES_PASSWORD: kplus.EnvValue.fromSecretValue({ secret: credentials, key: 'password' }) },
      readiness: kplus.Probe.fromCommand(['pg_isready']),
      securityContext: { user: 999, group: 999 },
      volumeMounts: [{ path: '/var/lib/postgresql/data', volume: kplus.Volume.fromPersistentVolumeClaim(chart, 'data-volume', data) }],
    }],
  });
  const database = new Tier(chart, 'database').add(data, db);

  // Typed once the planner branch lands `phase` (#10 §4); until then passed as a variable.
  const migrateProps = {
    phase: HookPhase.SYNC,
    after: [database],
    name: 'shop-migrate',
    image: 'registry.internal/shop:2.3.0',
    command: ['./manage.py', 'migrate', '--noinput'],
    verify: ['./manage.py', 'migrate', '--check'],
    env: [EnvReference.fromSecret('DATABASE_URL', credentials, 'url')],
  };
  const migrate = new MigrationHook(chart, 'migrate', migrateProps as MigrationHookProps);

  const web = new kplus.Deployment(chart, 'web', {
    containers: [{
      name: 'web',
      image: 'registry.internal/shop:2.3.0',
      portNumber: 8000,
      envVariables: { DATABASE_URL: kplus.EnvValue.fromSecretValue({ secret: credentials, key: 'url' }) },
      readiness: kplus.Probe.fromHttpGet('/healthz'),
    }],
  });
  const service = web.exposeViaService({ ports: [{ port: 80, targetPort: 8000 }] });
  new Tier(chart, 'web-tier', { after: [migrate] }).add(web, service);
  new SmokeTest(chart, 'smoke', { service, path: '/healthz' });
}
