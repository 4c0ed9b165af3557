import { formatKey, groupOf, keyString, namespaceNotString, resourceKeyOf } from '../../src/argo';
import { obj } from '../fixtures/manifests';

describe('keys', () => {
  test.each([['v1', ''], ['apps/v1', 'apps'], ['apiextensions.k8s.io/v1', 'apiextensions.k8s.io'], ['', '']])('groupOf(%p) = %p', (apiVersion, group) => {
    expect(groupOf(apiVersion)).toBe(group);
  });

  test('resourceKeyOf fills the destination namespace only when none is set', () => {
    expect(resourceKeyOf(obj({ kind: 'Deployment', name: 'web' }), 'shop')).toEqual({ apiVersion: 'apps/v1', group: 'apps', kind: 'Deployment', name: 'web', namespace: 'shop' });
    expect(resourceKeyOf(obj({ kind: 'Deployment', name: 'web', namespace: 'other' }), 'shop').namespace).toBe('other');
    // Cluster-scoped kinds get it too, as Argo CD does.
    expect(resourceKeyOf(obj({ kind: 'ClusterRole', name: 'r' }), 'shop').namespace).toBe('shop');
  });

  test('non-string fields read as empty, as Go getters do', () => {
    expect(resourceKeyOf({ apiVersion: 1, kind: ['x'], metadata: { name: 2, namespace: null } })).toEqual({ apiVersion: '', group: '', kind: '', name: '', namespace: '' });
  });

  // argo-cd controller/state.go NormalizeTargetObjects and gitops-engine pkg/sync/sync_context.go getSyncTasks: GetNamespace()
  // (apimachinery unstructured getNestedString) is '' for a number, so the destination namespace is written over it.
  test('namespaceNotString: a namespace Argo CD reads as none, so the destination namespace replaces it', () => {
    const cm = (namespace: unknown) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace } });
    expect(namespaceNotString(cm(5))).toBe(5);
    expect(namespaceNotString(cm(true))).toBe(true);
    expect(namespaceNotString(cm(['a']))).toEqual(['a']);
    expect(resourceKeyOf(cm(5), 'shop').namespace).toBe('shop');
    for (const fine of ['shop', '', null, undefined]) expect(namespaceNotString(cm(fine))).toBeUndefined();
    expect(namespaceNotString({ apiVersion: 'v1', kind: 'ConfigMap', metadata: 'x' })).toBeUndefined();
  });

  test('formatKey in Argo CD message style and short style', () => {
    const key = { group: '', kind: 'Pod', namespace: 'ns', name: 'p' };
    expect(formatKey(key)).toBe('/Pod/ns/p');
    expect(keyString(key)).toBe('/Pod/ns/p');
    expect(formatKey({ ...key, group: 'apps', kind: 'Deployment' }, 'argo')).toBe('apps/Deployment/ns/p');
    expect(formatKey(key, 'short')).toBe('Pod/p');
  });
});
