/** Which Pods are an object's own, and what their fields say. */
import * as fc from 'fast-check';
import { PodIndex, podsOf, podTrouble } from '../../../src/argo/live/pod-trouble';

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

describe('PodIndex answers as podsOf', () => {
  // Few names, so that owners, ReplicaSets and namespaces meet often: a Deployment's ReplicaSets by `<name>-<hash>`
  // (a dash in the hash, an upper-case hash, a regex character in the name), empty and missing names, cluster-scoped objects.
  const names = ['api', 'api-7f9c', 'api-x1', 'api-7f9c-1', 'api-AB', 'a.b', 'a.b-1', 'axb-1', ''];
  const namespaces = ['', 'a', 'b'];
  const ownerRef = fc.record({
    kind: fc.constantFrom<unknown>('ReplicaSet', 'ReplicaSet', 'Deployment', 'StatefulSet', undefined),
    name: fc.oneof({ weight: 9, arbitrary: fc.constantFrom<unknown>(...names) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, 3) }),
  }, { requiredKeys: [] });
  const object = fc.record({
    kind: fc.constantFrom('Pod', 'Pod', 'Pod', 'ReplicaSet', 'ReplicaSet', 'ConfigMap'),
    name: fc.constantFrom(...names),
    namespace: fc.option(fc.constantFrom(...namespaces), { nil: undefined, freq: 4 }),
    owners: fc.oneof(
      { weight: 9, arbitrary: fc.array(ownerRef, { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>('not a list', [null, 'x']) }),
  }).map(o => ({ apiVersion: 'v1', kind: o.kind, metadata: { name: o.name, ...(o.namespace !== undefined ? { namespace: o.namespace } : {}), ownerReferences: o.owners } }));
  // The same object may be listed twice (two --live files that overlap): both places are kept.
  const liveList = fc.array(object, { maxLength: 16 })
    .chain(objects => (objects.length === 0 ? fc.constant(objects)
      : fc.array(fc.constantFrom(...objects), { maxLength: 3 }).map(again => [...objects, ...again])))
    .chain(live => fc.shuffledSubarray(live, { minLength: live.length, maxLength: live.length }));
  const query = fc.record({
    kind: fc.constantFrom('Deployment', 'Deployment', 'ReplicaSet', 'StatefulSet', 'Job'),
    name: fc.constantFrom(...names),
    namespace: fc.constantFrom(...namespaces),
  });

  test('the same Pods, the same objects, in the same order', () => {
    fc.assert(fc.property(liveList, fc.array(query, { minLength: 1, maxLength: 10 }), (live, queries) => {
      const index = new PodIndex(live);
      for (const q of queries) {
        const want = podsOf(q.kind, q.name, q.namespace, live);
        const got = index.of(q.kind, q.name, q.namespace);
        expect(got).toHaveLength(want.length);
        got.forEach((found, i) => expect(found).toBe(want[i]));
      }
    }), { numRuns: 1000 });
  });

  test('a Deployment\'s Pods by ReplicaSet name only when the hash is [a-z0-9]+ and the name matches literally', () => {
    const podOf = (rs: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `${rs}-p`, namespace: 'n', ownerReferences: [{ kind: 'ReplicaSet', name: rs }] } });
    const live = [podOf('a.b-1x'), podOf('axb-1x'), podOf('a.b-1-2'), podOf('a.b-X')];
    expect(new PodIndex(live).of('Deployment', 'a.b', 'n').map(o => (o.metadata as any).name)).toEqual(['a.b-1x-p']);
    expect(new PodIndex(live).of('Deployment', 'a.b-1', 'n').map(o => (o.metadata as any).name)).toEqual(['a.b-1-2-p']);
  });

  test('a Deployment\'s Pods across its ReplicaSets come in the live list\'s order', () => {
    const rs = (name: string) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name, namespace: 'n', ownerReferences: [{ kind: 'Deployment', name: 'api' }] } });
    const podOf = (name: string, owner: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'n', ownerReferences: [{ kind: 'ReplicaSet', name: owner }] } });
    const live = [podOf('new', 'api-V2'), podOf('old', 'api-V1'), rs('api-V1'), rs('api-V2')];
    expect(new PodIndex(live).of('Deployment', 'api', 'n').map(o => (o.metadata as any).name)).toEqual(['new', 'old']);
  });

  test('a Deployment\'s ReplicaSet counts in its namespace only, or cluster-wide when the namespace is not known', () => {
    const rs = (namespace: string) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'api-V2', namespace, ownerReferences: [{ kind: 'Deployment', name: 'api' }] } });
    const apiPod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'api-V2-p', namespace: 'n', ownerReferences: [{ kind: 'ReplicaSet', name: 'api-V2' }] } };
    const podsIn = (live: object[], namespace: string) => new PodIndex(live as any).of('Deployment', 'api', namespace).map(o => (o.metadata as any).name);
    expect(podsIn([rs('other'), apiPod], 'n')).toEqual([]);
    expect(podsIn([rs('n'), apiPod], 'n')).toEqual(['api-V2-p']);
    expect(podsIn([rs('other'), apiPod], '')).toEqual(['api-V2-p']);
  });
});
