import { ApiObject, JsonPatch, Testing } from 'cdk8s';
import { configMap, newChart, synthError, wavesByName } from './helpers';
import { HookJob, HookPhase, MigrationHook, Tier } from '../../src';

const WAVE = 'argocd.argoproj.io/sync-wave';

describe('proof by reading back', () => {
  test('a JSON patch that moves a tier member breaks the edge and fails the synth, naming edge, paths, waves and why', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'settings'));
    const deployment = configMap(chart, 'app');
    new Tier(chart, 'web', { after: [config] }).add(deployment);
    deployment.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '0'));
    const message = synthError(chart);
    expect(message).toContain('sync order broken (Tier chart/web is after Tier chart/config)');
    expect(message).toContain('chart/app (ConfigMap app, Sync wave 0) must start after chart/settings (ConfigMap settings, Sync wave 0) is done');
    expect(message).toContain('but both are applied in the same step, together');
    expect(message).toContain('chart/app has sync-wave "0" set by a JSON patch (computed: "1")');
  });

  test('the same wave written by a JSON patch, which the planner cannot see, fails the synth, naming the patch', () => {
    const chart = newChart();
    const settings = configMap(chart, 'settings');
    const config = new Tier(chart, 'config').add(settings);
    new Tier(chart, 'web', { after: [config] }).add(configMap(chart, 'app'));
    settings.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '5'));
    const message = synthError(chart);
    expect(message).toContain('chart/app (ConfigMap app, Sync wave 1) must start after chart/settings (ConfigMap settings, Sync wave 5) is done, but Argo CD applies the later one first');
    expect(message).toContain('chart/settings has sync-wave "5" set by a JSON patch (computed: "0")');
  });

  test('an order through a tier with no objects is proven between the objects at its ends: a member moved past it by a JSON patch fails the synth', () => {
    const chart = newChart();
    const settings = configMap(chart, 'settings');
    const config = new Tier(chart, 'config').add(settings);
    const empty = new Tier(chart, 'empty', { after: [config] });
    new HookJob(chart, 'seed', { phase: HookPhase.SYNC, name: 'seed', image: 'i', command: ['s'], after: [empty] });
    settings.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '1'));
    const message = synthError(chart);
    expect(message).toContain('sync order broken (HookJob chart/seed is after Tier chart/config through Tier chart/empty, which holds no objects)');
    expect(message).toContain('must start after chart/settings (ConfigMap settings, Sync wave 1) is done, but Argo CD applies the later one first');
    expect(message).toContain('chart/settings has sync-wave "1" set by a JSON patch (computed: "0")');
  });

  test('an order through a tier with no objects, between two tiers a dependency of two of their objects joins too, is proven for every object', () => {
    const chart = newChart();
    const [first, second] = [configMap(chart, 'first'), configMap(chart, 'second')];
    const config = new Tier(chart, 'config').add(first, second);
    const app = configMap(chart, 'app');
    app.node.addDependency(first);
    new Tier(chart, 'web', { after: [new Tier(chart, 'empty', { after: [config] })] }).add(app);
    second.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '1'));
    const message = synthError(chart);
    expect(message).toContain('sync order broken (Tier chart/web is after Tier chart/config through Tier chart/empty, which holds no objects)');
    expect(message).toContain('chart/app (ConfigMap app, Sync wave 1) must start after chart/second (ConfigMap second, Sync wave 1) is done');
  });

  test('a hand-set hook annotation on a tier member is named, like a hand-set wave', () => {
    const chart = newChart();
    const settings = configMap(chart, 'settings', { annotations: { 'argocd.argoproj.io/hook': 'PostSync' } });
    const config = new Tier(chart, 'config').add(settings);
    new Tier(chart, 'web', { after: [config] }).add(configMap(chart, 'app'));
    const message = synthError(chart);
    expect(message).toContain('chart/app (ConfigMap app, Sync wave 0) must start after chart/settings (ConfigMap settings, PostSync wave 0) is done, but Argo CD applies the later one first');
    expect(message).toContain('chart/settings has argocd.argoproj.io/hook "PostSync" set by hand (Tier chart/config is in the Sync phase)');
  });

  test('a hand-set annotation that keeps the order passes and stays untouched', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'settings', { annotations: { [WAVE]: '-3' } }));
    new Tier(chart, 'web', { after: [config] }).add(configMap(chart, 'app'));
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/settings': '-3', 'ConfigMap/app': '0' });
  });

  test('a hook made to vanish by a misspelt hand-set hook value is reported (not in the sync)', () => {
    const chart = newChart();
    const migrate = new MigrationHook(chart, 'migrate', { name: 'migrate', image: 'i', command: ['m'] });
    migrate.apiObject.metadata.addAnnotation('argocd.argoproj.io/hook', 'presync');
    new MigrationHook(chart, 'seed', { name: 'seed', image: 'i', command: ['s'], after: [migrate] });
    const message = synthError(chart);
    expect(message).toContain('chart/migrate/Resource is not in the sync');
  });

  test('error-level findings of the rule pack fail the synth with their message', () => {
    const chart = newChart();
    new Tier(chart, 't').add(new ApiObject(chart, 'x', {
      apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', annotations: { 'argocd.argoproj.io/sync-options': 'Prune=sometimes' } },
    }));
    expect(synthError(chart)).toMatch(/ConfigMap\/x \(chart\/x\).*sync-option/);
  });

  test('the proof judges a Service by its type: a wave patched in that puts a LoadBalancer Service in its Ingress\'s step fails, a ClusterIP one holds', () => {
    const build = (type: string) => {
      const chart = newChart(`svc-${type.toLowerCase()}`);
      const svc = new ApiObject(chart, 'svc', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'svc' }, spec: { type, ports: [{ port: 80 }] } });
      const services = new Tier(chart, 'services').add(svc);
      const web = new ApiObject(chart, 'web', { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'web' } });
      new Tier(chart, 'edge', { after: [services] }).add(web);
      web.addJsonPatch(JsonPatch.add(`/metadata/annotations/${WAVE.replace('/', '~1')}`, '0'));
      return synthError(chart);
    };
    expect(build('ClusterIP')).toBe('');
    expect(build('LoadBalancer')).toContain('but both are applied in the same step, together (Service of type LoadBalancer has a health check (an ingress address), and only a later wave waits for it)');
  });

  test('synth is deterministic: twice gives byte-identical output', () => {
    const build = () => {
      const chart = newChart();
      const config = new Tier(chart, 'config').add(configMap(chart, 'a'));
      new Tier(chart, 'web', { after: [config] }).add(configMap(chart, 'b'));
      new MigrationHook(chart, 'm', { image: 'i', command: ['m'] });
      return JSON.stringify(Testing.synth(chart));
    };
    expect(build()).toBe(build());
  });
});

