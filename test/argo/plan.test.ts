import * as fc from 'fast-check';
import { buildPlan } from '../../src/argo';
import { hasRepeatedKeys, manifestsArb } from '../fixtures/manifest-arbitrary';
import { HOOK, m, WAVE } from '../fixtures/manifests';

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

describe('buildPlan properties', () => {
  const view = (plan: ReturnType<typeof buildPlan>) => JSON.stringify({
    steps: plan.steps.map(s => ({ ...s, tasks: s.tasks.map(({ manifest: _m, ...t }) => t) })),
    syncFail: plan.syncFail.map(({ manifest: _m, ...t }) => t),
    // Excluded objects and errors are listed by identity, so their order is compared too.
    excluded: plan.excluded.map(({ manifest: _m, ...e }) => e),
    errors: plan.errors.map(e => `${e.kind}/${e.name}: ${e.message}`),
  });

  test('property: the plan does not depend on the order of the input documents', () => {
    const permuted = manifestsArb.chain(ms => fc.tuple(fc.constant(ms), fc.shuffledSubarray(ms, { minLength: ms.length, maxLength: ms.length })));
    fc.assert(fc.property(permuted, fc.constantFrom('', 'dest', 'a'), fc.boolean(), ([ms, shuffled], namespace, skipHooks) => {
      // A repeated object is order-dependent by design (the last definition wins, as in Argo CD).
      fc.pre(!hasRepeatedKeys(ms, namespace));
      return view(buildPlan(ms, { namespace, skipHooks })) === view(buildPlan(shuffled, { namespace, skipHooks }));
    }), { numRuns: 300 });
  });

  test('property: every step is one (phase, wave), steps strictly ascend, SyncFail only in syncFail, tasks account for every input', () => {
    fc.assert(fc.property(manifestsArb, fc.constantFrom('', 'dest'), (ms, namespace) => {
      const plan = buildPlan(ms, { namespace });
      const rank = (p: string) => ['PreSync', 'Sync', 'PostSync', 'SyncFail'].indexOf(p);
      for (const s of plan.steps) {
        if (s.phase === 'SyncFail' || s.tasks.length === 0) return false;
        if (!s.tasks.every(t => t.phase === s.phase && t.wave === s.wave)) return false;
      }
      for (let i = 1; i < plan.steps.length; i++) {
        const [a, b] = [plan.steps[i - 1], plan.steps[i]];
        if (rank(a.phase) > rank(b.phase) || (a.phase === b.phase && a.wave >= b.wave)) return false;
      }
      if (!plan.syncFail.every(t => t.phase === 'SyncFail')) return false;
      // Every input document is in a task, excluded, or in an error.
      const seen = new Set<unknown>([
        ...plan.steps.flatMap(s => s.tasks.map(t => t.manifest)), ...plan.syncFail.map(t => t.manifest), ...plan.excluded.map(e => e.manifest),
      ]);
      return ms.every(x => seen.has(x) || plan.errors.some(e => e.source === x.source));
    }), { numRuns: 300 });
  });

  test('skipHooks leaves no hook task', () => {
    fc.assert(fc.property(manifestsArb, ms => {
      const plan = buildPlan(ms, { skipHooks: true });
      return plan.syncFail.length === 0 && plan.steps.every(s => s.tasks.every(t => !t.hook));
    }), { numRuns: 200 });
  });
});

/**
 * The destination Namespace manifest Argo CD 3.1+ creates before the dry run on the first sync, from
 * gitops-engine `pkg/sync/sync_context_test.go` `TestSyncNamespaceCreatedBeforeDryRunWithoutFailure`
 * (there the CreateNamespace task; here a manifest of the app in a wave of its own).
 */
describe('TestSyncNamespaceCreatedBeforeDryRunWithoutFailure: createdBeforeDryRun', () => {
  const input = [
    m({ kind: 'Namespace', name: 'shop', annotations: { [WAVE]: '5' } }),
    m({ kind: 'ConfigMap', name: 'settings', namespace: 'tools' }),
  ];
  const steps = (plan: ReturnType<typeof buildPlan>) => plan.steps.map(s => `${s.phase} ${s.wave}: ${s.tasks.map(t => t.kind).join(', ')}`);

  test('named, kept in its step for every later sync', () => {
    const plan = buildPlan(input, { namespace: 'shop' });
    expect(steps(plan)).toEqual(['Sync 0: ConfigMap', 'Sync 5: Namespace']);
    expect(plan.createdBeforeDryRun).toBe(plan.steps[1].tasks[0]);
    expect(plan.createNamespace).toBeUndefined();
  });

  test('none when the namespace is live, before 3.1, or without a destination', () => {
    expect(buildPlan(input, { namespace: 'shop', live: [m({ kind: 'Namespace', name: 'shop' })] }).createdBeforeDryRun).toBeUndefined();
    expect(buildPlan(input, { namespace: 'shop', argocdVersion: '3.0' }).createdBeforeDryRun).toBeUndefined();
    expect(buildPlan(input, {}).createdBeforeDryRun).toBeUndefined();
  });

  test('a hook Namespace of that name is the one too (hooks are tasks of the first call)', () => {
    const plan = buildPlan([m({ kind: 'Namespace', name: 'shop', annotations: { [HOOK]: 'PostSync' } }), input[1]], { namespace: 'shop' });
    expect(plan.createdBeforeDryRun).toMatchObject({ kind: 'Namespace', hook: true, phase: 'PostSync' });
  });

  test('the CreateNamespace task of the first call is createNamespace only; with managed metadata it is a step\'s task', () => {
    const options = { namespace: 'shop', syncOptions: ['CreateNamespace=true'] };
    const unmanaged = buildPlan([input[1]], options);
    expect(unmanaged.createNamespace?.name).toBe('shop');
    expect(unmanaged.createdBeforeDryRun).toBeUndefined();
    const managed = buildPlan([input[1]], { ...options, managedNamespaceMetadata: true });
    expect(managed.createdBeforeDryRun).toBe(managed.steps[0].tasks[0]);
  });
});
