/**
 * hook-no-deadline (src/rules/checks/hook-no-deadline.ts): its trip/pass case.
 */
import { yaml, hookJob } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('hook-no-deadline', {
  ref: 'argo-cd #17314',
  trips: yaml(hookJob('migrate', {}, { activeDeadlineSeconds: undefined })),
  passes: yaml(hookJob('migrate')),
});
