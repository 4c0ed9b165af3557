/**
 * helm-hook-unsupported (src/rules/checks/helm-hook-unsupported.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { k, yaml, cm, podSpec, hookJob } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('helm-hook-unsupported', {
  ref: 'gitops-engine pkg/sync/hook/helm/type.go (only install/upgrade hooks map to phases)',
  trips: yaml(k('v1', 'Pod', 'chart-test', { spec: podSpec() }, { 'helm.sh/hook': 'test' })),
  passes: yaml(k('v1', 'Pod', 'chart-test', { spec: podSpec() }, { 'helm.sh/hook': 'post-install,post-upgrade' })),
});

describe('helm-hook-unsupported', () => {
  test('Helm: crd-install is not a hook; test hooks vanish (a warning of their own) and are told to become PostSync', () => {
    expect(findingsOf('helm-hook-unsupported', yaml(cm('c', { 'helm.sh/hook': 'crd-install' })))).toEqual([]);
    expect(findingsOf('hook-unrecognised', yaml(k('v1', 'Pod', 'chart-test', { spec: podSpec() }, { 'helm.sh/hook': 'test' })))).toEqual([]);
    const [f] = findingsOf('helm-hook-unsupported', yaml(k('v1', 'Pod', 'chart-test', { spec: podSpec() }, { 'helm.sh/hook': 'test' })));
    expect(f.message).toContain('helm.sh/hook "test" has no Argo CD equivalent');
    expect(f.fix).toContain('PostSync');
  });

  test('an Argo CD type wins: Helm values beside it are not reported', () => {
    expect(findingsOf('helm-hook-unsupported', yaml(hookJob('m', { 'helm.sh/hook': 'pre-rollback' })))).toEqual([]);
  });
});
