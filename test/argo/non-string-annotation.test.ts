/**
 * What Argo CD does with an annotation value that is not a string (src/argo/non-string-annotation.ts),
 * following argo-cd `util/kube/kube_test.go` TestSetAppInstanceAnnotationWithInvalidData (a null value
 * fails the tracking annotation's write, at v3.1.0 and on master), `reposerver/repository/repository_test.go`
 * TestInvalidMetadata (an unquoted `true` fails manifest generation with annotation+label tracking) and
 * apimachinery v0.33.0 `pkg/apis/meta/v1/unstructured/helpers_test.go` TestNestedNullCoercingStringMap
 * (a null value reads as ""); our own objects.
 */
import { nonStringAnnotationEffect } from '../../src/argo/non-string-annotation';

const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web' } };
const crd = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'xs.example.com' } };
const nullValue = { key: 'note', type: 'null', value: null };
const numberValue = { key: 'argocd.argoproj.io/sync-wave', type: 'number', value: 2 };
const notAMap = { key: '', type: 'list', value: ['x'] };

describe('nonStringAnnotationEffect', () => {
  test.each(['annotation', 'annotation+label'] as const)('%s tracking: any non-string value, null included, fails the whole app in every version', (trackingMethod) => {
    for (const argocdVersion of ['2.14', '3.0', '3.1', '3.6']) {
      for (const problem of [nullValue, numberValue, notAMap]) {
        expect(nonStringAnnotationEffect(service, problem, { argocdVersion, trackingMethod }).failsApp).toBe(true);
      }
    }
  });

  test('the default tracking is annotation from 3.0, label before (util/argo/resource_tracking.go SetAppInstance)', () => {
    expect(nonStringAnnotationEffect(service, numberValue, { argocdVersion: '3.0' })).toMatchObject({ failsApp: true, trackingMethod: 'annotation' });
    expect(nonStringAnnotationEffect(service, numberValue, { argocdVersion: '2.14' })).toMatchObject({ failsApp: false, trackingMethod: 'label' });
    expect(nonStringAnnotationEffect(service, numberValue, {})).toMatchObject({ failsApp: true, trackingMethod: 'annotation' });
  });

  test('a CRD is not stamped with the tracking id (repository.go !kube.IsCRD), so it renders', () => {
    expect(nonStringAnnotationEffect(crd, numberValue, { trackingMethod: 'annotation' }).failsApp).toBe(false);
  });

  test('label tracking: a number hides every annotation and the API server rejects it, in every version', () => {
    for (const argocdVersion of ['2.14', '3.1', '3.6']) {
      expect(nonStringAnnotationEffect(service, numberValue, { argocdVersion, trackingMethod: 'label' }))
        .toMatchObject({ failsApp: false, othersRead: false, apiServerRejects: true });
    }
  });

  test('label tracking: a null value hides every annotation before 3.1, reads as "" since (apimachinery v0.33)', () => {
    expect(nonStringAnnotationEffect(service, nullValue, { argocdVersion: '3.0', trackingMethod: 'label' }))
      .toMatchObject({ failsApp: false, othersRead: false, apiServerRejects: false });
    expect(nonStringAnnotationEffect(service, nullValue, { argocdVersion: '3.1', trackingMethod: 'label' }))
      .toMatchObject({ failsApp: false, othersRead: true, apiServerRejects: false });
    expect(nonStringAnnotationEffect(crd, nullValue, { argocdVersion: '3.2', trackingMethod: 'annotation' }).othersRead).toBe(true);
  });

  test('reported: everything but a null value read as "" on an object that renders (the plan errs exactly there)', () => {
    expect(nonStringAnnotationEffect(service, nullValue, { argocdVersion: '3.1', trackingMethod: 'label' }).reported).toBe(false);
    expect(nonStringAnnotationEffect(crd, nullValue, { argocdVersion: '3.1', trackingMethod: 'annotation' }).reported).toBe(false);
    expect(nonStringAnnotationEffect(service, nullValue, { argocdVersion: '3.1', trackingMethod: 'annotation' }).reported).toBe(true);
    expect(nonStringAnnotationEffect(service, nullValue, { argocdVersion: '3.0', trackingMethod: 'label' }).reported).toBe(true);
    expect(nonStringAnnotationEffect(service, numberValue, { argocdVersion: '3.6', trackingMethod: 'label' }).reported).toBe(true);
  });

  test('annotations that are not a map are never read', () => {
    expect(nonStringAnnotationEffect(service, notAMap, { argocdVersion: '3.6', trackingMethod: 'label' }))
      .toMatchObject({ failsApp: false, othersRead: false, apiServerRejects: true });
  });

  test('the text says what happens, and names the other tracking method', () => {
    const failing = nonStringAnnotationEffect(service, nullValue, { argocdVersion: '3.1' }).text;
    expect(failing).toMatch(/repo server fails to generate the manifests/);
    expect(failing).toMatch(/whole Application/);
    expect(failing).toMatch(/label tracking/);
    const label = nonStringAnnotationEffect(service, numberValue, { argocdVersion: '2.14' }).text;
    expect(label).toMatch(/no annotation of this object/);
    expect(label).toMatch(/API server rejects/);
    expect(label).toMatch(/annotation tracking/);
  });
});
