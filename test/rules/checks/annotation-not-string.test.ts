/**
 * annotation-not-string (src/rules/checks/annotation-not-string.ts): its trip/pass case, and what
 * the message says per tracking method and version, following argo-cd `util/kube/kube_test.go`
 * TestSetAppInstanceAnnotationWithInvalidData, `reposerver/repository/repository_test.go`
 * TestInvalidMetadata and apimachinery `pkg/apis/meta/v1/unstructured/helpers_test.go`
 * TestNestedNullCoercingStringMap (src/argo/non-string-annotation.ts); our own objects.
 */
import { yaml, wave, cm } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('annotation-not-string', {
  ref: 'argo-cd #13730',
  trips: yaml(cm('cfg', { 'argocd.argoproj.io/sync-wave': 1 })),
  passes: yaml(cm('cfg', wave('1'))),
});

describe('annotation-not-string', () => {
  // An empty YAML value (`note:`) is null: quoting its JSON text would write the word "null", not what was meant.
  test('a null value is fixed with an empty string, not the word "null"', () => {
    const [f] = findingsOf('annotation-not-string', yaml(cm('cfg', { note: null })));
    expect(f.fix).toBe('write an empty string: note: ""');
    expect(findingsOf('annotation-not-string', yaml(cm('cfg', { note: '' })))).toEqual([]);
  });

  test('the default annotation tracking: the whole Application fails to render, null included', () => {
    for (const value of [3, true, null]) {
      const [f] = findingsOf('annotation-not-string', yaml(cm('cfg', { ...wave('2'), team: value })), { argocdVersion: '3.2' });
      expect(f.message).toMatch(/annotation tracking \(the default since Argo CD 3\.0\) Argo CD's repo server fails to generate the manifests/);
      expect(f.message).toMatch(/the whole Application fails to render, not only this object/);
    }
  });

  test('label tracking (the default before 3.0): the annotations go unread and the API server rejects a number', () => {
    const [f] = findingsOf('annotation-not-string', yaml(cm('cfg', { team: 3 })), { argocdVersion: '2.14' });
    expect(f.message).toMatch(/with label tracking \(the default before Argo CD 3\.0\) Argo CD reads no annotation of this object/);
    expect(f.message).toMatch(/the API server rejects it; with annotation tracking the whole Application would fail to render/);
  });

  test('label tracking reads a null value as "" since 3.1, and nothing is reported', () => {
    const text = yaml(cm('cfg', { ...wave('2'), note: null }));
    const label = (argocdVersion: string) => findingsOf('annotation-not-string', text, { argocdVersion, tracking: { method: 'label' } });
    expect(label('3.0').map(f => f.message)).toEqual([expect.stringMatching(/reads no annotation of this object \(waves, hooks, sync options\) \(3\.1 reads a null as ""\); with annotation tracking/)]);
    expect(label('3.1')).toEqual([]);
    expect(findingsOf('annotation-not-string', text, { argocdVersion: '3.1', tracking: { method: 'annotation+label' } })).toHaveLength(1);
  });
});
