/**
 * Regression tests from real, public manifests run through syncplan. Each input is a few lines
 * written here after the named upstream file, not a copy of it.
 */
import { buildPlan } from '../../src/argo/plan';
import { findingsOf, manifestsOf } from '../rules/helpers';

/**
 * After kubernetes/ingress-nginx `deploy/static/provider/cloud/deploy.yaml` (release 0.31.0, a
 * rendered Helm chart): an unannotated Namespace and admission-webhook objects that are Helm
 * pre-install hooks living in it.
 */
const INGRESS_NGINX_0_31 = `
apiVersion: v1
kind: Namespace
metadata:
  name: ingress-nginx
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: ingress-nginx-admission
  namespace: ingress-nginx
  annotations:
    helm.sh/hook: pre-install,pre-upgrade,post-install,post-upgrade
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
---
apiVersion: batch/v1
kind: Job
metadata:
  name: ingress-nginx-admission-create
  namespace: ingress-nginx
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
spec:
  backoffLimit: 1
  activeDeadlineSeconds: 300
  template:
    spec:
      restartPolicy: OnFailure
      serviceAccountName: ingress-nginx-admission
      containers: [{ name: create, image: jettech/kube-webhook-certgen }]
`;

describe('namespace-after-resource on rendered Helm charts', () => {
  test('ingress-nginx 0.31.0: an unannotated Namespace hoisted before its PreSync hooks is hoisting doing its job, not a finding (TestSyncTasksSort_NamespaceAndObjectInNamespace)', () => {
    const p = buildPlan(manifestsOf(INGRESS_NGINX_0_31));
    const ns = p.steps[0].tasks[0];
    expect([ns.kind, ns.phase, ns.hoisted]).toEqual(['Namespace', 'PreSync', true]);
    expect(findingsOf('namespace-after-resource', INGRESS_NGINX_0_31)).toEqual([]);
  });

  test('the same Namespace with a wave of its own is still reported, and says what it was annotated', () => {
    const annotated = INGRESS_NGINX_0_31.replace('  name: ingress-nginx\n---', '  name: ingress-nginx\n  annotations:\n    argocd.argoproj.io/sync-wave: "0"\n---');
    const [f] = findingsOf('namespace-after-resource', annotated);
    expect(f.message).toContain('is annotated Sync wave 0');
    expect(f.message).toContain('moves it to PreSync wave 0 before ServiceAccount/ingress-nginx-admission');
  });

  test('an invalid wave is still a wave the author asked for', () => {
    const invalid = INGRESS_NGINX_0_31.replace('  name: ingress-nginx\n---', '  name: ingress-nginx\n  annotations:\n    argocd.argoproj.io/sync-wave: "-1.5"\n---');
    expect(findingsOf('namespace-after-resource', invalid)).toHaveLength(1);
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

test('custom-resource-without-crd reads as English for any group (kube-prometheus manifests/ without setup/: "is a monitoring.coreos.com/ServiceMonitor")', () => {
  const [f] = findingsOf('custom-resource-without-crd', 'apiVersion: example.com/v1\nkind: Gizmo\nmetadata:\n  name: g\n');
  expect(f.message).toContain('is a custom resource (example.com/Gizmo), but no CustomResourceDefinition for it is in the app');
});
