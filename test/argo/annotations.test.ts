import { annotationCsvOf, annotationOf, annotationsOf, csvValues, nullReadsEmpty, readAnnotations } from '../../src/argo';
import { ARGOCD_VERSIONS } from '../../src/argo/versions';
import { obj } from '../fixtures/manifests';

describe('annotations', () => {
  // gitops-engine pkg/sync/resource/annotations_test.go TestHasAnnotationOption
  test.each([
    ['Nil', undefined, []],
    ['Empty', '', []],
    ['Single', 'bar', ['bar']],
    ['DeDup', 'bar,bar', ['bar']],
    ['Double', 'bar,baz', ['bar', 'baz']],
    ['Spaces', 'bar ', ['bar']],
    ['inner spaces and empties', ' a , ,b,, a ', ['a', 'b']],
  ])('TestHasAnnotationOption %s: GetAnnotationCSVs', (_name, value, expected) => {
    expect(csvValues(value)).toEqual(expected);
    const o = obj({ kind: 'Pod', name: 'p', annotations: value === undefined ? {} : { foo: value } });
    expect(annotationCsvOf(o, 'foo')).toEqual(expected);
  });

  test('string annotations are read as they are', () => {
    const o = obj({ kind: 'Pod', name: 'p', annotations: { a: '1', b: 'x' } });
    expect(annotationsOf(o)).toEqual({ a: '1', b: 'x' });
    expect(annotationOf(o, 'a')).toBe('1');
    expect(annotationOf(o, 'missing')).toBeUndefined();
    expect(readAnnotations(o).problems).toEqual([]);
  });

  test('argo-cd #13730: one unquoted number makes every annotation of the object unreadable', () => {
    const o = obj({ kind: 'Pod', name: 'p', annotations: { 'argocd.argoproj.io/sync-wave': 5, 'argocd.argoproj.io/hook': 'PreSync' } });
    expect(annotationsOf(o)).toEqual({});
    expect(annotationOf(o, 'argocd.argoproj.io/hook')).toBeUndefined();
    expect(readAnnotations(o).problems).toEqual([{ key: 'argocd.argoproj.io/sync-wave', type: 'number', value: 5 }]);
  });

  test.each([
    [true, 'boolean'],
    [null, 'null'],
    [['a'], 'list'],
    [{ a: 'b' }, 'object'],
  ])('a %p value is a problem of type %s', (value, type) => {
    const o = obj({ kind: 'Pod', name: 'p', annotations: { k: value } });
    expect(readAnnotations(o).problems).toEqual([{ key: 'k', type, value }]);
    // Before apimachinery v0.33 (Argo CD 3.0) every non-string value hides the whole map.
    expect(annotationsOf(o, '3.0')).toEqual({});
  });

  // apimachinery v0.33.0 pkg/apis/meta/v1/unstructured/helpers_test.go TestNestedNullCoercingStringMap
  // ("string value", "null value", "invalid value"), which Unstructured.GetAnnotations uses since Argo CD 3.1.
  describe('TestNestedNullCoercingStringMap (Argo CD 3.1+)', () => {
    const o = (annotations: Record<string, unknown>) => obj({ kind: 'Pod', name: 'p', annotations });

    test('string value: the map itself, nothing copied, whatever the version', () => {
      const object = o({ a: '1', b: '2' });
      const annotations = (object.metadata as Record<string, unknown>).annotations;
      for (const version of ['3.0', '3.1', undefined]) expect(readAnnotations(object, version).annotations).toBe(annotations);
    });

    test('null value: read as "" and the others still count since 3.1; nothing read before', () => {
      const object = o({ 'a': '1', 'b': null, 'argocd.argoproj.io/sync-wave': '2' });
      expect(readAnnotations(object, '3.1')).toEqual({
        annotations: { 'a': '1', 'b': '', 'argocd.argoproj.io/sync-wave': '2' },
        problems: [{ key: 'b', type: 'null', value: null }],
      });
      expect(annotationsOf(object)).toEqual({ 'a': '1', 'b': '', 'argocd.argoproj.io/sync-wave': '2' }); // the latest modelled
      expect(annotationOf(object, 'b', '3.6')).toBe('');
      expect(annotationsOf(object, '3.0')).toEqual({});
      expect(annotationsOf(object, '2.14')).toEqual({});
    });

    test('invalid value: a null beside a number, and nothing is read in any version', () => {
      for (const version of ARGOCD_VERSIONS) expect(annotationsOf(o({ a: '1', b: null, c: 0 }), version)).toEqual({});
    });

    test('non map: annotations that are not a map are never read', () => {
      expect(nullReadsEmpty({ key: '', type: 'null', value: null }, '3.6')).toBe(false);
      expect(nullReadsEmpty({ key: 'b', type: 'null', value: null }, '3.1')).toBe(true);
      expect(nullReadsEmpty({ key: 'b', type: 'null', value: null }, '3.0')).toBe(false);
      expect(nullReadsEmpty({ key: 'b', type: 'number', value: 0 }, '3.6')).toBe(false);
    });
  });

  test('annotations that are not a map are a problem; null or absent annotations are simply empty', () => {
    expect(readAnnotations({ kind: 'Pod', metadata: { annotations: 'x' } }).problems).toEqual([{ key: '', type: 'string', value: 'x' }]);
    expect(readAnnotations({ kind: 'Pod', metadata: { annotations: null } })).toEqual({ annotations: {}, problems: [] });
    expect(readAnnotations({ kind: 'Pod' })).toEqual({ annotations: {}, problems: [] });
    expect(readAnnotations({ kind: 'Pod', metadata: 'x' })).toEqual({ annotations: {}, problems: [] });
  });
});
