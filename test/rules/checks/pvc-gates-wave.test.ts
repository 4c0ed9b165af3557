/**
 * pvc-gates-wave (src/rules/checks/pvc-gates-wave.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { k, yaml, wave, cm, pvc, podSpec, deployment } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('pvc-gates-wave', {
  ref: 'gitops-engine health_pvc.go (Pending is Progressing)',
  trips: yaml(pvc('data'), deployment('db', wave('1'), {}, { ...podSpec(), volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }] })),
  passes: yaml(pvc('data'), deployment('db', undefined, {}, { ...podSpec(), volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }] }), cm('after', wave('1'))),
});

describe('pvc-gates-wave: a claim alone in a wave the next one waits on never binds (WaitForFirstConsumer)', () => {
  const mounts = (claim: string) => ({ ...podSpec(), volumes: [{ name: 'd', persistentVolumeClaim: { claimName: claim } }] });
  const sc = (name: string, mode?: string) => k('storage.k8s.io/v1', 'StorageClass', name, { provisioner: 'csi.example', ...(mode ? { volumeBindingMode: mode } : {}) });

  test('a claim in wave 0, its StatefulSet in wave 1 (what `sts.node.addDependency(pvc)` renders)', () => {
    const [f] = findingsOf('pvc-gates-wave', yaml(pvc('data'), deployment('db', wave('1'), {}, mounts('data'))));
    expect(f.message).toBe('PersistentVolumeClaim/data (app.yaml:2): is in Sync wave 0, which makes Sync wave 1 wait for it to be Bound, but with a WaitForFirstConsumer '
      + 'StorageClass (the default class on GKE, EKS, AKS and kind, and this claim names none) it stays Pending until a Pod that mounts it '
      + 'is scheduled, and no Pod in its wave or an earlier one mounts it: the sync stays Progressing forever (see https://github.com/cdk8s-syncplan/cdk8s-syncplan/blob/main/docs/rules/pvc-gates-wave.md)');
  });

  test('the app\'s own WaitForFirstConsumer class is named; an Immediate one (or the API default) is fine', () => {
    const [f] = findingsOf('pvc-gates-wave', yaml(sc('wffc', 'WaitForFirstConsumer'), pvc('data', undefined, { storageClassName: 'wffc' }), cm('next', wave('1'))));
    expect(f.message).toContain('but its StorageClass wffc binds WaitForFirstConsumer, so it stays Pending');
    expect(findingsOf('pvc-gates-wave', yaml(sc('fast', 'Immediate'), pvc('data', undefined, { storageClassName: 'fast' }), cm('next', wave('1'))))).toEqual([]);
    expect(findingsOf('pvc-gates-wave', yaml(sc('fast'), pvc('data', undefined, { storageClassName: 'fast' }), cm('next', wave('1'))))).toEqual([]);
  });

  test('pre-bound and class-less claims bind without a Pod; the last wave gates nothing', () => {
    expect(findingsOf('pvc-gates-wave', yaml(pvc('data', undefined, { volumeName: 'pv-1' }), cm('next', wave('1'))))).toEqual([]);
    expect(findingsOf('pvc-gates-wave', yaml(pvc('data', undefined, { storageClassName: '' }), cm('next', wave('1'))))).toEqual([]);
    expect(findingsOf('pvc-gates-wave', yaml(cm('first'), pvc('data', wave('1'))))).toEqual([]);
  });
});

test('the message names the wave the object is in before the later wave it holds up', () => {
  const wave0 = 'annotations: { argocd.argoproj.io/sync-wave: "0" }';
  const later = '---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: later, annotations: { argocd.argoproj.io/sync-wave: "1" } }\n';
  const text = `apiVersion: v1
kind: PersistentVolumeClaim
metadata: { name: data, ${wave0} }
spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Gi } } }
`;
  expect(findingsOf('pvc-gates-wave', text + later).map((f) => f.message)).toEqual([expect.stringMatching(/^PersistentVolumeClaim\/data \(app\.yaml:\d+\): is in Sync wave 0, which makes Sync wave 1 wait for it to be Bound/)]);
});
