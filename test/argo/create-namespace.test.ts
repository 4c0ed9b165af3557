/**
 * `CreateNamespace=true`: whether the engine adds the Namespace task on a call, from argo-cd's
 * `controller/sync_namespace_test.go` `Test_shouldNamespaceSync` (namespace missing or present,
 * managed metadata or not), and what the plan keeps of it; and which task goes out before the dry
 * run, from gitops-engine `pkg/sync/sync_context_test.go` `TestSyncNamespaceCreatedBeforeDryRunWithoutFailure`.
 */
import { manifest } from './simulate/fixtures';
import { createNamespaceTask, namespaceCreationTask, shouldNamespaceSync } from '../../src/argo/create-namespace';
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

/**
 * `getNamespaceCreationTask`, the one reader `plan` and `simulate` share. Upstream's test has the
 * CreateNamespace task only; here a Namespace manifest, hooks, a prune and a live object too.
 */
describe('TestSyncNamespaceCreatedBeforeDryRunWithoutFailure: namespaceCreationTask', () => {
  const tasksOf = (manifests: Parameters<typeof buildPlan>[0]) => buildPlan(manifests, { namespace: 'orders' }).steps.flatMap(s => s.tasks);
  // Two lists joined (one app holds one object of a name: the last definition wins): a manifest, then a hook.
  const tasks = [
    ...tasksOf([
      manifest({ kind: 'ConfigMap', name: 'settings', namespace: 'tools' }),
      manifest({ kind: 'Namespace', name: 'orders', annotations: { 'argocd.argoproj.io/sync-wave': '5' } }),
    ]),
    ...tasksOf([manifest({ kind: 'Namespace', name: 'orders', annotations: { 'argocd.argoproj.io/hook': 'PostSync' } })]),
  ].map(task => ({ task }));
  const label = (t?: { task: { kind: string; name: string; phase: string; wave: number } }) => t && `${t.task.phase} ${t.task.wave} ${t.task.kind}/${t.task.name}`;

  test('the first core Namespace named like the destination without a live object, whatever its wave', () => {
    expect(label(namespaceCreationTask(tasks, () => false, 'orders'))).toBe('Sync 5 Namespace/orders');
  });

  test('a live one is no candidate: the next is taken, a hook included', () => {
    const live = (t: { task: { hook: boolean } }) => !t.task.hook;
    expect(label(namespaceCreationTask(tasks, live, 'orders'))).toBe('PostSync 0 Namespace/orders');
    expect(namespaceCreationTask(tasks, () => true, 'orders')).toBeUndefined();
  });

  test('no destination, another name, or Argo CD before 3.1: none', () => {
    expect(namespaceCreationTask(tasks, () => false, '')).toBeUndefined();
    expect(namespaceCreationTask(tasks, () => false, 'tools')).toBeUndefined();
    expect(namespaceCreationTask(tasks, () => false, 'orders', '3.0')).toBeUndefined();
    expect(label(namespaceCreationTask(tasks, () => false, 'orders', '3.1'))).toBe('Sync 5 Namespace/orders');
  });

  test('a prune has no target object, so it is never the one', () => {
    const prune = buildPlan([manifest({ kind: 'ConfigMap', name: 'settings' })], {
      namespace: 'orders', live: [manifest({ kind: 'Namespace', name: 'orders', annotations: { 'argocd.argoproj.io/tracking-id': 'app:/Namespace:/orders' } })],
    });
    const pruneTasks = prune.steps.flatMap(s => s.tasks).map(task => ({ task }));
    expect(pruneTasks.map(t => t.task.action)).toContain('prune');
    expect(namespaceCreationTask(pruneTasks, () => false, 'orders')).toBeUndefined();
  });
});
