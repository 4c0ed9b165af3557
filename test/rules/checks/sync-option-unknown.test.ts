/**
 * sync-option-unknown (src/rules/checks/sync-option-unknown.ts): its trip/pass case.
 */
import { yaml, cm } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('sync-option-unknown', {
  ref: 'gitops-engine pkg/sync/common/types.go option constants',
  trips: yaml(cm('cfg', { 'argocd.argoproj.io/sync-options': 'PruneFirst=true' })),
  passes: yaml(cm('cfg', { 'argocd.argoproj.io/sync-options': 'PruneLast=true' })),
});
