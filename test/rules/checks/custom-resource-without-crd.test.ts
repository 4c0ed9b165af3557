/**
 * custom-resource-without-crd (src/rules/checks/custom-resource-without-crd.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { yaml, widget } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('custom-resource-without-crd', {
  ref: 'TestSyncCustomResources, argo-cd #6489',
  trips: yaml(widget()),
  passes: yaml(widget({ 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true' })),
});

test('custom-resource-without-crd reads as English for any group (kube-prometheus manifests/ without setup/: "is a monitoring.coreos.com/ServiceMonitor")', () => {
  const [f] = findingsOf('custom-resource-without-crd', 'apiVersion: example.com/v1\nkind: Gizmo\nmetadata:\n  name: g\n');
  expect(f.message).toContain('is a custom resource (example.com/Gizmo), but no CustomResourceDefinition for it is in the app');
});
