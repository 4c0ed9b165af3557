/**
 * sync-option-invalid (src/rules/checks/sync-option-invalid.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { cm, k, yaml } from '../../fixtures/manifests';
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

/** A child Application (app-of-apps) with these `spec.syncPolicy.syncOptions`. */
const child = (...syncOptions: unknown[]) => k('argoproj.io/v1alpha1', 'Application', 'child', {
  spec: { project: 'default', source: { repoURL: 'https://git.example.com/r.git', path: 'child' }, destination: { namespace: 'child' }, syncPolicy: { syncOptions } },
});

describe("a child Application's syncOptions (read by the child's own sync)", () => {
  test('a miscased value, and Force=true (never read from syncOptions): reported at the item', () => {
    const found = findingsOf('sync-option-invalid', yaml(child('CreateNamespace=true', 'ServerSideApply=True', 'Force=true')));
    expect(found.map(f => f.message.replace(/^.*?\): /, ''))).toEqual([
      'sync option "ServerSideApply=True" does nothing: ServerSideApply is matched exactly and case-sensitively (see https://github.com/cdk8s-syncplan/cdk8s-syncplan/blob/main/docs/rules/sync-option-invalid.md)',
      'sync option "Force=true" is read only from a resource\'s argocd.argoproj.io/sync-options annotation (and a forced sync from argocd app sync --force), '
        + "never from the Application's syncOptions, so it does nothing here (see https://github.com/cdk8s-syncplan/cdk8s-syncplan/blob/main/docs/rules/sync-option-invalid.md)",
    ]);
    // The line of each item: the list starts after the Application's 13 lines of YAML before it.
    expect(new Set(found.map(f => f.source.line)).size).toBe(2);
  });

  test('app-only options are at home there; items that are not strings are left to the schema', () => {
    expect(findingsOf('sync-option-invalid', yaml(child('CreateNamespace=true', 'ApplyOutOfSyncOnly=true', 'PruneLast=true', 7)))).toEqual([]);
  });

  test("an ApplicationSet's template: the Applications it makes carry the same options", () => {
    const set = k('argoproj.io/v1alpha1', 'ApplicationSet', 'set', {
      spec: { generators: [{ list: { elements: [] } }], template: { metadata: { name: 'x' }, spec: { syncPolicy: { syncOptions: ['ServerSideApply=yes'] } } } },
    });
    const [f] = findingsOf('sync-option-invalid', yaml(set));
    expect(f.message).toContain('ServerSideApply takes "true" or "false", not "yes"');
  });
});
