/**
 * The sync loop, case by case against gitops-engine's own tests (`pkg/sync/sync_context_test.go`,
 * in-tree in argo-cd under `gitops-engine/`) and Argo CD's e2e hook tests (`test/e2e/hook_test.go`).
 */
import { appliedNames, messages, sim } from './helpers';
import { crd, m } from '../../fixtures/manifests';

describe('health gating between steps', () => {
  test('TestSyncSuccessfully: a single step succeeds right after apply, even when Degraded', () => {
    const r = sim([m({ kind: 'Service', name: 'my-service' })], {
      health: { 'Service/my-service': 'Degraded' },
      live: [m({ kind: 'Pod', name: 'my-pod' })],
    });
    expect(r.operationPhase).toBe('Succeeded');
    expect(r.message).toBe('successfully synced (all tasks run)');
    expect(r.reconciles).toHaveLength(1);
    expect(r.results).toEqual([
      { kind: 'Pod', name: 'my-pod', namespace: 'app', status: 'Pruned', message: 'pruned' },
      { kind: 'Service', name: 'my-service', namespace: 'app', status: 'Synced', message: 'service/my-service created' },
    ]);
    expect(r.applied.map(a => [a.action, a.result])).toEqual([['prune', 'pruned'], ['apply', 'applied, health not awaited']]);
    expect(r.minimumSeconds).toBe(0);
  });

  test('TestSyncSuccessfully_Multistep: waits for wave 0, then applies wave 5 as the last step', () => {
    const r = sim([m({ kind: 'Service', name: 'my-service', wave: 0 }), m({ kind: 'Service', name: 'new-svc-2', wave: 5 })]);
    expect(messages(r)).toEqual([
      'Running: waiting for healthy state of /Service/my-service',
      'Succeeded: successfully synced (all tasks run)',
    ]);
    expect(r.minimumSeconds).toBe(2);
  });

  test('the last step without hooks is never health-checked (Degraded there still succeeds)', () => {
    const r = sim([m({ kind: 'ConfigMap', name: 'config', wave: 0 }), m({ kind: 'Deployment', name: 'web', wave: 1 })], {
      health: { 'Deployment/web': 'Degraded' },
    });
    expect(r.operationPhase).toBe('Succeeded');
    expect(r.applied.find(a => a.name === 'web')!.result).toBe('applied, health not awaited');
  });

  test('the article: wave 1 Progressing on a failing readiness probe holds every later wave', () => {
    const r = sim([
      m({ kind: 'ConfigMap', name: 'workflow-console', wave: 0 }),
      m({ kind: 'Deployment', name: 'workflow-console', wave: 1 }),
      m({ kind: 'Service', name: 'workflow-console', wave: 2 }),
      m({ kind: 'Ingress', name: 'workflow-console', wave: 2 }),
    ], { health: { 'Deployment/workflow-console': 'Progressing' } });
    expect(r.operationPhase).toBe('Running');
    expect(r.message).toBe('waiting for healthy state of apps/Deployment/workflow-console');
    expect(r.waitingOn).toEqual(['Deployment/workflow-console']);
    expect(r.blockedAt).toEqual({ step: 2, phase: 'Sync', wave: 1 });
    expect(r.neverApplied).toEqual(['Service/workflow-console', 'Ingress/workflow-console']);
    expect(r.applied.map(a => a.result)).toEqual(['no health check', 'Progressing, waited on']);
    expect(r.minimumSeconds).toBe(4);
  });

  // Missing before 3.4 (the object deleted while awaited): the engine never looked again, as
  // TestSync_MultistepResourceDeletionMidstep shows it does since; Unknown keeps a resource waiting.
  test.each([['Suspended', undefined], ['Unknown', undefined], ['Missing', '3.3']] as const)('%s waits forever like Progressing (no sync timeout by default)', (status, argocdVersion) => {
    const r = sim([m({ kind: 'Deployment', name: 'a', wave: 0 }), m({ kind: 'Deployment', name: 'b', wave: 1 })], {
      health: { 'Deployment/a': status },
      sim: argocdVersion ? { argocdVersion } : {},
    });
    expect(r.operationPhase).toBe('Running');
    expect(r.message).toBe('waiting for healthy state of apps/Deployment/a');
    expect(r.neverApplied).toEqual(['Deployment/b']);
  });

  test('Test_setRunningPhase: several waiting resources are counted as "and N more resources"', () => {
    const r = sim([
      m({ kind: 'Deployment', name: 'a', wave: 0 }),
      m({ kind: 'Deployment', name: 'b', wave: 0 }),
      m({ kind: 'Deployment', name: 'c', wave: 0 }),
      m({ kind: 'Service', name: 'next', wave: 1 }),
    ], { health: { 'Deployment/a': 'Progressing', 'Deployment/b': 'Progressing', 'Deployment/c': 'Suspended' } });
    expect(r.message).toBe('waiting for healthy state of apps/Deployment/a and 2 more resources');
    expect(r.waitingOn).toEqual(['Deployment/a', 'Deployment/b', 'Deployment/c']);
  });

  test('TestPostSyncHookPodFailure: a Degraded Sync resource fails the sync and PostSync never runs', () => {
    const r = sim([
      m({ kind: 'Pod', name: 'pod' }),
      m({ kind: 'Pod', name: 'post', hook: 'PostSync' }),
    ], { health: { 'Pod/pod': 'Degraded' } });
    expect(r.operationPhase).toBe('Failed');
    expect(r.message).toBe('one or more synchronization tasks completed unsuccessfully');
    expect(r.neverApplied).toEqual(['Pod/post']);
    expect(r.applied.map(a => a.result)).toEqual(['Degraded']);
  });

  test('a PostSync hook makes the last Sync wave gated: a Progressing Deployment holds it', () => {
    const r = sim([m({ kind: 'Deployment', name: 'web' }), m({ kind: 'Job', name: 'smoke', hook: 'PostSync' })], {
      health: { 'Deployment/web': 'Progressing' },
    });
    expect(r.message).toBe('waiting for healthy state of apps/Deployment/web');
    expect(r.neverApplied).toEqual(['Job/smoke']);
  });
});

