import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, Include, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { annotationsByName, configMap, newChart, synthError, wavesByName } from './helpers';
import { EnvSource, HookPhase, MigrationHook, SyncOrder, SyncWaves, SynthChecks, Tier } from '../../src';
import { lint } from '../../src/rules';

describe('Tier', () => {
  test('after chains become the fewest waves, as canonical strings', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'a'));
    const web = new Tier(chart, 'web', { after: [config] }).add(configMap(chart, 'b'));
    new Tier(chart, 'edge', { after: [web] }).add(configMap(chart, 'c'));
    // Independent of config: shares its wave rather than adding one.
    new Tier(chart, 'jobs').add(configMap(chart, 'd'));
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/a': '0', 'ConfigMap/b': '1', 'ConfigMap/c': '2', 'ConfigMap/d': '0' });
  });

  test('objects outside every tier and dependency keep Argo CD\'s default (no annotation)', () => {
    const chart = newChart();
    new Tier(chart, 'config').add(configMap(chart, 'a'));
    configMap(chart, 'loose');
    expect(wavesByName(chart)['ConfigMap/loose']).toBeUndefined();
  });

  test('annotations are in Testing.synth, chart.toJson() and app.synth() alike', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncplan-tier-'));
    const app = new App({ outdir });
    const chart = new Chart(app, 'c', { disableResourceNameHashes: true });
    const config = new Tier(chart, 'config').add(configMap(chart, 'a'));
    new Tier(chart, 'web', { after: [config] }).add(configMap(chart, 'b'));
    expect(chart.toJson()[1].metadata.annotations['argocd.argoproj.io/sync-wave']).toBe('1');
    expect(Testing.synth(chart)[1].metadata.annotations['argocd.argoproj.io/sync-wave']).toBe('1');
    app.synth();
    const yaml = fs.readFileSync(path.join(outdir, 'c.k8s.yaml'), 'utf8');
    expect(yaml).toContain('argocd.argoproj.io/sync-wave: "1"');
    fs.rmSync(outdir, { recursive: true, force: true });
  });

  test('members added after the tier was ordered, and objects created under a member later, are included', () => {
    const chart = newChart();
    const holder = new ApiObject(chart, 'x', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } });
    const config = new Tier(chart, 'config');
    const web = new Tier(chart, 'web', { after: [config] });
    web.add(holder);
    config.add(configMap(chart, 'early'));
    configMap(holder, 'late'); // created under a member after add()
    expect(wavesByName(chart)).toMatchObject({ 'ConfigMap/early': '0', 'ConfigMap/x': '1', 'ConfigMap/late': '1' });
  });

  test('accepts cdk8s-plus L2s; a Service created inside a Deployment can go to another tier (closest member wins)', () => {
    const chart = newChart();
    const deployment = new kplus.Deployment(chart, 'web', { containers: [{ image: 'nginx', portNumber: 8080 }] });
    const service = deployment.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
    const web = new Tier(chart, 'apps').add(deployment);
    new Tier(chart, 'edge', { after: [web] }).add(service);
    expect(wavesByName(chart)).toEqual({ 'Deployment/chart-web': '0', 'Service/chart-web-service': '1' });
  });

  test('accepts Include (objects read from YAML)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'syncplan-include-'));
    const file = path.join(dir, 'crd.yaml');
    fs.writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: included\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: included-secret\n');
    const chart = newChart();
    const base = new Tier(chart, 'base').add(new Include(chart, 'inc', { url: file }));
    new Tier(chart, 'apps', { after: [base] }).add(configMap(chart, 'app'));
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/included': '0', 'Secret/included-secret': '0', 'ConfigMap/app': '1' });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('wave pins a tier; later tiers follow the pin', () => {
    const chart = newChart();
    const base = new Tier(chart, 'base', { wave: -5 }).add(configMap(chart, 'a'));
    new Tier(chart, 'app', { after: [base] }).add(configMap(chart, 'b'));
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/a': '-5', 'ConfigMap/b': '-4' });
  });

  test('a pin contradicting after is an error naming both tiers', () => {
    const chart = newChart();
    const a = new Tier(chart, 'a', { wave: 3 }).add(configMap(chart, 'x'));
    new Tier(chart, 'b', { after: [a], wave: 2 }).add(configMap(chart, 'y'));
    expect(synthError(chart)).toContain('wave pin conflict: Tier chart/a is pinned to wave 3 but must be applied before Tier chart/b, pinned to wave 2');
  });

  test('a non-integer pin is rejected at once', () => {
    expect(() => new Tier(newChart(), 't', { wave: 1.5 })).toThrow('Tier chart/t: wave must be an integer, got 1.5');
  });

  test('a cycle is an error printing the path of construct paths', () => {
    const chart = newChart();
    const a = new Tier(chart, 'config').add(configMap(chart, 'x'));
    const b = new Tier(chart, 'web', { after: [a] }).add(configMap(chart, 'y'));
    const c = new Tier(chart, 'edge', { after: [b] }).add(configMap(chart, 'z'));
    a.addAfter(c);
    expect(synthError(chart)).toContain(
      'dependency cycle: Tier chart/config → Tier chart/web → Tier chart/edge → Tier chart/config (each arrow means "is applied before")',
    );
  });

  test('a cycle closed by a dependency between two members names that dependency as the reason of its arrow', () => {
    const chart = newChart();
    const settings = configMap(chart, 'settings');
    const config = new Tier(chart, 'config').add(settings);
    const app = configMap(chart, 'app');
    new Tier(chart, 'web', { after: [config] }).add(app);
    settings.node.addDependency(app);
    expect(synthError(chart)).toContain('dependency cycle: Tier chart/config → Tier chart/web → Tier chart/config (each arrow means "is applied before"; '
      + 'Tier chart/web → Tier chart/config because chart/settings depends on chart/app (node.addDependency))');
  });

  test('an object in two tiers is an error naming both', () => {
    const chart = newChart();
    const cm = configMap(chart, 'x');
    new Tier(chart, 'a').add(cm);
    new Tier(chart, 'b').add(cm);
    expect(synthError(chart)).toContain('chart/x is in both Tier chart/a and Tier chart/b');
  });

  test('a tier cannot be a member of a tier', () => {
    const chart = newChart();
    const a = new Tier(chart, 'a');
    expect(() => new Tier(chart, 'b').add(a)).toThrow('use `after` to order tiers');
  });

  test('an impossible after (PreSync hook after a Sync tier) names both', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'x'));
    new MigrationHook(chart, 'migrate', { image: 'i', command: ['m'], after: [config] });
    expect(synthError(chart)).toContain('MigrationHook chart/migrate (PreSync) is ordered after Tier chart/config (Sync), which can never hold');
  });

  test('after a tier in another chart no parent orders is an error that says why and what to do', () => {
    const app = Testing.app();
    const one = new Chart(app, 'one');
    const two = new Chart(app, 'two');
    const config = new Tier(one, 'config').add(configMap(one, 'x'));
    new Tier(two, 'web', { after: [config] }).add(configMap(two, 'y'));
    expect(synthError(two)).toContain('objects of chart two depend on chart one (Tier two/web is after one/config, after), '
      + 'but sync waves order objects inside one Argo CD Application only, so Argo CD would not honour this order; '
      + 'put both in one chart, or give each chart an ArgoApplication in one app-of-apps chart (the `after` then orders the Applications)');
  });

  test('after a construct with no objects says how to fix it', () => {
    const chart = newChart();
    const empty = new Construct(chart, 'empty');
    new Tier(chart, 'web', { after: [empty as unknown as Tier] }).add(configMap(chart, 'y'));
    expect(synthError(chart)).toContain('Tier chart/web is after chart/empty, which holds no Kubernetes objects in chart chart; add objects to it or remove it from `after`');
  });

  test('a tier can wait for any construct holding objects', () => {
    const chart = newChart();
    const plain = configMap(chart, 'plain');
    new Tier(chart, 'apps', { after: [plain as unknown as Tier] }).add(configMap(chart, 'app'));
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/plain': '0', 'ConfigMap/app': '1' });
  });
  test('depends-on names one object a tier waits for, of the latest wave it waits for (what earlier waves hold is done by then)', () => {
    const chart = newChart();
    const deployment = (name: string) => new ApiObject(chart, `${name}-deployment`, { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name } });
    const db = new Tier(chart, 'db').add(deployment('db'));
    const api = new Tier(chart, 'api', { after: [db] }).add(deployment('api'));
    new Tier(chart, 'web', { after: [db, api] }).add(deployment('web'));
    const annotations = annotationsByName(chart);
    expect(wavesByName(chart)).toEqual({ 'Deployment/db': '0', 'Deployment/api': '1', 'Deployment/web': '2' });
    expect(annotations['Deployment/api']?.['syncplan.cdk8s.io/depends-on']).toBe('apps/Deployment//db');
    expect(annotations['Deployment/web']?.['syncplan.cdk8s.io/depends-on']).toBe('apps/Deployment//api');
  });
});

