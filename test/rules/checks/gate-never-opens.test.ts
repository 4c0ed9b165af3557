/**
 * gate-never-opens (src/rules/checks/gate-never-opens.ts): its trip/pass case.
 */
import { yaml, wave, deployment, service } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('gate-never-opens', {
  ref: 'argo-cd #25054',
  trips: yaml(deployment('web', wave('1'), { paused: true }), service('web', wave('2'))),
  passes: yaml(deployment('web', wave('1')), service('web', wave('2'))),
});

test('the message names the wave the object is in before the later wave it holds up', () => {
  const wave0 = 'annotations: { argocd.argoproj.io/sync-wave: "0" }';
  const later = '---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: later, annotations: { argocd.argoproj.io/sync-wave: "1" } }\n';
  const text = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web, ${wave0} }
spec:
  paused: true
  template:
    spec:
      containers:
        - name: web
          image: web:1
          readinessProbe: { httpGet: { path: /, port: 80 } }
`;
  expect(findingsOf('gate-never-opens', text + later).map((f) => f.message)).toEqual([expect.stringMatching(/^Deployment\/web \(app\.yaml:\d+\): is in Sync wave 0 with spec\.paused: true/)]);
});
