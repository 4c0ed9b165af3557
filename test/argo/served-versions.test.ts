/**
 * The built-in group/versions a Kubernetes minor version serves (the deprecation guide's
 * removals since 1.16), as discovery answers `ServerResourceForGroupVersionKind`.
 */
import * as fc from 'fast-check';
import { DEFAULT_KUBE_VERSION, KUBE_VERSIONS, kubeMinor, unservedBuiltin } from '../../src/argo/served-versions';

describe('unservedBuiltin', () => {
  test.each([
    ['extensions/v1beta1', 'Ingress', '1.21', undefined],
    ['extensions/v1beta1', 'Ingress', '1.22', '1.22'],
    ['networking.k8s.io/v1beta1', 'Ingress', '1.22', '1.22'],
    ['batch/v1beta1', 'CronJob', '1.25', '1.25'],
    ['policy/v1beta1', 'PodDisruptionBudget', '1.24', undefined],
    ['policy/v1beta1', 'PodDisruptionBudget', '1.25', '1.25'],
    ['autoscaling/v2beta2', 'HorizontalPodAutoscaler', '1.26', '1.26'],
    ['flowcontrol.apiserver.k8s.io/v1beta3', 'FlowSchema', '1.32', '1.32'],
  ])('%s %s on %s: removed in %s', (apiVersion, kind, kube, removedIn) => {
    expect(unservedBuiltin(apiVersion, kind, kube)?.removedIn).toBe(removedIn);
  });

  test('a group/version still serving other kinds is served; only the kind is gone (a NotFound, not a 404)', () => {
    // 1.16–1.21: extensions/v1beta1 still serves Ingress, no longer Deployment.
    expect(unservedBuiltin('extensions/v1beta1', 'Deployment', '1.18')).toMatchObject({ groupVersionServed: true, replacement: 'apps/v1' });
    expect(unservedBuiltin('extensions/v1beta1', 'Deployment', '1.22')).toMatchObject({ groupVersionServed: false });
  });

  test('a replacement is not served before its release', () => {
    expect(unservedBuiltin('policy/v1', 'PodDisruptionBudget', '1.20')).toMatchObject({ servedFrom: '1.21' });
    expect(unservedBuiltin('policy/v1', 'PodDisruptionBudget', '1.21')).toBeUndefined();
  });

  test('property: once removed, never served again; once served (a replacement), served in every later version', () => {
    const pairs: Array<[string, string]> = [['extensions/v1beta1', 'Ingress'], ['batch/v1beta1', 'CronJob'], ['batch/v1', 'CronJob'], ['autoscaling/v2', 'HorizontalPodAutoscaler']];
    fc.assert(fc.property(fc.constantFrom(...pairs), fc.integer({ min: 0, max: KUBE_VERSIONS.length - 2 }), ([apiVersion, kind], i) => {
      const now = unservedBuiltin(apiVersion, kind, KUBE_VERSIONS[i]);
      const next = unservedBuiltin(apiVersion, kind, KUBE_VERSIONS[i + 1]);
      if (now?.removedIn !== undefined) expect(next?.removedIn).toBe(now.removedIn);
      if (now === undefined && next !== undefined) expect(next.removedIn).toBeDefined();
    }));
  });

  test('kubeMinor reads 1.N, v1.N and 1.N.P within the table; the default is in it', () => {
    expect([kubeMinor('1.31'), kubeMinor('v1.31'), kubeMinor('1.31.4'), kubeMinor('1.15'), kubeMinor('2.0')]).toEqual([31, 31, 31, undefined, undefined]);
    expect(kubeMinor(DEFAULT_KUBE_VERSION)).toBeDefined();
  });
});