describe('hooks', () => {
  test('a hook is always awaited, even in a single-step sync', () => {
    const r = sim([m({ kind: 'Deployment', name: 'web' }), m({ kind: 'Job', name: 'seed', hook: 'Sync' })], {
      health: { 'Job/seed': 'Progressing' },
    });
    expect(r.operationPhase).toBe('Running');
    expect(r.message).toBe('waiting for completion of hook batch/Job/seed');
    expect(r.waitingOn).toEqual(['Job/seed']);
  });

  test('a single-step sync awaits its hooks but not its resources', () => {
    const r = sim([m({ kind: 'Deployment', name: 'web' }), m({ kind: 'Job', name: 'seed', hook: 'Sync' })], {
      health: { 'Deployment/web': 'Progressing' },
    });
    expect(messages(r)).toEqual([
      'Running: waiting for completion of hook batch/Job/seed and 1 more resources',
      'Succeeded: successfully synced (no more tasks)',
    ]);
  });

  test('a hook kind without health check (ConfigMap) completes at once with "<name> created"', () => {
    const r = sim([m({ kind: 'ConfigMap', name: 'marker', hook: 'PreSync' }), m({ kind: 'Deployment', name: 'web' })]);
    expect(r.operationPhase).toBe('Succeeded');
    expect(r.results[0]).toEqual({ kind: 'ConfigMap', name: 'marker', namespace: 'app', status: 'Synced', message: 'marker created' });
  });

  test('a Degraded PreSync hook fails the sync before any Sync resource', () => {
    const r = sim([m({ kind: 'Job', name: 'migrate', hook: 'PreSync' }), m({ kind: 'Deployment', name: 'web' })], {
      health: { 'Job/migrate': 'Degraded' },
    });
    expect(r.operationPhase).toBe('Failed');
    // The Job's Failed condition message, as Argo CD records it (pkg/health/health_job.go).
    expect(r.applied.map(a => a.result)).toEqual(['failed (Degraded: Job has reached the specified backoff limit)']);
    expect(r.neverApplied).toEqual(['Deployment/web']);
  });

  test('TestSync_SuccessfulSyncWithSyncFailHook: the SyncFail hook makes it multi-step and never runs', () => {
    const r = sim([
      m({ kind: 'Pod', name: 'hook-1', hook: 'Sync' }),
      m({ kind: 'Pod', name: 'my-pod' }),
      m({ kind: 'Pod', name: 'sync-fail-hook', hook: 'SyncFail', deletePolicy: 'HookSucceeded' }),
    ]);
    expect(messages(r)).toEqual([
      'Running: waiting for completion of hook /Pod/hook-1 and 1 more resources',
      'Succeeded: successfully synced (no more tasks)',
    ]);
    expect(appliedNames(r)).toEqual(['Pod/hook-1', 'Pod/my-pod']);
  });

  test('TestSync_FailedSyncWithSyncFailHook_HookFailed: a failed hook starts the SyncFail hooks, then Failed', () => {
    const r = sim([
      m({ kind: 'Pod', name: 'hook-1', hook: 'Sync' }),
      m({ kind: 'Pod', name: 'my-pod' }),
      m({ kind: 'Pod', name: 'sync-fail-hook', hook: 'SyncFail', deletePolicy: 'HookSucceeded' }),
    ], { health: { 'Pod/hook-1': 'Degraded' } });
    expect(messages(r)).toEqual([
      'Running: waiting for completion of hook /Pod/hook-1 and 1 more resources',
      'Running: waiting for completion of hook /Pod/sync-fail-hook',
      'Failed: one or more synchronization tasks completed unsuccessfully',
    ]);
    // HookSucceeded is judged on the operation (Failed), so the SyncFail hook stays.
    expect(r.hooksLeftInCluster).toEqual(['Pod/hook-1', 'Pod/sync-fail-hook']);
  });

  test('TestSync_FailedSyncWithSyncFailHook_ApplyFailed: apply errors of tasks and SyncFail hooks in the message', () => {
    const r = sim([
      m({ kind: 'Pod', name: 'my-pod' }),
      m({ kind: 'Pod', name: 'successful-sync-fail-hook', hook: 'SyncFail' }),
      m({ kind: 'Pod', name: 'failed-sync-fail-hook', hook: 'SyncFail' }),
    ], { applyErrors: { 'Pod/my-pod': 'fake pod failure', 'Pod/failed-sync-fail-hook': 'fake hook failure' } });
    expect(messages(r)).toEqual([
      'Running: waiting for completion of hook /Pod/failed-sync-fail-hook and 1 more hooks',
      'Failed: one or more synchronization tasks completed unsuccessfully, reason: fake pod failure\n'
        + 'one or more SyncFail hooks failed, reason: fake hook failure',
    ]);
    expect(r.results.map(x => [x.name, x.status])).toEqual([
      ['my-pod', 'SyncFailed'], ['failed-sync-fail-hook', 'SyncFailed'], ['successful-sync-fail-hook', 'Synced'],
    ]);
  });

  test('TestSyncFailureHookWithFailedSync: all SyncFail hooks go out in one batch, waves ignored', () => {
    const r = sim([
      m({ kind: 'Deployment', name: 'web', wave: 0 }),
      m({ kind: 'Deployment', name: 'next', wave: 1 }),
      m({ kind: 'Job', name: 'notify', hook: 'SyncFail', wave: 5 }),
      m({ kind: 'Job', name: 'cleanup', hook: 'SyncFail', wave: -3 }),
    ], { health: { 'Deployment/web': 'Degraded' } });
    expect(r.operationPhase).toBe('Failed');
    const syncFail = r.applied.filter(a => a.phase === 'SyncFail');
    expect(syncFail.map(a => a.name)).toEqual(['cleanup', 'notify']);
    expect(new Set(syncFail.map(a => a.step)).size).toBe(1);
    // Both were applied in the same call.
    expect(r.reconciles.map(c => c.message)).toContain('waiting for completion of hook batch/Job/cleanup and 1 more hooks');
  });

  test('an apply error without SyncFail hooks ends "one or more objects failed to apply, reason: …"', () => {
    const r = sim([m({ kind: 'Deployment', name: 'web', wave: 0 }), m({ kind: 'Service', name: 'web', wave: 1 })], {
      applyErrors: { 'Deployment/web': 'admission webhook "policy" denied the request' },
    });
    expect(r.operationPhase).toBe('Failed');
    expect(r.message).toBe('one or more objects failed to apply, reason: admission webhook "policy" denied the request');
    expect(r.results).toEqual([{ kind: 'Deployment', name: 'web', namespace: 'app', status: 'SyncFailed', message: 'admission webhook "policy" denied the request' }]);
    expect(r.neverApplied).toEqual(['Service/web']);
    expect(r.minimumSeconds).toBe(0);
  });

  test('an apply error next to a Progressing resource of the same step waits for it (multi-step)', () => {
    const r = sim([
      m({ kind: 'ConfigMap', name: 'bad', wave: 0 }),
      m({ kind: 'Deployment', name: 'web', wave: 0 }),
      m({ kind: 'Service', name: 'web', wave: 1 }),
    ], { applyErrors: { 'ConfigMap/bad': 'boom' }, health: { 'Deployment/web': 'Progressing' } });
    expect(r.operationPhase).toBe('Running');
    expect(r.message).toBe('waiting for healthy state of apps/Deployment/web');
  });

  const threeHooks = () => [
    m({ kind: 'Pod', name: 'hook-1', hook: 'PreSync', deletePolicy: 'BeforeHookCreation' }),
    m({ kind: 'Pod', name: 'hook-2', hook: 'PreSync', deletePolicy: 'HookFailed' }),
    m({ kind: 'Pod', name: 'hook-3', hook: 'PreSync', deletePolicy: 'HookSucceeded' }),
  ];

  test('TestSync_HooksDeletedAfterSyncSucceeded: only the HookSucceeded hook goes', () => {
    const r = sim(threeHooks());
    expect(r.operationPhase).toBe('Succeeded');
    expect(r.message).toBe('successfully synced (no more tasks)');
    expect(r.hooksLeftInCluster).toEqual(['Pod/hook-1', 'Pod/hook-2']);
  });

  test('TestSync_HooksDeletedAfterSyncFailed: the HookFailed hook goes although it succeeded itself', () => {
    const r = sim(threeHooks(), { health: { 'Pod/hook-1': 'Degraded' } });
    expect(r.operationPhase).toBe('Failed');
    expect(r.message).toBe('one or more synchronization tasks completed unsuccessfully');
    expect(r.hooksLeftInCluster).toEqual(['Pod/hook-1', 'Pod/hook-3']);
  });

  test('delete policies with a Sync resource and a PostSync hook (BeforeHookCreation stays)', () => {
    const r = sim([
      m({ kind: 'Pod', name: 'pre', hook: 'PreSync', deletePolicy: 'HookSucceeded' }),
      m({ kind: 'Pod', name: 'post', hook: 'PostSync' }),
      m({ kind: 'Pod', name: 'my-pod' }),
    ]);
    expect(r.operationPhase).toBe('Succeeded');
    expect(r.hooksLeftInCluster).toEqual(['Pod/post']);
  });

  test('TestSync_HooksNotDeletedIfPhaseNotCompleted: a hook still running: nothing is deleted yet', () => {
    const r = sim(threeHooks(), { health: { 'Pod/hook-1': 'Progressing' } });
    expect(r.operationPhase).toBe('Running');
    expect(r.message).toBe('waiting for completion of hook /Pod/hook-1');
    expect(r.hooksLeftInCluster).toEqual(['Pod/hook-1', 'Pod/hook-2', 'Pod/hook-3']);
  });

  test('TestBeforeHookCreation: a live named hook is deleted first, one extra call, then re-created', () => {
    const hook = m({ kind: 'Pod', name: 'my-pod', hook: 'Sync' });
    const r = sim([hook, m({ kind: 'Service', name: 'svc', wave: 1 })], { live: [hook] });
    expect(messages(r)[0]).toBe('Running: waiting for deletion of hook /Pod/my-pod');
    expect(messages(r)[1]).toBe('Running: waiting for completion of hook /Pod/my-pod');
    expect(r.operationPhase).toBe('Succeeded');
    // The wave hook runs after the pending call too: one extra delay.
    expect(r.minimumSeconds).toBe(4);
  });

  test('generateName hooks are matched by their prefix in --health', () => {
    const r = sim([m({ kind: 'Job', generateName: 'migrate-', hook: 'PreSync' }), m({ kind: 'Deployment', name: 'web' })], {
      health: { 'Job/migrate-': 'Progressing' },
      plan: { revision: 'abcdef0123', startedAt: 1700000000 },
    });
    expect(r.message).toBe('waiting for completion of hook batch/Job/migrate-abcdef0-presync-1700000000');
  });
});

