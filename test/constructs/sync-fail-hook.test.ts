import { configMap, newChart } from './helpers';
import { SyncFailHook, Tier } from '../../src';

describe('SyncFailHook', () => {
  test('refuses `after`: Argo CD starts every SyncFail hook at once, waves ignored', () => {
    const chart = newChart();
    const t = new Tier(chart, 't').add(configMap(chart, 'a'));
    // A JavaScript caller (or a cast) can still pass it; the props type has no `after`.
    const props = { image: 'curl', command: ['n'], after: [t] } as any;
    expect(() => new SyncFailHook(chart, 'notify', props)).toThrow(
      'SyncFailHook chart/notify: `after` is not supported: Argo CD starts every SyncFail hook at once when a sync fails, with waves ignored, so it orders nothing; remove it',
    );
  });

  test('its props type has no `after` (tsc refuses it)', () => {
    const chart = newChart();
    const t = new Tier(chart, 't').add(configMap(chart, 'a'));
    // @ts-expect-error SyncFailHookProps has no `after`
    expect(() => new SyncFailHook(chart, 'notify', { image: 'curl', command: ['n'], after: [t] })).toThrow('`after` is not supported');
  });
});
