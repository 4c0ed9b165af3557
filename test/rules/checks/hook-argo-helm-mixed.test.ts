/**
 * hook-argo-helm-mixed (src/rules/checks/hook-argo-helm-mixed.ts): its trip/pass case.
 */
import { yaml, hookJob } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('hook-argo-helm-mixed', {
  ref: 'Argo CD Helm docs: Argo CD hooks win over Helm hooks',
  trips: yaml(hookJob('migrate', { 'helm.sh/hook': 'post-install' })),
  passes: yaml(hookJob('migrate', { 'helm.sh/hook': 'pre-install,pre-upgrade' })),
});
