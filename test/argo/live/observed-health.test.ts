/** Where health comes from: the Application, the resource tree, live objects (Argo CD 3.0+ `resourceHealthSource: appTree`). */
import { readApplication } from '../../../src/argo/live/application';
import { lastConditionChange, ObservedHealthIndex, readResourceTree } from '../../../src/argo/live/observed-health';

const app = readApplication({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Application',
  metadata: { name: 'a' },
  status: { resources: [{ group: 'apps', kind: 'Deployment', namespace: 'w', name: 'persisted', health: { status: 'Degraded', message: 'x' } }] },
});
const ref = (kind: string, name: string, group = 'apps') => ({ group, kind, namespace: 'w', name });

test('the Application\'s own health first, then the tree, then live objects; none given: unknown', () => {
  const tree = readResourceTree({
    nodes: [{ group: 'apps', kind: 'Deployment', namespace: 'w', name: 'persisted', health: { status: 'Healthy' } },
      { group: 'apps', kind: 'Deployment', namespace: 'w', name: 'treed', health: { status: 'Progressing', message: 'rolling' } }],
  });
  const live = [{ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'lived', namespace: 'w' }, spec: { paused: true } }];
  const h = new ObservedHealthIndex({ app, tree, live });
  expect(h.of(ref('Deployment', 'persisted'))).toMatchObject({ status: 'Degraded', source: 'application' });
  expect(h.of(ref('Deployment', 'treed'))).toMatchObject({ status: 'Progressing', message: 'rolling', source: 'tree' });
  expect(h.of(ref('Deployment', 'lived'))).toMatchObject({ status: 'Suspended', source: 'live' });
  expect(h.of(ref('Deployment', 'gone'))).toMatchObject({ status: 'Missing', source: 'live' });
  expect(new ObservedHealthIndex({ app }).of(ref('Deployment', 'lived'))).toEqual({ message: '', source: 'unknown' });
});

test('a live object with no health check has none, never Healthy', () => {
  const h = new ObservedHealthIndex({ app, live: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'w' } }] });
  expect(h.of(ref('ConfigMap', 'c', ''))).toEqual({ message: '', source: 'none' });
});

test('live objects are judged with the checks of the Argo CD version modelled (gitops-engine TestHPA since 3.5), the latest by default', () => {
  const hpa = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'api', namespace: 'w' },
    status: {
      conditions: [{ type: 'AbleToScale', status: 'True', reason: 'SucceededGetScale', message: 'scale read' },
        { type: 'ScalingActive', status: 'False', reason: 'FailedGetResourceMetric', message: 'no metrics returned from resource metrics API' }],
    },
  };
  const target = ref('HorizontalPodAutoscaler', 'api', 'autoscaling');
  expect(new ObservedHealthIndex({ app, live: [hpa] }).of(target)).toMatchObject({ status: 'Degraded', source: 'live' });
  expect(new ObservedHealthIndex({ app, live: [hpa], argocdVersion: '3.4' }).of(target)).toMatchObject({ status: 'Healthy', message: 'scale read', source: 'live' });
});

test('a tree without nodes is refused', () => {
  expect(() => readResourceTree({ items: [] })).toThrow(/nodes/);
});

test('lastConditionChange: the latest lastTransitionTime among the live object\'s conditions', () => {
  const d = { status: { conditions: [{ type: 'Progressing', lastTransitionTime: '2026-12-01T10:00:18Z' }, { type: 'Available', lastTransitionTime: '2026-12-01T10:00:20Z' }, { type: 'X', lastTransitionTime: 'never' }] } };
  expect(lastConditionChange(d)).toBe('2026-12-01T10:00:20Z');
  expect(lastConditionChange({ status: {} })).toBeUndefined();
  expect(lastConditionChange(undefined)).toBeUndefined();
});
