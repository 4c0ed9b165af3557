/**
 * post-delete-hook-namespace-deleted (src/rules/checks/post-delete-hook-namespace-deleted.ts): its trip/pass
 * case (argo-cd #24924), and agreement with the deletion replay: the rule fires exactly when
 * `simulateDeletion` ends Blocked on "namespaces … not found" (argo-cd `finalizeApplicationDeletion`).
 */
import * as fc from 'fast-check';
import { buildPlan } from '../../../src/argo/plan';
import { simulateDeletion } from '../../../src/argo/simulate/deletion';
import { hookJob, k, yaml } from '../../fixtures/manifests';
import { findingsOf, manifestsOf, ruleCase } from '../helpers';

const ID = 'post-delete-hook-namespace-deleted';
const HOOK = 'argocd.argoproj.io/hook';
const postDelete = (name: string, namespace?: string) => {
  const job = hookJob(name, { [HOOK]: 'PostDelete', 'argocd.argoproj.io/hook-delete-policy': 'HookSucceeded' });
  return namespace === undefined ? job : { ...job, metadata: { ...(job.metadata as object), namespace } };
};
const namespace = (name: string, a?: Record<string, string>) => k('v1', 'Namespace', name, {}, a);

ruleCase(ID, {
  ref: 'argo-cd #24924',
  trips: yaml(namespace('shop'), postDelete('deregister', 'shop')),
  passes: yaml(namespace('shop', { 'argocd.argoproj.io/sync-options': 'Delete=false' }), postDelete('deregister', 'shop')),
});

describe(ID, () => {
  test('names the Namespace and where it is; a hook without a namespace is in the destination namespace', () => {
    const [f] = findingsOf(ID, yaml(namespace('shop'), postDelete('deregister')), { namespace: 'shop' });
    expect(f.message).toContain('is a PostDelete hook in namespace shop, which this app\'s Namespace/shop (app.yaml:');
    expect(f.message).toContain('(namespaces "shop" not found), the deletion fails on every reconcile and the Application is never gone');
    expect(f.fix).toContain('or make it a PreDelete hook (Argo CD 3.3+)');
  });

  test('a hook in another namespace, a PreDelete hook, a kept Namespace (resource-policy keep, or the Application\'s Delete=false): nothing', () => {
    expect(findingsOf(ID, yaml(namespace('shop'), postDelete('deregister', 'ops')))).toEqual([]);
    expect(findingsOf(ID, yaml(namespace('shop'), { ...postDelete('drain', 'shop'), metadata: { name: 'drain', namespace: 'shop', annotations: { [HOOK]: 'PreDelete' } } }))).toEqual([]);
    expect(findingsOf(ID, yaml(namespace('shop', { 'helm.sh/resource-policy': 'keep' }), postDelete('deregister', 'shop')))).toEqual([]);
    expect(findingsOf(ID, yaml(namespace('shop'), postDelete('deregister', 'shop')), { syncOptions: ['Delete=false'] })).toEqual([]);
  });

  test('property: the rule fires exactly when the deletion replay is blocked by the deleted namespace', () => {
    fc.assert(fc.property(
      fc.constantFrom('shop', 'ops'), fc.boolean(), fc.constantFrom('shop', 'ops'), fc.integer({ min: -1, max: 2 }),
      (nsName, kept, hookNs, wave) => {
        const text = yaml(
          namespace(nsName, { 'argocd.argoproj.io/sync-wave': String(wave), ...(kept ? { 'argocd.argoproj.io/sync-options': 'Delete=false' } : {}) }),
          postDelete('deregister', hookNs),
        );
        const manifests = manifestsOf(text);
        const r = simulateDeletion(buildPlan(manifests), manifests);
        const blocked = r.outcome === 'Blocked' && r.message.includes(`namespaces "${hookNs}" not found`);
        expect(findingsOf(ID, text).length > 0).toBe(blocked);
      },
    ));
  });
});
