/**
 * An edge costs a wave only when Argo CD needs one: inside one step `runTasks` applies kind by kind
 * (a new kind starts after the previous kind's apply calls returned), and a kind with no health
 * check is done on apply (docs/argo-cd-model.md#kind-order, #inside-a-step, #health).
 */
import { ApiObject, JsonPatch } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { configMap, newChart, synthError, wavesByName } from './helpers';
import { HookJob, HookPhase, SyncOrder, SyncWaves, Tier } from '../../src';

const WAVE = 'argocd.argoproj.io/sync-wave';

function obj(scope: Construct, id: string, apiVersion: string, kind: string, extra: Record<string, unknown> = {}): ApiObject {
  return new ApiObject(scope, id, { apiVersion, kind, metadata: { name: id }, ...extra });
}
const deployment = (s: Construct, id: string) => obj(s, id, 'apps/v1', 'Deployment');
const service = (s: Construct, id: string) => obj(s, id, 'v1', 'Service');
const secret = (s: Construct, id: string) => obj(s, id, 'v1', 'Secret');
const pvc = (s: Construct, id: string) => obj(s, id, 'v1', 'PersistentVolumeClaim');

describe('gaps: which edges share a wave (Test_syncTasks_kindOrder ranks, runTasks kind by kind)', () => {
  test('ConfigMap tier → Deployment tier: one wave, ConfigMap applied first by kind order', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'cm'));
    const web = new Tier(chart, 'web', { after: [config] }).add(deployment(chart, 'app'));
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/cm': '0', 'Deployment/app': '0' });
    const order = SyncOrder.of(chart);
    order.assertBefore(config, web);
    order.assertSameStep(config, web);
    expect(order.explainBefore(config, web)).toBe('chart/cm (ConfigMap cm, Sync wave 0) before chart/app (Deployment app, Sync wave 0): '
      + 'the same step: Argo CD applies ConfigMap before Deployment by kind order, and ConfigMap has no health check to wait for');
  });

  test('Secret, ServiceAccount and Role tier → Deployment tier: one wave', () => {
    const chart = newChart();
    const base = new Tier(chart, 'base').add(secret(chart, 's'), obj(chart, 'sa', 'v1', 'ServiceAccount'),
      obj(chart, 'r', 'rbac.authorization.k8s.io/v1', 'Role'));
    new Tier(chart, 'web', { after: [base] }).add(deployment(chart, 'app'));
    expect(new Set(Object.values(wavesByName(chart)))).toEqual(new Set(['0']));
  });

  test('Deployment tier → Service tier: separate (Deployment must be Healthy first)', () => {
    const chart = newChart();
    const web = new Tier(chart, 'web').add(deployment(chart, 'app'));
    const edge = new Tier(chart, 'edge', { after: [web] }).add(service(chart, 'svc'));
    expect(wavesByName(chart)).toEqual({ 'Deployment/app': '0', 'Service/svc': '1' });
    expect(SyncOrder.of(chart).explainBefore(web, edge)).toContain('an earlier step, which Argo CD waits on');
  });

  test('PersistentVolumeClaim (health: Bound) → Deployment: one wave, as the Deployment\'s Pods wait for the claim on their own and a wave of its own hangs under WaitForFirstConsumer', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(pvc(chart, 'claim'));
    const web = new Tier(chart, 'web', { after: [data] }).add(deployment(chart, 'app'));
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/claim': '0', 'Deployment/app': '0' });
    SyncOrder.of(chart).assertSameStep(data, web);
  });

  test('ClusterIP Service tier → Ingress tier: one wave (a Service that is not a LoadBalancer is Healthy once applied); a LoadBalancer Service keeps its wave', () => {
    const chart = newChart();
    const services = new Tier(chart, 'services').add(new kplus.Service(chart, 'svc', { metadata: { name: 'svc' }, ports: [{ port: 80 }] }));
    const ingress = obj(chart, 'web', 'networking.k8s.io/v1', 'Ingress');
    const edge = new Tier(chart, 'edge', { after: [services] }).add(ingress);
    const lb = new Tier(chart, 'lb').add(new kplus.Service(chart, 'public', { metadata: { name: 'public' }, type: kplus.ServiceType.LOAD_BALANCER, ports: [{ port: 80 }] }));
    const dns = new Tier(chart, 'dns', { after: [lb] }).add(obj(chart, 'public-web', 'networking.k8s.io/v1', 'Ingress'));
    expect(wavesByName(chart)).toEqual({ 'Service/svc': '0', 'Ingress/web': '0', 'Service/public': '0', 'Ingress/public-web': '1' });
    const order = SyncOrder.of(chart);
    order.assertSameStep(services, edge);
    expect(order.explainBefore(services, edge)).toContain('a Service that is not a LoadBalancer is Healthy once applied');
    expect(order.explainBefore(lb, dns)).toContain('an earlier step, which Argo CD waits on');
  });

  test('a Service a JSON patch turns into a LoadBalancer keeps its wave: the planner reads the rendered Service, patches included', () => {
    const chart = newChart();
    const svc = new kplus.Service(chart, 'svc', { metadata: { name: 'svc' }, ports: [{ port: 80 }] });
    const services = new Tier(chart, 'services').add(svc);
    const edge = new Tier(chart, 'edge', { after: [services] }).add(obj(chart, 'web', 'networking.k8s.io/v1', 'Ingress'));
    ApiObject.of(svc).addJsonPatch(JsonPatch.add('/spec/type', 'LoadBalancer'));
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'Service/svc': '0', 'Ingress/web': '1' });
    expect(SyncOrder.of(chart).explainBefore(services, edge)).toContain('an earlier step, which Argo CD waits on');
  });

  test('PersistentVolumeClaim (health: Bound) → Service: separate, a Service runs no Pods that wait for the claim', () => {
    const chart = newChart();
    const data = new Tier(chart, 'data').add(pvc(chart, 'claim'));
    new Tier(chart, 'edge', { after: [data] }).add(service(chart, 'svc'));
    expect(wavesByName(chart)).toEqual({ 'PersistentVolumeClaim/claim': '0', 'Service/svc': '1' });
  });

  test('a Secret + Deployment tier → anything: separate (one object with a health check is enough)', () => {
    const chart = newChart();
    const app = new Tier(chart, 'apps').add(secret(chart, 's'), deployment(chart, 'app'));
    new Tier(chart, 'later', { after: [app] }).add(obj(chart, 'hpa', 'autoscaling/v2', 'HorizontalPodAutoscaler'));
    expect(wavesByName(chart)).toEqual({ 'Secret/s': '0', 'Deployment/app': '0', 'HorizontalPodAutoscaler/hpa': '1' });
  });

  test('same kind on both sides: separate (same rank = applied at the same time)', () => {
    const chart = newChart();
    const a = new Tier(chart, 'a').add(configMap(chart, 'x'));
    new Tier(chart, 'b', { after: [a] }).add(configMap(chart, 'y'));
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/x': '0', 'ConfigMap/y': '1' });
  });

  test('a higher-ranked kind without health check before a lower-ranked one: separate (Role after ConfigMap in kind order)', () => {
    const chart = newChart();
    const rbac = new Tier(chart, 'rbac').add(obj(chart, 'r', 'rbac.authorization.k8s.io/v1', 'Role'));
    new Tier(chart, 'config', { after: [rbac] }).add(configMap(chart, 'cm'));
    expect(wavesByName(chart)).toEqual({ 'Role/r': '0', 'ConfigMap/cm': '1' });
  });

  test('a custom resource (rank 0, no health check) before a Deployment (rank -8): separate', () => {
    const chart = newChart();
    const cr = new Tier(chart, 'cr').add(obj(chart, 'cert', 'example.com/v1', 'Widget'));
    new Tier(chart, 'web', { after: [cr] }).add(deployment(chart, 'app'));
    expect(wavesByName(chart)).toEqual({ 'Widget/cert': '0', 'Deployment/app': '1' });
  });

  test('node.addDependency between lone objects follows the same physics', () => {
    const chart = newChart();
    const cm = configMap(chart, 'cm');
    const web = deployment(chart, 'app');
    const svc = service(chart, 'svc');
    web.node.addDependency(cm);
    svc.node.addDependency(web);
    SyncWaves.enable(chart);
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/cm': '0', 'Deployment/app': '0', 'Service/svc': '1' });
  });

  test('a chain of shared waves: ConfigMap → Deployment → Service → ConfigMap tier costs two waves, not four', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'cm'));
    const web = new Tier(chart, 'web', { after: [config] }).add(deployment(chart, 'app'));
    const edge = new Tier(chart, 'edge', { after: [web] }).add(service(chart, 'svc'));
    new Tier(chart, 'last', { after: [edge] }).add(configMap(chart, 'late'));
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/cm': '0', 'Deployment/app': '0', 'Service/svc': '1', 'ConfigMap/late': '2' });
  });

  test('cdk8s-plus L2s: ConfigMap and Secret before Deployment share its wave, its Service goes after', () => {
    const chart = newChart();
    const cm = new kplus.ConfigMap(chart, 'cm', { data: { a: 'b' } });
    const sec = new kplus.Secret(chart, 'sec', { stringData: { k: 'v' } });
    const d = new kplus.Deployment(chart, 'web', { containers: [{ image: 'nginx', portNumber: 8080 }] });
    const svc = d.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
    const config = new Tier(chart, 'config').add(cm, sec);
    const web = new Tier(chart, 'web-tier', { after: [config] }).add(d);
    new Tier(chart, 'edge', { after: [web] }).add(svc);
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/chart-cm': '0', 'Secret/chart-sec': '0', 'Deployment/chart-web': '0', 'Service/chart-web-service': '1' });
  });
});

