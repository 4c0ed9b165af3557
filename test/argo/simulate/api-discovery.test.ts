/**
 * Discovery before anything is applied, from gitops-engine `pkg/sync/sync_context_test.go`
 * `TestSync_getSyncTasks_FailureMessage`: an unserved group/version fails validation, the message
 * carries the cause (3.5+), no SyncFail hook runs.
 */
import { calls, hook, manifest, replay } from './fixtures';

describe('TestSync_getSyncTasks_FailureMessage', () => {
  const ingress = manifest({ kind: 'Ingress', name: 'web', apiVersion: 'extensions/v1beta1' });
  const onFail = manifest({ kind: 'Pod', name: 'notify', annotations: hook('SyncFail') });

  test('an apiVersion the cluster no longer serves fails validation with the cause; nothing applied, no SyncFail hook', () => {
    const { result } = replay([ingress, onFail, manifest({ kind: 'ConfigMap', name: 'settings' })]);
    expect(calls(result)).toEqual([
      'Failed: one or more synchronization tasks are not valid: failed to discover server resources for group version extensions/v1beta1: the server could not find the requested resource',
    ]);
    expect(result.applied).toEqual([]);
    expect(result.results).toEqual([expect.objectContaining({ kind: 'Ingress', status: 'SyncFailed' })]);
  });

  test('served on an older cluster (--kube-version 1.21)', () => {
    expect(replay([ingress], { plan: { kubeVersion: '1.21' } }).result.operationPhase).toBe('Succeeded');
  });

  test('the group/version still served, the kind not: discovery\'s NotFound names the kind', () => {
    const { result } = replay([manifest({ kind: 'Deployment', name: 'web', apiVersion: 'extensions/v1beta1' })], { plan: { kubeVersion: '1.18' } });
    expect(result.message).toBe('one or more synchronization tasks are not valid: Deployment.extensions "" not found');
  });

  test('before 3.5 the message has no cause (it is in the resource result only)', () => {
    const { result } = replay([ingress], { plan: { argocdVersion: '3.4' } });
    expect(result.message).toBe('one or more synchronization tasks are not valid');
    expect(result.results[0].message).toMatch(/^failed to discover server resources for group version extensions\/v1beta1/);
  });

  // gitops-engine pkg/utils/kube/kube.go ServerResourceForGroupVersionKind: r.Kind == gvk.Kind, then NotFound{Group, Resource: Kind}.
  test('a built-in kind in another case: the group/version is served, the kind not, so discovery\'s NotFound names it as written', () => {
    const { result } = replay([manifest({ kind: 'deployment', name: 'web', apiVersion: 'apps/v1' }), manifest({ kind: 'ConfigMap', name: 'settings' })]);
    expect(result.message).toBe('one or more synchronization tasks are not valid: deployment.apps "" not found');
    expect(result.applied).toEqual([]);
  });

  // client-go discovery ServerResourcesForGroupVersion: GET /apis/<group>/<version> as written (/api/v1 only for exactly "v1"); paths are case-sensitive.
  test.each([
    ['Apps/v1', 'Deployment'], ['apps/V1', 'Deployment'], ['V1', 'ConfigMap'],
  ])('apiVersion %p: the group/version 404s, the sync fails validation before anything is applied', (apiVersion, kind) => {
    const { result } = replay([manifest({ kind, name: 'web', apiVersion }), manifest({ kind: 'ConfigMap', name: 'settings' }), onFail]);
    expect(calls(result)).toEqual([
      `Failed: one or more synchronization tasks are not valid: failed to discover server resources for group version ${apiVersion}: the server could not find the requested resource`,
    ]);
    expect(result.applied).toEqual([]);
  });

  test('apiVersion and kind both in another case: the group/version fails first, before any kind is compared', () => {
    const { result } = replay([manifest({ kind: 'deployment', name: 'web', apiVersion: 'apps/V1' })]);
    expect(result.message).toBe('one or more synchronization tasks are not valid: failed to discover server resources for group version apps/V1: the server could not find the requested resource');
  });

  // A custom group in another case: the same 404, and a CRD for it cannot help, its spec.group being lower case
  // (apiextensions ValidateCustomResourceDefinitionSpec: DNS-1123 subdomain).
  const crd = (group: string) => manifest({
    kind: 'CustomResourceDefinition',
    name: `widgets.${group}`,
    apiVersion: 'apiextensions.k8s.io/v1',
    spec: { group, names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true }] },
  });
  const widget = manifest({ kind: 'Widget', name: 'w', apiVersion: 'Example.com/v1' });

  test('apiVersion Example.com/v1 beside the CRD of example.com: the sync fails validation, nothing applied', () => {
    const { result } = replay([crd('example.com'), widget]);
    expect(result.message).toBe('one or more synchronization tasks are not valid: failed to discover server resources for group version Example.com/v1: the server could not find the requested resource');
    expect(result.applied).toEqual([]);
  });

  // gitops-engine getSyncTasks skips the dry run of a NotFound task when hasCRDOfGroupKind finds a CRD of exactly its group and kind.
  test('beside a CRD written with group Example.com: its dry run is skipped (hasCRDOfGroupKind), and both fail at their apply', () => {
    const { result } = replay([crd('Example.com'), widget]);
    expect(result.operationPhase).toBe('Failed');
    expect(result.results).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'CustomResourceDefinition', status: 'SyncFailed' }),
      expect.objectContaining({ kind: 'Widget', status: 'SyncFailed', message: 'no matches for kind "Widget" in version "Example.com/v1" (ensure CRDs are installed first)' }),
    ]));
  });

  test('apiVersion Example.com/v1 with its CRD installed as Example.com/Widget (--installed-crd): still served by nothing', () => {
    const { result } = replay([manifest({ kind: 'Widget', name: 'w', apiVersion: 'Example.com/v1' })], { sim: { installedCrds: ['Example.com/Widget'] } });
    expect(result.operationPhase).toBe('Failed');
  });
});
