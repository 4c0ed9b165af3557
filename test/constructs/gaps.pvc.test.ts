/**
 * A PersistentVolumeClaim tier shares the wave of the workloads after it. `health_pvc.go`: a claim
 * is Healthy only when Bound, and with a WaitForFirstConsumer StorageClass it stays Pending until a
 * Pod that mounts it is scheduled. Inside one step `runTasks` applies the claim first (kind order),
 * the scheduler holds the Pods until it is Bound, and the step waits for both; a wave of its own
 * would never end (rule `pvc-gates-wave`).
 */
import { ApiObject, JsonPatch, Size, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { configMap, newChart, synthError, wavesByName } from './helpers';
import { HookJob, HookPhase, SyncOrder, Tier } from '../../src';
import { buildPlan } from '../../src/argo/plan';
import { lintReport } from '../../src/rules';

const WAVE = 'argocd.argoproj.io/sync-wave';

function obj(scope: Construct, id: string, apiVersion: string, kind: string, extra: Record<string, unknown> = {}): ApiObject {
  return new ApiObject(scope, id, { apiVersion, kind, metadata: { name: id }, ...extra });
}
const claim = (s: Construct, id: string, annotations?: Record<string, string>) => obj(s, id, 'v1', 'PersistentVolumeClaim', {
  metadata: { name: id, annotations },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
});
/** A pod spec that mounts `claimName`. */
const mounting = (claimName: string) => ({
  containers: [{ name: 'main', image: 'postgres', volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
  volumes: [{ name: 'data', persistentVolumeClaim: { claimName } }],
});
const template = (claimName: string) => ({ metadata: { labels: { app: 'db' } }, spec: mounting(claimName) });
const statefulSet = (s: Construct, id: string, claimName: string) => obj(s, id, 'apps/v1', 'StatefulSet', {
  spec: { serviceName: id, selector: { matchLabels: { app: 'db' } }, template: template(claimName) },
});
const deployment = (s: Construct, id: string, claimName: string) => obj(s, id, 'apps/v1', 'Deployment', {
  spec: { selector: { matchLabels: { app: 'db' } }, template: template(claimName) },
});

/** Findings of one rule over what the chart synthesizes, read back as `syncplan lint` reads it. */
function findings(chart: ReturnType<typeof newChart>, rule: string) {
  const manifests = Testing.synth(chart).map((object, index) => ({ object, source: { file: 'chart', line: 0, index } }));
  return lintReport(manifests, {}, buildPlan(manifests)).findings.filter((f) => f.rule === rule);
}

describe('a claim tier and the workload tier after it share a wave (Test_syncTasks_kindOrder: PersistentVolumeClaim before workloads)', () => {
  test('PVC tier → StatefulSet tier: one wave; the proof passes and SyncOrder says why', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'pgdata'));
    const db = new Tier(chart, 'db', { after: [data] }).add(statefulSet(chart, 'pg', 'pgdata'));
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/pgdata': '0', 'StatefulSet/pg': '0' });
    const order = SyncOrder.of(chart);
    order.assertSameStep(data, db);
    order.assertBefore(data, db);
    expect(order.explainBefore(data, db)).toBe('chart/pgdata (PersistentVolumeClaim pgdata, Sync wave 0) before chart/pg (StatefulSet pg, Sync wave 0): '
      + 'the same step: Argo CD applies PersistentVolumeClaim before StatefulSet by kind order, '
      + 'the Pods of StatefulSet that mount the claim wait for it to be Bound, and the step waits for both');
  });

  test('PVC tier → Deployment tier (cdk8s-plus L2s), then a Service tier: claim and Deployment in wave 0, Service in wave 1', () => {
    const chart = newChart();
    const pvc = new kplus.PersistentVolumeClaim(chart, 'data', { storage: Size.gibibytes(1) });
    const web = new kplus.Deployment(chart, 'web', { containers: [{ image: 'nginx', portNumber: 8080 }] });
    web.addVolume(kplus.Volume.fromPersistentVolumeClaim(chart, 'vol', pvc));
    const svc = web.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
    const data = new Tier(chart, 'data-tier').add(pvc);
    const app = new Tier(chart, 'web-tier', { after: [data] }).add(web);
    new Tier(chart, 'edge', { after: [app] }).add(svc);
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/chart-data': '0', 'Deployment/chart-web': '0', 'Service/chart-web-service': '1' });
    SyncOrder.of(chart).assertBefore(data, app);
    // A later wave waits on the claim, and a Pod in its wave mounts it: nothing to warn about.
    expect(findings(chart, 'pvc-gates-wave')).toEqual([]);
  });

  test.each([
    ['apps/v1', 'DaemonSet', { selector: { matchLabels: { app: 'db' } }, template: template('c') }],
    ['apps/v1', 'ReplicaSet', { selector: { matchLabels: { app: 'db' } }, template: template('c') }],
    ['v1', 'ReplicationController', { template: template('c') }],
    ['v1', 'Pod', mounting('c')],
    ['batch/v1', 'Job', { template: { spec: { ...mounting('c'), restartPolicy: 'Never' } } }],
    ['batch/v1', 'CronJob', { schedule: '0 * * * *', jobTemplate: { spec: { template: { spec: { ...mounting('c'), restartPolicy: 'Never' } } } } }],
    ['argoproj.io/v1alpha1', 'Rollout', { selector: { matchLabels: { app: 'db' } }, template: template('c') }],
  ])('PVC tier → %s %s tier: one wave (it runs Pods, which the scheduler holds until the claim is Bound)', (apiVersion, kind, spec) => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'c'));
    const work = new Tier(chart, 'work', { after: [data] }).add(obj(chart, 'w', apiVersion, kind, { spec }));
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/c': '0', [`${kind}/w`]: '0' });
    SyncOrder.of(chart).assertBefore(data, work);
  });

  test('a claim + ConfigMap tier → StatefulSet tier: one wave (both rank before StatefulSet)', () => {
    const chart = newChart();
    new Tier(chart, 'data').add(claim(chart, 'pgdata'), configMap(chart, 'pgconf'));
    new Tier(chart, 'db', { after: [chart.node.findChild('data') as Tier] }).add(statefulSet(chart, 'pg', 'pgdata'));
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/pgdata': '0', 'ConfigMap/pgconf': '0', 'StatefulSet/pg': '0' });
  });

  test('the wave still holds for the edge after it: claim + Deployment tier → HPA tier is separate (the Deployment must be Healthy)', () => {
    const chart = newChart();
    const app = new Tier(chart, 'app').add(claim(chart, 'c'), deployment(chart, 'web', 'c'));
    new Tier(chart, 'scale', { after: [app] }).add(obj(chart, 'hpa', 'autoscaling/v2', 'HorizontalPodAutoscaler'));
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/c': '0', 'Deployment/web': '0', 'HorizontalPodAutoscaler/hpa': '1' });
  });
});