describe('separateWave: a wave of its own on request', () => {
  test('separateWave puts a tier in a later wave even where kind order would do', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'cm'));
    const web = new Tier(chart, 'web', { after: [config], separateWave: true }).add(deployment(chart, 'app'));
    expect(web.separateWave).toBe(true);
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/cm': '0', 'Deployment/app': '1' });
    expect(SyncOrder.of(chart).explainBefore(config, web)).toContain('an earlier step');
  });

  test('separateWave also covers node.addDependency into the tier', () => {
    const chart = newChart();
    const cm = configMap(chart, 'cm');
    const web = new Tier(chart, 'web', { separateWave: true }).add(deployment(chart, 'app'));
    web.node.addDependency(cm);
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/cm': '0', 'Deployment/app': '1' });
  });

  test('defaults to false', () => {
    expect(new Tier(newChart(), 't').separateWave).toBe(false);
  });

  test('through an empty tier: gaps are decided by the objects on both ends, and a separateWave on the way is kept', () => {
    const shared = newChart();
    const c1 = new Tier(shared, 'config').add(configMap(shared, 'cm'));
    const e1 = new Tier(shared, 'empty', { after: [c1] });
    new Tier(shared, 'web', { after: [e1] }).add(deployment(shared, 'app'));
    expect(wavesByName(shared)).toEqual({ 'ConfigMap/cm': '0', 'Deployment/app': '0' });

    const healthy = newChart();
    const w2 = new Tier(healthy, 'web').add(deployment(healthy, 'app'));
    const e2 = new Tier(healthy, 'empty', { after: [w2] });
    new Tier(healthy, 'edge', { after: [e2] }).add(service(healthy, 'svc'));
    expect(wavesByName(healthy)).toEqual({ 'Deployment/app': '0', 'Service/svc': '1' });

    const forced = newChart();
    const c3 = new Tier(forced, 'config').add(configMap(forced, 'cm'));
    const e3 = new Tier(forced, 'empty', { after: [c3], separateWave: true });
    new Tier(forced, 'web', { after: [e3] }).add(deployment(forced, 'app'));
    expect(wavesByName(forced)).toEqual({ 'ConfigMap/cm': '0', 'Deployment/app': '1' });
  });

  test('a pin works with gap 0: a tier may be pinned into the wave of the tier it comes after', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config', { wave: 3 }).add(configMap(chart, 'cm'));
    new Tier(chart, 'web', { after: [config], wave: 3 }).add(deployment(chart, 'app'));
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/cm': '3', 'Deployment/app': '3' });
  });

  test('a pin below the tier it comes after still conflicts, naming both', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config', { wave: 3 }).add(configMap(chart, 'cm'));
    new Tier(chart, 'web', { after: [config], wave: 2 }).add(deployment(chart, 'app'));
    expect(synthError(chart)).toContain('wave pin conflict: Tier chart/config is pinned to wave 3 but must be applied before Tier chart/web, pinned to wave 2');
  });
});

