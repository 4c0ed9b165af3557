import { BUILTIN_LUA_HEALTH, HEALTH_CHECKS, hasBuiltinLuaHealth, healthCheckOf, hasHealthCheck } from '../../src/argo';
import type { HealthScript } from '../../src/argo/argocd-cm';

describe('health table (gitops-engine pkg/health/health.go GetHealthCheckFunc; docs/argo-cd-model.md#health)', () => {
  test.each([
    ['apps', 'Deployment'], ['apps', 'StatefulSet'], ['apps', 'DaemonSet'], ['apps', 'ReplicaSet'], ['batch', 'Job'],
    ['', 'Pod'], ['', 'Service'], ['', 'PersistentVolumeClaim'], ['networking.k8s.io', 'Ingress'], ['extensions', 'Ingress'],
    ['apiregistration.k8s.io', 'APIService'], ['autoscaling', 'HorizontalPodAutoscaler'], ['argoproj.io', 'Workflow'],
  ])('built-in Go check: %s/%s', (group, kind) => {
    expect(healthCheckOf(group, kind).check).toBe('go');
    expect(hasHealthCheck(group, kind)).toBe(true);
  });

  test.each([
    ['batch', 'CronJob'], ['policy', 'PodDisruptionBudget'], ['apiextensions.k8s.io', 'CustomResourceDefinition'],
    ['argoproj.io', 'Rollout'], ['argoproj.io', 'ApplicationSet'],
  ])('built-in Lua: %s/%s', (group, kind) => {
    expect(healthCheckOf(group, kind).check).toBe('lua');
  });

  test.each([
    ['', 'Namespace'], ['', 'ConfigMap'], ['', 'Secret'], ['', 'ServiceAccount'], ['rbac.authorization.k8s.io', 'Role'],
    ['networking.k8s.io', 'NetworkPolicy'], ['storage.k8s.io', 'StorageClass'], ['', 'PersistentVolume'],
    ['networking.k8s.io', 'IngressClass'], ['', 'ReplicationController'], ['admissionregistration.k8s.io', 'ValidatingWebhookConfiguration'],
    ['scheduling.k8s.io', 'PriorityClass'], ['example.com', 'Widget'], ['crossplane.io.example.com', 'Thing'],
    // The group matters: only apps/Deployment has the Go check.
    ['extensions', 'Deployment'], ['', 'Deployment'],
  ])('no health check, done on apply: %s/%s', (group, kind) => {
    expect(healthCheckOf(group, kind)).toMatchObject({ group, kind, check: 'none' });
    expect(hasHealthCheck(group, kind)).toBe(false);
  });

  test.each([
    ['rabbitmq.com', 'RabbitmqCluster'], ['cert-manager.io', 'Certificate'], ['bitnami.com', 'SealedSecret'],
    ['snapshot.storage.k8s.io', 'VolumeSnapshot'], ['gateway.networking.k8s.io', 'HTTPRoute'],
    // Wildcard folders: _.crossplane.io/_ and _.upbound.io/_
    ['pkg.crossplane.io', 'Provider'], ['ec2.aws.upbound.io', 'VPC'], ['apiextensions.crossplane.io', 'Composition'],
  ])('built-in third-party Lua: %s/%s', (group, kind) => {
    expect(healthCheckOf(group, kind)).toMatchObject({ group, kind, check: 'lua' });
  });

  test('the built-in Lua list: 241 folders, wildcards match one segment only', () => {
    expect(BUILTIN_LUA_HEALTH).toHaveLength(241);
    expect(hasBuiltinLuaHealth('s3.aws.crossplane.io', 'Bucket')).toBe(true);
    expect(hasBuiltinLuaHealth('crossplane.io', 'Bucket')).toBe(false);
    expect(hasBuiltinLuaHealth('argoproj.io', 'Application')).toBe(false);
    expect(hasBuiltinLuaHealth('', 'ConfigMap')).toBe(false);
  });

  // resource_customizations/policy/PodDisruptionBudget/health.lua and argoproj.io/ApplicationSet/health.lua
  // (their health_test.yaml cases): the texts say what the scripts read, nothing they do not.
  test('PodDisruptionBudget: conditions, InsufficientPods tolerated; no currentHealthy/desiredHealthy comparison', () => {
    const pdb = healthCheckOf('policy', 'PodDisruptionBudget');
    expect(`${pdb.healthyWhen}; ${pdb.otherwise}`).toMatch(/InsufficientPods/);
    expect(pdb.otherwise).toMatch(/^Degraded when a condition is False .*Progressing until the status has conditions$/);
    expect(`${pdb.healthyWhen} ${pdb.otherwise}`).not.toMatch(/currentHealthy|desiredHealthy|disruptions are not allowed/);
  });

  test('ApplicationSet: ResourcesUpToDate, ErrorOccurred and RolloutProgressing', () => {
    const appSet = healthCheckOf('argoproj.io', 'ApplicationSet');
    expect(appSet.healthyWhen).toBe('condition ResourcesUpToDate True');
    expect(appSet.otherwise).toMatch(/ErrorOccurred True or ResourcesUpToDate False; Progressing while RolloutProgressing/);
  });

  test('argoproj.io/Application has no health check since 1.8, and says how to fix it', () => {
    const h = healthCheckOf('argoproj.io', 'Application');
    expect(h.check).toBe('none');
    expect(h.healthyWhen).toMatch(/1\.8/);
    expect(h.healthyWhen).toMatch(/argocd-cm/);
  });

  test('every entry is unique and described on one line', () => {
    expect(new Set(HEALTH_CHECKS.map(h => `${h.group}/${h.kind}`)).size).toBe(HEALTH_CHECKS.length);
    for (const h of HEALTH_CHECKS) {
      expect(h.healthyWhen).not.toMatch(/\n/);
      expect(h.healthyWhen.length).toBeGreaterThan(5);
    }
  });
});