describe('what keeps a wave of its own after a claim', () => {
  test('PVC tier → ConfigMap-only tier: separate, a ConfigMap runs no Pods, so only a later wave makes it wait for Bound; pvc-gates-wave warns', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'c'));
    const config = new Tier(chart, 'config', { after: [data] }).add(configMap(chart, 'cm'));
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/c': '0', 'ConfigMap/cm': '1' });
    expect(SyncOrder.of(chart).explainBefore(data, config)).toContain('an earlier step, which Argo CD waits on');
    // The intent itself cannot finish under WaitForFirstConsumer (nothing mounts the claim): said, not hidden.
    expect(findings(chart, 'pvc-gates-wave').map((f) => `${f.kind}/${f.name}`)).toEqual(['PersistentVolumeClaim/c']);
  });

  test('PVC tier → Deployment + ConfigMap tier: one wave, though kind order applies the ConfigMap first (only Pods use a claim)', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'c'));
    const web = new Tier(chart, 'web', { after: [data] }).add(deployment(chart, 'app', 'c'), configMap(chart, 'cm'));
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/c': '0', 'Deployment/app': '0', 'ConfigMap/cm': '0' });
    expect(SyncOrder.of(chart).explainBefore(data, web)).toContain('ConfigMap mounts no claim, and the step waits for the claim to be Bound together with the Pods beside it that mount it');
  });

  test('PVC tier → Deployment + ConfigMap tier with the Deployment\'s wave set by hand: the ConfigMap is alone in the tier\'s wave, so separate', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'c'));
    const app = deployment(chart, 'app', 'c');
    app.metadata.addAnnotation(WAVE, '3');
    const web = new Tier(chart, 'web', { after: [data] }).add(app, configMap(chart, 'cm'));
    // The Pods that would hold the claim's order run in wave 3: in wave 0 the ConfigMap would be applied before the claim.
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/c': '0', 'Deployment/app': '3', 'ConfigMap/cm': '1' });
    expect(synthError(chart)).toBe('');
    SyncOrder.of(chart).assertBefore(data, web);
  });

  test.each([
    ['a PostSync hook', { 'argocd.argoproj.io/hook': 'PostSync' }],
    ['a Helm post-install hook', { 'helm.sh/hook': 'post-install' }],
  ])('PVC tier → Deployment + ConfigMap tier with the Deployment made %s by hand: its Pods are not in the tier\'s step, so separate', (_, hook) => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'c'));
    const app = deployment(chart, 'app', 'c');
    for (const [k, v] of Object.entries(hook)) app.metadata.addAnnotation(k, v);
    const web = new Tier(chart, 'web', { after: [data] }).add(app, configMap(chart, 'cm'));
    // Found by the Testing.synth property: the tier was given the claim's wave for Pods that run in
    // another phase (or not at all), and the proof then refused the ConfigMap applied before the claim.
    expect(wavesByName(chart)).toMatchObject({ 'PersistentVolumeClaim/c': '0', 'ConfigMap/cm': '1' });
    expect(synthError(chart)).toBe('');
    SyncOrder.of(chart).assertBefore(data, web);
  });

  test('PVC tier → Deployment + ConfigMap tier with the Deployment made a Sync hook by hand: its Pods are in the tier\'s step, one wave', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'c'));
    const app = deployment(chart, 'app', 'c');
    app.metadata.addAnnotation('argocd.argoproj.io/hook', 'Sync');
    new Tier(chart, 'web', { after: [data] }).add(app, configMap(chart, 'cm'));
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/c': '0', 'Deployment/app': '0', 'ConfigMap/cm': '0' });
    expect(synthError(chart)).toBe('');
  });

  test('a custom resource named Deployment (example.com, same kind rank) runs no Pods Argo CD knows of: separate', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'c'));
    new Tier(chart, 'cr', { after: [data] }).add(obj(chart, 'd', 'example.com/v1', 'Deployment'));
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/c': '0', 'Deployment/d': '1' });
  });

  test('PVC tier → a Sync-phase hook Job: one wave, as for any Job (hooks and resources are created in one kind order)', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'c'));
    new HookJob(chart, 'seed', { phase: HookPhase.SYNC, name: 'seed', image: 'i', command: ['s'], after: [data] });
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/c': '0', 'Job/seed': '0' });
  });

  test('separateWave still forces a wave after a claim (and pvc-gates-wave says what that costs)', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'pgdata'));
    const db = new Tier(chart, 'db', { after: [data], separateWave: true }).add(statefulSet(chart, 'pg', 'pgdata'));
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/pgdata': '0', 'StatefulSet/pg': '1' });
    expect(SyncOrder.of(chart).explainBefore(data, db)).toContain('an earlier step, which Argo CD waits on');
    expect(findings(chart, 'pvc-gates-wave').map((f) => f.fix)).toEqual([expect.stringContaining('put it in the same wave as the first workload that mounts it')]);
  });
});