// Inside a phase and wave Argo CD sorts hooks and resources together by kind (sync_tasks.go Less) and
// creates them in that order (runTasks): a hook is ordered by its kind and health check like any object.
describe('hooks order by kind like any object', () => {
  test('a Sync-phase hook Job after a ConfigMap tier shares its wave; a ConfigMap tier after the hook waits for it', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'cm'));
    const hook = new HookJob(chart, 'warm', { phase: HookPhase.SYNC, name: 'warm', image: 'i', command: ['w'], after: [config] });
    const late = new Tier(chart, 'late', { after: [hook] }).add(configMap(chart, 'late-cm'));
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/cm': '0', 'Job/warm': '0', 'ConfigMap/late-cm': '1' });
    expect(SyncOrder.of(chart).explainBefore(config, hook)).toContain('Argo CD applies ConfigMap before Job by kind order, and ConfigMap has no health check to wait for');
    expect(SyncOrder.of(chart).explainBefore(hook, late)).toContain('an earlier step, which Argo CD waits on');
  });

  test('a hand-annotated Sync hook ConfigMap after a Secret: one wave, as for any ConfigMap', () => {
    const chart = newChart();
    const s = secret(chart, 's');
    const hook = configMap(chart, 'hook-cm', { annotations: { 'argocd.argoproj.io/hook': 'Sync' } });
    new Tier(chart, 'base').add(s);
    hook.node.addDependency(s);
    expect(wavesByName(chart)).toEqual({ 'Secret/s': '0', 'ConfigMap/hook-cm': '0' });
    expect(synthError(chart)).toBe('');
  });

  test('a hook of the same kind rank as what it comes after still takes a wave (applied together)', () => {
    const chart = newChart();
    const base = new Tier(chart, 'base').add(configMap(chart, 'base-cm'));
    const hook = configMap(chart, 'hook-cm', { annotations: { 'argocd.argoproj.io/hook': 'Sync' } });
    hook.node.addDependency(base);
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/base-cm': '0', 'ConfigMap/hook-cm': '1' });
  });
});

