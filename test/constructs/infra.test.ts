import { ApiObject, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { configMap, newChart, stderrOf, synthError, wavesByName } from './helpers';
import { MigrationHook, SyncOrder, Tier } from '../../src';
import { SyncPlanner } from '../../src/constructs/planner';
import { lint } from '../../src/rules';

/** A CRD for `shop.example.com/Order`, in a chart whose namespace cdk8s also writes on it. */
function crd(chart: ReturnType<typeof newChart>): ApiObject {
  return new ApiObject(chart, 'orders-crd', {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'orders.shop.example.com' },
    spec: {
      group: 'shop.example.com',
      names: { kind: 'Order', plural: 'orders', singular: 'order' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  });
}

function order(chart: ReturnType<typeof newChart>, id: string): ApiObject {
  return new ApiObject(chart, id, { apiVersion: 'shop.example.com/v1', kind: 'Order', metadata: { name: id } });
}

describe('Namespaces and CRDs before their users', () => {
  test('a CRD in a namespaced chart is no user of the Namespace: no spurious wave pin conflict', () => {
    const chart = newChart('chart', { namespace: 'shop' });
    const ns = new kplus.Namespace(chart, 'ns', { metadata: { name: 'shop' } });
    const definition = crd(chart);
    const first = order(chart, 'first');
    new Tier(chart, 'orders').add(first);
    const loose = order(chart, 'loose');
    expect(synthError(chart)).toBe('');
    const waves = wavesByName(chart);
    // The CRD waits in a wave before both custom resources (the loose one keeps Argo's default 0).
    expect(waves).toEqual({
      'Namespace/shop': '0',
      'CustomResourceDefinition/orders.shop.example.com': '-1',
      'Order/first': '0',
      'Order/loose': undefined,
    });
    const sync = SyncOrder.of(chart);
    for (const cr of [first, loose]) {
      sync.assertBefore(definition, cr);
      sync.assertBefore(ns, cr);
    }
  });

  test('the Namespace still goes before what lives in it', () => {
    const chart = newChart('chart', { namespace: 'shop' });
    new kplus.Namespace(chart, 'ns', { metadata: { name: 'shop' } });
    new Tier(chart, 'config').add(configMap(chart, 'settings'));
    expect(synthError(chart)).toBe('');
    const waves = wavesByName(chart);
    expect(Number(waves['Namespace/shop'])).toBeLessThanOrEqual(Number(waves['ConfigMap/settings']));
  });

  test('a Namespace put in a tier, with a PreSync hook living in it: no wave written on it (Argo CD runs it before the hook), nothing for the rule pack', () => {
    const chart = newChart('chart', { namespace: 'shop' });
    const ns = new kplus.Namespace(chart, 'ns', { metadata: { name: 'shop' } });
    const base = new Tier(chart, 'base').add(ns, configMap(chart, 'settings'));
    new MigrationHook(chart, 'migrate', { name: 'migrate', image: 'app:1', command: ['migrate'] });
    const web = new kplus.Deployment(chart, 'web', { containers: [{ image: 'app:1', readiness: kplus.Probe.fromCommand(['true']) }] });
    new Tier(chart, 'app', { after: [base] }).add(web);
    let objects: any[] = [];
    expect(stderrOf(() => { objects = Testing.synth(chart); })).toBe('');
    expect(wavesByName(chart)).toEqual({ 'Namespace/shop': undefined, 'ConfigMap/settings': '0', 'Job/migrate': '0', 'Deployment/chart-web': '0' });
    const manifests = objects.map((object, index) => ({ object, source: { file: 'chart.yaml', line: 0, index } }));
    expect(lint(manifests).filter((f) => f.rule === 'namespace-after-resource')).toEqual([]);
    SyncOrder.of(chart).assertBefore(ns, web);
  });

  test('a Namespace in a tier that is after a tier holding objects that live in it: Argo CD creates it first, so no cycle and no wave on it', () => {
    // An operator's install (its Namespace included) after the config it reads, which lives in that
    // Namespace: Argo CD hoists the Namespace before its first resident whatever its wave says.
    const chart = newChart('chart');
    const license = new kplus.Secret(chart, 'license', { metadata: { name: 'license', namespace: 'ops' }, stringData: { key: 'k' } });
    const config = new Tier(chart, 'config').add(license);
    const ns = new kplus.Namespace(chart, 'ns', { metadata: { name: 'ops' } });
    const controller = new kplus.Deployment(chart, 'controller', {
      metadata: { namespace: 'ops' },
      containers: [{ image: 'operator:1', readiness: kplus.Probe.fromCommand(['true']) }],
    });
    new Tier(chart, 'operator', { after: [config] }).add(ns, controller);
    let objects: any[] = [];
    expect(stderrOf(() => { objects = Testing.synth(chart); })).toBe('');
    const waves = wavesByName(chart);
    expect(waves['Namespace/ops']).toBeUndefined();
    const manifests = objects.map((object, index) => ({ object, source: { file: 'chart.yaml', line: 0, index } }));
    // Nothing about the waves written: only that a green sync does not wait for the controller.
    expect(lint(manifests).map((f) => f.rule)).toEqual(['last-wave-unchecked']);
    const sync = SyncOrder.of(chart);
    sync.assertBefore(ns, license);
    sync.assertBefore(license, controller);
  });

  test('the same hoisted Namespace after an object that does not live in it: a warning naming both, the rest of its tier waits as asked', () => {
    const chart = newChart('chart');
    const license = new kplus.Secret(chart, 'license', { metadata: { name: 'license', namespace: 'ops' }, stringData: { key: 'k' } });
    const other = configMap(chart, 'shared', { namespace: 'web' });
    const config = new Tier(chart, 'config').add(license, other);
    const ns = new kplus.Namespace(chart, 'ns', { metadata: { name: 'ops' } });
    const controller = new kplus.Deployment(chart, 'controller', {
      metadata: { namespace: 'ops' },
      containers: [{ image: 'operator:1', readiness: kplus.Probe.fromCommand(['true']) }],
    });
    new Tier(chart, 'operator', { after: [config] }).add(ns, controller);
    const stderr = stderrOf(() => Testing.synth(chart));
    expect(stderr.trim().split('\n')).toEqual([
      '[chart] warning: chart/ns/Resource (Namespace ops, Sync wave 0) is applied before chart/shared (ConfigMap shared, Sync wave 0), '
      + 'though Tier chart/operator is after Tier chart/config: Argo CD creates a Namespace right before the first object that lives in it, whatever its wave, '
      + 'so only the rest of its tier keeps that order; take the Namespace out of the tier (or into a tier before) to say what Argo CD does',
    ]);
    const sync = SyncOrder.of(chart);
    sync.assertBefore(other, controller);
    sync.assertBefore(license, controller);
  });

  test('a CRD in a tier after a tier holding its custom resource: the cycle names the CRD as the reason for its arrow', () => {
    const chart = newChart('chart', { namespace: 'shop' });
    const config = new Tier(chart, 'config').add(order(chart, 'first'));
    new Tier(chart, 'operator', { after: [config] }).add(crd(chart));
    expect(synthError(chart)).toContain('dependency cycle: Tier chart/config → Tier chart/operator → Tier chart/config (each arrow means "is applied before"; '
      + 'Tier chart/operator → Tier chart/config because chart/first is an instance of CustomResourceDefinition orders.shop.example.com)');
  });

  test('cluster-scoped kinds (built in, or defined by a Cluster-scope CRD of the chart) get no Namespace edge', () => {
    const chart = newChart('chart', { namespace: 'shop' });
    new kplus.Namespace(chart, 'ns', { metadata: { name: 'shop' } });
    new ApiObject(chart, 'reader', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'reader' } });
    new ApiObject(chart, 'regions-crd', {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'regions.shop.example.com' },
      spec: { group: 'shop.example.com', names: { kind: 'Region', plural: 'regions' }, scope: 'Cluster', versions: [] },
    });
    new ApiObject(chart, 'eu', { apiVersion: 'shop.example.com/v1', kind: 'Region', metadata: { name: 'eu' } });
    configMap(chart, 'settings');
    expect(synthError(chart)).toBe('');
    const whys = SyncPlanner.of(chart).result().edges.map((e) => e.why);
    expect(whys).toEqual([
      'chart/settings lives in Namespace shop',
      'chart/eu is an instance of CustomResourceDefinition regions.shop.example.com',
    ]);
  });
});
