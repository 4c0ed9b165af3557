/**
 * Which kinds a cluster serves (`src/argo/api-groups.ts`). gitops-engine `pkg/utils/kube/kube.go`
 * `ServerResourceForGroupVersionKind` matches discovery's kinds with `r.Kind == gvk.Kind`, case and all: a
 * built-in kind written in another case is served by no API, and the sync fails validation (`getSyncTasks`).
 */
import { builtinApiVersionSpelling, builtinKindSpelling, customApiVersionSpelling, miscasedApiVersion } from '../../src/argo/api-groups';

describe('builtinKindSpelling', () => {
  test.each([
    ['', 'configmap', 'ConfigMap'], ['apps', 'deployment', 'Deployment'], ['networking.k8s.io', 'ingress', 'Ingress'],
    ['', 'SERVICEACCOUNT', 'ServiceAccount'], ['batch', 'cronjob', 'CronJob'], ['discovery.k8s.io', 'Endpointslice', 'EndpointSlice'],
  ])('in group %p, %p is served only as %p', (group, kind, spelling) => {
    expect(builtinKindSpelling(group, kind)).toBe(spelling);
  });

  test('a kind written as Kubernetes spells it, an unknown kind, and any kind of a custom group are left alone', () => {
    expect(builtinKindSpelling('', 'ConfigMap')).toBeUndefined();
    expect(builtinKindSpelling('apps', 'Deployment')).toBeUndefined();
    expect(builtinKindSpelling('', 'Gadget')).toBeUndefined();
    expect(builtinKindSpelling('example.com', 'configmap')).toBeUndefined(); // a CRD may name its kind so
  });

  test.each([['application', 'Application'], ['appproject', 'AppProject'], ['APPLICATIONSET', 'ApplicationSet'], ['Appproject', 'AppProject']])(
    'Argo CD\'s own kinds, served by its CRDs wherever it runs, are matched exactly too: argoproj.io %p is served only as %p', (kind, spelling) => {
      expect(builtinKindSpelling('argoproj.io', kind)).toBe(spelling);
    });

  test('argoproj.io kinds spelled as Argo CD\'s CRDs name them, and its other projects\' kinds (their CRD\'s to name), are left alone', () => {
    for (const kind of ['Application', 'AppProject', 'ApplicationSet', 'rollout', 'Rollout', 'workflow']) expect(builtinKindSpelling('argoproj.io', kind)).toBeUndefined();
    expect(builtinKindSpelling('example.com', 'application')).toBeUndefined();
  });
});

/**
 * client-go `ServerResourcesForGroupVersion` requests `/apis/<group>/<version>` as written (`/api/v1` only for
 * exactly `v1`); the API server's paths are case-sensitive, and a CRD's group and versions are lower case
 * (apiextensions `ValidateCustomResourceDefinitionSpec`: DNS-1123 subdomain, DNS-1035 labels).
 */
describe('builtinApiVersionSpelling', () => {
  test.each([
    ['V1', 'ConfigMap', 'v1'], ['Apps/v1', 'Deployment', 'apps/v1'], ['apps/V1', 'Deployment', 'apps/v1'],
    ['Networking.K8s.io/v1', 'Ingress', 'networking.k8s.io/v1'], ['autoscaling/V2', 'HorizontalPodAutoscaler', 'autoscaling/v2'],
    ['batch/V1Beta1', 'CronJob', 'batch/v1beta1'], ['Argoproj.io/v1alpha1', 'Application', 'argoproj.io/v1alpha1'],
  ])('%p (%s) is served only as %p', (apiVersion, kind, spelling) => {
    expect(builtinApiVersionSpelling(apiVersion, kind)).toBe(spelling);
  });

  test('lower case, a custom group, no Kubernetes version, and a core version other than v1 are left alone', () => {
    expect(builtinApiVersionSpelling('apps/v1', 'Deployment')).toBeUndefined();
    expect(builtinApiVersionSpelling('v1', 'ConfigMap')).toBeUndefined();
    expect(builtinApiVersionSpelling('Example.com/v1', 'Gadget')).toBeUndefined(); // custom-resource-without-crd's
    expect(builtinApiVersionSpelling('apps/Stable', 'Deployment')).toBeUndefined();
    expect(builtinApiVersionSpelling('V2', 'ConfigMap')).toBeUndefined();
    expect(builtinApiVersionSpelling('/V1', 'ConfigMap')).toBeUndefined();
    expect(builtinApiVersionSpelling('Argoproj.io/v1alpha1', 'Rollout')).toBeUndefined(); // Argo Rollouts needs its CRD
  });
});

/**
 * A custom group or version in another case: discovery's path is case-sensitive, and apiextensions
 * `ValidateCustomResourceDefinitionSpec` requires spec.group to be a DNS-1123 subdomain and each version a
 * DNS-1035 label, both lower case, so no CRD can serve it.
 */
describe('customApiVersionSpelling', () => {
  test.each([
    ['Example.com/v1', 'Widget', 'example.com/v1'], ['Stable.Example.com/v1', 'CronTab', 'stable.example.com/v1'],
    ['example.com/V1', 'Widget', 'example.com/v1'], ['Argoproj.io/v1alpha1', 'Rollout', 'argoproj.io/v1alpha1'],
  ])('%p (%s) is served by no CRD: only %p can be', (apiVersion, kind, spelling) => {
    expect(customApiVersionSpelling(apiVersion, kind)).toBe(spelling);
    expect(miscasedApiVersion(apiVersion, kind)).toBe(spelling);
  });

  test('lower case, and the built-in groups (builtinApiVersionSpelling\'s), are left alone', () => {
    expect(customApiVersionSpelling('example.com/v1', 'Widget')).toBeUndefined();
    expect(customApiVersionSpelling('Apps/v1', 'Deployment')).toBeUndefined();
    expect(customApiVersionSpelling('V1', 'ConfigMap')).toBeUndefined();
    expect(customApiVersionSpelling('Argoproj.io/v1alpha1', 'Application')).toBeUndefined();
    expect(miscasedApiVersion('Apps/v1', 'Deployment')).toBe('apps/v1');
    expect(miscasedApiVersion('example.com/v1', 'Widget')).toBeUndefined();
  });
});
