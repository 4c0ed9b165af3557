/** MigrationHook's `phase` (src/constructs/migration-hook.ts): a Sync-phase migration after the database it needs (#10 §4). */
import { ApiObject, Testing } from 'cdk8s';
import { newChart, synthError } from './helpers';
import { HookPhase, MigrationHook, SyncOrder, Tier } from '../../src';

function database(chart: ReturnType<typeof newChart>): Tier {
  return new Tier(chart, 'db').add(new ApiObject(chart, 'pg', { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg' } }));
}

describe('MigrationHook phase', () => {
  test('HookPhase.SYNC runs it in a Sync wave after the database tier it comes after, keeping BeforeHookCreation,HookSucceeded', () => {
    const chart = newChart();
    const db = database(chart);
    const migrate = new MigrationHook(chart, 'migrate', { name: 'migrate', phase: HookPhase.SYNC, after: [db], image: 'app:1', command: ['migrate'] });
    expect(synthError(chart)).toBe('');
    const job = Testing.synth(chart).find((o) => o.kind === 'Job');
    expect(job.metadata.annotations).toEqual({
      'argocd.argoproj.io/hook': 'Sync',
      'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation,HookSucceeded',
      'argocd.argoproj.io/sync-wave': '1',
      'syncplan.cdk8s.io/depends-on': 'apps/StatefulSet//pg',
    });
    expect(migrate.syncPhase).toBe('Sync');
    SyncOrder.of(chart).assertBefore(db, migrate);
  });

  test('the default PreSync migration after a Sync tier fails, and the message names the typed fix', () => {
    const chart = newChart();
    new MigrationHook(chart, 'migrate', { after: [database(chart)], image: 'app:1', command: ['migrate'] });
    expect(synthError(chart)).toContain('`phase: HookPhase.SYNC` on a MigrationHook that needs a database this app deploys');
  });

  test('only PreSync or Sync', () => {
    expect(() => new MigrationHook(newChart(), 'm', { phase: HookPhase.POST_SYNC, image: 'app:1', command: ['migrate'] }))
      .toThrow('MigrationHook chart/m: phase must be HookPhase.PRE_SYNC (before the new version rolls out) or HookPhase.SYNC');
  });
});
