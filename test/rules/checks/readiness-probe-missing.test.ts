/**
 * readiness-probe-missing (src/rules/checks/readiness-probe-missing.ts): its trip/pass case.
 */
import { yaml, wave, podSpec, deployment, service } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('readiness-probe-missing', {
  ref: 'gitops-engine pkg/health/health_deployment.go',
  trips: yaml(deployment('web', wave('1'), {}, podSpec({ probe: false })), service('web', wave('2'))),
  passes: yaml(deployment('web', wave('1')), service('web', wave('2'))),
});

test('the message names the wave the object is in before the later wave it holds up', () => {
  const wave0 = 'annotations: { argocd.argoproj.io/sync-wave: "0" }';
  const later = '---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: later, annotations: { argocd.argoproj.io/sync-wave: "1" } }\n';
  const text = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web, ${wave0} }
spec:
  template:
    spec:
      containers:
        - name: web
          image: web:1
`;
  expect(findingsOf('readiness-probe-missing', text + later).map((f) => f.message)).toEqual([expect.stringMatching(/^Deployment\/web \(app\.yaml:\d+\): is in Sync wave 0, which makes Sync wave 1 wait for it to be Healthy/)]);
});
