import { BUILTIN_LUA_HEALTH, HEALTH_CHECKS, hasBuiltinLuaHealth, healthCheckOf, hasHealthCheck } from '../../src/argo';

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
