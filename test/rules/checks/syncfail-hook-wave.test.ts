/**
 * syncfail-hook-wave (src/rules/checks/syncfail-hook-wave.ts): its trip/pass case.
 */
import { yaml, wave, hookJob } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('syncfail-hook-wave', {
  ref: 'TestSync_SyncFailHook (all SyncFail hooks in one batch)',
  trips: yaml(hookJob('notify', { 'argocd.argoproj.io/hook': 'SyncFail', ...wave('1') })),
  passes: yaml(hookJob('notify', { 'argocd.argoproj.io/hook': 'SyncFail' })),
});
