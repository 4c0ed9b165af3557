/**
 * hook-deletes-data (src/rules/checks/hook-deletes-data.ts): its trip/pass case, and what each kind and
 * each delete policy says (gitops-engine sync_task.go deleteBeforeCreation / deleteOnPhaseSuccessful /
 * deleteOnPhaseFailed spare no kind; argo-cd #3846).
 */
import { k, yaml, pvc, widgetCrd } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const HOOK = 'argocd.argoproj.io/hook';
const POLICY = 'argocd.argoproj.io/hook-delete-policy';

ruleCase('hook-deletes-data', {
  ref: 'argo-cd #3846',
  trips: yaml(pvc('uploads', { [HOOK]: 'PreSync' })),
  passes: yaml(pvc('uploads')),
});

describe('hook-deletes-data: what goes with each kind, and when', () => {
  test('a PreSync claim with no policy: deleted at every later sync (the default), its volume with it', () => {
    const [f] = findingsOf('hook-deletes-data', yaml(pvc('uploads', { [HOOK]: 'PreSync' })));
    expect(f.message).toContain('is a PreSync hook, so Argo CD deletes it at every later sync, before creating it again (BeforeHookCreation, the default when no delete policy is set): '
      + 'deleting a claim releases its volume');
    expect(f.fix).toContain('phase: HookPhase.SYNC');
  });

  test('a Helm pre-install Namespace with hook-succeeded; a CRD hook with only HookFailed', () => {
    const ns = k('v1', 'Namespace', 'jobs', {}, { 'helm.sh/hook': 'pre-install', 'helm.sh/hook-delete-policy': 'hook-succeeded' });
    const [n] = findingsOf('hook-deletes-data', yaml(ns));
    expect(n.message).toContain('after every sync that succeeds (HookSucceeded): deleting a Namespace deletes every object in it');
    expect(n.fix).toContain('CreateNamespace=true');
    const [c] = findingsOf('hook-deletes-data', yaml(widgetCrd({ [HOOK]: 'Sync', [POLICY]: 'HookFailed' })));
    expect(c.message).toContain('is a Sync hook, so Argo CD deletes it after a sync that fails (HookFailed): deleting a CustomResourceDefinition deletes every custom resource of its kind');
  });

  test('other kinds, a custom resource named Namespace, Skip and deletion-only hooks say nothing', () => {
    const quiet = yaml(
      k('v1', 'ConfigMap', 'settings', {}, { [HOOK]: 'PreSync' }),
      k('example.com/v1', 'Namespace', 'not-core', {}, { [HOOK]: 'PreSync' }),
      pvc('skipped', { [HOOK]: 'Skip' }),
      pvc('on-delete', { [HOOK]: 'PostDelete' }),
    );
    expect(findingsOf('hook-deletes-data', quiet)).toEqual([]);
  });
});
