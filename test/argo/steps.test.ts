import * as fc from 'fast-check';
import { buildPlan, isMultiStep, SyncTask } from '../../src/argo';
import { stepsRun } from '../../src/argo/steps';
import { HOOK, m, WAVE } from '../fixtures/manifests';

const gates = (plan: ReturnType<typeof buildPlan>) => plan.steps.map(s => `${s.phase}/${s.wave}:${s.gate}`);

describe('steps and gates (gitops-engine pkg/sync/sync_context.go Sync; docs/argo-cd-model.md#steps, #gates)', () => {
  test('Test_syncTasks_multiStep: Single and Double', () => {
    const t = (phase: SyncTask['phase'], wave: number) => ({ phase, wave } as SyncTask);
    expect(isMultiStep([t('Sync', -1)])).toBe(false);
    expect(isMultiStep([t('PreSync', -1), t('PostSync', 1)])).toBe(true);
    expect(isMultiStep([])).toBe(false);
  });

  test('argo-cd #1715: a single step without hooks is never gated', () => {
    expect(gates(buildPlan([m({ kind: 'Deployment', name: 'web' }), m({ kind: 'Ingress', name: 'web' })]))).toEqual(['Sync/0:none']);
  });

  test('a single step with a Sync hook awaits only the hooks', () => {
    expect(gates(buildPlan([m({ kind: 'Deployment', name: 'web' }), m({ kind: 'Job', name: 'j', annotations: { [HOOK]: 'Sync' } })]))).toEqual(['Sync/0:hooks']);
  });

  test('multi-step: every step but the last is gated; the last step without hooks is not', () => {
    expect(gates(buildPlan([
      m({ kind: 'ConfigMap', name: 'c', annotations: { [WAVE]: '-1' } }),
      m({ kind: 'Deployment', name: 'web' }),
      m({ kind: 'Ingress', name: 'web', annotations: { [WAVE]: '1' } }),
    ]))).toEqual(['Sync/-1:all', 'Sync/0:all', 'Sync/1:none']);
  });

  test('with PostSync hooks the last Sync wave is gated, and so is the PostSync step', () => {
    expect(gates(buildPlan([
      m({ kind: 'Deployment', name: 'web' }),
      m({ kind: 'Job', name: 'smoke', annotations: { [HOOK]: 'PostSync' } }),
    ]))).toEqual(['Sync/0:all', 'PostSync/0:all']);
  });

  test('TestSync_SuccessfulSyncWithSyncFailHook: a SyncFail hook makes the sync multi-step, so a hook step waits for everything', () => {
    const plan = buildPlan([
      m({ kind: 'Pod', name: 'pod' }),
      m({ kind: 'Pod', name: 'hook-1', annotations: { [HOOK]: 'Sync' } }),
      m({ kind: 'Pod', name: 'fail', annotations: { [HOOK]: 'SyncFail' } }),
    ]);
    expect(gates(plan)).toEqual(['Sync/0:all']);
    expect(plan.syncFail.map(t => t.name)).toEqual(['fail']);
  });

  test('a SyncFail hook does not gate a last step without hooks', () => {
    const plan = buildPlan([m({ kind: 'Pod', name: 'pod' }), m({ kind: 'Pod', name: 'fail', annotations: { [HOOK]: 'SyncFail' } })]);
    expect(gates(plan)).toEqual(['Sync/0:none']);
  });

  test('SyncFail hooks are set apart, in sort order, waves kept but ignored by Argo CD', () => {
    const plan = buildPlan([
      m({ kind: 'Job', name: 'b', annotations: { [HOOK]: 'SyncFail', [WAVE]: '1' } }),
      m({ kind: 'ConfigMap', name: 'z', annotations: { [HOOK]: 'SyncFail', [WAVE]: '5' } }),
      m({ kind: 'Job', name: 'a', annotations: { [HOOK]: 'SyncFail', [WAVE]: '1' } }),
    ]);
    expect(plan.steps).toEqual([]);
    expect(plan.syncFail.map(t => `${t.wave}:${t.name}`)).toEqual(['1:a', '1:b', '5:z']);
  });

  test('steps group consecutive equal (phase, wave) and keep Argo CD order inside', () => {
    const plan = buildPlan([
      m({ kind: 'Deployment', name: 'b' }),
      m({ kind: 'Service', name: 'z' }),
      m({ kind: 'Job', name: 'pre', annotations: { [HOOK]: 'PreSync', [WAVE]: '3' } }),
      m({ kind: 'Deployment', name: 'a' }),
    ]);
    expect(plan.steps.map(s => [s.phase, s.wave, s.tasks.map(t => t.name)])).toEqual([
      ['PreSync', 3, ['pre']],
      ['Sync', 0, ['z', 'a', 'b']],
    ]);
  });

  test('an empty input gives an empty plan', () => {
    expect(buildPlan([])).toEqual({ steps: [], syncFail: [], excluded: [], errors: [] });
  });
});

