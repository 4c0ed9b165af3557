/**
 * hook-generate-name-piles-up (src/rules/checks/hook-generate-name-piles-up.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { yaml, hookJob } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('hook-generate-name-piles-up', {
  ref: 'TestUnnamedHooksGetUniqueNames',
  trips: yaml(hookJob('migrate-', { 'argocd.argoproj.io/hook-delete-policy': undefined })),
  passes: yaml(hookJob('migrate-', { 'argocd.argoproj.io/hook-delete-policy': 'HookSucceeded' })),
});

describe('hook-generate-name-piles-up', () => {
  test('a generateName Job cleaned up by its TTL does not pile up', () => {
    expect(findingsOf('hook-generate-name-piles-up', yaml(hookJob('t-', { 'argocd.argoproj.io/hook-delete-policy': undefined }, { ttlSecondsAfterFinished: 600 })))).toEqual([]);
  });

  test('HookFailed alone: successful runs pile up', () => {
    const [f] = findingsOf('hook-generate-name-piles-up', yaml(hookJob('t-', { 'argocd.argoproj.io/hook-delete-policy': 'HookFailed' })));
    expect(f.message).toContain('successful runs are ever deleted');
  });
});
