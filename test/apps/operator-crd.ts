/**
 * An operator with its CRD and custom resources: the CRD in a tier of its own, the operator
 * (ServiceAccount, ClusterRole, binding, Deployment) after it, and two `Backup` custom resources
 * after the operator. The CRD must be Established before anything uses its kind.
 */
import { ApiObject, App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Tier } from '../../src';

export function operatorCrdApp(app: App): void {
  const chart = new Chart(app, 'backup-operator', { namespace: 'backup-system', disableResourceNameHashes: true });
  const crd = new ApiObject(chart, 'crd', {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'backups.backup.example.com' },
    spec: {
      group: 'backup.example.com',
      scope: 'Namespaced',
      names: { kind: 'Backup', plural: 'backups', singular: 'backup', listKind: 'BackupList' },
      versions: [{
        name: 'v1',
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true } },
      }],
    },
  });
  const crds = new Tier(chart, 'crds').add(crd);

  const account = new kplus.ServiceAccount(chart, 'operator-account', { automountToken: true });
  const role = new kplus.ClusterRole(chart, 'operator-role');
  role.allowReadWrite(kplus.ApiResource.custom({ apiGroup: 'backup.example.com', resourceType: 'backups' }));
  role.allowRead(kplus.ApiResource.PERSISTENT_VOLUME_CLAIMS);
  role.bind(account);
  const operator = new kplus.Deployment(chart, 'operator', {
    replicas: 1,
    serviceAccount: account,
    automountServiceAccountToken: true,
    containers: [{
      name: 'operator',
      image: 'registry.internal/backup-operator:0.9.1',
      portNumber: 8081,
      readiness: kplus.Probe.fromHttpGet('/readyz'),
    }],
  });
  const operatorTier = new Tier(chart, 'operator-tier', { after: [crds] }).add(account, role, operator);

  const backups = new Tier(chart, 'backups', { after: [operatorTier] });
  for (const db of ['orders', 'users']) {
    backups.add(new ApiObject(chart, `backup-${db}`, {
      apiVersion: 'backup.example.com/v1',
      kind: 'Backup',
      metadata: { name: `${db}-nightly` },
      spec: { schedule: '0 3 * * *', database: db, retain: 7 },
    }));
  }
}
