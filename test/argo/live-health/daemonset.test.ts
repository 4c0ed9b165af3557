/** gitops-engine `TestDaemonSetOnDeleteHealth` and the rollout branches of `health_daemonset.go`, own objects. */
import { daemonSetHealth } from '../../../src/argo/live-health/daemonset';

const ds = (strategy: string, status: object) => ({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', generation: 1 }, spec: { updateStrategy: { type: strategy } }, status: { observedGeneration: 1, ...status } });

test('TestDaemonSetOnDeleteHealth: OnDelete is Healthy even with pods not updated', () => {
  expect(daemonSetHealth(ds('OnDelete', { desiredNumberScheduled: 3, updatedNumberScheduled: 1 })))
    .toEqual({ status: 'Healthy', message: 'daemon set 1 out of 3 new pods have been updated' });
});

test('RollingUpdate: Progressing until every scheduled pod is updated and available', () => {
  expect(daemonSetHealth(ds('RollingUpdate', { desiredNumberScheduled: 3, updatedNumberScheduled: 2, numberAvailable: 3 })).message)
    .toBe('Waiting for daemon set "agent" rollout to finish: 2 out of 3 new pods have been updated...');
  expect(daemonSetHealth(ds('RollingUpdate', { desiredNumberScheduled: 3, updatedNumberScheduled: 3, numberAvailable: 2 })).message)
    .toBe('Waiting for daemon set "agent" rollout to finish: 2 of 3 updated pods are available...');
  expect(daemonSetHealth(ds('RollingUpdate', { desiredNumberScheduled: 3, updatedNumberScheduled: 3, numberAvailable: 3 })).status).toBe('Healthy');
});

test('Progressing while the generation is not observed', () => {
  expect(daemonSetHealth({ ...ds('RollingUpdate', {}), metadata: { name: 'agent', generation: 2 } }).status).toBe('Progressing');
});
