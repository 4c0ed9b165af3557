/**
 * The destination Namespace before the dry run, from gitops-engine `pkg/sync/sync_context_test.go`
 * `TestSyncNamespaceCreatedBeforeDryRunWithoutFailure` / `WithFailure` (3.1+), and the
 * `CreateNamespace=true` task that leaves the task list once the namespace exists
 * (`autoCreateNamespace`, argo-cd `controller/sync_namespace.go`).
 */
import { calls, hook, manifest, replay, wave } from './fixtures';

const createNamespace = { namespace: 'orders', syncOptions: ['CreateNamespace=true'] };

describe('TestSyncNamespaceCreatedBeforeDryRunWithoutFailure', () => {
  test('the first call creates the namespace, then waits on its health; the sync goes on without it', () => {
    const { result } = replay([manifest({ kind: 'Pod', name: 'worker' })], { plan: createNamespace });
    expect(calls(result)).toEqual([
      'Running: waiting for healthy state of /Namespace/orders',
      'Succeeded: successfully synced (all tasks run)',
    ]);
    expect(result.applied.map(a => [a.kind, a.name, a.step, a.beforeDryRun ?? false])).toEqual([
      ['Namespace', 'orders', 0, true],
      ['Pod', 'worker', 1, false],
    ]);
    expect(result.results[0]).toEqual({ kind: 'Namespace', name: 'orders', namespace: '', status: 'Synced', message: 'namespace/orders created' });
    // No wave delay is slept for it: its creation is no wave.
    expect(result.minimumSeconds).toBe(0);
  });

  test('a one-step app with a Sync hook stays single-step: only the hook is awaited, never a namespace step', () => {
    const { result } = replay([
      manifest({ kind: 'Deployment', name: 'api' }),
      manifest({ kind: 'Job', name: 'seed', annotations: hook('Sync') }),
    ], { plan: createNamespace, health: { 'Deployment/api': 'Progressing' } });
    expect(result.operationPhase).toBe('Succeeded');
    expect(result.minimumSeconds).toBe(0);
  });

  test('before 3.1 the task is applied as its PreSync wave 0 step on the first call, with the wave delay after it', () => {
    const { result } = replay([manifest({ kind: 'Pod', name: 'worker' })], { plan: { ...createNamespace, argocdVersion: '3.0' } });
    expect(result.operationPhase).toBe('Succeeded');
    expect(result.applied.map(a => [a.name, a.beforeDryRun ?? false])).toEqual([['orders', false], ['worker', false]]);
    expect(result.minimumSeconds).toBe(2);
  });

  test('a Namespace manifest named like the destination goes out first too, ahead of a PreSync hook in another namespace', () => {
    const { result } = replay([
      manifest({ kind: 'Job', name: 'check', namespace: 'tools', annotations: hook('PreSync') }),
      manifest({ kind: 'Namespace', name: 'orders', annotations: wave(1) }),
      manifest({ kind: 'ConfigMap', name: 'settings', annotations: wave(1) }),
    ], { plan: { namespace: 'orders' } });
    expect(result.operationPhase).toBe('Succeeded');
    expect(result.applied.map(a => `${a.kind}/${a.name}${a.beforeDryRun ? ' (before the dry run)' : ''}`)).toEqual([
      'Namespace/orders (before the dry run)', 'Job/check', 'ConfigMap/settings',
    ]);
  });

  test('a PreSync Namespace hook named like the destination, wave -1, goes out first: the CreateNamespace task is hoisted after it, before the first object in the namespace', () => {
    const { plan, result } = replay([
      manifest({ kind: 'ConfigMap', name: 'seed', annotations: { ...wave(-1), ...hook('PreSync') } }),
      manifest({ kind: 'Namespace', name: 'orders', annotations: { ...wave(-1), ...hook('PreSync') } }),
    ], { plan: createNamespace });
    // adjustDeps moves the task (PreSync wave 0) right before the ConfigMap, not before the hook.
    expect(plan.createNamespace?.wave).toBe(-1);
    expect(plan.createNamespaceBefore?.name).toBe('seed');
    expect(plan.createdBeforeDryRun?.hook).toBe(true);
    expect(result.applied.filter(a => a.beforeDryRun).map(a => [a.kind, a.name, a.step])).toEqual([['Namespace', 'orders', 1]]);
  });

  test('a Namespace manifest in a wave of its own is marked done, not applied again in its wave: the first sync has no such step', () => {
    const { plan, result } = replay([
      manifest({ kind: 'Namespace', name: 'orders', annotations: wave(5) }),
      manifest({ kind: 'Deployment', name: 'api', namespace: 'tools' }),
    ], { plan: { namespace: 'orders' }, health: { 'Deployment/api': 'Progressing' } });
    expect(plan.steps.map(s => s.wave)).toEqual([0, 5]);
    expect(calls(result)).toEqual([
      'Running: waiting for healthy state of /Namespace/orders',
      'Succeeded: successfully synced (all tasks run)',
    ]);
    expect(result.applied.map(a => `${a.kind}/${a.name} step ${a.step}${a.beforeDryRun ? ' (before the dry run)' : ''}`)).toEqual([
      'Namespace/orders step 2 (before the dry run)', 'Deployment/api step 1',
    ]);
    // Wave 0 is the last step left: no health wait on the Progressing Deployment, no wave delay.
    expect(result.minimumSeconds).toBe(0);
    // What plan says of the same sync.
    expect(plan.createdBeforeDryRun).toBe(plan.steps[1].tasks[0]);
  });

  test('the namespace failing to apply ends the sync there: "the namespace failed to apply", no SyncFail hooks', () => {
    const { result } = replay([
      manifest({ kind: 'Pod', name: 'worker' }),
      manifest({ kind: 'Pod', name: 'on-fail', annotations: hook('SyncFail') }),
    ], { plan: createNamespace, applyErrors: { 'Namespace/orders': 'namespaces "orders" is forbidden' } });
    expect(result.operationPhase).toBe('Failed');
    expect(result.message).toBe('the namespace failed to apply, reason: namespaces "orders" is forbidden');
    expect(result.applied.map(a => a.name)).toEqual(['orders']);
  });
});

describe('TestSyncNamespaceCreatedBeforeDryRunWithFailure', () => {
  test('the dry run fails after the namespace was created: it stays, nothing else goes out', () => {
    const bad = manifest({ kind: 'ConfigMap', name: 'settings', annotations: { 'argocd.argoproj.io/sync-wave': 3 as unknown as string } });
    const { result } = replay([bad], { plan: createNamespace });
    expect(result.operationPhase).toBe('Failed');
    expect(result.message).toBe('one or more objects failed to apply (dry run)');
    expect(result.results.map(r => [r.kind, r.status])).toEqual([['Namespace', 'Synced'], ['ConfigMap', 'SyncFailed']]);
    expect(result.applied.map(a => a.name)).toEqual(['orders']);
  });
});
