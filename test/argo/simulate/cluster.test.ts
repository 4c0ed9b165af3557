/**
 * The simulated cluster keys objects by group/kind/namespace/name, as `kube.ResourceKey` does; a
 * live copy without a namespace matches a target of any namespace, as gitops-engine's `liveObj`
 * matches (`pkg/sync/sync_context.go`, `Test_syncContext_liveObj`).
 */
import { calls, hook, manifest, replay } from './fixtures';

describe('same-named objects in two namespaces are two objects', () => {
  test('no phantom BeforeHookCreation deletion: another namespace\'s Job of the same name is left alone', () => {
    const { result } = replay([manifest({ kind: 'Job', name: 'migrate', annotations: hook('PreSync') })], {
      plan: { namespace: 'prod', live: [manifest({ kind: 'Job', name: 'migrate', namespace: 'staging' })], tracking: {} },
    });
    expect(calls(result)).toEqual(['Running: waiting for completion of hook batch/Job/migrate', 'Succeeded: successfully synced (no more tasks)']);
    expect(result.results[0].message).toBe('job.batch/migrate created');
  });

  test('two hooks of one name in two namespaces: both listed as left behind, told apart by namespace', () => {
    const { result } = replay([
      manifest({ kind: 'Job', name: 'seed', namespace: 'a', annotations: hook('PostSync', { 'argocd.argoproj.io/hook-delete-policy': 'HookFailed' }) }),
      manifest({ kind: 'Job', name: 'seed', namespace: 'b', annotations: hook('PostSync', { 'argocd.argoproj.io/hook-delete-policy': 'HookFailed' }) }),
    ]);
    expect(result.operationPhase).toBe('Succeeded');
    expect(result.hooksLeftInCluster).toEqual(['Job/seed -n a', 'Job/seed -n b']);
    expect(result.applied.map(a => a.namespace)).toEqual(['a', 'b']);
  });

  test('Test_syncContext_liveObj: a live copy without a namespace is the target of the destination namespace', () => {
    const { result } = replay([manifest({ kind: 'Gizmo', name: 'g', apiVersion: 'example.com/v1' })], {
      plan: { namespace: 'prod', live: [manifest({ kind: 'Gizmo', name: 'g', apiVersion: 'example.com/v1' })] },
      sim: { installedCrds: ['example.com/Gizmo'] },
    });
    expect(result.results[0].message).toBe('gizmo.example.com/g configured');
  });
});
