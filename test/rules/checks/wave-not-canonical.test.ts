/**
 * wave-not-canonical (src/rules/checks/wave-not-canonical.ts): its trip/pass case.
 */
import { yaml, wave, cm } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('wave-not-canonical', {
  ref: 'waves.go strconv.Atoi accepts "+3"',
  trips: yaml(cm('cfg', wave('007'))),
  passes: yaml(cm('cfg', wave('7'))),
});
