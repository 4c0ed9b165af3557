/** SyncFailHook (src/constructs/sync-fail-hook.ts): the Job Argo CD runs when a sync fails. */
import { configMap, jobs, newChart, synthError } from './helpers';
import { SyncFailHook, Tier } from '../../src';
import { HOOK, DELETE_POLICY as POLICY } from '../fixtures/manifests';

describe('SyncFailHook', () => {
  test('a SyncFail Job without a wave (Argo CD starts them all at once)', () => {
    const chart = newChart();
    new SyncFailHook(chart, 'notify', { name: 'notify', image: 'curl', command: ['notify'] });
    const a = jobs(chart).notify.metadata.annotations;
    expect(a).toEqual({ [HOOK]: 'SyncFail', [POLICY]: 'BeforeHookCreation' });
  });

  test('nothing may wait for it (its own `after` is refused: see below)', () => {
    const chart = newChart();
    new Tier(chart, 't').add(configMap(chart, 'a'));
    const notify = new SyncFailHook(chart, 'notify', { image: 'curl', command: ['n'] });
    expect(synthError(chart)).toBe('');
    new Tier(chart, 'late', { after: [notify] }).add(configMap(chart, 'b'));
    expect(synthError(chart)).toContain('SyncFail hooks only run when a sync fails, so nothing can wait for them');
  });

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
