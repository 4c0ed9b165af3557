/**
 * sync-option-unknown (src/rules/checks/sync-option-unknown.ts): its trip/pass case.
 */
import { cm, k, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('sync-option-unknown', {
  ref: 'gitops-engine pkg/sync/common/types.go option constants',
  trips: yaml(cm('cfg', { 'argocd.argoproj.io/sync-options': 'PruneFirst=true' })),
  passes: yaml(cm('cfg', { 'argocd.argoproj.io/sync-options': 'PruneLast=true' })),
});

describe('unknown options', () => {
  const child = (...syncOptions: string[]) => k('argoproj.io/v1alpha1', 'Application', 'child', {
    spec: { project: 'default', source: { repoURL: 'https://git.example.com/r.git', path: 'child' }, destination: { namespace: 'child' }, syncPolicy: { syncOptions } },
  });

  test("in a child Application's syncOptions too: the option a page once named wrongly (argo-cd #25288), with the one meant", () => {
    const [f] = findingsOf('sync-option-unknown', yaml(child('ServerSideApply=true', 'DisableClientSideApplyMigration=true')));
    expect(f.message).toMatch(/^Application\/child \(app\.yaml:\d+\): sync option "DisableClientSideApplyMigration=true" is not one Argo CD knows, so it is ignored/);
    expect(f.fix).toBe('write "ClientSideApplyMigration=false"');
  });

  test('a misspelling: the nearest option of that place, with the value kept', () => {
    expect(findingsOf('sync-option-unknown', yaml(cm('c', { 'argocd.argoproj.io/sync-options': 'PruneLst=true' })))[0].fix).toBe('write "PruneLast=true"');
    expect(findingsOf('sync-option-unknown', yaml(child('CreateNamspace=true')))[0].fix).toBe('write "CreateNamespace=true"');
    // App-only options are not offered on a resource.
    expect(findingsOf('sync-option-unknown', yaml(cm('c', { 'argocd.argoproj.io/sync-options': 'CreateNamspace=true' })))[0].fix).not.toContain('CreateNamespace');
  });

  test('nothing close: the options of that place', () => {
    const [f] = findingsOf('sync-option-unknown', yaml(cm('c', { 'argocd.argoproj.io/sync-options': 'Wibble=1' })));
    expect(f.fix).toBe('use one of Prune, Delete, PruneLast, Replace, Force, ServerSideApply, Validate, SkipDryRunOnMissingResource (Key=value, exact case)');
  });
});
