/**
 * A Postgres database, written the natural way: the StatefulSet with its headless Service
 * (`new kplus.StatefulSet(.., { service })`, which makes the StatefulSet depend on the Service),
 * the claim it mounts and its config, all in one tier, in a Namespace of its own.
 */
import { App, Chart, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { HookJob, HookPhase, Tier } from '../../src';

export function postgresApp(app: App): void {
  const chart = new Chart(app, 'postgres', { namespace: 'db', disableResourceNameHashes: true });
  new kplus.Namespace(chart, 'namespace', { metadata: { name: 'db' } });
  const config = new kplus.ConfigMap(chart, 'config', { data: { POSTGRES_DB: 'shop', PGDATA: '/var/lib/postgresql/data/pgdata' } });
  // Created outside the app (sealed-secrets, External Secrets): referenced, never inlined.
  const credentials = kplus.Secret.fromSecretName(chart, 'credentials', 'postgres-credentials');
  const data = new kplus.PersistentVolumeClaim(chart, 'data', {
    storage: Size.gibibytes(20),
    accessModes: [kplus.PersistentVolumeAccessMode.READ_WRITE_ONCE],
  });
  const service = new kplus.Service(chart, 'service', { clusterIP: 'None', ports: [{ port: 5432, name: 'postgres' }] });
  const postgres = new kplus.StatefulSet(chart, 'postgres', {
    service,
    replicas: 1,
    containers: [{
      name: 'postgres',
      image: 'postgres:16.4',
      portNumber: 5432,
      envFrom: [kplus.Env.fromConfigMap(config)],
      envVariables: { POSTGRES_PASSWORD: kplus.EnvValue.fromSecretValue({ secret: credentials, key: 'password' }) },
      readiness: kplus.Probe.fromCommand(['pg_isready', '-U', 'postgres']),
      securityContext: { user: 999, group: 999 },
      volumeMounts: [{ path: '/var/lib/postgresql/data', volume: kplus.Volume.fromPersistentVolumeClaim(chart, 'data-volume', data) }],
    }],
  });
  new Tier(chart, 'database').add(config, data, service, postgres);
  // A green sync must mean the database answers: checked after the Sync phase.
  new HookJob(chart, 'ready', {
    phase: HookPhase.POST_SYNC,
    name: 'postgres-ready',
    image: 'postgres:16.4',
    command: ['pg_isready', '-h', `${postgres.name}-0.${service.name}`, '-t', '5'],
  });
}
