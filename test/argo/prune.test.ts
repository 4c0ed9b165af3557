import { buildPlan, Manifest, PlanOptions } from '../../src/argo';
import { m, WAVE } from '../fixtures/manifests';

const PRUNE_LAST = 'argocd.argoproj.io/sync-options';
const pod = (name: string, wave?: number, extra: Record<string, string> = {}): Manifest =>
  m({ kind: 'Pod', name, namespace: 'ns', annotations: { ...(wave === undefined ? {} : { [WAVE]: String(wave) }), ...extra } });
const ns = (wave = 0) => m({ kind: 'Namespace', name: 'ns', annotations: { [WAVE]: String(wave) } });

/** name → effective wave, from target and live lists as in the upstream tests. */
function waves(target: Manifest[], live: Manifest[], options: PlanOptions = {}): Record<string, number> {
  const plan = buildPlan(target, { ...options, live });
  return Object.fromEntries(plan.steps.flatMap(s => s.tasks.map(t => [t.name, t.wave])));
}

describe('prune waves (gitops-engine pkg/sync/sync_context_test.go)', () => {
  const [p1, p2, p3, p4] = [pod('pod-1', 1), pod('pod-2', 2), pod('pod-3', 3), pod('pod-4', 4)];

  test('TestWaveReorderingOfPruneTasks sameWave: nothing changes', () => {
    const same = [pod('pod-1'), pod('pod-2'), pod('pod-3'), pod('pod-4')];
    expect(waves([ns(), ...same], [])).toEqual({ 'ns': 0, 'pod-1': 0, 'pod-2': 0, 'pod-3': 0, 'pod-4': 0 });
    expect(waves([], [ns(), ...same])).toEqual({ 'ns': 0, 'pod-1': 0, 'pod-2': 0, 'pod-3': 0, 'pod-4': 0 });
    expect(waves([ns(), same[1]], [ns(), same[0], same[2], same[3]])).toEqual({ 'ns': 0, 'pod-1': 0, 'pod-2': 0, 'pod-3': 0, 'pod-4': 0 });
  });

  test('TestWaveReorderingOfPruneTasks differentWave_noPruneTasks', () => {
    expect(waves([ns(), p1, p2, p3, p4], [])).toEqual({ 'ns': 0, 'pod-1': 1, 'pod-2': 2, 'pod-3': 3, 'pod-4': 4 });
  });

  test('TestWaveReorderingOfPruneTasks differentWave_allPruneTasks: mirrored', () => {
    expect(waves([], [ns(), p1, p2, p3, p4])).toEqual({ 'ns': 4, 'pod-1': 3, 'pod-2': 2, 'pod-3': 1, 'pod-4': 0 });
  });

  test('TestWaveReorderingOfPruneTasks differentWave_mixedTasks: only prune tasks are mirrored, over prune waves only', () => {
    expect(waves([ns(), p2], [ns(), p1, p3, p4])).toEqual({ 'ns': 0, 'pod-1': 4, 'pod-2': 2, 'pod-3': 3, 'pod-4': 1 });
  });

  test('TestWaveReorderingOfPruneTasks pruneLast: app option puts every prune after the last Sync wave', () => {
    expect(waves([ns()], [ns(), p1, p2, p3, p4], { syncOptions: ['PruneLast=true'] }))
      .toEqual({ 'ns': 0, 'pod-1': 5, 'pod-2': 5, 'pod-3': 5, 'pod-4': 5 });
  });

  test('TestWaveReorderingOfPruneTasks pruneLastIndividualResources: only the annotated live object, after mirroring', () => {
    const p2last = pod('pod-2', 2, { [PRUNE_LAST]: 'PruneLast=true' });
    expect(waves([ns()], [ns(), p1, p2last, p3, p4])).toEqual({ 'ns': 0, 'pod-1': 4, 'pod-2': 5, 'pod-3': 2, 'pod-4': 1 });
  });

  test('TestWaveReorderingOfPruneTasks mixedTasks: prune waves {1,3,3,4,5} → {5,4,4,3,1}', () => {
    const [q1, q3, q4, q5, q6, q7] = [pod('pod-1', 1), pod('pod-3', 3), pod('pod-4', 3), pod('pod-5', 4), pod('pod-6', 5), pod('pod-7', 5)];
    expect(waves([ns(), pod('pod-2', 2), q6], [ns(), q1, q3, q4, q5, q6, q7])).toEqual({
      'ns': 0, 'pod-1': 5, 'pod-2': 2, 'pod-3': 4, 'pod-4': 4, 'pod-5': 3, 'pod-6': 5, 'pod-7': 1,
    });
  });

  test('TestPruneLast syncPhaseSameWave: last wave = highest Sync wave + 1', () => {
    const plan = buildPlan([pod('pod-1')], { live: [pod('pod-2'), pod('pod-3')], syncOptions: ['PruneLast=true'] });
    expect(plan.steps.map(s => [s.wave, s.tasks.map(t => `${t.action}:${t.name}`)])).toEqual([[0, ['apply:pod-1']], [1, ['prune:pod-2', 'prune:pod-3']]]);
  });

  test('TestPruneLast syncPhaseDifferentWave: waves 2 target, 1 and 7 prune → 8', () => {
    const plan = buildPlan([pod('pod-1', 2)], { live: [pod('pod-2', 1), pod('pod-3', 7)], syncOptions: ['PruneLast=true'] });
    expect(plan.steps[plan.steps.length - 1].wave).toBe(8);
  });

  test('TestPruneLast pruneLastIndividualResources: annotation on the live objects', () => {
    const last = { [PRUNE_LAST]: 'PruneLast=true' };
    const plan = buildPlan([pod('pod-1', 2)], { live: [pod('pod-2', 1, last), pod('pod-3', 7, last)] });
    expect(plan.steps[plan.steps.length - 1].wave).toBe(8);
  });

  test('PruneLast floors at 0 when every Sync wave is negative; PruneLast on the target object does not count', () => {
    expect(waves([pod('a', -5)], [pod('b', -3)], { syncOptions: ['PruneLast=true'] })).toEqual({ a: -5, b: 1 });
    expect(waves([pod('a', -5, { [PRUNE_LAST]: 'PruneLast=true' })], [pod('b', -3)])).toEqual({ a: -5, b: -3 });
  });

  test('PruneLast is exact: PruneLast=True does nothing', () => {
    expect(waves([pod('a', 2)], [pod('b', 0)], { syncOptions: ['PruneLast=True'] })).toEqual({ a: 2, b: 0 });
  });

  test('inside a step prunes come first', () => {
    const plan = buildPlan([pod('a')], { live: [pod('z')] });
    expect(plan.steps[0].tasks.map(t => `${t.action}:${t.name}`)).toEqual(['prune:z', 'apply:a']);
  });
});
