/**
 * readiness-probe-missing (src/rules/checks/readiness-probe-missing.ts): its trip/pass case.
 */
import { yaml, wave, podSpec, deployment, service } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('readiness-probe-missing', {
  ref: 'gitops-engine pkg/health/health_deployment.go',
  trips: yaml(deployment('web', wave('1'), {}, podSpec({ probe: false })), service('web', wave('2'))),
  passes: yaml(deployment('web', wave('1')), service('web', wave('2'))),
});
