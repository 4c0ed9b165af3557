/**
 * The sync loop's behaviours that `--argocd-version` switches (src/argo/versions.ts), each checked on
 * both sides of its release against the tests of that release: gitops-engine
 * `pkg/sync/sync_context_test.go` at v3.3.0 (`TestRunSyncFailHooksFailed`, `Test_setRunningPhase_*`)
 * and at v3.4.0 (`TestSync_FailedSyncWithSyncFailHook_ApplyFailed`, `Test_setRunningPhase`), and
 * argo-cd's e2e `test/e2e/hook_test.go` (`TestInvalidlHookWaitsForOtherHooksToComplete`,
 * `TestInvalidSyncFailureHookWaitsForOtherHooksToComplete`, 3.4+).
 */
import { appliedNames, messages, sim } from './helpers';
import { ARGOCD_VERSIONS } from '../../../src/argo/versions';
import { m } from '../../fixtures/manifests';

const at = (argocdVersion: string) => ({ argocdVersion });

describe('failedApplyWaitsForRunning (3.4)', () => {
  const applyFailed = () => [
    m({ kind: 'Pod', name: 'my-pod' }),
    m({ kind: 'Pod', name: 'successful-sync-fail-hook', hook: 'SyncFail' }),
    m({ kind: 'Pod', name: 'failed-sync-fail-hook', hook: 'SyncFail' }),
  ];
  const errors = { 'Pod/my-pod': 'fake pod failure', 'Pod/failed-sync-fail-hook': 'fake hook failure' };

  test('TestSync_FailedSyncWithSyncFailHook_ApplyFailed (3.4+): the sync ends once every SyncFail hook is done', () => {
    const r = sim(applyFailed(), { applyErrors: errors, health: { 'Pod/successful-sync-fail-hook': 'Progressing' }, sim: at('3.4') });
    expect(messages(r).slice(0, 2)).toEqual([
      'Running: waiting for completion of hook /Pod/failed-sync-fail-hook and 1 more hooks',
      'Running: waiting for completion of hook /Pod/successful-sync-fail-hook',
    ]);
    expect(r.operationPhase).toBe('Running');
  });

  test('TestRunSyncFailHooksFailed (3.3): a SyncFail hook failing to apply fails the sync at once; the other is left running', () => {
    const r = sim(applyFailed(), { applyErrors: errors, health: { 'Pod/successful-sync-fail-hook': 'Progressing' }, sim: at('3.3') });
    expect(messages(r)).toEqual(['Failed: one or more objects failed to apply, reason: fake pod failure\n'
      + 'one or more SyncFail hooks failed, reason: fake hook failure']);
    expect(r.results.map(x => [x.name, x.status])).toEqual([
      ['my-pod', 'SyncFailed'], ['failed-sync-fail-hook', 'SyncFailed'], ['successful-sync-fail-hook', 'Synced'],
    ]);
    expect(r.applied.find(a => a.name === 'successful-sync-fail-hook')?.result).toBe('applied, health not awaited');
  });

  test('syncFailHooksFailedMessage (3.0): 2.14 leaves the SyncFail hook\'s failure out of the message', () => {
    const r = sim(applyFailed(), { applyErrors: errors, sim: at('2.14') });
    expect(r.message).toBe('one or more objects failed to apply, reason: fake pod failure');
  });

  const hookBesideBadPod = () => [m({ kind: 'Pod', name: 'hook', hook: 'Sync' }), m({ kind: 'Pod', name: 'invalid-hook', hook: 'Sync' })];

  test('TestInvalidlHookWaitsForOtherHooksToComplete (3.4+): the running hook of the step is awaited, then the sync fails', () => {
    const r = sim(hookBesideBadPod(), { applyErrors: { 'Pod/invalid-hook': 'Pod "invalid-hook" is invalid' }, sim: at('3.4') });
    expect(messages(r)).toEqual([
      'Running: waiting for completion of hook /Pod/hook',
      'Failed: one or more synchronization tasks completed unsuccessfully, reason: Pod "invalid-hook" is invalid',
    ]);
    expect(r.applied.find(a => a.name === 'hook')?.result).toBe('completed');
  });

  test('before 3.4 the step\'s running hook is not awaited: without SyncFail hooks the sync fails in the same call', () => {
    const r = sim(hookBesideBadPod(), { applyErrors: { 'Pod/invalid-hook': 'Pod "invalid-hook" is invalid' }, health: { 'Pod/hook': 'Progressing' }, sim: at('3.3') });
    expect(messages(r)).toEqual(['Failed: one or more objects failed to apply, reason: Pod "invalid-hook" is invalid']);
    // Left running in the cluster, its result never read.
    expect(r.hooksLeftInCluster).toEqual(['Pod/hook']);
    expect(r.applied.find(a => a.name === 'hook')?.result).toBe('applied, health not awaited');
  });

  test('TestInvalidSyncFailureHookWaitsForOtherHooksToComplete, before 3.4: SyncFail hooks start beside the running hook; the message stays "one or more tasks are running"', () => {
    const r = sim([...hookBesideBadPod(), m({ kind: 'Pod', name: 'notify', hook: 'SyncFail' })], {
      applyErrors: { 'Pod/invalid-hook': 'Pod "invalid-hook" is invalid' }, sim: at('3.3'),
    });
    expect(messages(r)).toEqual([
      'Running: one or more tasks are running',
      'Failed: one or more synchronization tasks completed unsuccessfully, reason: Pod "invalid-hook" is invalid',
    ]);
    expect(appliedNames(r)).toEqual(['Pod/hook', 'Pod/invalid-hook', 'Pod/notify']);
  });
});

