/**
 * QA, after the Service fix (3e94eb9): the same hang with the other thing an app tier usually holds
 * beside its workload, its ConfigMap or Secret. They rank *before* PersistentVolumeClaim in Argo
 * CD's kind order (Secret, ConfigMap, ..., PersistentVolumeClaim, ..., Deployment), so the group
 * judgement found "Argo CD applies ConfigMap before PersistentVolumeClaim" and gave the
 * claim a wave of its own: Pending forever under WaitForFirstConsumer (the default class on GKE,
 * EKS, AKS and kind), since the Pod that would bind it waits in the next wave. The synth prints the
 * pvc-gates-wave warning about the library's own output.
 *
 * In one wave Argo CD would apply ConfigMap, claim, Deployment; the ConfigMap mounts no claim and
 * needs nothing of it (only Pods do, and they wait for Bound), exactly as the Service beside a
 * StatefulSet. So when the later group runs Pods, a claim before it is exempt from kind order
 * against the group's objects that run no Pods (src/argo/same-wave.ts `whyNotByKindOrder`,
 * `minimumGap`; the proof in src/constructs/read-back.ts).
 */
import { Size, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { newChart, wavesByName } from './helpers';
import { Tier } from '../../src';
import { buildPlan } from '../../src/argo/plan';
import { lintReport } from '../../src/rules';

/** A claim tier, then a tier of a Deployment that mounts it and its own ConfigMap (and Secret). */
function appWithConfig(withSecret: boolean) {
  const chart = newChart();
  const pvc = new kplus.PersistentVolumeClaim(chart, 'data', { storage: Size.gibibytes(10) });
  const conf = new kplus.ConfigMap(chart, 'conf', { data: { 'app.conf': 'listen 80' } });
  const web = new kplus.Deployment(chart, 'web', { containers: [{ image: 'nginx', portNumber: 80, readiness: kplus.Probe.fromHttpGet('/') }] });
  web.containers[0].mount('/data', kplus.Volume.fromPersistentVolumeClaim(chart, 'vol', pvc));
  web.containers[0].mount('/etc/app', kplus.Volume.fromConfigMap(chart, 'conf-vol', conf));
  const members: kplus.Resource[] = [web, conf];
  if (withSecret) {
    const token = new kplus.Secret(chart, 'token', { stringData: { token: 'not-a-real-one' } });
    web.containers[0].env.addVariable('TOKEN', kplus.EnvValue.fromSecretValue({ secret: token, key: 'token' }));
    members.push(token);
  }
  const storage = new Tier(chart, 'storage').add(pvc);
  new Tier(chart, 'app', { after: [storage] }).add(...members);
  return chart;
}

function quietly<T>(run: () => T): T {
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return run();
  } finally {
    spy.mockRestore();
  }
}

function pvcGates(chart: ReturnType<typeof newChart>): string[] {
  const manifests = quietly(() => Testing.synth(chart)).map((object, index) => ({ object, source: { file: 'chart', line: 0, index } }));
  return lintReport(manifests, {}, buildPlan(manifests)).findings.filter((f) => f.rule === 'pvc-gates-wave').map((f) => `${f.kind}/${f.name}`);
}

describe('a claim tier before a workload tier that also holds its ConfigMap or Secret', () => {
  test('Deployment + its ConfigMap: one wave with the claim, no pvc-gates-wave', () => {
    const chart = appWithConfig(false);
    expect(quietly(() => wavesByName(chart))).toEqual({ 'PersistentVolumeClaim/chart-data': '0', 'ConfigMap/chart-conf': '0', 'Deployment/chart-web': '0' });
    expect(pvcGates(chart)).toEqual([]);
  });

  test('Deployment + its ConfigMap and Secret: one wave with the claim, no pvc-gates-wave', () => {
    const chart = appWithConfig(true);
    expect(quietly(() => wavesByName(chart))).toEqual({
      'PersistentVolumeClaim/chart-data': '0', 'ConfigMap/chart-conf': '0', 'Secret/chart-token': '0', 'Deployment/chart-web': '0',
    });
    expect(pvcGates(chart)).toEqual([]);
  });
});