describe('what syncplan lint or the API server refuses fails the synth, naming the construct path', () => {
  test('Test_NormalizeTargetObjects_Deduplication: two MigrationHooks named migrate: both construct paths, as syncplan lint says it', () => {
    const chart = newChart('shop');
    new MigrationHook(chart, 'migrate', { name: 'migrate', image: 'registry.internal/shop:1.0.0', command: ['migrate'] });
    new MigrationHook(chart, 'migrate-search', { name: 'migrate', image: 'registry.internal/search:1.0.0', command: ['migrate'] });
    expect(synthError(chart)).toContain('Job/migrate (shop/migrate/Resource): is defined again at shop/migrate-search/Resource as the same object');
  });

  test('TestValidateInitContainers: a HookJob init step named like its main container is refused at synth, not at the sync', () => {
    const chart = newChart('shop');
    new HookJob(chart, 'seed', { phase: HookPhase.PRE_SYNC, image: 'registry.internal/shop:1.0.0', command: ['seed'], containerName: 'main', initSteps: [{ name: 'main', command: ['wait'] }] });
    expect(synthError(chart)).toContain('(shop/seed/Resource): is refused by the API server: Job.batch "shop-seed" is invalid: spec.template.spec.initContainers[0].name: Duplicate value: "main"');
  });

  test('one set of checks with the CLI loader: a JSON patch that leaves an object syncplan cannot read fails the synth at its path', () => {
    const chart = newChart('shop');
    const settings = configMap(chart, 'settings');
    new Tier(chart, 'config').add(settings);
    settings.addJsonPatch(JsonPatch.remove('/kind'));
    expect(synthError(chart)).toContain('shop/settings: the rendered ConfigMap kind is missing, so syncplan lint refuses the synthesized YAML');
    const other = newChart('other');
    const cfg = configMap(other, 'cfg');
    new Tier(other, 'config').add(cfg);
    cfg.addJsonPatch(JsonPatch.replace('/metadata/name', 7));
    expect(synthError(other)).toContain('other/cfg: the rendered ConfigMap metadata.name is 7, not a string');
  });

  test('TestSyncWithCreateNamespaceAndDryRunError: an invalid label value on a tier member names its construct path', () => {
    const chart = newChart('shop');
    new Tier(chart, 'config').add(new ApiObject(chart, 'settings', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', labels: { team: 'Web Team' } } }));
    expect(synthError(chart)).toMatch(/ConfigMap\/settings \(shop\/settings\): is refused by the API server: ConfigMap "settings" is invalid: metadata\.labels: Invalid value: "Web Team"/);
  });
});