describe('the inter-wave delay', () => {
  test('TestSync_SyncWaveHook: slept after each non-final step only, not on re-check calls', () => {
    const r = sim([
      m({ kind: 'Pod', name: 'pod-1', wave: -1 }),
      m({ kind: 'Pod', name: 'pod-2' }),
      m({ kind: 'Pod', name: 'pod-3', hook: 'PostSync' }),
    ], { sim: { waveDelaySeconds: 5 } });
    expect(r.reconciles.map(c => [c.applied ? `${c.applied.phase}/${c.applied.wave}` : '-', c.delaySeconds])).toEqual([
      ['Sync/-1', 5], ['Sync/0', 5], ['PostSync/0', 0], ['-', 0],
    ]);
    expect(r.minimumSeconds).toBe(10);
  });

  test('a failed apply does not sleep (TestSync_SyncWaveHook is only called when runState != failed)', () => {
    const r = sim([m({ kind: 'Pod', name: 'a', wave: 0 }), m({ kind: 'Pod', name: 'b', wave: 1 })], {
      applyErrors: { 'Pod/a': 'x' },
    });
    expect(r.minimumSeconds).toBe(0);
  });
});

describe('validation and dry run (fresh cluster)', () => {
  const cr = m({ kind: 'TestCrd', name: 'my-resource', apiVersion: 'test.io/v1' });
  const notValid = 'one or more synchronization tasks are not valid: failed to discover server resources for group version test.io/v1: the server could not find the requested resource';

  test('TestSyncCustomResources "unknown crd": Failed before anything is applied, SyncFail hooks not run', () => {
    const r = sim([cr, m({ kind: 'Job', name: 'alert', hook: 'SyncFail' })]);
    expect(r.operationPhase).toBe('Failed');
    expect(r.message).toBe(notValid);
    expect(r.applied).toEqual([]);
    expect(r.results).toEqual([{ kind: 'TestCrd', name: 'my-resource', namespace: 'app', status: 'SyncFailed', message: expect.stringContaining('test.io/v1') }]);
  });

  test('TestSyncCustomResources "crd present in same sync": the CRD goes first, the CR follows', () => {
    const r = sim([cr, crd('test.io', 'TestCrd')]);
    expect(r.operationPhase).toBe('Succeeded');
    expect(appliedNames(r)).toEqual(['CustomResourceDefinition/testcrds.test.io', 'TestCrd/my-resource']);
  });

  test('a CRD that does not become Established (its health Progressing): its custom resource in the same step fails to apply (runTasks polls ~3 s, then goes on)', () => {
    const r = sim([cr, crd('test.io', 'TestCrd')], { health: { 'CustomResourceDefinition/testcrds.test.io': 'Progressing' } });
    expect(r.operationPhase).toBe('Failed');
    expect(r.message).toContain('reason: no matches for kind "TestCrd" in version "test.io/v1" (ensure CRDs are installed first)');
    expect(r.results.find((x) => x.kind === 'TestCrd')?.status).toBe('SyncFailed');
    expect(appliedNames(r)).toEqual(['CustomResourceDefinition/testcrds.test.io', 'TestCrd/my-resource']);
  });

  test('TestSyncCustomResources "crd is already present in cluster": --installed-crd', () => {
    expect(sim([cr], { sim: { installedCrds: ['test.io/TestCrd'] } }).operationPhase).toBe('Succeeded');
  });

  test('TestSyncCustomResources "unknown crd, skip dry run annotated": validation passes, the apply fails', () => {
    const annotated = m({ kind: 'TestCrd', name: 'my-resource', apiVersion: 'test.io/v1', syncOptions: 'SkipDryRunOnMissingResource=true' });
    const r = sim([annotated]);
    expect(r.operationPhase).toBe('Failed');
    expect(r.message).toBe('one or more objects failed to apply, reason: no matches for kind "TestCrd" in version "test.io/v1" (ensure CRDs are installed first)');
  });

  test('TestSyncCustomResources "unknown crd, skip dry run annotated on app level"', () => {
    const r = sim([cr], { sim: { syncOptions: ['SkipDryRunOnMissingResource=true'] } });
    expect(r.message).not.toContain('not valid');
    expect(r.applied).toHaveLength(1);
  });

  test('Argo CD\'s own Application kind is served wherever Argo CD runs', () => {
    const app = m({ kind: 'Application', name: 'child', apiVersion: 'argoproj.io/v1alpha1' });
    expect(sim([app]).operationPhase).toBe('Succeeded');
  });

  test('TestManagedResourceAreNotNamed: a resource with only generateName fails the dry run', () => {
    const r = sim([m({ kind: 'ConfigMap', generateName: 'cfg-' })]);
    expect(r.operationPhase).toBe('Failed');
    expect(r.message).toBe('one or more objects failed to apply (dry run)');
    expect(r.results[0]).toMatchObject({ kind: 'ConfigMap', status: 'SyncFailed' });
  });
});

