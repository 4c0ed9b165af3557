import { deletePoliciesOf, readDeletePolicies } from '../../src/argo';
import { obj } from '../fixtures/manifests';

const ARGO = 'argocd.argoproj.io/hook-delete-policy';
const HELM = 'helm.sh/hook-delete-policy';
const pod = (annotations: Record<string, string> = {}) => obj({ kind: 'Pod', name: 'p', annotations });

describe('delete policies (gitops-engine pkg/sync/hook/delete_policy_test.go)', () => {
  test.each([
    [{}, ['BeforeHookCreation']],
    [{ [ARGO]: 'garbage' }, ['BeforeHookCreation']],
    [{ [ARGO]: 'BeforeHookCreation' }, ['BeforeHookCreation']],
    [{ [ARGO]: 'HookSucceeded' }, ['HookSucceeded']],
    [{ [ARGO]: 'HookFailed' }, ['HookFailed']],
    [{ [HELM]: 'hook-succeeded' }, ['HookSucceeded']],
    [{ [HELM]: 'before-hook-creation' }, ['BeforeHookCreation']],
    [{ [HELM]: 'hook-failed' }, ['HookFailed']],
  ])('TestDeletePolicies %p → %p', (annotations, expected) => {
    expect(deletePoliciesOf(pod(annotations))).toEqual(expected);
  });

  test('Argo and Helm policies are unioned, unknown values dropped, matching is case-sensitive', () => {
    const read = readDeletePolicies(pod({ [ARGO]: 'HookSucceeded, hooksucceeded', [HELM]: 'hook-failed,hook-succeeded,HookFailed' }));
    expect(read.policies).toEqual(['HookSucceeded', 'HookFailed']);
    expect(read.defaulted).toBe(false);
    expect(read.unrecognisedArgo).toEqual(['hooksucceeded']);
    expect(read.unrecognisedHelm).toEqual(['HookFailed']);
  });

  test('only unknown values → the default, and they are reported', () => {
    expect(readDeletePolicies(pod({ [ARGO]: 'OnSuccess' }))).toEqual({
      policies: ['BeforeHookCreation'], defaulted: true, unrecognisedArgo: ['OnSuccess'], unrecognisedHelm: [],
    });
  });
});