describe('the read-back proof of a claim edge, both ways', () => {
  test('a claim patched to a wave after its StatefulSet fails the synth', () => {
    const chart = newChart();
    const pgdata = claim(chart, 'pgdata');
    const data = new Tier(chart, 'data').add(pgdata);
    new Tier(chart, 'db', { after: [data] }).add(statefulSet(chart, 'pg', 'pgdata'));
    pgdata.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '1'));
    const message = synthError(chart);
    expect(message).toContain('chart/pg (StatefulSet pg, Sync wave 0) must start after chart/pgdata (PersistentVolumeClaim pgdata, Sync wave 1) is done');
    expect(message).toContain('but Argo CD applies the later one first');
    expect(message).toContain('chart/pgdata has sync-wave "1" set by a JSON patch (computed: "0")');
  });

  test('a claim set by hand to a wave keeps it, and its StatefulSet\'s tier joins it there', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'pgdata', { [WAVE]: '1' }));
    new Tier(chart, 'db', { after: [data] }).add(statefulSet(chart, 'pg', 'pgdata'));
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/pgdata': '1', 'StatefulSet/pg': '1' });
  });

  test('a JSON patch that pulls a ConfigMap into its claim\'s step fails the synth: the claim must be Bound first', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'c'));
    const cm = configMap(chart, 'cm');
    new Tier(chart, 'config', { after: [data] }).add(cm);
    cm.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '0'));
    expect(synthError(chart)).toContain('but both are applied in the same step, together (PersistentVolumeClaim has a health check (Bound) '
      + 'that only a later wave waits for, and ConfigMap runs no Pods that wait for the claim)');
  });

  test('Pods of a member set by hand to another wave do not hold the claim\'s order for a ConfigMap left in the claim\'s step', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'c'));
    const app = deployment(chart, 'app', 'c');
    app.metadata.addAnnotation(WAVE, '3');
    const cm = configMap(chart, 'cm');
    new Tier(chart, 'web', { after: [data] }).add(app, cm);
    cm.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '0'));
    expect(synthError(chart)).toContain('chart/cm (ConfigMap cm, Sync wave 0) must start after chart/c (PersistentVolumeClaim c, Sync wave 0) is done, '
      + 'but both are applied in the same step, together (PersistentVolumeClaim has a health check (Bound) that only a later wave waits for, '
      + 'and ConfigMap runs no Pods that wait for the claim)');
  });

  test('a hand-set wave that keeps a claim in the same step as a Deployment tier is proven and passes', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data', { wave: 5 }).add(claim(chart, 'c'));
    const web = new Tier(chart, 'web', { after: [data], wave: 5 }).add(deployment(chart, 'app', 'c'));
    expect(synthError(chart)).toBe('');
    SyncOrder.of(chart).assertBefore(data, web);
  });
});

describe('wave-unneeded agrees with pvc-gates-wave on hand-written waves', () => {
  test('a claim in wave 0 and the StatefulSet mounting it in wave 1: both rules say merge the waves, none fires once merged', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(claim(chart, 'pgdata'));
    new Tier(chart, 'db', { after: [data], separateWave: true }).add(statefulSet(chart, 'pg', 'pgdata'));
    const [unneeded] = findings(chart, 'wave-unneeded');
    expect(unneeded.message).toContain('opens Sync wave 1, which waits for Sync wave 0');
    expect(unneeded.fix).toContain('merge Sync wave 1 into Sync wave 0');
    expect(findings(chart, 'pvc-gates-wave')).toHaveLength(1);

    const merged = newChart();
    const d2 = new Tier(merged, 'data').add(claim(merged, 'pgdata'));
    new Tier(merged, 'db', { after: [d2] }).add(statefulSet(merged, 'pg', 'pgdata'));
    expect(findings(merged, 'wave-unneeded')).toEqual([]);
    expect(findings(merged, 'pvc-gates-wave')).toEqual([]);
  });
});

