/**
 * An Application being deleted (src/argo/live/deletion-state.ts): the stage is the first of
 * finalizeApplicationDeletion's stages whose finalizer is left, and a DeletionError names its known
 * cause. The causes are read in the words the deletion replay (simulate --delete) gives the controller.
 */
import { explainFixture } from './helpers';
import { readApplication } from '../../../src/argo/live/application';
import { deletionState } from '../../../src/argo/live/deletion-state';
import { buildPlan } from '../../../src/argo/plan';
import { simulateDeletion } from '../../../src/argo/simulate/deletion';
import { hookJob, k, yaml } from '../../fixtures/manifests';
import { manifestsOf } from '../../rules/helpers';

const NOW = Date.parse('2026-12-01T10:05:00Z');
const app = (finalizers: string[], conditions: object[] = []) => readApplication({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Application',
  metadata: { name: 'shop', namespace: 'argocd', deletionTimestamp: '2026-12-01T10:00:00Z', finalizers },
  spec: { destination: { namespace: 'shop' } },
  status: { conditions },
});

test('not being deleted: nothing to say', () => {
  expect(deletionState(readApplication({ kind: 'Application', apiVersion: 'argoproj.io/v1alpha1', metadata: { name: 'a' }, status: {} }), [], NOW)).toBeUndefined();
});

test('the stage is the first whose finalizer is left, in the order Argo CD does them', () => {
  const stage = (f: string[]) => deletionState(app(f), [], NOW)!.stage;
  expect(stage(['pre-delete-finalizer.argocd.argoproj.io', 'resources-finalizer.argocd.argoproj.io', 'post-delete-finalizer.argocd.argoproj.io'])).toBe('PreDelete hooks');
  expect(stage(['resources-finalizer.argocd.argoproj.io/background', 'post-delete-finalizer.argocd.argoproj.io'])).toBe('cascade');
  expect(stage(['post-delete-finalizer.argocd.argoproj.io', 'post-delete-finalizer.argocd.argoproj.io/cleanup'])).toBe('PostDelete hooks');
  expect(stage(['pre-delete-finalizer.argocd.argoproj.io/cleanup'])).toBe('cleanup');
  expect(stage(['example.com/protect'])).toBe('other finalizers');
  expect(deletionState(app([]), [], NOW)!.seconds).toBe(300);
});

test('the replay\'s blocked deletion (a PostDelete hook in the app\'s own Namespace) is read back as that cause, at its stage', () => {
  const text = yaml(k('v1', 'Namespace', 'shop'),
    { ...hookJob('deregister', { 'argocd.argoproj.io/hook': 'PostDelete' }), metadata: { name: 'deregister', namespace: 'shop', annotations: { 'argocd.argoproj.io/hook': 'PostDelete' } } });
  const manifests = manifestsOf(text);
  const r = simulateDeletion(buildPlan(manifests), manifests);
  expect(r.outcome).toBe('Blocked');
  const d = deletionState(app([...r.finalizersLeft], [{ type: 'DeletionError', message: r.message }]), [], NOW)!;
  expect(d.stage).toBe('PostDelete hooks');
  expect(d.error).toBe('namespaces "shop" not found');
  expect(d.cause).toContain('rule post-delete-hook-namespace-deleted');
});

test('failed deletion hooks, and a cluster-scoped one created again before 3.4, in the replay\'s words', () => {
  const failed = deletionState(app(['pre-delete-finalizer.argocd.argoproj.io'], [{ type: 'DeletionError', message: 'error executing pre-delete hooks: PreDelete hook(s) failed: shop/drain' }]), [], NOW)!;
  expect(failed.cause).toMatch(/^the PreDelete hooks shop\/drain failed \(Degraded\): Argo CD deletes them and creates them again on every try/);
  const text = yaml(k('rbac.authorization.k8s.io/v1', 'ClusterRole', 'cleanup', { rules: [] }, { 'argocd.argoproj.io/hook': 'PreDelete' }));
  const manifests = manifestsOf(text);
  const r = simulateDeletion(buildPlan(manifests, { namespace: 'shop' }), manifests, { argocdVersion: '3.3' });
  const d = deletionState(app([...r.finalizersLeft], [{ type: 'DeletionError', message: r.message }]), [], NOW)!;
  expect(d.cause).toContain('a cluster-scoped deletion hook');
  expect(d.cause).toContain('skipped since Argo CD 3.4');
});

test('the cascade with --live: objects still terminating and their finalizers', () => {
  const e = explainFixture('deleting-cascade.yaml', { live: 'deleting-cascade-live.yaml', now: '2026-12-01T10:05:00Z' });
  expect(e.deletion).toMatchObject({
    stage: 'cascade',
    terminating: [{ kind: 'PersistentVolumeClaim', name: 'data', namespace: 'reports', finalizers: ['kubernetes.io/pvc-protection'] }],
    cause: '1 of its objects is still terminating, held by finalizers: the next wave waits until they are gone',
  });
});
