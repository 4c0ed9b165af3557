import { annotationCsvOf, annotationOf, annotationsOf, csvValues, readAnnotations } from '../../src/argo';
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
    expect(annotationsOf(o)).toEqual({});
  });

  test('annotations that are not a map are a problem; null or absent annotations are simply empty', () => {
    expect(readAnnotations({ kind: 'Pod', metadata: { annotations: 'x' } }).problems).toEqual([{ key: '', type: 'string', value: 'x' }]);
    expect(readAnnotations({ kind: 'Pod', metadata: { annotations: null } })).toEqual({ annotations: {}, problems: [] });
    expect(readAnnotations({ kind: 'Pod' })).toEqual({ annotations: {}, problems: [] });
    expect(readAnnotations({ kind: 'Pod', metadata: 'x' })).toEqual({ annotations: {}, problems: [] });
  });
});
