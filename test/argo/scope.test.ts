/**
 * Rendered Helm charts write `namespace:` on cluster-scoped objects (kubernetes/ingress-nginx
 * `deploy/static/provider/cloud/deploy.yaml` 0.31.0: `ClusterRole/ingress-nginx` with
 * `namespace: ingress-nginx`). Argo CD drops that namespace before the sync
 * (`Test_NormalizeTargetObjects_ClusterScopeTracking`) and the engine writes the destination
 * namespace in its place, so it neither hoists a Namespace nor makes the object distinct.
 */
import { writeFileSync } from 'fs';
import { join } from 'path';
import { resourceKeyOf } from '../../src/argo/keys';
import { buildPlan } from '../../src/argo/plan';
import { isClusterScopedKind, isNamespacedKind } from '../../src/argo/scope';
import { loadPaths } from '../../src/cli/load';
import { tempDirEach } from '../cli/helpers';
import { manifestsOf } from '../rules/helpers';

const CLUSTER_ROLE = `
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: ingress-nginx
  namespace: ingress-nginx
rules: []
`;

const NAMESPACE_WAVE_1 = `
apiVersion: v1
kind: Namespace
metadata:
  name: ingress-nginx
  annotations:
    argocd.argoproj.io/sync-wave: "1"
`;

describe('a cluster-scoped object\'s own namespace is dropped, as Argo CD drops it', () => {
  test('Test_NormalizeTargetObjects_ClusterScopeTracking: the ClusterRole is in the destination namespace, not its own', () => {
    const [m] = manifestsOf(CLUSTER_ROLE);
    expect(resourceKeyOf(m.object, 'argocd').namespace).toBe('argocd');
    expect(resourceKeyOf(m.object).namespace).toBe('');
    const [task] = buildPlan([m], { namespace: 'argocd' }).steps[0].tasks;
    expect(task.namespace).toBe('argocd');
    // A namespaced object keeps its own.
    const [role] = manifestsOf(CLUSTER_ROLE.replace('kind: ClusterRole', 'kind: Role'));
    expect(resourceKeyOf(role.object, 'argocd').namespace).toBe('ingress-nginx');
  });

  test('TestSyncTasksSort_NamespaceAndObjectInNamespace: such a ClusterRole does not pull Namespace/ingress-nginx ahead of its wave', () => {
    const p = buildPlan(manifestsOf(NAMESPACE_WAVE_1 + '---' + CLUSTER_ROLE), { namespace: 'argocd' });
    const ns = p.steps.flatMap(s => s.tasks).find(t => t.kind === 'Namespace')!;
    expect([ns.wave, ns.hoisted]).toEqual([1, false]);
    expect(p.steps.map(s => s.wave)).toEqual([0, 1]);
  });

  test('a Namespace named like the destination is still pulled before the ClusterRole (every target is "in" the destination)', () => {
    const p = buildPlan(manifestsOf(NAMESPACE_WAVE_1 + '---' + CLUSTER_ROLE), { namespace: 'ingress-nginx' });
    const [first] = p.steps[0].tasks;
    expect([first.kind, first.wave, first.hoisted]).toEqual(['Namespace', 0, true]);
  });

  describe('files', () => {
    const tmp = tempDirEach('syncplan-cluster-scoped');
    test('the same ClusterRole with and without a namespace is one object, defined twice: the last wins', () => {
      const dir = tmp();
      writeFileSync(join(dir, 'a.yaml'), CLUSTER_ROLE.replace('  namespace: ingress-nginx\n', ''));
      writeFileSync(join(dir, 'b.yaml'), CLUSTER_ROLE);
      const plan = buildPlan(loadPaths([dir]), { namespace: 'argocd' });
      expect(plan.excluded.map((x) => [x.manifest.source.file, x.keptInstead?.source.file])).toEqual([[join(dir, 'a.yaml'), join(dir, 'b.yaml')]]);
      expect(plan.steps.flatMap((s) => s.tasks).map((t) => t.manifest.source.file)).toEqual([join(dir, 'b.yaml')]);
    });
  });
});

describe('isNamespacedKind: the scope discovery gives Argo CD\'s permission check (validateSyncPermissions reads APIResource.Namespaced)', () => {
  const none = new Map<string, boolean>();

  test('built-in kinds: the cluster-scoped list, every other kind of a built-in group namespaced', () => {
    expect(['Namespace', 'PersistentVolume'].map(k => isNamespacedKind('', k, none))).toEqual([false, false]);
    expect(isNamespacedKind('rbac.authorization.k8s.io', 'ClusterRole', none)).toBe(false);
    expect(isNamespacedKind('apiextensions.k8s.io', 'CustomResourceDefinition', none)).toBe(false);
    expect(isNamespacedKind('storage.k8s.io', 'VolumeAttributesClass', none)).toBe(false);
    expect(isNamespacedKind('networking.k8s.io', 'ServiceCIDR', none)).toBe(false);
    expect(isNamespacedKind('rbac.authorization.k8s.io', 'Role', none)).toBe(true);
    expect(isNamespacedKind('', 'ConfigMap', none)).toBe(true);
    expect(isNamespacedKind('apps', 'Deployment', none)).toBe(true);
    expect(isNamespacedKind('storage.k8s.io', 'CSIStorageCapacity', none)).toBe(true);
    expect(isClusterScopedKind('authorization.k8s.io', 'LocalSubjectAccessReview')).toBe(false);
  });

  test('Argo CD\'s own kinds are namespaced; a custom kind only as its CRD says, else unknown', () => {
    expect(isNamespacedKind('argoproj.io', 'Application', none)).toBe(true);
    expect(isNamespacedKind('argoproj.io', 'AppProject', none)).toBe(true);
    expect(isNamespacedKind('argoproj.io', 'Rollout', none)).toBeUndefined();
    const crds = new Map([['example.com/Widget', false], ['example.com/ClusterWidget', true]]);
    expect(isNamespacedKind('example.com', 'Widget', crds)).toBe(true);
    expect(isNamespacedKind('example.com', 'ClusterWidget', crds)).toBe(false);
    expect(isNamespacedKind('example.com', 'Gadget', crds)).toBeUndefined();
  });
});
