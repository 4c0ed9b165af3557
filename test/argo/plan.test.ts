import { HOOK, m, WAVE } from './helpers';
import { buildPlan } from '../../src/argo';

describe('buildPlan', () => {
  test('the article scenario: config, PreSync migration, Deployment, Service, Ingress, PostSync smoke test', () => {
    const plan = buildPlan([
      m({ kind: 'Ingress', name: 'web', annotations: { [WAVE]: '2' } }),
      m({ kind: 'Job', generateName: 'smoke-', annotations: { [HOOK]: 'PostSync', 'argocd.argoproj.io/hook-delete-policy': 'HookSucceeded' } }),
      m({ kind: 'Service', name: 'web', annotations: { [WAVE]: '1' } }),
      m({ kind: 'Deployment', name: 'web', annotations: { [WAVE]: '1' } }),
      m({ kind: 'Job', name: 'migrate', annotations: { [HOOK]: 'PreSync' } }),
      m({ kind: 'ConfigMap', name: 'config', annotations: { [WAVE]: '-1' } }),
    ], { namespace: 'shop', revision: 'abcdef0123', startedAt: 1700000000 });

    expect(plan.errors).toEqual([]);
    expect(plan.steps.map(s => [s.phase, s.wave, s.gate, s.tasks.map(t => `${t.kind}/${t.name}`)])).toEqual([
      ['PreSync', 0, 'all', ['Job/migrate']],
      ['Sync', -1, 'all', ['ConfigMap/config']],
      ['Sync', 1, 'all', ['Service/web', 'Deployment/web']],
      ['Sync', 2, 'all', ['Ingress/web']],
      ['PostSync', 0, 'all', ['Job/smoke-abcdef0-postsync-1700000000']],
    ]);
    expect(plan.steps[4].tasks[0]).toMatchObject({ hook: true, deletePolicies: ['HookSucceeded'], namespace: 'shop' });
  });

  test('single step without hooks is never gated', () => {
    const plan = buildPlan([m({ kind: 'Deployment', name: 'a' }), m({ kind: 'Service', name: 'a' })]);
    expect(plan.steps).toHaveLength(1);
    expect(plan.steps[0].gate).toBe('none');
  });
});
