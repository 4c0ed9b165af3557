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
});