describe('stepRunningMessage (3.4)', () => {
  test('TestSync_SuccessfulSyncWithSyncFailHook: a step with a hook and a resource, named "hook … and 1 more resources" since 3.4', () => {
    const manifests = () => [
      m({ kind: 'Pod', name: 'hook-1', hook: 'Sync' }),
      m({ kind: 'Pod', name: 'my-pod' }),
      m({ kind: 'Pod', name: 'sync-fail-hook', hook: 'SyncFail', deletePolicy: 'HookSucceeded' }),
    ];
    expect(messages(sim(manifests(), { sim: at('3.4') }))[0]).toBe('Running: waiting for completion of hook /Pod/hook-1 and 1 more resources');
    // Before: the tasks still to come after the apply: only the step's hook (my-pod is not a hook).
    expect(messages(sim(manifests(), { sim: at('3.3') }))[0]).toBe('Running: waiting for completion of hook /Pod/hook-1');
  });

  test('after an apply, 3.4 names the step just applied; before, the next steps\' tasks', () => {
    const manifests = () => [
      m({ kind: 'Deployment', name: 'db', wave: 0 }),
      m({ kind: 'Deployment', name: 'api', wave: 1 }),
      m({ kind: 'Service', name: 'api', wave: 1 }),
    ];
    expect(messages(sim(manifests(), { sim: at('3.4') }))[0]).toBe('Running: waiting for healthy state of apps/Deployment/db');
    expect(messages(sim(manifests(), { sim: at('3.3') }))[0]).toBe('Running: waiting for healthy state of /Service/api and 1 more resources');
  });

  test('Test_setRunningPhase_healthyState (3.3): the waiting resources of a step are counted the same in both', () => {
    const manifests = () => [1, 2, 3].map(i => m({ kind: 'Deployment', name: `d${i}` })).concat(m({ kind: 'Service', name: 'next', wave: 1 }));
    for (const v of ['3.3', '3.4']) {
      const r = sim(manifests(), { health: { 'Deployment/d1': 'Progressing' }, sim: at(v) });
      expect([v, r.message]).toEqual([v, 'waiting for healthy state of apps/Deployment/d1']);
    }
    const r = sim(manifests(), { health: { 'Deployment/d1': 'Progressing', 'Deployment/d2': 'Progressing', 'Deployment/d3': 'Progressing' }, sim: at('3.3') });
    expect(r.message).toBe('waiting for healthy state of apps/Deployment/d1 and 2 more resources');
  });

  test('"hooks and resources": 3.4 names the hook first; before, the first task (a resource) chose the words', () => {
    const manifests = () => [
      m({ kind: 'Pod', name: 'a-pod' }),
      m({ kind: 'Pod', name: 'hook-1', hook: 'Sync' }),
      m({ kind: 'Pod', name: 'z-pod' }),
      m({ kind: 'Service', name: 'next', wave: 1 }),
    ];
    const health = { 'Pod/a-pod': 'Progressing', 'Pod/hook-1': 'Progressing', 'Pod/z-pod': 'Progressing' } as const;
    expect(sim(manifests(), { health, sim: at('3.4') }).message).toBe('waiting for completion of hook /Pod/hook-1 and 2 more resources');
    expect(sim(manifests(), { health, sim: at('3.3') }).message).toBe('waiting for healthy state of /Pod/a-pod and 2 more resources');
  });

  test('TestSync_ExistingHooksWithFinalizer: a live BeforeHookCreation hook being deleted: "deletion of hook" since 3.4; before, no task named', () => {
    const live = [m({ kind: 'Pod', name: 'existing-hook-1', hook: 'PreSync' })];
    const manifests = () => [m({ kind: 'Pod', name: 'existing-hook-1', hook: 'PreSync' }), m({ kind: 'Deployment', name: 'web' })];
    expect(messages(sim(manifests(), { live, sim: at('3.4') }))[0]).toBe('Running: waiting for deletion of hook /Pod/existing-hook-1');
    expect(messages(sim(manifests(), { live, sim: at('3.3') }))[0]).toBe('Running: one or more tasks are running');
  });

  test('a live hook with HookSucceeded and BeforeHookCreation: before 3.4 named "deletion of", as a hook of the step deleted on completion', () => {
    const policy = 'BeforeHookCreation,HookSucceeded';
    const live = [m({ kind: 'Pod', name: 'existing-hook', hook: 'PreSync', deletePolicy: policy })];
    const r = sim([m({ kind: 'Pod', name: 'existing-hook', hook: 'PreSync', deletePolicy: policy })], { live, sim: at('3.3') });
    expect(messages(r)[0]).toBe('Running: waiting for deletion of /Pod/existing-hook');
  });

  test('TestPruneConfirm (3.3): "Waiting for pruning confirmation of v1/ConfigMap/old"; 3.4 (TestPruneConfirmResourceLevel) names the group', () => {
    const live = [m({ kind: 'ConfigMap', name: 'old', syncOptions: 'Prune=confirm' }), m({ kind: 'ConfigMap', name: 'older', syncOptions: 'Prune=confirm' })];
    const manifests = () => [m({ kind: 'ConfigMap', name: 'new' })];
    expect(sim(manifests(), { live, sim: at('3.3') }).message).toBe('Waiting for pruning confirmation of v1/ConfigMap/old and 1 more resources');
    expect(sim(manifests(), { live, sim: at('3.4') }).message).toBe('waiting for pruning confirmation of /ConfigMap/old and 1 more resources');
    expect(sim(manifests(), { live, sim: at('3.3') }).waitingOn).toEqual(['ConfigMap/old', 'ConfigMap/older']);
  });
});

