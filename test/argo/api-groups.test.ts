/**
 * Which kinds a cluster serves (`src/argo/api-groups.ts`). gitops-engine `pkg/utils/kube/kube.go`
 * `ServerResourceForGroupVersionKind` matches discovery's kinds with `r.Kind == gvk.Kind`, case and all: a
 * built-in kind written in another case is served by no API, and the sync fails validation (`getSyncTasks`).
 */
import { builtinKindSpelling } from '../../src/argo/api-groups';

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
});
