/**
 * gate-never-opens (src/rules/checks/gate-never-opens.ts): its trip/pass case.
 */
import { yaml, wave, deployment, service } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('gate-never-opens', {
  ref: 'argo-cd #25054',
  trips: yaml(deployment('web', wave('1'), { paused: true }), service('web', wave('2'))),
  passes: yaml(deployment('web', wave('1')), service('web', wave('2'))),
});