// The Lua rows of the table count from the release that shipped their script (argo-cd
// resource_customizations at v3.1.0 against v3.2.0: batch/CronJob; v2.14.0 against v3.0.0: the CRD's).
describe('health checks of the Argo CD version modelled', () => {
  test('batch/CronJob: a Lua check from 3.2, none in 3.1; the default is the latest', () => {
    expect(healthCheckOf('batch', 'CronJob', undefined, '3.1')).toMatchObject({ check: 'none' });
    expect(healthCheckOf('batch', 'CronJob', undefined, '3.2')).toMatchObject({ check: 'lua', healthyWhen: 'the last run did not fail' });
    expect(healthCheckOf('batch', 'CronJob').check).toBe('lua');
    // Answered per version, in any order: one version's answer is not kept for another.
    expect(hasHealthCheck('batch', 'CronJob', undefined, '3.1')).toBe(false);
    expect(hasHealthCheck('batch', 'CronJob', undefined, '3.2')).toBe(true);
    expect(hasHealthCheck('batch', 'CronJob', undefined, '3.1')).toBe(false);
    expect(hasHealthCheck('batch', 'CronJob')).toBe(true);
  });

  test('a CustomResourceDefinition has a check from 3.0; Go checks and other Lua rows in every version', () => {
    expect(hasHealthCheck('apiextensions.k8s.io', 'CustomResourceDefinition', undefined, '2.14')).toBe(false);
    expect(hasHealthCheck('apiextensions.k8s.io', 'CustomResourceDefinition', undefined, '3.0')).toBe(true);
    expect(hasHealthCheck('apps', 'Deployment', undefined, '2.14')).toBe(true);
    expect(hasHealthCheck('argoproj.io', 'Rollout', undefined, '2.14')).toBe(true);
  });

  test('an argocd-cm script is a check in any version; without one, the version decides', () => {
    const scripts: HealthScript[] = [{ key: 'batch/CronJob', script: 'return {}', useOpenLibs: false }];
    expect(healthCheckOf('batch', 'CronJob', scripts, '3.1').check).toBe('argocd-cm');
    expect(hasHealthCheck('batch', 'CronJob', scripts, '3.1')).toBe(true);
    const other: HealthScript[] = [{ key: 'example.com/Widget', script: 'return {}', useOpenLibs: false }];
    expect(hasHealthCheck('batch', 'CronJob', other, '3.1')).toBe(false);
    expect(hasHealthCheck('batch', 'CronJob', other, '3.2')).toBe(true);
  });
});
