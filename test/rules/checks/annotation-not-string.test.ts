/**
 * annotation-not-string (src/rules/checks/annotation-not-string.ts): its trip/pass case.
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
});
