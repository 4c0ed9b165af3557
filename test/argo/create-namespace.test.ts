/**
 * `CreateNamespace=true`: whether the engine adds the Namespace task on a call, from argo-cd's
 * `controller/sync_namespace_test.go` `Test_shouldNamespaceSync` (namespace missing or present,
 * managed metadata or not), and what the plan keeps of it.
 */
import { manifest } from './simulate/fixtures';
import { createNamespaceTask, shouldNamespaceSync } from '../../src/argo/create-namespace';
import { buildPlan } from '../../src/argo/plan';

describe('Test_shouldNamespaceSync', () => {
  test.each([
    ['missing, metadata not managed', false, false, true],
    ['missing, managed metadata', false, true, true],
    ['exists, metadata not managed: no task', true, false, false],
    ['exists, managed metadata (labels to apply)', true, true, true],
  ])('%s', (_what, exists, managed, expected) => {
    expect(shouldNamespaceSync(exists, managed)).toBe(expected);
  });

  const options = { namespace: 'orders', syncOptions: ['CreateNamespace=true'] };
  const job = manifest({ kind: 'Job', name: 'report' });
  const live = [manifest({ kind: 'Namespace', name: 'orders' })];

  test('the draft task follows shouldNamespaceSync over the live objects', () => {
    expect(createNamespaceTask([job], options, 0)).toMatchObject({ kind: 'Namespace', name: 'orders', phase: 'PreSync', wave: 0 });
    expect(createNamespaceTask([job], { ...options, live }, 0)).toBeUndefined();
    expect(createNamespaceTask([job], { ...options, live, managedNamespaceMetadata: true }, 0)).toMatchObject({ name: 'orders' });
  });

  test('not managed: first call only, so the plan has no Namespace step and a one-step sync stays single-step', () => {
    const plan = buildPlan([job], options);
    expect(plan.steps.map(s => [s.phase, s.gate, s.tasks.map(t => t.name)])).toEqual([['Sync', 'none', ['report']]]);
    expect(plan.createNamespace?.name).toBe('orders');
  });

  test('managed: a PreSync step on every sync, which makes the sync multi-step', () => {
    const plan = buildPlan([job], { ...options, managedNamespaceMetadata: true });
    expect(plan.steps.map(s => [s.phase, s.gate, s.tasks.map(t => t.name)])).toEqual([['PreSync', 'all', ['orders']], ['Sync', 'none', ['report']]]);
    expect(plan.createNamespace).toBeUndefined();
  });
});
