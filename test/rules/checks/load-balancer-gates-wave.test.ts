/**
 * load-balancer-gates-wave (src/rules/checks/load-balancer-gates-wave.ts): its trip/pass case.
 */
import { yaml, wave, cm, deployment, ingress } from '../../fixtures/manifests';
import { ruleCase } from '../helpers';

ruleCase('load-balancer-gates-wave', {
  ref: 'argo-cd #14607',
  trips: yaml(deployment('web'), ingress('web'), cm('after', wave('1'))),
  passes: yaml(deployment('web'), ingress('web', wave('1'))),
});
