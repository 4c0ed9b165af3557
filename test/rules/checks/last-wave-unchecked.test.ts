/**
 * last-wave-unchecked (src/rules/checks/last-wave-unchecked.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { k, yaml, wave, cm, deployment, service, hookJob } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('last-wave-unchecked', {
  ref: 'argo-cd #1715',
  trips: yaml(cm('cfg', wave('0')), deployment('web', wave('1'))),
  passes: yaml(cm('cfg', wave('0')), deployment('web', wave('1')), hookJob('smoke', { 'argocd.argoproj.io/hook': 'PostSync' })),
});

describe('last-wave-unchecked judges health per object', () => {
  test('a last wave of a ClusterIP Service has nothing to wait for; a LoadBalancer Service does', () => {
    const last = (spec: Record<string, unknown>) => yaml(deployment('web', wave('0')), service('web', wave('1'), spec));
    expect(findingsOf('last-wave-unchecked', last({}))).toEqual([]);
    const [f] = findingsOf('last-wave-unchecked', last({ type: 'LoadBalancer' }));
    expect(`${f.kind}/${f.name}`).toBe('Service/web');
  });
});

describe('last-wave-unchecked names the workload', () => {
  /** After argoproj/argo-cd `manifests/install.yaml`: a PDB and a CRD sort before the Deployments of the single step. */
  const ARGOCD_INSTALL = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: applications.argoproj.io
spec:
  group: argoproj.io
  names: { kind: Application, plural: applications }
  scope: Namespaced
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: argocd-server
spec:
  selector: { matchLabels: { app.kubernetes.io/name: argocd-server } }
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: argocd-server
spec:
  selector: { matchLabels: { app.kubernetes.io/name: argocd-server } }
  template:
    metadata: { labels: { app.kubernetes.io/name: argocd-server } }
    spec:
      containers: [{ name: argocd-server, image: quay.io/argoproj/argocd }]
`;

  test('argo-cd #1715: the finding is on Deployment/argocd-server, not on the PDB or CRD kind order applies first', () => {
    const [f] = findingsOf('last-wave-unchecked', ARGOCD_INSTALL);
    expect(`${f.kind}/${f.name}`).toBe('Deployment/argocd-server');
    expect(f.message).toContain('right after applying it and 2 more');
  });

  test('without a workload, the first object that would have had something to wait for', () => {
    const [f] = findingsOf('last-wave-unchecked', ARGOCD_INSTALL.slice(0, ARGOCD_INSTALL.indexOf('---\napiVersion: apps/v1')));
    // Kind order applies a PodDisruptionBudget before a CRD.
    expect(`${f.kind}/${f.name}`).toBe('PodDisruptionBudget/argocd-server');
  });
});

describe('last-wave-unchecked with the operator\'s argocd-cm (lint --argocd-cm)', () => {
  const script = (key: string) => ({ key, script: 'return { status = "Healthy" }', useOpenLibs: false });
  const widgetLast = yaml(cm('cfg', wave('0')), k('example.com/v1', 'Widget', 'w', { spec: {} }, wave('1')));

  test('a custom resource with a health script there has something to wait for, which the last wave never awaits', () => {
    expect(findingsOf('last-wave-unchecked', widgetLast)).toEqual([]);
    const [f] = findingsOf('last-wave-unchecked', widgetLast, { argocdCm: { healthScripts: [script('example.com/Widget')] } });
    expect(`${f.kind}/${f.name}`).toBe('Widget/w');
  });

  test('child Applications are left to the application-health rules, whatever argocd-cm holds', () => {
    const child = k('argoproj.io/v1alpha1', 'Application', 'child', { spec: { project: 'default' } }, wave('1'));
    const text = yaml(cm('cfg', wave('0')), child);
    expect(findingsOf('last-wave-unchecked', text, { argocdCm: { healthScripts: [script('argoproj.io/Application')] } })).toEqual([]);
  });
});