describe('the steps a sync runs when ApplyOutOfSyncOnly leaves tasks out (sync_context.go Sync: filterOutOfSyncTasks, then finalWave)', () => {
  const plan = buildPlan([
    m({ kind: 'ConfigMap', name: 'c', annotations: { [WAVE]: '-1' } }),
    m({ kind: 'Deployment', name: 'web' }),
    m({ kind: 'Ingress', name: 'web', annotations: { [WAVE]: '1' } }),
  ]);
  const task = (kind: string) => plan.steps.flatMap(s => s.tasks).find(t => t.kind === kind)!;

  test('a step of only left-out tasks is no step, and the last step left is gated as a last step (TestSync_ApplyOutOfSyncOnly)', () => {
    const run = stepsRun(plan, new Set([task('Ingress')]));
    expect(run.map(s => `${s.phase}/${s.wave}:${s.gate}`)).toEqual(['Sync/-1:all', 'Sync/0:none']);
  });

  test('multiStep stays decided over every task: one step left of a multi-step sync keeps its hooks gate "all"', () => {
    const hooked = buildPlan([
      m({ kind: 'ConfigMap', name: 'c', annotations: { [WAVE]: '-1' } }),
      m({ kind: 'Job', name: 'j', annotations: { [HOOK]: 'Sync' } }),
    ]);
    const cm = hooked.steps[0].tasks[0];
    expect(stepsRun(hooked, new Set([cm])).map(s => `${s.phase}/${s.wave}:${s.gate}`)).toEqual(['Sync/0:all']);
  });

  test('property: nothing left out is the plan; otherwise every task kept once, in order, none left out', () => {
    const kinds = ['ConfigMap', 'Deployment', 'Service', 'Job'];
    fc.assert(fc.property(
      fc.array(fc.record({ kind: fc.constantFrom(...kinds), wave: fc.integer({ min: -2, max: 2 }), hook: fc.boolean() }),
        { minLength: 1, maxLength: 12 }),
      fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
      (specs, drop) => {
        const annotations = (x: typeof specs[number]) => ({ [WAVE]: String(x.wave), ...(x.hook ? { [HOOK]: 'Sync' } : {}) });
        const p = buildPlan(specs.map((x, i) => m({ kind: x.kind, name: `o${i}`, annotations: annotations(x) })));
        expect(stepsRun(p, new Set())).toEqual(p.steps);
        const all = p.steps.flatMap(s => s.tasks);
        const leftOut = new Set(all.filter((_, i) => drop[i]));
        const run = stepsRun(p, leftOut);
        expect(run.flatMap(s => s.tasks)).toEqual(all.filter(t => !leftOut.has(t)));
        expect(run.every(s => s.tasks.length > 0)).toBe(true);
      },
    ));
  });
});

describe('CreateNamespace=true (gitops-engine pkg/sync/sync_context.go autoCreateNamespace)', () => {
  const opts = { namespace: 'shop', syncOptions: ['CreateNamespace=true'] };

  test('the Namespace task lives in the first call only: no step of its own, a one-wave sync stays single-step', () => {
    const plan = buildPlan([m({ kind: 'Pod', name: 'p' })], opts);
    expect(plan.steps.map(s => [s.phase, s.wave, s.gate, s.tasks.map(t => `${t.kind}/${t.name}`)])).toEqual([
      ['Sync', 0, 'none', ['Pod/p']],
    ]);
    expect(plan.createNamespace).toMatchObject({ kind: 'Namespace', name: 'shop', phase: 'PreSync', wave: 0, hook: false, namespace: '', manifest: { source: { file: '<syncOptions CreateNamespace=true>' } } });
  });

  test('with managedNamespaceMetadata it is added every call: a PreSync step, and the sync is multi-step', () => {
    // The namespace exists (untracked, so not a prune) and still gets its task.
    const plan = buildPlan([m({ kind: 'Pod', name: 'p' })], { ...opts, managedNamespaceMetadata: true, live: [m({ kind: 'Namespace', name: 'shop' })], tracking: {} });
    expect(plan.steps.map(s => [s.phase, s.wave, s.gate, s.tasks.map(t => `${t.kind}/${t.name}`)])).toEqual([
      ['PreSync', 0, 'all', ['Namespace/shop']],
      ['Sync', 0, 'none', ['Pod/p']],
    ]);
    expect(plan.createNamespace).toBeUndefined();
  });

  test('the synthetic Namespace is hoisted before a negative-wave PreSync hook in it', () => {
    const plan = buildPlan([m({ kind: 'Job', name: 'j', annotations: { [HOOK]: 'PreSync', [WAVE]: '-2' } })], opts);
    expect(plan.steps.map(s => [s.phase, s.wave, s.tasks.map(t => t.name)])).toEqual([['PreSync', -2, ['j']]]);
    expect(plan.createNamespace).toMatchObject({ phase: 'PreSync', wave: -2, hoisted: true });
  });

  test('no task when the Namespace is a target, exists live, the option is off or mis-cased, or there is no destination namespace', () => {
    const pod = m({ kind: 'Pod', name: 'p' });
    const nsObj = m({ kind: 'Namespace', name: 'shop' });
    const synthetic = (plan: ReturnType<typeof buildPlan>) => plan.createNamespace !== undefined;
    expect(synthetic(buildPlan([pod, nsObj], opts))).toBe(false);
    expect(synthetic(buildPlan([pod], { ...opts, live: [nsObj] }))).toBe(false);
    expect(synthetic(buildPlan([pod], { namespace: 'shop' }))).toBe(false);
    expect(synthetic(buildPlan([pod], { namespace: 'shop', syncOptions: ['CreateNamespace=True'] }))).toBe(false);
    expect(synthetic(buildPlan([pod], { syncOptions: ['CreateNamespace=true'] }))).toBe(false);
    expect(synthetic(buildPlan([pod], opts))).toBe(true);
  });

  test('Argo CD does not look at hooks when deciding: a Namespace hook does not stop the synthetic task', () => {
    const plan = buildPlan([m({ kind: 'Namespace', name: 'shop', annotations: { [HOOK]: 'Sync' } })], opts);
    expect(plan.steps.flatMap(s => s.tasks.map(t => `${t.phase}:${t.hook}`))).toEqual(['Sync:true']);
    expect(plan.createNamespace).toBeDefined();
  });
});