describe('pruning (--live)', () => {
  const pods = [1, 2, 3].map(i => m({ kind: 'Pod', name: `pod-${i}`, wave: i }));

  test('TestWaitForCleanUpBeforeNextWave: prunes in mirrored wave order, one step per call', () => {
    const r = sim([], { live: pods });
    expect(r.operationPhase).toBe('Succeeded');
    expect(appliedNames(r)).toEqual(['Pod/pod-3', 'Pod/pod-2', 'Pod/pod-1']);
    expect(r.results.every(x => x.status === 'Pruned')).toBe(true);
  });

  test('TestWaitForCleanUpBeforeNextWave: an object stuck terminating holds the next prune wave', () => {
    const r = sim([], { live: pods, health: { 'Pod/pod-2': 'Progressing' } });
    expect(r.operationPhase).toBe('Running');
    expect(r.message).toBe('waiting for deletion of /Pod/pod-2');
    expect(r.neverApplied).toEqual(['Pod/pod-1']);
    expect(r.applied.map(a => a.result)).toEqual(['pruned', 'pruned, still terminating']);
  });

  test('TestDoNotPruneResourceLevelPruneFalse: "ignored (no prune)"', () => {
    const keep = m({ kind: 'ConfigMap', name: 'keep', syncOptions: 'Prune=false' });
    const r = sim([m({ kind: 'ConfigMap', name: 'new' })], { live: [keep] });
    expect(r.results).toContainEqual({ kind: 'ConfigMap', name: 'keep', namespace: 'app', status: 'PruneSkipped', message: 'ignored (no prune)' });
  });

  test('TestDoNotPruneAppLevelPruneFalse: the app-level Prune=false applies to every prune', () => {
    const r = sim([], { live: [m({ kind: 'ConfigMap', name: 'old' })], sim: { syncOptions: ['Prune=false'] } });
    expect(r.results).toEqual([{ kind: 'ConfigMap', name: 'old', namespace: 'app', status: 'PruneSkipped', message: 'ignored (no prune)' }]);
  });

  test('a sync without prune (--no-prune): "ignored (requires pruning)"', () => {
    const r = sim([], { live: [m({ kind: 'ConfigMap', name: 'old' })], sim: { prune: false } });
    expect(r.results).toEqual([{ kind: 'ConfigMap', name: 'old', namespace: 'app', status: 'PruneSkipped', message: 'ignored (requires pruning)' }]);
  });

  test('TestPruneConfirmResourceLevel: Prune=confirm holds the whole step until approved', () => {
    const old = m({ kind: 'ConfigMap', name: 'old', syncOptions: 'Prune=confirm' });
    const waiting = sim([m({ kind: 'ConfigMap', name: 'new' })], { live: [old] });
    expect(waiting.operationPhase).toBe('Running');
    expect(waiting.message).toBe('waiting for pruning confirmation of /ConfigMap/old');
    expect(waiting.waitingOn).toEqual(['ConfigMap/old']);
    expect(waiting.applied).toEqual([]);
    const approved = sim([m({ kind: 'ConfigMap', name: 'new' })], { live: [old], sim: { pruneConfirmed: true } });
    expect(approved.operationPhase).toBe('Succeeded');
  });

  test('TestPruneConfirmAppLevel: a step waiting for confirmation sleeps the wave delay once, then stalls', () => {
    const r = sim([m({ kind: 'ConfigMap', name: 'new', wave: 0 }), m({ kind: 'Deployment', name: 'web', wave: 1 })], {
      live: [m({ kind: 'ConfigMap', name: 'old' })],
      sim: { syncOptions: ['Prune=confirm'] },
    });
    expect(r.message).toBe('waiting for pruning confirmation of /ConfigMap/old');
    expect(r.neverApplied).toEqual(['ConfigMap/old', 'ConfigMap/new', 'Deployment/web']);
    expect(r.minimumSeconds).toBe(2);
    expect(r.reconciles).toHaveLength(2);
  });

  test('TestPruneLast: the prune runs in its own last step, after every apply', () => {
    const r = sim([m({ kind: 'Pod', name: 'keep', wave: 2 })], {
      live: [m({ kind: 'Pod', name: 'old', wave: 1 })],
      plan: { syncOptions: ['PruneLast=true'] },
    });
    expect(r.applied.map(a => [a.name, a.action, a.wave])).toEqual([['keep', 'apply', 2], ['old', 'prune', 3]]);
  });

  test('a failed delete fails the sync like an apply error', () => {
    const r = sim([], { live: [m({ kind: 'ConfigMap', name: 'old' })], applyErrors: { 'ConfigMap/old': 'forbidden' } });
    expect(r.message).toBe('one or more objects failed to apply, reason: forbidden');
  });
});

