/**
 * sync-option-invalid (src/rules/checks/sync-option-invalid.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { yaml, cm } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('sync-option-invalid', {
  ref: 'HasAnnotationOption exact match',
  trips: yaml(cm('cfg', { 'argocd.argoproj.io/sync-options': 'Prune=False' })),
  passes: yaml(cm('cfg', { 'argocd.argoproj.io/sync-options': 'Prune=false' })),
});

describe('sync options', () => {
  test('an app-only option on a resource does nothing', () => {
    const [f] = findingsOf('sync-option-invalid', yaml(cm('c', { 'argocd.argoproj.io/sync-options': 'CreateNamespace=true' })));
    expect(f.message).toContain("read only from the Application's spec.syncPolicy.syncOptions");
  });

  test('a value Argo CD does not act on is named with the values it takes', () => {
    const [f] = findingsOf('sync-option-invalid', yaml(cm('c', { 'argocd.argoproj.io/sync-options': 'Prune=no' })));
    expect(f.message).toContain('Prune takes "false" or "confirm", not "no"');
  });
});

describe('sync options that spell out the default', () => {
  test.each(['Replace=false', 'Prune=true', 'PruneLast=false', 'SkipDryRunOnMissingResource=false'])('%s does nothing but harms nothing: no finding', option => {
    expect(findingsOf('sync-option-invalid', yaml(cm('c', { 'argocd.argoproj.io/sync-options': option })))).toEqual([]);
  });

  test('Replace=True (miscased) is still reported', () => {
    expect(findingsOf('sync-option-invalid', yaml(cm('c', { 'argocd.argoproj.io/sync-options': 'Replace=True' })))).toHaveLength(1);
  });
});
