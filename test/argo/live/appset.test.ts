/** ApplicationSet RollingSync status (`applicationset/progressivesync/progressive_sync.go`: step N+1 waits for steps 1..N Healthy). */
import { fixture } from './helpers';
import { readAppSetRollout } from '../../../src/argo/live/appset';

test('mid-rollout: step 2 rolls, staging and prod pending, prod waits for it', () => {
  const r = readAppSetRollout(fixture('appset-rolling.yaml').find(d => d.kind === 'ApplicationSet'));
  expect(r).toMatchObject({ progressive: true, strategy: 'RollingSync', rollingStep: 2 });
  expect(r.steps.map(s => [s.step, s.healthy, s.applications.map(a => a.application)])).toEqual([[1, true, ['shop-dev']], [2, false, ['shop-staging']], [3, false, ['shop-prod']]]);
  expect(r.pending.map(a => a.application)).toEqual(['shop-staging', 'shop-prod']);
});

test('AllAtOnce, or RollingSync with no steps, orders nothing; an app of no step is never synced', () => {
  expect(readAppSetRollout({ kind: 'ApplicationSet', spec: {} }).progressive).toBe(false);
  expect(readAppSetRollout({ kind: 'ApplicationSet', spec: { strategy: { type: 'RollingSync', rollingSync: { steps: [] } } } }).progressive).toBe(false);
  const r = readAppSetRollout({
    kind: 'ApplicationSet',
    spec: { strategy: { type: 'RollingSync', rollingSync: { steps: [{}] } } },
    status: { applicationStatus: [{ application: 'a', status: 'Healthy', step: '1' }, { application: 'lost', status: 'Waiting', step: '-1' }] },
  });
  expect([r.rollingStep, r.unmatched]).toEqual([undefined, ['lost']]);
});
