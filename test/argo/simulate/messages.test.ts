/**
 * The running messages, word for word, from gitops-engine `pkg/sync/sync_context_test.go`:
 * `Test_setRunningPhase` (3.4+, one table) and `Test_setRunningPhase_healthyState`,
 * `_runningHooks`, `_pendingDeletion` (v3.3.0 and before).
 */
import { buildPlan } from '../../../src/argo/plan';
import { legacyPruneConfirmationMessage, legacyRunningMessage, runningMessage } from '../../../src/argo/simulate/messages';
import type { SyncTask } from '../../../src/argo/types';
import { m } from '../../fixtures/manifests';

function tasks(...specs: Array<[string, string?]>): SyncTask[] {
  const plan = buildPlan(specs.map(([name, hook]) => m({ kind: 'Pod', name, ...(hook ? { hook } : {}) })), { namespace: 'app' });
  const all = plan.steps.flatMap(s => s.tasks).concat(plan.syncFail);
  // In the order given, as the engine's list is.
  return specs.map(([name]) => all.find(t => t.name === name)!);
}

describe('legacyRunningMessage (before 3.4)', () => {
  test('Test_setRunningPhase_healthyState: "waiting for healthy state of /Pod/my-pod and 2 more resources"', () => {
    expect(legacyRunningMessage(tasks(['my-pod'], ['pod-2'], ['pod-3']), false)).toBe('waiting for healthy state of /Pod/my-pod and 2 more resources');
  });

  test('Test_setRunningPhase_runningHooks: "waiting for completion of hook /Pod/my-pod"', () => {
    expect(legacyRunningMessage(tasks(['my-pod', 'SyncFail']), false)).toBe('waiting for completion of hook /Pod/my-pod');
  });

  test('Test_setRunningPhase_pendingDeletion: "waiting for deletion of /Pod/my-pod and 2 more resources"', () => {
    expect(legacyRunningMessage(tasks(['my-pod'], ['pod-2'], ['pod-3']), true)).toBe('waiting for deletion of /Pod/my-pod and 2 more resources');
  });

  test('the first task chooses the words for all: a hook first counts resources as "hooks", a resource first hides the hooks', () => {
    expect(legacyRunningMessage(tasks(['hook-1', 'Sync'], ['pod-1'], ['pod-2']), false)).toBe('waiting for completion of hook /Pod/hook-1 and 2 more hooks');
    expect(legacyRunningMessage(tasks(['pod-1'], ['hook-1', 'Sync']), false)).toBe('waiting for healthy state of /Pod/pod-1 and 1 more resources');
    expect(legacyRunningMessage(tasks(['hook-1', 'Sync']), true)).toBe('waiting for deletion of /Pod/hook-1');
    expect(legacyRunningMessage([], false)).toBe('');
  });

  test('Test_setRunningPhase (3.4+) on the same tasks, for comparison: hooks first, "resources" when any is one, "deletion of hook"', () => {
    const w = (list: SyncTask[]) => list.map(task => ({ task, needsPruneConfirmation: false }));
    expect(runningMessage(w(tasks(['pod-1'], ['hook-1', 'Sync'], ['pod-2'])), false)).toBe('waiting for completion of hook /Pod/hook-1 and 2 more resources');
    expect(runningMessage(w(tasks(['hook-1', 'Sync'], ['hook-2', 'Sync'])), true)).toBe('waiting for deletion of hook /Pod/hook-1 and 1 more hooks');
  });
});

describe('legacyPruneConfirmationMessage (before 3.4, runTasks)', () => {
  test('capitalised, with the apiVersion, "and N more resources"', () => {
    expect(legacyPruneConfirmationMessage([{ apiVersion: 'v1', kind: 'Pod', name: 'my-pod' }])).toBe('Waiting for pruning confirmation of v1/Pod/my-pod');
    expect(legacyPruneConfirmationMessage([
      { apiVersion: 'apps/v1', kind: 'Deployment', name: 'a' }, { apiVersion: 'v1', kind: 'Pod', name: 'b' },
    ])).toBe('Waiting for pruning confirmation of apps/v1/Deployment/a and 1 more resources');
  });
});
