/**
 * suppression-invalid (src/rules/checks/suppression-invalid.ts): its trip/pass case.
 */
import { yaml, cm } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('suppression-invalid', {
  ref: 'cdk-nag: suppressions need a reason',
  trips: yaml(cm('cfg', { 'syncplan.cdk8s.io/suppress': 'wave-unneeded' })),
  passes: yaml(cm('cfg', { 'syncplan.cdk8s.io/suppress': 'wave-unneeded: the wave orders a webhook we cannot see' })),
});