describe('cdk8s dependencies are ordering intent', () => {
  test('a.node.addDependency(b) between plain objects puts b first', () => {
    const chart = newChart();
    const a = configMap(chart, 'a');
    const b = configMap(chart, 'b');
    a.node.addDependency(b);
    SyncWaves.enable(chart); // no tier or hook in this chart
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/b': '0', 'ConfigMap/a': '1' });
  });

  test('a dependency from a tier member to a loose object orders the whole tier', () => {
    const chart = newChart();
    const loose = configMap(chart, 'loose');
    const member = configMap(chart, 'member');
    const other = configMap(chart, 'other');
    new Tier(chart, 'app').add(member, other);
    member.node.addDependency(loose);
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/loose': '0', 'ConfigMap/member': '1', 'ConfigMap/other': '1' });
  });

  test('dependencies between tiers themselves work like after', () => {
    const chart = newChart();
    const a = new Tier(chart, 'a').add(configMap(chart, 'x'));
    const b = new Tier(chart, 'b').add(configMap(chart, 'y'));
    b.node.addDependency(a);
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/x': '0', 'ConfigMap/y': '1' });
  });

  test('a dependency between two members of one tier that one wave cannot honour is an error, saying how to split', () => {
    const chart = newChart();
    const a = configMap(chart, 'a');
    const b = configMap(chart, 'b');
    new Tier(chart, 't').add(a, b);
    a.node.addDependency(b);
    expect(synthError(chart)).toContain('chart/a depends on chart/b (node.addDependency), but both are in Tier chart/t and one wave cannot honour it '
      + '(ConfigMap and ConfigMap share a kind rank, so Argo CD applies them at the same time); split the tier: move chart/b into a tier of its own');
  });

  test('dependencies inside one member (cdk8s-plus StatefulSet → its Service) are left to Argo CD\'s kind order', () => {
    const chart = newChart();
    const sts = new kplus.StatefulSet(chart, 'db', { containers: [{ image: 'postgres', portNumber: 5432 }] });
    new Tier(chart, 'data').add(sts);
    expect(synthError(chart)).toBe('');
    expect(new Set(Object.values(wavesByName(chart)))).toEqual(new Set(['0']));
  });
});

