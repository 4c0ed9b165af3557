/**
 * client-side-apply-too-large (src/rules/checks/client-side-apply-too-large.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { stringify } from 'yaml';
import { SYNC_OPTIONS, yaml, cm, bigCrd } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const RULE = 'client-side-apply-too-large';

ruleCase('client-side-apply-too-large', {
  ref: 'argo-cd docs/user-guide/sync-options.md ServerSideApply, upgrading/3.2-3.3.md',
  trips: yaml(bigCrd()),
  passes: yaml(bigCrd({ 'argocd.argoproj.io/sync-options': 'ServerSideApply=true' })),
});

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
