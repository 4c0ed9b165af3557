import { HEALTH_CHECKS, healthCheckOf, hasHealthCheck } from '../../src/argo';

describe('health table (GE/health/health.go GetHealthCheckFunc, reference §4)', () => {
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
    ['scheduling.k8s.io', 'PriorityClass'], ['rabbitmq.com', 'RabbitmqCluster'],
    // The group matters: only apps/Deployment has the Go check.
    ['extensions', 'Deployment'], ['', 'Deployment'],
  ])('no health check, done on apply: %s/%s', (group, kind) => {
    expect(healthCheckOf(group, kind)).toMatchObject({ group, kind, check: 'none' });
    expect(hasHealthCheck(group, kind)).toBe(false);
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
