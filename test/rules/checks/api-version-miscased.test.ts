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
});
