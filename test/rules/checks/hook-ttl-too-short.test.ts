/**
 * hook-ttl-too-short (src/rules/checks/hook-ttl-too-short.ts): its trip/pass case.
 */
import { yaml, hookJob } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('hook-ttl-too-short', {
  ref: 'TestSync_MultistepResourceDeletionMidstep, Argo CD 2.14 (no hook finalizer)',
  options: { argocdVersion: '2.14' },
  trips: yaml(hookJob('migrate', {}, { ttlSecondsAfterFinished: 0 })),
  passes: yaml(hookJob('migrate', {}, { ttlSecondsAfterFinished: 3600 })),
});
