/**
 * crd-not-before-custom-resource (src/rules/checks/crd-not-before-custom-resource.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { HOOK, k, yaml, wave, widget, widgetCrd } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('crd-not-before-custom-resource', {
  ref: 'TestSyncTasksSort_CRDAndCR',
  trips: yaml(widgetCrd(wave('1')), widget()),
  passes: yaml(widgetCrd(wave('-1')), widget()),
});

describe('crd-not-before-custom-resource', () => {
  const crd = (a?: Record<string, unknown>) => k('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'widgets.example.com', {
    spec: { group: 'example.com', names: { kind: 'Widget' } },
  }, a);
  const cr = (a?: Record<string, unknown>) => k('example.com/v1', 'Widget', 'w', {}, a);

  test('TestSyncTasksSort_CRDAndCR: a CRD hoisted into a PreSync hook\'s step says where it went', () => {
    const [f] = findingsOf('crd-not-before-custom-resource', yaml(crd(), cr({ [HOOK]: 'PreSync' })));
    expect(f.message).toContain('has no wave annotation (so Sync wave 0), after its custom resource Widget/w (PreSync wave 0)');
  });

  test('same wave, not hoisted: the 3 s Established wait is the risk', () => {
    const [f] = findingsOf('crd-not-before-custom-resource', yaml(crd(wave('2')), cr(wave('2'))));
    expect(f.message).toContain('is in the same wave as its custom resource Widget/w (Sync wave 2)');
    expect(f.fix).toContain('sync-wave "1"');
  });
});

describe('crd-not-before-custom-resource wording', () => {
  /** After argoproj/argo-rollouts `manifests/install.yaml`: an unannotated CRD, here used by a PreSync hook. */
  const ROLLOUTS = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: analysisruns.argoproj.io
spec:
  group: argoproj.io
  names: { kind: AnalysisRun, plural: analysisruns }
  scope: Namespaced
---
apiVersion: argoproj.io/v1alpha1
kind: AnalysisRun
metadata:
  name: pre-check
  annotations:
    argocd.argoproj.io/hook: PreSync
`;

  test('TestSyncTasksSort_CRDAndCR: an unannotated CRD is not said to be "annotated"', () => {
    const [f] = findingsOf('crd-not-before-custom-resource', ROLLOUTS);
    expect(f.message).toContain('has no wave annotation (so Sync wave 0), after its custom resource AnalysisRun/pre-check (PreSync wave 0)');
  });
});
