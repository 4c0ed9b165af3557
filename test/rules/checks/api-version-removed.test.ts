/**
 * api-version-removed: the static side of gitops-engine's discovery check
 * (`TestSync_getSyncTasks_FailureMessage`): what the simulated sync fails on, lint names first.
 */
import { buildPlan } from '../../../src/argo/plan';
import { simulate } from '../../../src/argo/simulate';
import { k, yaml } from '../../fixtures/manifests';
import { findingsOf, manifestsOf, ruleCase } from '../helpers';

const cronJob = (apiVersion: string) => `apiVersion: ${apiVersion}
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "0 3 * * *"
`;

describe('api-version-removed', () => {
  test('batch/v1beta1 CronJob on the default (current) cluster: an error naming the release and the replacement', () => {
    const [f] = findingsOf('api-version-removed', cronJob('batch/v1beta1'));
    expect(f.level).toBe('error');
    expect(f.message).toMatch(/: uses apiVersion batch\/v1beta1 for CronJob, which Kubernetes 1\.25 removed \(the cluster runs 1\.35\)/);
    expect(f.fix).toMatch(/^use apiVersion batch\/v1 /);
  });

  test('--kube-version decides: served on 1.24, and batch/v1 is not served before 1.21', () => {
    expect(findingsOf('api-version-removed', cronJob('batch/v1beta1'), { kubeVersion: '1.24' })).toEqual([]);
    const [f] = findingsOf('api-version-removed', cronJob('batch/v1'), { kubeVersion: '1.20' });
    expect(f.message).toMatch(/which Kubernetes serves only from 1\.21 \(the cluster runs 1\.20\)/);
    expect(findingsOf('api-version-removed', cronJob('batch/v1'))).toEqual([]);
  });

  test('the rule and the simulator agree: a finding exactly when the simulated sync fails validation', () => {
    for (const [apiVersion, kubeVersion] of [['batch/v1beta1', '1.35'], ['batch/v1beta1', '1.24'], ['batch/v1', '1.20'], ['batch/v1', '1.35']]) {
      const text = cronJob(apiVersion);
      const findings = findingsOf('api-version-removed', text, { kubeVersion });
      const result = simulate(buildPlan(manifestsOf(text), { kubeVersion }), { kubeVersion });
      expect(findings.length > 0).toBe(result.message.startsWith('one or more synchronization tasks are not valid'));
    }
  });

  test('custom resources and unknown built-in versions are not this rule\'s', () => {
    expect(findingsOf('api-version-removed', 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n')).toEqual([]);
    expect(findingsOf('api-version-removed', 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: w\n')).toEqual([]);
  });
});

ruleCase('api-version-removed', {
  ref: 'TestSync_getSyncTasks_FailureMessage (Kubernetes 1.25 removed policy/v1beta1)',
  trips: yaml(k('policy/v1beta1', 'PodDisruptionBudget', 'web', { spec: { maxUnavailable: 1 } })),
  passes: yaml(k('policy/v1', 'PodDisruptionBudget', 'web', { spec: { maxUnavailable: 1 } })),
});
