/**
 * annotation-not-string (src/rules/checks/annotation-not-string.ts): its trip/pass case.
 */
import { yaml, wave, cm } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('annotation-not-string', {
  ref: 'argo-cd #13730',
  trips: yaml(cm('cfg', { 'argocd.argoproj.io/sync-wave': 1 })),
  passes: yaml(cm('cfg', wave('1'))),
});
