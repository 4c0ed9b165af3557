/** Which Pods are an object's own, and what their fields say. */
import { podsOf, podTrouble } from '../../../src/argo/live/pod-trouble';

const pod = (containerStatuses: object[], conditions: object[] = []) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'api-abc12-xyz', namespace: 'n', ownerReferences: [{ kind: 'ReplicaSet', name: 'api-abc12' }] }, status: { containerStatuses, conditions } });

test('podsOf: a Deployment\'s Pods through its ReplicaSets', () => {
  const live = [pod([]), { ...pod([]), metadata: { name: 'other-1-x', namespace: 'n', ownerReferences: [{ kind: 'ReplicaSet', name: 'other-1' }] } }];
  expect(podsOf('Deployment', 'api', 'n', live).map(p => (p.metadata as any).name)).toEqual(['api-abc12-xyz']);
});

test('podsOf: a StatefulSet\'s Pods, owned by it directly', () => {
  const own = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'db-0', namespace: 'n', ownerReferences: [{ kind: 'StatefulSet', name: 'db' }] } };
  const other = { ...own, metadata: { ...own.metadata, name: 'cache-0', ownerReferences: [{ kind: 'StatefulSet', name: 'cache' }] } };
  expect(podsOf('StatefulSet', 'db', 'n', [own, other]).map(p => (p.metadata as any).name)).toEqual(['db-0']);
});

test('podTrouble: the first Pod whose fields show a cause, with its name and namespace', () => {
  const fine = pod([{ name: 'c', ready: true, state: { running: {} } }]);
  const crashing = { ...pod([{ name: 'c', state: { waiting: { reason: 'CrashLoopBackOff' } } }]), metadata: { name: 'api-abc12-zzz', namespace: 'n' } };
  expect(podTrouble([fine, crashing])).toEqual({ pod: 'api-abc12-zzz', namespace: 'n', reason: expect.stringMatching(/^a container crash-loops \(Pod api-abc12-zzz, container c\)/) });
  expect(podTrouble([fine])).toBeUndefined();
});
