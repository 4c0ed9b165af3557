/**
 * application-sync-option-ignored (src/rules/checks/application-sync-option-ignored.ts): its trip/pass
 * case, and that it holds its peace from 3.4 on (argo-cd PR #23370); SkipDryRunOnMissingResource, read
 * at the Application level since 3.1.
 */
import { k, yaml } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const child = (syncOptions: string[]) => k('argoproj.io/v1alpha1', 'Application', 'payments', {
  spec: {
    project: 'default',
    source: { repoURL: 'https://git.example.com/payments.git', path: 'deploy', targetRevision: 'main' },
    destination: { server: 'https://kubernetes.default.svc', namespace: 'payments' },
    syncPolicy: { syncOptions },
  },
});

ruleCase('application-sync-option-ignored', {
  ref: 'TestDoNotPruneAppLevelPruneFalse, Argo CD 3.3 (Prune= read at the Application level since 3.4)',
  options: { argocdVersion: '3.3' },
  trips: yaml(child(['CreateNamespace=true', 'Prune=false'])),
  passes: yaml(child(['CreateNamespace=true'])),
});

test('Test_syncDeleteOption "delete set on the app level": nothing to report from 3.4 on, nor for the default version', () => {
  const text = yaml(child(['Prune=confirm', 'Delete=false']));
  expect(findingsOf('application-sync-option-ignored', text, { argocdVersion: '3.3' }).map(f => f.message.split(': ')[1]))
    .toEqual(['has sync option "Prune=confirm"', 'has sync option "Delete=false"']);
  expect(findingsOf('application-sync-option-ignored', text, { argocdVersion: '3.4' })).toEqual([]);
  expect(findingsOf('application-sync-option-ignored', text)).toEqual([]);
});

test('SkipDryRunOnMissingResource=true in a child Application for Argo CD 3.0: its custom resources would fail the dry run; the fix names 3.1', () => {
  const text = yaml(child(['SkipDryRunOnMissingResource=true']));
  const [f, ...more] = findingsOf('application-sync-option-ignored', text, { argocdVersion: '3.0' });
  expect(more).toEqual([]);
  expect(f.message).toContain('has sync option "SkipDryRunOnMissingResource=true": Argo CD reads SkipDryRunOnMissingResource= in the Application\'s syncOptions since 3.1');
  expect(f.fix).toBe('annotate the child\'s objects with argocd.argoproj.io/sync-options: SkipDryRunOnMissingResource=true, or upgrade to Argo CD 3.1 or later');
  expect(findingsOf('application-sync-option-ignored', text, { argocdVersion: '3.1' })).toEqual([]);
});
