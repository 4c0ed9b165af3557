/**
 * namespace-after-resource (src/rules/checks/namespace-after-resource.ts): its trip/pass case, its
 * edges, and regression tests from real, public manifests run through syncplan. Each input is a few lines
 * written here after the named upstream file, not a copy of it.
 */
import { buildPlan } from '../../../src/argo/plan';
import { cm, k, yaml, wave, hookJob } from '../../fixtures/manifests';
import { findingsOf, manifestsOf, ruleCase } from '../helpers';

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

ruleCase('namespace-after-resource', {
  ref: 'TestSyncTasksSort_NamespaceAndObjectInNamespace',
  trips: yaml(k('v1', 'Namespace', 'shop', {}, wave('1')), { ...cm('cfg'), metadata: { name: 'cfg', namespace: 'shop' } }),
  passes: yaml(k('v1', 'Namespace', 'shop', {}, wave('-1')), { ...cm('cfg'), metadata: { name: 'cfg', namespace: 'shop' } }),
});

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

describe('namespace-after-resource', () => {
  test('a Namespace named like the destination is pulled into PreSync by a hook living in it', () => {
    const [f] = findingsOf('namespace-after-resource', yaml(k('v1', 'Namespace', 'shop', {}, wave('-1')), hookJob('m')), { namespace: 'shop' });
    expect(f.message).toContain('is annotated Sync wave -1');
    expect(f.message).toContain('moves it to PreSync wave 0 before Job/m');
  });
});
