/**
 * kind-miscased (src/rules/checks/kind-miscased.ts): gitops-engine pkg/utils/kube/kube.go
 * ServerResourceForGroupVersionKind compares kinds exactly, so `kind: configmap` fails the sync's validation.
 */
import { yaml, cm, k } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('kind-miscased', {
  ref: 'ServerResourceForGroupVersionKind: r.Kind == gvk.Kind',
  trips: yaml({ ...cm('cfg'), kind: 'configmap' }),
  passes: yaml(cm('cfg')),
});

describe('kind-miscased', () => {
  test('names the kind Kubernetes serves and the sync that fails before anything is applied', () => {
    const [f] = findingsOf('kind-miscased', yaml({ ...k('apps/v1', 'deployment', 'web') }));
    expect(f.message).toContain('kind deployment is not a kind apps/v1 serves (discovery matches kinds exactly, case included)');
    expect(f.message).toContain('one or more synchronization tasks are not valid');
    expect(f.fix).toBe('write kind: Deployment');
  });

  test('a custom group\'s kind is its CRD\'s business', () => {
    expect(findingsOf('kind-miscased', yaml(k('example.com/v1', 'configmap', 'x')))).toEqual([]);
  });

  test('names discovery\'s NotFound; with SkipDryRunOnMissingResource=true the object fails at its own apply instead (TestSyncCustomResources)', () => {
    expect(findingsOf('kind-miscased', yaml(k('apps/v1', 'deployment', 'web')))[0].message).toContain('its result: deployment.apps "" not found');
    const skip = { 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true' };
    const [f] = findingsOf('kind-miscased', yaml(k('apps/v1', 'deployment', 'web', {}, skip)));
    expect(f.message).toContain('its apply fails at its step (no matches for kind "deployment" in version "apps/v1" (ensure CRDs are installed first))');
  });

  test('reads the object\'s SkipDryRunOnMissingResource=true as the version does, as simulate does: a null beside it hides it before 3.1', () => {
    const annotations = { 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true', 'note': null };
    const manifests = yaml(k('apps/v1', 'deployment', 'web', {}, annotations));
    expect(findingsOf('kind-miscased', manifests, { argocdVersion: '3.1' })[0].message).toContain('skips its dry run');
    expect(findingsOf('kind-miscased', manifests, { argocdVersion: '3.0' })[0].message).toContain('fails the whole sync before applying anything');
  });

  test('Argo CD\'s own kinds are matched exactly too (its CRDs\' spec.names.kind): the NotFound, and no CRD to add', () => {
    const app = yaml(k('argoproj.io/v1alpha1', 'application', 'child', { spec: { project: 'default' } }));
    const [f] = findingsOf('kind-miscased', app);
    expect(f.message).toContain('kind application is not a kind argoproj.io/v1alpha1 serves (discovery matches kinds exactly, case included): Argo CD\'s CRD spells it Application');
    expect(f.message).toContain('its result: application.argoproj.io "" not found');
    expect(f.fix).toBe('write kind: Application');
    expect(findingsOf('kind-miscased', yaml(k('argoproj.io/v1alpha1', 'appproject', 'team')))[0].fix).toBe('write kind: AppProject');
    // A CRD would not serve it: custom-resource-without-crd leaves it to this rule.
    expect(findingsOf('custom-resource-without-crd', app)).toEqual([]);
  });

  test('no false positive: Argo CD\'s kinds spelled right, and other kinds of argoproj.io or of another group, whatever their case', () => {
    for (const [apiVersion, kind] of [['argoproj.io/v1alpha1', 'Application'], ['argoproj.io/v1alpha1', 'ApplicationSet'], ['argoproj.io/v1alpha1', 'rollout'],
      ['example.com/v1', 'application'], ['apps.example.com/v1', 'appproject']]) {
      expect(findingsOf('kind-miscased', yaml(k(apiVersion, kind, 'x')))).toEqual([]);
    }
  });
});
