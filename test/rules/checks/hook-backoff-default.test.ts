/**
 * hook-backoff-default (src/rules/checks/hook-backoff-default.ts): its trip/pass case.
 */
import { yaml, hookJob } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('hook-backoff-default', {
  ref: 'Kubernetes Job backoffLimit default 6',
  trips: yaml(hookJob('migrate', {}, { backoffLimit: undefined })),
  passes: yaml(hookJob('migrate')),
});
