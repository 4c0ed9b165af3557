/**
 * hook-name-without-before-hook-creation (src/rules/checks/hook-name-without-before-hook-creation.ts): its trip/pass case.
 */
import { yaml, hookJob } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('hook-name-without-before-hook-creation', {
  ref: 'argo-cd #7430',
  trips: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook-delete-policy': 'HookSucceeded' })),
  passes: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation,HookSucceeded' })),
});
