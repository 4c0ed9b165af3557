/**
 * load-balancer-gates-wave (src/rules/checks/load-balancer-gates-wave.ts): its trip/pass case.
 */
import { yaml, wave, cm, deployment, ingress } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('load-balancer-gates-wave', {
  ref: 'argo-cd #14607',
  trips: yaml(deployment('web'), ingress('web'), cm('after', wave('1'))),
  passes: yaml(deployment('web'), ingress('web', wave('1'))),
});

test('the message names the wave the object is in before the later wave it holds up', () => {
  const wave0 = 'annotations: { argocd.argoproj.io/sync-wave: "0" }';
  const later = '---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: later, annotations: { argocd.argoproj.io/sync-wave: "1" } }\n';
  const text = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: { name: web, ${wave0} }
spec: { defaultBackend: { service: { name: web, port: { number: 80 } } } }
`;
  expect(findingsOf('load-balancer-gates-wave', text + later).map((f) => f.message)).toEqual([expect.stringMatching(/^Ingress\/web \(app\.yaml:\d+\): is in Sync wave 0, which makes Sync wave 1 wait until a controller fills/)]);
});