describe('CRDs keep a wave before their custom resources (health check: Established)', () => {
  test('CRD → CR: separate', () => {
    const chart = newChart();
    // Named <plural>.<group>, as the API server requires (object-invalid).
    obj(chart, 'widgets.example.com', 'apiextensions.k8s.io/v1', 'CustomResourceDefinition', {
      spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [] },
    });
    new Tier(chart, 'app').add(obj(chart, 'w', 'example.com/v1', 'Widget'));
    expect(wavesByName(chart)).toEqual({ 'CustomResourceDefinition/widgets.example.com': '-1', 'Widget/w': '0' });
  });
});

describe('read-back proof of same-step edges, both ways', () => {
  test('a hand-set wave that keeps a ConfigMap tier in the Deployment\'s step by kind order is proven and passes', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'cm', { annotations: { [WAVE]: '4' } }));
    const web = new Tier(chart, 'web', { after: [config] }).add(obj(chart, 'app', 'apps/v1', 'Deployment', {
      metadata: { name: 'app', annotations: { [WAVE]: '4' } },
    }));
    expect(synthError(chart)).toBe('');
    SyncOrder.of(chart).assertBefore(config, web);
  });

  test('a JSON patch that pulls a Service into its Deployment\'s step fails the synth: the Deployment has a health check', () => {
    const chart = newChart();
    const web = new Tier(chart, 'web').add(deployment(chart, 'app'));
    const svc = service(chart, 'svc');
    new Tier(chart, 'edge', { after: [web] }).add(svc);
    svc.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '0'));
    const message = synthError(chart);
    expect(message).toContain('chart/svc (Service svc, Sync wave 0) must start after chart/app (Deployment app, Sync wave 0) is done');
    expect(message).toContain('but both are applied in the same step, together (apps/Deployment has a health check, and only a later wave waits for it)');
    expect(message).toContain('chart/svc has sync-wave "0" set by a JSON patch (computed: "1")');
  });

  test('a patched wave that puts a Role and the ConfigMap after it in one step fails: kind order applies ConfigMap first', () => {
    const chart = newChart();
    const rbac = new Tier(chart, 'rbac').add(obj(chart, 'r', 'rbac.authorization.k8s.io/v1', 'Role'));
    const cm = configMap(chart, 'cm');
    new Tier(chart, 'config', { after: [rbac] }).add(cm);
    cm.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '0'));
    expect(synthError(chart)).toContain('but both are applied in the same step, together (Argo CD applies ConfigMap before Role inside one wave)');
  });

  test('the same wave set by hand is kept, and the Role goes a wave before it', () => {
    const chart = newChart();
    const rbac = new Tier(chart, 'rbac').add(obj(chart, 'r', 'rbac.authorization.k8s.io/v1', 'Role'));
    new Tier(chart, 'config', { after: [rbac] }).add(configMap(chart, 'cm', { annotations: { [WAVE]: '0' } }));
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'Role/r': '-1', 'ConfigMap/cm': '0' });
  });

  test('SyncOrder says why a same-step pair is not ordered', () => {
    const chart = newChart();
    const a = new Tier(chart, 'a').add(configMap(chart, 'x'));
    const b = new Tier(chart, 'b').add(configMap(chart, 'y'));
    expect(() => SyncOrder.of(chart).assertBefore(a, b)).toThrow(
      'expected chart/a to be applied before chart/b, but chart/x (ConfigMap x, Sync wave 0) and chart/y (ConfigMap y, Sync wave 0) '
      + 'are in the same step, applied together (ConfigMap and ConfigMap share a kind rank, so Argo CD applies them at the same time)',
    );
    expect(() => SyncOrder.of(chart).explainBefore(a, b)).toThrow('are in the same step, applied together');
  });
});
