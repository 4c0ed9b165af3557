/**
 * api-version-miscased (src/rules/checks/api-version-miscased.ts): client-go discovery
 * ServerResourcesForGroupVersion requests /apis/<group>/<version> as written, so gitops-engine
 * ServerResourceForGroupVersionKind fails for `Apps/v1` and the sync's validation (getSyncTasks) fails.
 */
import { yaml, cm, k } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('api-version-miscased', {
  ref: 'ServerResourcesForGroupVersion: /apis/<group>/<version>, case-sensitive',
  trips: yaml({ ...cm('cfg'), apiVersion: 'V1' }),
  passes: yaml(cm('cfg')),
});

describe('api-version-miscased', () => {
  test('names the apiVersion Kubernetes serves, discovery\'s error and the sync that fails before anything is applied', () => {
    const [f] = findingsOf('api-version-miscased', yaml(k('Apps/v1', 'Deployment', 'web')));
    expect(f.message).toContain('apiVersion Apps/v1 is not a group/version the API server serves (discovery paths are case-sensitive): Kubernetes spells it apps/v1');
    expect(f.message).toContain('failed to discover server resources for group version Apps/v1: the server could not find the requested resource');
    expect(f.message).toContain('one or more synchronization tasks are not valid');
    expect(f.fix).toBe('write apiVersion: apps/v1');
  });

  test('`Apps/v1` is not reported as a custom resource without its CRD, nor as a gate without health', () => {
    const wave = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });
    const app = (apiVersion: string, kind: string) => yaml(k(apiVersion, kind, 'web', {}, wave('0')), k('v1', 'ConfigMap', 'later', {}, wave('1')));
    // The same object in a true custom group is reported by both: the guard is what leaves `Apps/v1` out.
    expect(findingsOf('custom-resource-without-crd', app('example.com/v1', 'Deployment'))).toHaveLength(1);
    expect(findingsOf('wave-gate-no-health', app('example.com/v1', 'Deployment'))).toHaveLength(1);
    expect(findingsOf('custom-resource-without-crd', app('Apps/v1', 'Deployment'))).toEqual([]);
    expect(findingsOf('wave-gate-no-health', app('Apps/v1', 'Deployment'))).toEqual([]);
  });

  test('a miscased kind is kind-miscased\'s; both wrong, each rule reports its own field', () => {
    const both = yaml(k('apps/V1', 'deployment', 'web'));
    expect(findingsOf('api-version-miscased', both).map(f => f.fix)).toEqual(['write apiVersion: apps/v1']);
    expect(findingsOf('kind-miscased', both).map(f => f.fix)).toEqual(['write kind: Deployment']);
    expect(findingsOf('api-version-miscased', yaml(k('apps/v1', 'deployment', 'web')))).toEqual([]);
  });

  // gitops-engine getSyncTasks: discovery's 404 is a NotFound, so SkipDryRunOnMissingResource=true skips the dry run
  // (TestSyncCustomResources); the apply then fails at its step, as simulate replays it.
  test('with SkipDryRunOnMissingResource=true the dry run is skipped and the object fails at its own step', () => {
    const skip = { 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true' };
    const [f] = findingsOf('api-version-miscased', yaml(k('apps/V1', 'Deployment', 'web', {}, skip)));
    expect(f.message).toContain('so Argo CD skips its dry run (SkipDryRunOnMissingResource=true) and its apply fails at its step '
      + '(no matches for kind "Deployment" in version "apps/V1" (ensure CRDs are installed first)): the earlier steps are applied, and the SyncFail hooks run');
    const app = findingsOf('api-version-miscased', yaml(k('apps/V1', 'Deployment', 'web')), { syncOptions: ['SkipDryRunOnMissingResource=true'] });
    expect(app[0].message).toContain('skips its dry run');
    // The Application's option is read since 3.1 only.
    const old = findingsOf('api-version-miscased', yaml(k('apps/V1', 'Deployment', 'web')), { syncOptions: ['SkipDryRunOnMissingResource=true'], argocdVersion: '3.0' });
    expect(old[0].message).toContain('fails the whole sync before applying anything');
  });

  // apiextensions ValidateCustomResourceDefinitionSpec: a CRD's spec.group is a lower-case DNS-1123 subdomain, so
  // no CRD serves Example.com, and discovery's path (/apis/Example.com/v1) is case-sensitive.
  describe('a custom group in another case', () => {
    const crd = (group: string) => ({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: { group, names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true }] },
    });
    const widget = (apiVersion: string) => k(apiVersion, 'Widget', 'w');

    test.each(['Example.com/v1', 'Stable.Example.com/v1'])('%p: the group must be lower case and the sync fails, with no CRD to add', (apiVersion) => {
      const [f] = findingsOf('api-version-miscased', yaml(widget(apiVersion)));
      const group = apiVersion.split('/')[0];
      expect(f.message).toContain(`apiVersion ${apiVersion} is served by no API server (discovery paths are case-sensitive, and no CRD can serve group ${group}: `
        + 'a CRD\'s spec.group must be a lower-case DNS-1123 subdomain');
      expect(f.message).toContain(`failed to discover server resources for group version ${apiVersion}`);
      expect(f.message).toContain('one or more synchronization tasks are not valid');
      expect(f.fix).toBe(`write apiVersion: ${apiVersion.toLowerCase()}`);
      // custom-resource-without-crd's fix (add the CRD) cannot serve it: it leaves the object to this rule.
      expect(findingsOf('custom-resource-without-crd', yaml(widget(apiVersion)))).toEqual([]);
      expect(findingsOf('custom-resource-without-crd', yaml(widget(apiVersion.toLowerCase())))).toHaveLength(1);
    });

    test('a version in another case: its name must be a lower-case DNS-1035 label', () => {
      const [f] = findingsOf('api-version-miscased', yaml(widget('example.com/V1')));
      expect(f.message).toContain('no CRD can serve version V1: a CRD\'s version names must be lower-case DNS-1035 labels');
      expect(f.fix).toBe('write apiVersion: example.com/v1');
    });

    test('names the CRD of the input whose group matches in another case', () => {
      const [f] = findingsOf('api-version-miscased', yaml(crd('example.com'), widget('Example.com/v1')));
      expect(f.message).toMatch(/; in the input, CustomResourceDefinition\/widgets\.example\.com \(\S+:\d+\) defines example\.com\/Widget, so Argo CD fails/);
      expect(f.fix).toBe('write apiVersion: example.com/v1');
    });

    test('a CRD written with the same upper-case group is refused itself: named, with its spec.group to fix too; never taken for the CRD', () => {
      const app = yaml(crd('Example.com'), widget('Example.com/v1'));
      const [f] = findingsOf('api-version-miscased', app);
      expect(f.message).toMatch(/CustomResourceDefinition\/widgets\.example\.com \(\S+:\d+\) has group Example\.com, which the API server refuses for the same reason/);
      expect(f.fix).toBe('write apiVersion: example.com/v1, and spec.group: example.com on CustomResourceDefinition/widgets.example.com');
      // gitops-engine hasCRDOfGroupKind compares the CRD's group exactly: this one matches, so the dry run is skipped, as simulate replays it.
      expect(f.message).toContain('so Argo CD skips its dry run (a CRD of Example.com/Widget is in the sync) and its apply fails at its step '
        + '(no matches for kind "Widget" in version "Example.com/v1" (ensure CRDs are installed first))');
      expect(findingsOf('custom-resource-without-crd', app)).toEqual([]);
    });

    test('lower case is left to custom-resource-without-crd', () => {
      expect(findingsOf('api-version-miscased', yaml(widget('example.com/v1')))).toEqual([]);
      expect(findingsOf('api-version-miscased', yaml(crd('example.com'), widget('example.com/v1')))).toEqual([]);
    });

    test('not a gate without health either: the sync never starts', () => {
      const wave = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });
      const app = yaml(k('Example.com/v1', 'Widget', 'w', {}, wave('0')), k('v1', 'ConfigMap', 'later', {}, wave('1')));
      expect(findingsOf('wave-gate-no-health', app)).toEqual([]);
    });
  });
});
