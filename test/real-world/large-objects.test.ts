/**
 * prometheus-operator/kube-prometheus `manifests/setup/0prometheusCustomResourceDefinition.yaml`
 * is ~470 KiB as JSON: a client-side apply (Argo CD's default) fails on it with
 * "metadata.annotations: Too long: may not be more than 262144 bytes" (argo-cd
 * docs/user-guide/sync-options.md, Server-Side Apply). So is Argo CD's own ApplicationSet CRD in
 * `manifests/install.yaml` since 3.3 (339 KiB; upgrading/3.2-3.3.md). Built here from `bigCrd`.
 */
import { stringify } from 'yaml';
import { bigCrd, cm } from '../rules/cases';
import { findingsOf } from '../rules/helpers';

const RULE = 'client-side-apply-too-large';
const SYNC_OPTIONS = 'argocd.argoproj.io/sync-options';

describe(RULE, () => {
  test('kube-prometheus prometheuses CRD: an error naming its size, the annotation and the way out', () => {
    const [f] = findingsOf(RULE, stringify(bigCrd()));
    expect(f.level).toBe('error');
    expect(f.message).toMatch(/^CustomResourceDefinition\/prometheuses\.monitoring\.coreos\.com \(app\.yaml:\d+\): is 30\d KiB as JSON; /);
    expect(f.message).toContain('kubectl.kubernetes.io/last-applied-configuration');
    expect(f.fix).toContain('ServerSideApply=true');
  });

  test('shouldUseServerSideApply: the Application\'s ServerSideApply=true covers it, unless the object says ServerSideApply=false', () => {
    expect(findingsOf(RULE, stringify(bigCrd()), { syncOptions: ['ServerSideApply=true'] })).toEqual([]);
    expect(findingsOf(RULE, stringify(bigCrd({ [SYNC_OPTIONS]: 'ServerSideApply=false' })), { syncOptions: ['ServerSideApply=true'] })).toHaveLength(1);
  });

  test('Replace=true (object or Application) writes no last-applied annotation', () => {
    expect(findingsOf(RULE, stringify(bigCrd({ [SYNC_OPTIONS]: 'Replace=true' })))).toEqual([]);
    expect(findingsOf(RULE, stringify(bigCrd()), { syncOptions: ['Replace=true'] })).toEqual([]);
  });

  test('just under 256 KiB passes; a hook in two phases is reported once', () => {
    const under = cm('dashboards');
    (under as { data: Record<string, string> }).data = { 'd.json': 'x'.repeat(256 * 1024 - 200) };
    expect(findingsOf(RULE, stringify(under))).toEqual([]);
    const hook = bigCrd({ 'argocd.argoproj.io/hook': 'PreSync,PostSync' });
    expect(findingsOf(RULE, stringify(hook))).toHaveLength(1);
  });
});
