/**
 * QA: a PersistentVolumeClaim tier before a tier of the workload that mounts it, written with
 * cdk8s-plus as most users write it. A cdk8s-plus `StatefulSet` always brings its own (headless)
 * Service, and `exposeViaService` is often added to the Deployment's tier. Both put a Service,
 * which runs no Pods, in the tier after the claim. Judged object by object, the claim would get a
 * wave of its own: Argo CD (health_pvc.go: Pending is Progressing; sync_context.go: a step waits
 * for every task of the step before it) would then wait in that wave for the claim to be Bound,
 * and under a WaitForFirstConsumer StorageClass (the default on GKE, EKS, AKS and kind) it is Bound
 * only once a Pod that mounts it is scheduled, in the next wave: the sync hangs.
 *
 * The later tier is judged as a group (src/argo/same-wave.ts `minimumGap`, the proof in
 * src/constructs/read-back.ts, `SyncOrder`): it runs Pods, so all of it shares the claim's wave.
 * Kind order applies the claim, then the Service (Healthy once applied, health_service.go; it
 * mounts no claim), then the workload, whose Pods wait for Bound.
 */
import { Size, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { newChart, wavesByName } from './helpers';
import { SyncOrder, Tier } from '../../src';
import { buildPlan } from '../../src/argo/plan';
import { lintReport } from '../../src/rules';

function pvcRules(chart: ReturnType<typeof newChart>): string[] {
  const manifests = Testing.synth(chart).map((object, index) => ({ object, source: { file: 'chart', line: 0, index } }));
  return lintReport(manifests, {}, buildPlan(manifests)).findings
    .filter((f) => f.rule === 'pvc-gates-wave' || f.rule === 'wave-unneeded')
    .map((f) => `${f.rule} ${f.kind}/${f.name}`);
}

describe('a claim tier before a cdk8s-plus workload tier that holds a Service: one wave, not a hang', () => {
  test('PVC tier → cdk8s-plus StatefulSet tier (with its own headless Service)', () => {
    const chart = newChart();
    const pvc = new kplus.PersistentVolumeClaim(chart, 'data', { storage: Size.gibibytes(10) });
    const sts = new kplus.StatefulSet(chart, 'pg', { containers: [{ image: 'postgres:16', portNumber: 5432 }] });
    sts.containers[0].mount('/var/lib/postgresql', kplus.Volume.fromPersistentVolumeClaim(chart, 'vol', pvc));
    const storage = new Tier(chart, 'storage').add(pvc);
    const db = new Tier(chart, 'db', { after: [storage] }).add(sts);
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/chart-data': '0', 'Service/chart-pg-service': '0', 'StatefulSet/chart-pg': '0' });
    SyncOrder.of(chart).assertBefore(storage, db);
    expect(pvcRules(chart)).toEqual([]);
  });

  test('PVC tier → tier of a Deployment and its exposeViaService Service', () => {
    const chart = newChart();
    const pvc = new kplus.PersistentVolumeClaim(chart, 'data', { storage: Size.gibibytes(1) });
    const web = new kplus.Deployment(chart, 'web', { containers: [{ image: 'nginx', portNumber: 8080 }] });
    web.addVolume(kplus.Volume.fromPersistentVolumeClaim(chart, 'vol', pvc));
    const svc = web.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
    const storage = new Tier(chart, 'storage').add(pvc);
    new Tier(chart, 'web-tier', { after: [storage] }).add(web, svc);
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/chart-data': '0', 'Deployment/chart-web': '0', 'Service/chart-web-service': '0' });
    expect(pvcRules(chart)).toEqual([]);
  });
});
