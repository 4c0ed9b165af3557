/** Cases of gitops-engine `pkg/health/health_test.go` `TestDeploymentHealth`, with this project's own objects. */
import { deploymentHealth } from '../../../src/argo/live-health/deployment';

const deployment = (spec: object, status: object, generation = 2) => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', generation }, spec: { replicas: 3, ...spec }, status,
});

describe('TestDeploymentHealth', () => {
  test('Healthy: rollout complete (the nginx case)', () => {
    expect(deploymentHealth(deployment({}, { observedGeneration: 2, replicas: 3, updatedReplicas: 3, availableReplicas: 3 })))
      .toEqual({ status: 'Healthy', message: '' });
  });
  test('Progressing: fewer updated replicas than spec.replicas (deployment-progressing)', () => {
    expect(deploymentHealth(deployment({}, { observedGeneration: 2, replicas: 3, updatedReplicas: 1, availableReplicas: 1 })))
      .toEqual({ status: 'Progressing', message: 'Waiting for rollout to finish: 1 out of 3 new replicas have been updated...' });
  });
  test('Suspended: spec.paused (deployment-suspended)', () => {
    expect(deploymentHealth(deployment({ paused: true }, {}))).toEqual({ status: 'Suspended', message: 'Deployment is paused' });
  });
  test('Degraded: Progressing condition ProgressDeadlineExceeded (deployment-degraded)', () => {
    const d = deployment({}, {
      observedGeneration: 2,
      replicas: 3,
      updatedReplicas: 3,
      availableReplicas: 1,
      conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }],
    });
    expect(deploymentHealth(d)).toEqual({ status: 'Degraded', message: 'Deployment "api" exceeded its progress deadline' });
  });
  test('Progressing: generation not observed yet', () => {
    expect(deploymentHealth(deployment({}, { observedGeneration: 1 })).message).toBe('Waiting for rollout to finish: observed deployment generation less than desired generation');
  });
  test('Progressing: old replicas pending termination, then updated replicas not available', () => {
    expect(deploymentHealth(deployment({}, { observedGeneration: 2, replicas: 4, updatedReplicas: 3, availableReplicas: 3 })).message)
      .toBe('Waiting for rollout to finish: 1 old replicas are pending termination...');
    expect(deploymentHealth(deployment({}, { observedGeneration: 2, replicas: 3, updatedReplicas: 3, availableReplicas: 2 })).message)
      .toBe('Waiting for rollout to finish: 2 of 3 updated replicas are available...');
  });
  test('an apps/v1beta2 Deployment fails the typed conversion (Unknown upstream)', () => {
    expect(() => deploymentHealth({ ...deployment({}, {}), apiVersion: 'apps/v1beta2' })).toThrow('unsupported Deployment GVK: apps/v1beta2, Kind=Deployment');
  });
});