describe('Namespaces and CRDs go before their first user, visibly', () => {
  test('a Namespace of the chart is written into the wave of its first user, which kind order applies after it', () => {
    const chart = newChart();
    const ns = new ApiObject(chart, 'ns', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod' } });
    const config = new Tier(chart, 'config').add(configMap(chart, 'a', { namespace: 'prod' }));
    new Tier(chart, 'web', { after: [config] }).add(configMap(chart, 'b', { namespace: 'prod' }));
    expect(wavesByName(chart)).toEqual({ 'Namespace/prod': '0', 'ConfigMap/a': '0', 'ConfigMap/b': '1' });
    expect(SyncOrder.of(chart).explainBefore(ns, config)).toContain(
      'the same step: Argo CD applies Namespace before ConfigMap by kind order, and Namespace has no health check to wait for',
    );
  });

  test('a Namespace used only by unannotated objects goes to wave 0, first by kind order, and they stay unannotated', () => {
    const chart = newChart();
    new ApiObject(chart, 'ns', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod' } });
    configMap(chart, 'a', { namespace: 'prod' });
    SyncWaves.enable(chart);
    expect(wavesByName(chart)).toEqual({ 'Namespace/prod': '0', 'ConfigMap/a': undefined });
  });

  test('a Namespace before a pinned first user takes the pin\'s wave', () => {
    const chart = newChart();
    new ApiObject(chart, 'ns', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod' } });
    new Tier(chart, 'config', { wave: -3 }).add(configMap(chart, 'a', { namespace: 'prod' }));
    expect(wavesByName(chart)).toEqual({ 'Namespace/prod': '-3', 'ConfigMap/a': '-3' });
  });

  test('a CRD goes before the tier of its custom resources (TestSyncTasksSort_CRDAndCR without relying on hoisting)', () => {
    const chart = newChart();
    new ApiObject(chart, 'crd', {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'workflows.argoproj.io' },
      spec: { group: 'argoproj.io', names: { kind: 'Workflow', plural: 'workflows' }, scope: 'Namespaced', versions: [] },
    } as any);
    const app = new Tier(chart, 'app').add(configMap(chart, 'cfg'));
    new Tier(chart, 'workflows', { after: [app] }).add(new ApiObject(chart, 'wf', { apiVersion: 'argoproj.io/v1alpha1', kind: 'Workflow', metadata: { name: 'wf' } }));
    expect(wavesByName(chart)).toEqual({ 'CustomResourceDefinition/workflows.argoproj.io': '0', 'ConfigMap/cfg': '0', 'Workflow/wf': '1' });
  });

  test('a Namespace whose first user is a PreSync hook is left to Argo CD\'s hoisting (never made a hook)', () => {
    const chart = newChart();
    new ApiObject(chart, 'ns', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod' } });
    new MigrationHook(chart, 'migrate', { name: 'migrate', namespace: 'prod', image: 'i', command: ['m'] });
    const a = Testing.synth(chart).find((o) => o.kind === 'Namespace')!.metadata.annotations;
    expect(a?.['argocd.argoproj.io/hook']).toBeUndefined();
  });
});

test('the planner is hidden: it renders no object', () => {
  const chart = newChart();
  new Tier(chart, 't').add(configMap(chart, 'a'));
  expect(Testing.synth(chart)).toHaveLength(1);
  expect(Chart.of(chart).node.children.map((c) => c.node.id)).toContain('cdk8s-syncplan.Planner');
});

test('an empty tier costs no wave: ordering passes through it', () => {
  const chart = newChart();
  const config = new Tier(chart, 'config').add(configMap(chart, 'a'));
  const empty = new Tier(chart, 'empty', { after: [config] });
  new Tier(chart, 'web', { after: [empty] }).add(configMap(chart, 'b'));
  expect(wavesByName(chart)).toEqual({ 'ConfigMap/a': '0', 'ConfigMap/b': '1' });
});

test('a cycle through an empty tier is still reported', () => {
  const chart = newChart();
  const a = new Tier(chart, 'a').add(configMap(chart, 'x'));
  const empty = new Tier(chart, 'empty', { after: [a] });
  a.addAfter(empty);
  expect(synthError(chart)).toContain('dependency cycle: Tier chart/a → Tier chart/empty → Tier chart/a');
});

test('waves survive repeated validation (app.synthYaml validates twice)', () => {
  const app = new App();
  const chart = new Chart(app, 'c', { disableResourceNameHashes: true });
  new ApiObject(chart, 'ns', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod' } });
  const a = configMap(chart, 'a', { namespace: 'prod' });
  const b = configMap(chart, 'b', { namespace: 'prod' });
  a.node.addDependency(b);
  SyncWaves.enable(chart);
  const once = app.synthYaml();
  expect(app.synthYaml()).toBe(once);
  expect(once).toContain('name: prod');
  // Namespace and b share wave 0 (kind order), a follows b (same kind: a wave of its own).
  expect(once.match(/sync-wave: "(-?\d+)"/g)).toEqual(['sync-wave: "0"', 'sync-wave: "0"', 'sync-wave: "1"']);
});

describe('Tier phase', () => {
  function bootstrapApp() {
    const chart = newChart('chart', { namespace: 'shop' });
    const config = new kplus.ConfigMap(chart, 'db-config', { metadata: { name: 'db-config' }, data: { host: 'pg' } });
    const bootstrap = new Tier(chart, 'bootstrap', { phase: HookPhase.PRE_SYNC }).add(config);
    const migrate = new MigrationHook(chart, 'migrate', {
      name: 'migrate',
      after: [bootstrap],
      image: 'app:1',
      command: ['migrate'],
      envFrom: [EnvSource.configMap(config)],
    });
    return { chart, config, bootstrap, migrate };
  }

  test('PRE_SYNC makes its members PreSync hooks that are never deleted after a successful sync, before the hooks after it', () => {
    const { chart, bootstrap, migrate } = bootstrapApp();
    expect(synthError(chart)).toBe('');
    const cm = Testing.synth(chart).find((o) => o.kind === 'ConfigMap');
    expect(cm.metadata.annotations).toEqual({
      'argocd.argoproj.io/hook': 'PreSync',
      'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
      'argocd.argoproj.io/sync-wave': '0',
    });
    const order = SyncOrder.of(chart);
    expect(order.phaseOf(bootstrap)).toBe('PreSync');
    order.assertBefore(bootstrap, migrate);
    expect(bootstrap.syncPhase).toBe('PreSync');
  });

  test('without it, the migration reading the ConfigMap fails the synth, and the fix names Tier phase', () => {
    const chart = newChart('chart', { namespace: 'shop' });
    const config = new kplus.ConfigMap(chart, 'db-config', { metadata: { name: 'db-config' }, data: { host: 'pg' } });
    new Tier(chart, 'config').add(config);
    new MigrationHook(chart, 'migrate', { name: 'migrate', image: 'app:1', command: ['migrate'], envFrom: [EnvSource.configMap(config)] });
    SyncWaves.enable(chart, { checks: SynthChecks.NONE });
    const [finding] = lint(Testing.synth(chart).map((object, index) => ({ object, source: { file: 'x', line: 0, index } })))
      .filter((f) => f.rule === 'reads-resource-created-later');
    expect(finding.fix).toContain('in a Tier with `phase: HookPhase.PRE_SYNC` that this hook comes `after`');
  });

  test('a Namespace, claim or CRD cannot be a PreSync member (deleting the hook deletes what is in it); other phases are refused', () => {
    const chart = newChart();
    new Tier(chart, 'boot', { phase: HookPhase.PRE_SYNC }).add(new ApiObject(chart, 'ns', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } }));
    expect(synthError(chart)).toContain('chart/ns is a Namespace and cannot be in Tier chart/boot, whose members become PreSync hooks: '
      + 'Argo CD deletes a hook before the next sync creates it again, and deleting a Namespace deletes every object in it');
    const withClaim = newChart();
    new Tier(withClaim, 'boot', { phase: HookPhase.PRE_SYNC })
      .add(new ApiObject(withClaim, 'data', { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' } }));
    expect(synthError(withClaim)).toContain('chart/data is a PersistentVolumeClaim and cannot be in Tier chart/boot');
    expect(synthError(withClaim)).toContain('`phase: HookPhase.SYNC`');
    const withCrd = newChart();
    new Tier(withCrd, 'boot', { phase: HookPhase.PRE_SYNC }).add(new ApiObject(withCrd, 'crd', {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' },
    }));
    expect(synthError(withCrd)).toContain('deleting a CustomResourceDefinition deletes every custom resource of its kind');
    // In a Sync tier they are plain resources, never deleted by a sync.
    const sync = newChart();
    new Tier(sync, 'storage').add(new ApiObject(sync, 'data', { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' } }));
    expect(synthError(sync)).toBe('');
    expect(() => new Tier(newChart(), 't', { phase: HookPhase.POST_SYNC })).toThrow('Tier chart/t: phase must be HookPhase.SYNC or HookPhase.PRE_SYNC');
  });
});
