/**
 * What a hook's deletion takes with it. Argo CD deletes every sync-phase hook by its delete policies
 * (gitops-engine `pkg/sync/sync_task.go` `deleteBeforeCreation`, `deleteOnPhaseSuccessful`,
 * `deleteOnPhaseFailed`; BeforeHookCreation when none is set), whatever its kind: no kind and no
 * `helm.sh/resource-policy: keep` is spared. For most kinds that only replaces the object; for
 * three, Kubernetes deletes more than the object (argo-cd #3846: a PreSync claim deleted at every
 * sync; #3837, #3502).
 */
import type { DeletePolicy } from './types';

/** What deleting an object of this kind destroys besides the object, or undefined when nothing else goes. */
export function lostWithIt(group: string, kind: string): string | undefined {
  if (group === '' && kind === 'Namespace') return 'deleting a Namespace deletes every object in it, this app\'s included';
  if (group === '' && kind === 'PersistentVolumeClaim') {
    return 'deleting a claim releases its volume, which a dynamically provisioned volume\'s default reclaim policy (Delete) deletes with its data, '
      + 'and while a Pod mounts the claim the deletion waits (kubernetes.io/pvc-protection) and the sync with it';
  }
  if (group === 'apiextensions.k8s.io' && kind === 'CustomResourceDefinition') {
    return 'deleting a CustomResourceDefinition deletes every custom resource of its kind, in every namespace';
  }
  return undefined;
}

/** When Argo CD deletes a hook with these policies, in words. */
export function whenDeleted(policies: readonly DeletePolicy[], defaulted: boolean): string {
  const when: string[] = [];
  if (policies.includes('BeforeHookCreation')) when.push(`at every later sync, before creating it again (BeforeHookCreation${defaulted ? ', the default when no delete policy is set' : ''})`);
  if (policies.includes('HookSucceeded')) when.push('after every sync that succeeds (HookSucceeded)');
  if (policies.includes('HookFailed')) when.push('after a sync that fails (HookFailed)');
  return when.join(' and ');
}
