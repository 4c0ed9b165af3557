/**
 * Selective sync, from gitops-engine `pkg/sync/sync_context_test.go` `TestSelectiveSyncOnly` (the
 * resources filter keeps the named object) and argo-cd `SyncOperationResource.HasIdentity`.
 */
import { hook, manifest } from './simulate/fixtures';
import { buildPlan } from '../../src/argo/plan';
import { isSelected, parseSelectedResource } from '../../src/argo/selective-sync';

describe('TestSelectiveSyncOnly', () => {
  test('only the named object becomes a task; the others, prunes and hooks are left out with the reason', () => {
    const plan = buildPlan([
      manifest({ kind: 'Pod', name: 'pod-1' }),
      manifest({ kind: 'Pod', name: 'pod-2' }),
      manifest({ kind: 'Job', name: 'migrate', apiVersion: 'batch/v1', annotations: hook('PreSync') }),
    ], {
      namespace: 'shop',
      resources: [{ group: '', kind: 'Pod', name: 'pod-1' }],
      live: [manifest({ kind: 'ConfigMap', name: 'old', namespace: 'shop' })],
    });
    expect(plan.steps.flatMap(s => s.tasks).map(t => t.name)).toEqual(['pod-1']);
    expect(plan.excluded.map(x => [x.name, x.reason.split(':')[0]])).toEqual([
      ['old', 'not selected'],
      ['pod-2', 'not selected'],
      ['migrate', 'hooks are skipped (selective sync, self-heal or apply strategy)'],
    ]);
  });

  test('HasIdentity: group, kind and name must match; a namespace only when given', () => {
    const key = { group: 'apps', kind: 'Deployment', name: 'web', namespace: 'shop' };
    expect(isSelected(key, [{ group: 'apps', kind: 'Deployment', name: 'web' }])).toBe(true);
    expect(isSelected(key, [{ group: 'apps', kind: 'Deployment', name: 'web', namespace: 'shop' }])).toBe(true);
    expect(isSelected(key, [{ group: 'apps', kind: 'Deployment', name: 'web', namespace: 'other' }])).toBe(false);
    expect(isSelected(key, [{ group: '', kind: 'Deployment', name: 'web' }])).toBe(false);
  });

  test('--resource syntax: GROUP:KIND:NAME or GROUP:KIND:NAMESPACE/NAME', () => {
    expect(parseSelectedResource(':Service:web')).toEqual({ group: '', kind: 'Service', name: 'web' });
    expect(parseSelectedResource('apps:Deployment:shop/web')).toEqual({ group: 'apps', kind: 'Deployment', name: 'web', namespace: 'shop' });
    expect(['Deployment/web', 'apps:Deployment', 'apps::web', 'apps:Deployment:/web', 'a:b:c/d/e'].map(parseSelectedResource)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
