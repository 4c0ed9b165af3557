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
import { sinceText } from '../../../src/argo/versions';
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

describe('a deletion hook the API server refuses for its app.kubernetes.io/instance label over 63 characters (argo-cd #27527, fixed by #27542)', () => {
  const NAME = 'payments-reconciliation-service-eu-west-1-production-blue-green-1'; // 65 characters
  const named = (name: string, namespace: string, finalizers: string[], message: string) => readApplication({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name, namespace, deletionTimestamp: '2026-12-01T10:00:00Z', finalizers },
    spec: { destination: { namespace: 'shop' } },
    status: { conditions: [{ type: 'DeletionError', message }] },
  });
  const replay = (type: 'PreDelete' | 'PostDelete', instance: string, version: string) => {
    const manifests = manifestsOf(yaml(hookJob('drain', { 'argocd.argoproj.io/hook': type })));
    return simulateDeletion(buildPlan(manifests, { namespace: 'shop' }), manifests, { argocdVersion: version, appInstanceName: instance });
  };

  test.each(['PreDelete', 'PostDelete'] as const)('the replay\'s %s refusal is read back: what it means, the releases with the fix, and what to do', (type) => {
    const r = replay(type, NAME, '3.4.2');
    expect(r.outcome).toBe('Blocked');
    const d = deletionState(named(NAME, 'argocd', [...r.finalizersLeft], r.message!), [], NOW)!;
    expect(d.error).toContain(`metadata.labels: Invalid value: "${NAME}": must be no more than 63 characters`);
    expect(d.cause).toContain(`Argo CD labels every deletion hook app.kubernetes.io/instance: ${NAME} (the Application's instance name, 65 characters)`);
    // The releases come from versions.ts, as simulate --delete reads them.
    expect(d.cause).toContain(`fixed in ${sinceText('deletionHookTrackedLabel')} by #27542`);
    expect(d.cause).toContain('Upgrade Argo CD to a release with the fix');
  });

  test('an Application outside Argo CD\'s namespace: its instance name is <namespace>_<name>', () => {
    const instance = `team-payments-prod_${NAME.slice(0, 50)}`;
    const r = replay('PostDelete', instance, '3.3.10');
    const d = deletionState(named(NAME.slice(0, 50), 'team-payments-prod', [...r.finalizersLeft], r.message!), [], NOW)!;
    expect(d.cause).toContain(`app.kubernetes.io/instance: ${instance}`);
  });

  test('a label of the hook\'s own over 63 characters is the hook\'s to fix, not the instance name\'s', () => {
    const message = `error executing pre-delete hooks: Job.batch "drain" is invalid: metadata.labels: Invalid value: "${'x'.repeat(64)}": must be no more than 63 bytes`;
    const d = deletionState(named('shop', 'argocd', ['pre-delete-finalizer.argocd.argoproj.io'], message), [], NOW)!;
    expect(d.cause).toBe('the API server refuses the deletion hook Job.batch "drain": a label\'s value is over 63 characters, so the deletion fails on every try; shorten the label in the hook\'s manifest');
  });
});
