/** gitops-engine `TestStatefulSetHealth`, `TestStatefulSetOnDeleteHealth`, with this project's own objects. */
import { statefulSetHealth } from '../../../src/argo/live-health/statefulset';

const sts = (spec: object, status: object) => ({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', generation: 1 }, spec: { replicas: 2, ...spec }, status });

describe('TestStatefulSetHealth', () => {
  test('Healthy: all ready, revisions equal', () => {
    expect(statefulSetHealth(sts({ updateStrategy: { type: 'RollingUpdate' } }, { observedGeneration: 1, readyReplicas: 2, currentReplicas: 2, updatedReplicas: 2, currentRevision: 'db-1', updateRevision: 'db-1' })))
      .toEqual({ status: 'Healthy', message: 'statefulset rolling update complete 2 pods at revision db-1...' });
  });
  test('Progressing: observedGeneration 0, then too few ready', () => {
    expect(statefulSetHealth(sts({}, {})).message).toBe('Waiting for statefulset spec update to be observed...');
    expect(statefulSetHealth(sts({}, { observedGeneration: 1, readyReplicas: 1 })).message).toBe('Waiting for 1 pods to be ready...');
  });
  test('Progressing while revisions differ', () => {
    expect(statefulSetHealth(sts({}, { observedGeneration: 1, readyReplicas: 2, updatedReplicas: 1, currentRevision: 'db-1', updateRevision: 'db-2' })).status).toBe('Progressing');
  });
  test('partitioned roll out: Progressing below replicas − partition, Healthy at it', () => {
    const spec = { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } } };
    expect(statefulSetHealth(sts(spec, { observedGeneration: 1, readyReplicas: 2, updatedReplicas: 0 })).message)
      .toBe('Waiting for partitioned roll out to finish: 0 out of 1 new pods have been updated...');
    expect(statefulSetHealth(sts(spec, { observedGeneration: 1, readyReplicas: 2, updatedReplicas: 1 })).status).toBe('Healthy');
  });
});

test('TestStatefulSetOnDeleteHealth: OnDelete is Healthy once ready, whatever the revisions', () => {
  expect(statefulSetHealth(sts({ updateStrategy: { type: 'OnDelete' } }, { observedGeneration: 1, readyReplicas: 2, currentRevision: 'a', updateRevision: 'b' })))
    .toEqual({ status: 'Healthy', message: 'statefulset has 2 ready pods' });
});
