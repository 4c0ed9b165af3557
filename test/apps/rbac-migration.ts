/**
 * A migration that needs its own RBAC: it takes a Lease as a lock, so it runs under a ServiceAccount
 * bound to a Role, all created in a PreSync tier with its settings. Argo CD creates hooks in one kind
 * order inside a step (ServiceAccount, ConfigMap, Role, RoleBinding, then the Job), and none of these
 * has a health check: the tier and the migration share one PreSync wave.
 */
import { App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { EnvSource, HookPhase, MigrationHook, SmokeTest, Tier } from '../../src';

export function rbacMigrationApp(app: App): void {
  const chart = new Chart(app, 'ledger', { namespace: 'ledger', disableResourceNameHashes: true });
  const account = new kplus.ServiceAccount(chart, 'migrator', { metadata: { name: 'ledger-migrator' }, automountToken: false });
  const role = new kplus.Role(chart, 'lock');
  role.allow(['get', 'create', 'update'], kplus.ApiResource.custom({ apiGroup: 'coordination.k8s.io', resourceType: 'leases' }));
  const binding = new kplus.RoleBinding(chart, 'lock-binding', { role });
  binding.addSubjects(account);
  const settings = new kplus.ConfigMap(chart, 'migration-settings', { data: { LOCK_NAME: 'ledger-migration' } });
  const bootstrap = new Tier(chart, 'bootstrap', { phase: HookPhase.PRE_SYNC }).add(account, role, binding, settings);

  const migrate = new MigrationHook(chart, 'migrate', {
    after: [bootstrap],
    name: 'ledger-migrate',
    image: 'registry.internal/ledger:2.4.0',
    command: ['ledger', 'migrate', '--lock-lease'],
    envFrom: [EnvSource.configMap(settings)],
    serviceAccountName: 'ledger-migrator',
    automountServiceAccountToken: true, // the Lease lock talks to the API server
  });

  const api = new kplus.Deployment(chart, 'api', {
    containers: [{ name: 'api', image: 'registry.internal/ledger:2.4.0', portNumber: 8080, readiness: kplus.Probe.fromHttpGet('/ready') }],
  });
  const service = api.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
  new Tier(chart, 'api-tier', { after: [migrate] }).add(api, service);
  new SmokeTest(chart, 'smoke', { service, path: '/ready' });
}
