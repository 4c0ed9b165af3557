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

  test('may wait for a tier (it runs after whatever was applied), but nothing may wait for it', () => {
    const chart = newChart();
    const t = new Tier(chart, 't').add(configMap(chart, 'a'));
    const notify = new SyncFailHook(chart, 'notify', { image: 'curl', command: ['n'], after: [t] });
    expect(synthError(chart)).toBe('');
    new Tier(chart, 'late', { after: [notify] }).add(configMap(chart, 'b'));
    expect(synthError(chart)).toContain('SyncFail hooks only run when a sync fails, so nothing can wait for them');
  });
});
