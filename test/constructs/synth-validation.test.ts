import { ApiObject, Testing } from 'cdk8s';
import { configMap, newChart, stderrOf, wavesByName } from './helpers';
import { SyncOrder, Tier } from '../../src';

describe('synth warnings', () => {
  test('an empty Tier is named at synth, and an order through it still holds (A -> empty -> C keeps A before C)', () => {
    const chart = newChart();
    const a = new Tier(chart, 'a').add(new ApiObject(chart, 'db', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' } }));
    const empty = new Tier(chart, 'empty', { after: [a] });
    const c = new Tier(chart, 'c', { after: [empty] }).add(configMap(chart, 'config'));
    const err = stderrOf(() => Testing.synth(chart));
    expect(err).toContain('[chart] warning: Tier chart/empty holds no Kubernetes objects, so it orders nothing itself');
    expect(wavesByName(chart)).toEqual({ 'StatefulSet/db': '0', 'ConfigMap/config': '1' });
    SyncOrder.of(chart).assertBefore(a, c);
  });
});
