/**
 * What Argo CD does with a label value that is not a string (src/argo/non-string-label.ts), following
 * argo-cd `util/kube/kube_test.go` TestGetAppInstanceLabelWithInvalidData and TestRemoveLabelWithInvalidData
 * (`testdata/svc-with-invalid-data.yaml`: `invalid-label: null` beside `valid-label: existing-value` fails
 * `nestedNullableStringMap`, the read `SetAppInstanceLabel` makes before it writes the instance label),
 * and `reposerver/repository/repository.go` (`!kube.IsCRD(target)` before `SetAppInstance`); our own objects.
 */
import { labelTrackingModelled, nonStringLabelEffect, nonStringLabels } from '../../src/argo/non-string-label';
import { ARGOCD_VERSIONS } from '../../src/argo/versions';

/** svc-with-invalid-data.yaml's metadata. */
const service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'my-service', labels: { 'valid-label': 'existing-value', 'invalid-label': null } },
};
const crd = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'xs.example.com', labels: { tier: 2 } } };

describe('nonStringLabels', () => {
  test('svc-with-invalid-data.yaml: the null label is the one problem', () => {
    expect(nonStringLabels(service)).toEqual([{ key: 'invalid-label', type: 'null', value: null }]);
  });

  test('every non-string value, and labels that are not a map; none for string values or a null map', () => {
    expect(nonStringLabels({ metadata: { labels: { a: 1, b: true, c: ['x'], d: 'ok' } } }).map(p => p.type)).toEqual(['number', 'boolean', 'list']);
    expect(nonStringLabels({ metadata: { labels: ['x'] } })).toEqual([{ key: '', type: 'list', value: ['x'] }]);
    expect(nonStringLabels({ metadata: { labels: { a: 'x' } } })).toEqual([]);
    expect(nonStringLabels({ metadata: { labels: null } })).toEqual([]);
    expect(nonStringLabels({ metadata: {} })).toEqual([]);
  });
});

describe('nonStringLabelEffect', () => {
  const [problem] = nonStringLabels(service);

  test.each(['label', 'annotation+label'] as const)('TestGetAppInstanceLabelWithInvalidData: %s tracking fails the whole app, null included, in every version', (trackingMethod) => {
    for (const argocdVersion of ARGOCD_VERSIONS) {
      const effect = nonStringLabelEffect(service, problem, { argocdVersion, trackingMethod });
      expect(effect.failsApp).toBe(true);
      expect(effect.text).toMatch(new RegExp(`^with ${trackingMethod.replace('+', '\\+')} tracking Argo CD's repo server fails to generate the manifests \\(it cannot write the app\\.kubernetes\\.io/instance label\\)`));
    }
  });

  test('annotation tracking (the default since 3.0) leaves the labels alone: the app renders', () => {
    expect(nonStringLabelEffect(service, problem, { trackingMethod: 'annotation' }).failsApp).toBe(false);
    expect(nonStringLabelEffect(service, problem, { argocdVersion: '3.0' }).failsApp).toBe(false);
    expect(nonStringLabelEffect(service, problem, { argocdVersion: '2.14' })).toMatchObject({ failsApp: true, text: expect.stringMatching(/label tracking \(the default before Argo CD 3\.0\)/) });
  });

  test('a CRD gets no instance label (repository.go !kube.IsCRD), so it renders', () => {
    const [number] = nonStringLabels(crd);
    expect(nonStringLabelEffect(crd, number, { trackingMethod: 'label' })).toMatchObject({ failsApp: false, text: 'a CRD gets no instance label, and the API server rejects it' });
  });

  test('the text names what annotation tracking would do instead: a null is read as "", a number rejected', () => {
    expect(nonStringLabelEffect(service, problem, { trackingMethod: 'label' }).text).toMatch(/with annotation tracking the API server reads it as "" and nothing goes wrong$/);
    expect(nonStringLabelEffect(service, { key: 'tier', type: 'number', value: 2 }, { trackingMethod: 'label' }).text).toMatch(/with annotation tracking the API server would reject it$/);
  });

  test('labelTrackingModelled: only when the repo server writes the instance label', () => {
    expect(labelTrackingModelled({})).toBe(false);
    expect(labelTrackingModelled({ argocdVersion: '2.14' })).toBe(true);
    expect(labelTrackingModelled({ trackingMethod: 'annotation+label' })).toBe(true);
    expect(labelTrackingModelled({ argocdVersion: '2.14', trackingMethod: 'annotation' })).toBe(false);
  });
});
