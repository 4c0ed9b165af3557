/** The branches of gitops-engine `health_replicaset.go` (no upstream test file case; own objects). */
import { replicaSetHealth } from '../../../src/argo/live-health/replicaset';

const rs = (status: object) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'api-1', generation: 1 }, spec: { replicas: 2 }, status: { observedGeneration: 1, ...status } });

test('Degraded on ReplicaFailure=True with its message', () => {
  expect(replicaSetHealth(rs({ conditions: [{ type: 'ReplicaFailure', status: 'True', message: 'pods "api-1-x" is forbidden: exceeded quota' }] })))
    .toEqual({ status: 'Degraded', message: 'pods "api-1-x" is forbidden: exceeded quota' });
});
test('Progressing below spec.replicas available, Healthy at it', () => {
  expect(replicaSetHealth(rs({ availableReplicas: 1 })).message).toBe('Waiting for rollout to finish: 1 out of 2 new replicas are available...');
  expect(replicaSetHealth(rs({ availableReplicas: 2 })).status).toBe('Healthy');
});
