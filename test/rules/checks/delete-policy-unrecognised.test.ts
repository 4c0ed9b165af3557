/**
 * delete-policy-unrecognised (src/rules/checks/delete-policy-unrecognised.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { yaml, cm, hookJob } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('delete-policy-unrecognised', {
  ref: 'delete_policy_test.go',
  trips: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation,hooksucceeded' })),
  passes: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation,HookSucceeded' })),
});

describe('delete-policy-unrecognised on an object that is not a hook', () => {
  test('says no delete policy applies there (not which one is "effective") and offers removing it', () => {
    const [f] = findingsOf('delete-policy-unrecognised', yaml(cm('c', { 'argocd.argoproj.io/hook-delete-policy': 'HookSucceded' })));
    expect(f.message).toContain('"HookSucceded" is not a delete policy Argo CD knows (exact, case-sensitive), and this object is not a hook, so Argo CD reads no delete policy on it at all');
    expect(f.message).not.toContain('effective policies');
    expect(f.fix).toBe('use BeforeHookCreation, HookSucceeded, HookFailed (or remove the annotation: delete policies apply to hooks only)');
  });

  test('on a hook it still names the effective policies', () => {
    const [f] = findingsOf('delete-policy-unrecognised', yaml(hookJob('m', { 'argocd.argoproj.io/hook-delete-policy': 'hooksucceeded' })));
    expect(f.message).toContain('so it is dropped (effective policies: BeforeHookCreation, the default)');
    expect(f.fix).toBe('write "HookSucceeded"');
  });
});
