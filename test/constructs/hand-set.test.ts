/**
 * Members of a tier or hook whose sync-wave is set by hand (`src/constructs/hand-set.ts`): kept as
 * written, and the waves around them planned so every order holds, or a wave pin conflict naming them.
 */
import { ApiObject } from 'cdk8s';
import { configMap, newChart, synthError, wavesByName } from './helpers';
import { HookJob, HookPhase, MigrationHook, Tier } from '../../src';

const WAVE = 'argocd.argoproj.io/sync-wave';

describe('a member set by hand is planned around', () => {
  test('a wave set by hand on a member is kept as written, and what comes after its tier waits for it there', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'settings', { annotations: { [WAVE]: '5' } }));
    new Tier(chart, 'web', { after: [config] }).add(configMap(chart, 'app'));
    expect(synthError(chart)).toBe('');
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/settings': '5', 'ConfigMap/app': '6' });
  });

  test('an order through a tier with no objects waits for a member set by hand at its own wave', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'settings', { annotations: { [WAVE]: '1' } }));
    const empty = new Tier(chart, 'empty', { after: [config] });
    new HookJob(chart, 'seed', { phase: HookPhase.SYNC, name: 'seed', image: 'i', command: ['s'], after: [empty] });
    expect(synthError(chart)).toBe('');
    // Kind order applies a ConfigMap before a Job, which waits for nothing else: one wave.
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/settings': '1', 'Job/seed': '1' });
  });

  test('a member set by hand to its tier\'s own wave keeps it, and the CustomResourceDefinition it needs goes before it (the tier\'s wave does not wait for it)', () => {
    const chart = newChart();
    new ApiObject(chart, 'crd', {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: { group: 'example.com', scope: 'Namespaced', names: { kind: 'Widget', plural: 'widgets' }, versions: [{ name: 'v1', served: true, storage: true }] },
    });
    const widget = new ApiObject(chart, 'w', { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', annotations: { [WAVE]: '0' } } });
    new Tier(chart, 'app').add(widget, configMap(chart, 'cm'));
    expect(synthError(chart)).toBe('');
    // The ConfigMap needs nothing before it (the CRD is for the Widget alone): it stays where the chart's waves start.
    expect(wavesByName(chart)).toEqual({ 'CustomResourceDefinition/widgets.example.com': '-1', 'Widget/w': '0', 'ConfigMap/cm': '0' });
  });

  test('a member of a PreSync tier set by hand to a later wave: the migration after the tier waits for it there', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config', { phase: HookPhase.PRE_SYNC }).add(configMap(chart, 'a'), configMap(chart, 'b', { annotations: { [WAVE]: '3' } }));
    new MigrationHook(chart, 'migrate', { name: 'migrate', image: 'i', command: ['m'], after: [config] });
    expect(synthError(chart)).toBe('');
    // Kind order applies ConfigMaps before a Job in one wave: the migration shares the member's.
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/a': '0', 'ConfigMap/b': '3', 'Job/migrate': '3' });
  });

  test('a member set by hand that depends on another member of its tier: the tier joins it at its wave', () => {
    const chart = newChart();
    const svc = new ApiObject(chart, 'svc', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'svc' }, spec: { clusterIP: 'None', ports: [{ port: 80 }] } });
    const db = new ApiObject(chart, 'db', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', annotations: { [WAVE]: '-1' } } });
    db.node.addDependency(svc);
    new Tier(chart, 'data').add(svc, db);
    new Tier(chart, 'web').add(configMap(chart, 'cm'));
    expect(synthError(chart)).toBe('');
    // Kind order applies the Service before the StatefulSet in one wave.
    expect(wavesByName(chart)).toEqual({ 'Service/svc': '-1', 'StatefulSet/db': '-1', 'ConfigMap/cm': '0' });
  });

  test('a cycle through a tier whose members are all set by hand is reported between the tiers, as written', () => {
    const chart = newChart();
    const a = new Tier(chart, 'a').add(configMap(chart, 'one', { annotations: { [WAVE]: '1' } }));
    const b = new Tier(chart, 'b', { after: [a] }).add(configMap(chart, 'two'));
    a.addAfter(b);
    expect(synthError(chart)).toContain('dependency cycle: Tier chart/a → Tier chart/b → Tier chart/a');
  });

  test('an order through a tier with no objects, between two tiers a dependency of two of their objects joins too, waits for a member set by hand', () => {
    const chart = newChart();
    const [first, second] = [configMap(chart, 'first'), configMap(chart, 'second', { annotations: { [WAVE]: '1' } })];
    const config = new Tier(chart, 'config').add(first, second);
    const app = configMap(chart, 'app');
    app.node.addDependency(first);
    new Tier(chart, 'web', { after: [new Tier(chart, 'empty', { after: [config] })] }).add(app);
    expect(synthError(chart)).toBe('');
    // The whole of `config` comes before `web` (through `empty`), `second` too: a ConfigMap after a ConfigMap at 1 is at 2.
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/first': '0', 'ConfigMap/second': '1', 'ConfigMap/app': '2' });
  });

  test('two members set by hand against an order fail as a wave pin conflict naming both', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'settings', { annotations: { [WAVE]: '2' } }), configMap(chart, 'other'));
    new Tier(chart, 'web', { after: [config] }).add(configMap(chart, 'app', { annotations: { [WAVE]: '1' } }), configMap(chart, 'more'));
    expect(synthError(chart)).toContain('wave pin conflict: ConfigMap chart/settings (its sync-wave set by hand) is pinned to wave 2 but must be applied before '
      + 'ConfigMap chart/app (its sync-wave set by hand), pinned to wave 1');
  });

  test('a member set by hand where no waves can honour it fails the synth, naming it as set by hand', () => {
    const chart = newChart();
    const config = new Tier(chart, 'config').add(configMap(chart, 'settings', { annotations: { [WAVE]: '5' } }));
    new Tier(chart, 'web', { after: [config], wave: 2 }).add(configMap(chart, 'app'));
    expect(synthError(chart)).toContain('wave pin conflict: ConfigMap chart/settings (its sync-wave set by hand) is pinned to wave 5 but must be applied before Tier chart/web, pinned to wave 2');
  });
});

