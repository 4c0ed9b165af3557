import { MigrationHook, SmokeTest, SyncFailHook, SyncOrder, Tier } from '../../src';
import { configMap, newChart } from '../constructs/helpers';

function chartWithTiers() {
  const chart = newChart();
  const config = new Tier(chart, 'config').add(configMap(chart, 'a'));
  const web = new Tier(chart, 'web', { after: [config] }).add(configMap(chart, 'b'));
  const other = new Tier(chart, 'other').add(configMap(chart, 'c'));
  const migrate = new MigrationHook(chart, 'migrate', { name: 'migrate', image: 'i', command: ['m'] });
  const smoke = new SmokeTest(chart, 'smoke', { name: 'smoke', url: 'http://web/' });
  const notify = new SyncFailHook(chart, 'notify', { name: 'notify', image: 'i', command: ['n'] });
  return { chart, config, web, other, migrate, smoke, notify };
}

describe('SyncOrder', () => {
  test('isBefore follows phases and waves as Argo CD reads them', () => {
    const c = chartWithTiers();
    const order = SyncOrder.of(c.chart);
    expect(order.isBefore(c.config, c.web)).toBe(true);
    expect(order.isBefore(c.web, c.config)).toBe(false);
    expect(order.isBefore(c.migrate, c.config)).toBe(true);
    expect(order.isBefore(c.web, c.smoke)).toBe(true);
    // Same wave: applied together, so neither is before the other.
    expect(order.isBefore(c.config, c.other)).toBe(false);
    expect(order.isBefore(c.other, c.config)).toBe(false);
    // A SyncFail hook comes after anything that was applied, and before nothing.
    expect(order.isBefore(c.web, c.notify)).toBe(true);
    expect(order.isBefore(c.notify, c.web)).toBe(false);
  });

  test('failure messages say where each object landed', () => {
    const c = chartWithTiers();
    const order = SyncOrder.of(c.chart);
    expect(() => order.assertBefore(c.config, c.other)).toThrow(
      'expected chart/config to be applied before chart/other, but chart/a (ConfigMap a, Sync wave 0) and chart/c (ConfigMap c, Sync wave 0) are in the same step, applied together',
    );
    expect(() => order.assertSameStep(c.config, c.web)).toThrow('expected chart/config and chart/web in the same step, but chart/a (ConfigMap a, Sync wave 0) and chart/b (ConfigMap b, Sync wave 1) are not');
    expect(() => order.assertBefore(c.notify, c.web)).toThrow('is a SyncFail hook, which runs only when a sync fails');
  });

  test('phaseOf and waveOf', () => {
    const c = chartWithTiers();
    const order = SyncOrder.of(c.chart);
    expect([order.phaseOf(c.migrate), order.phaseOf(c.web), order.phaseOf(c.smoke), order.phaseOf(c.notify)])
      .toEqual(['PreSync', 'Sync', 'PostSync', 'SyncFail']);
    expect(order.waveOf(c.web)).toBe(1);
  });

  test('a construct without objects, or an object Argo CD drops, is a clear error', () => {
    const c = chartWithTiers();
    const empty = new Tier(c.chart, 'empty');
    const skipped = configMap(c.chart, 'skipped', { annotations: { 'argocd.argoproj.io/hook': 'Skip' } });
    const order = SyncOrder.of(c.chart);
    expect(() => order.isBefore(empty, c.web)).toThrow('chart/empty holds no Kubernetes objects of chart chart');
    expect(() => order.isBefore(skipped, c.web)).toThrow('chart/skipped (ConfigMap skipped) is not in the sync');
  });

  test('SyncOrder.of runs the synth-time validation first', () => {
    const chart = newChart();
    const a = new Tier(chart, 'a').add(configMap(chart, 'x'));
    a.addAfter(a);
    expect(() => SyncOrder.of(chart)).toThrow('is ordered after itself');
  });
});