describe('notes', () => {
  test('ApplyOutOfSyncOnly=true without --live says that everything is out of sync', () => {
    const r = sim([m({ kind: 'ConfigMap', name: 'a' })], { sim: { syncOptions: ['ApplyOutOfSyncOnly=true', 'CreateNamespace=true'] } });
    // Both are simulated (test/argo/simulate/apply-out-of-sync-only.test.ts, sync-loop.namespace-creation.test.ts).
    expect(r.notes).toEqual([expect.stringMatching(/^ApplyOutOfSyncOnly=true without --live: /)]);
  });
});

describe('what the API server refuses in the object (src/argo/object-validity.ts)', () => {
  const c = (name: string) => ({ name, image: 'registry.internal/app:1.0.0' });

  test('TestSyncWithCreateNamespaceAndDryRunError: without --apply-error an invalid object fails its apply, not the dry run: earlier steps are applied, SyncFail hooks run', () => {
    const config = m({ kind: 'ConfigMap', name: 'settings', wave: 0 });
    const web = m({ kind: 'Deployment', name: 'web', wave: 1, spec: { template: { spec: { initContainers: [c('web')], containers: [c('web')] } } } });
    const notify = m({ kind: 'Job', name: 'notify', hook: 'SyncFail' });
    const r = sim([config, web, notify]);
    const refusal = 'Deployment.apps "web" is invalid: spec.template.spec.initContainers[0].name: Duplicate value: "web"';
    expect(r.operationPhase).toBe('Failed');
    expect(appliedNames(r)).toEqual(['ConfigMap/settings', 'Deployment/web', 'Job/notify']);
    expect(r.results).toContainEqual({ kind: 'Deployment', name: 'web', namespace: 'app', status: 'SyncFailed', message: refusal });
    expect(r.message).toContain(`reason: ${refusal}`);
  });

  test('a valid object is applied as before, and a kind the cluster does not serve is refused first by discovery', () => {
    expect(sim([m({ kind: 'Deployment', name: 'web', spec: { template: { spec: { containers: [c('web')] } } } })]).operationPhase).toBe('Succeeded');
    const widget = m({ kind: 'Widget', apiVersion: 'example.com/v1', name: 'Bad_Name' });
    const [result] = sim([widget]).results;
    expect(result.message).not.toMatch(/is invalid/);
  });
});

describe('the controller sync timeout (--sync-timeout)', () => {
  test('TestTerminate_Hooks_Running: a sync stalled on a hook is terminated; the hook is deleted and reads "Terminated"', () => {
    const r = sim([
      m({ kind: 'Job', name: 'migrate', hook: 'PreSync' }),
      m({ kind: 'Pod', name: 'cleanup', hook: 'SyncFail' }),
      m({ kind: 'Deployment', name: 'web' }),
    ], { health: { 'Job/migrate': 'Progressing' }, sim: { syncTimeoutSeconds: 600 } });
    expect(r.operationPhase).toBe('Failed');
    expect(r.message).toBe('Operation terminated, triggered by controller sync timeout');
    expect(r.results.find(x => x.name === 'migrate')?.message).toBe('Terminated');
    expect(r.hooksLeftInCluster).toEqual([]);
    // No SyncFail hook runs on termination.
    expect(r.applied.map(a => a.name)).toEqual(['migrate']);
  });

  test('without a timeout (Argo CD\'s default) the same sync waits forever', () => {
    const r = sim([m({ kind: 'Job', name: 'migrate', hook: 'PreSync' })], { health: { 'Job/migrate': 'Progressing' } });
    expect(r.operationPhase).toBe('Running');
  });
});
