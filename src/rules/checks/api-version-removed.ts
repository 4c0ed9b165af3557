import { DEFAULT_KUBE_VERSION, unservedBuiltin } from '../../argo/served-versions';
import type { Hit, Rule } from '../types';

/**
 * Argo CD asks discovery about every task's group/version/kind before it applies anything
 * (gitops-engine `pkg/sync/sync_context.go` `getSyncTasks`, `TestSync_getSyncTasks_FailureMessage`):
 * an apiVersion the cluster's Kubernetes no longer serves (`extensions/v1beta1` Ingress,
 * `batch/v1beta1` CronJob, `policy/v1beta1` PodDisruptionBudget, …) fails the whole sync with "one
 * or more synchronization tasks are not valid", no SyncFail hook runs. The table of what each
 * Kubernetes version serves is `argo/served-versions.ts`; `--kube-version` picks the cluster.
 */
export const apiVersionRemoved: Rule = {
  id: 'api-version-removed',
  defaultLevel: 'error',
  title: 'An apiVersion the cluster\'s Kubernetes version does not serve',
  check(ctx) {
    const kube = ctx.options.kubeVersion ?? DEFAULT_KUBE_VERSION;
    const hits: Hit[] = [];
    const seen = new Set<object>(); // once per object (a hook in two phases is two tasks)
    for (const t of ctx.tasks) {
      // Two map misses for nearly every object: nothing built unless the table knows it.
      const unserved = t.action === 'apply' ? unservedBuiltin(t.apiVersion, t.kind, kube) : undefined;
      if (unserved === undefined || seen.has(t.manifest)) continue;
      seen.add(t.manifest);
      const when = unserved.removedIn !== undefined
        ? `which Kubernetes ${unserved.removedIn} removed`
        : `which Kubernetes serves only from ${unserved.servedFrom}`;
      hits.push({
        manifest: t.manifest,
        message: `uses apiVersion ${t.apiVersion} for ${t.kind}, ${when} (the cluster runs ${kube}): discovery does not serve it, so Argo CD fails the whole sync before applying anything ("one or more synchronization tasks are not valid") and no SyncFail hook runs`,
        fix: unserved.replacement !== undefined
          ? `use apiVersion ${unserved.replacement}${unserved.removedIn !== undefined ? '' : ' on this cluster'} (or pass --kube-version if the cluster runs another Kubernetes version)`
          : `target a cluster that serves it (or pass --kube-version ${unserved.servedFrom ?? kube} if the cluster runs it)`,
        path: ['apiVersion'],
      });
    }
    return hits;
  },
};