describe('every version', () => {
  test('a sync where nothing fails or waits ends the same way, with the same tasks applied and the same delays', () => {
    const manifests = () => [
      m({ kind: 'Job', name: 'migrate', hook: 'PreSync' }),
      m({ kind: 'Deployment', name: 'web', wave: 1 }),
      m({ kind: 'Pod', name: 'smoke', hook: 'PostSync' }),
    ];
    const runs = ARGOCD_VERSIONS.map(v => sim(manifests(), { sim: at(v) }));
    for (const r of runs) {
      expect([r.operationPhase, r.message, appliedNames(r), r.minimumSeconds])
        .toEqual([runs[0].operationPhase, runs[0].message, appliedNames(runs[0]), runs[0].minimumSeconds]);
    }
  });
});

describe('appPruneDeleteDefaults (3.4)', () => {
  const old = () => [m({ kind: 'ConfigMap', name: 'old' })];

  test('TestDoNotPruneAppLevelPruneFalse: 3.4 skips the prune, "ignored (no prune)"; 3.3 prunes and a note says why', () => {
    const since = sim([], { live: old(), sim: { syncOptions: ['Prune=false'], argocdVersion: '3.4' } });
    expect(since.results).toEqual([{ kind: 'ConfigMap', name: 'old', namespace: 'app', status: 'PruneSkipped', message: 'ignored (no prune)' }]);
    expect(since.notes).toEqual([]);
    const before = sim([], { live: old(), sim: { syncOptions: ['Prune=false'], argocdVersion: '3.3' } });
    expect(before.results).toEqual([{ kind: 'ConfigMap', name: 'old', namespace: 'app', status: 'Pruned', message: 'pruned' }]);
    expect(before.notes).toEqual([expect.stringMatching(/^Prune=false: Argo CD reads Prune= in the Application's syncOptions since 3\.4; 3\.3 ignores it/)]);
  });

  test('TestPruneConfirmAppLevel: 3.4 waits for confirmation; 3.3 prunes without asking', () => {
    expect(sim([], { live: old(), sim: { syncOptions: ['Prune=confirm'], argocdVersion: '3.4' } }).operationPhase).toBe('Running');
    expect(sim([], { live: old(), sim: { syncOptions: ['Prune=confirm'], argocdVersion: '3.3' } }).operationPhase).toBe('Succeeded');
  });
});
