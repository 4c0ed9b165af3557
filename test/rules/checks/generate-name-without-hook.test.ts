/**
 * generate-name-without-hook (src/rules/checks/generate-name-without-hook.ts): its trip/pass case.
 */
import { yaml, cm } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('generate-name-without-hook', {
  ref: 'TestNamingNonHookResource',
  trips: yaml(cm('cfg-')),
  passes: yaml(cm('cfg')),
});
