/**
 * application-sync-option-ignored (src/rules/checks/application-sync-option-ignored.ts): its trip/pass
 * case, and that it holds its peace from 3.4 on (argo-cd PR #23370).
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