describe('an order joining only members set by hand pins them, not their tiers', () => {
  test('a tier whose members are all set by hand asks no wave of what comes after it: that waits for the members where they are', () => {
    // The Deployment at -1 is all the Job waits for: wave 0 (a Deployment's health is waited for), not a wave after the tier's own.
    const alone = newChart();
    const tier = new Tier(alone, 'web')
      .add(new ApiObject(alone, 'api', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'api', annotations: { [WAVE]: '-1' } } }));
    new Tier(alone, 'later').add(configMap(alone, 'other'));
    new HookJob(alone, 'seed', { phase: HookPhase.SYNC, name: 'seed', image: 'i', command: ['s'], after: [tier] });
    expect(synthError(alone)).toBe('');
    expect(wavesByName(alone)).toEqual({ 'Deployment/api': '-1', 'ConfigMap/other': '0', 'Job/seed': '0' });
  });

  test('a member set by hand before members set by hand: the later tier\'s other members keep their own wave', () => {
    const chart = newChart();
    const settings = configMap(chart, 'settings', { annotations: { [WAVE]: '5' } });
    new Tier(chart, 'config').add(settings, configMap(chart, 'other'));
    const app = configMap(chart, 'app', { annotations: { [WAVE]: '7' } });
    app.node.addDependency(settings);
    new Tier(chart, 'web').add(app, configMap(chart, 'more'));
    expect(synthError(chart)).toBe('');
    // Only the two members set by hand are ordered, and their waves keep it: nothing waits for wave 5.
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/settings': '5', 'ConfigMap/other': '0', 'ConfigMap/app': '7', 'ConfigMap/more': '0' });
  });

  test('members set by hand after members set by hand: the earlier tier may go later than them for an order of its own', () => {
    const chart = newChart();
    const queue = configMap(chart, 'queue');
    new Tier(chart, 'queues', { wave: 4 }).add(queue);
    const settings = configMap(chart, 'settings', { annotations: { [WAVE]: '2' } });
    const other = configMap(chart, 'other');
    other.node.addDependency(queue);
    new Tier(chart, 'config').add(settings, other);
    const app = configMap(chart, 'app', { annotations: { [WAVE]: '3' } });
    app.node.addDependency(settings);
    new Tier(chart, 'web').add(app);
    expect(synthError(chart)).toBe('');
    // `other` waits for the queue (a ConfigMap after a ConfigMap: the next wave); `app` waits only for `settings`, at 3 after 2.
    expect(wavesByName(chart)).toEqual({ 'ConfigMap/queue': '4', 'ConfigMap/settings': '2', 'ConfigMap/other': '5', 'ConfigMap/app': '3' });
  });
});
