import { builtinApiVersionSpelling } from '../../argo/api-groups';
import { discoveryError } from '../../argo/simulate/api-discovery';
import { firstApplyTasks } from '../applied-objects';
import type { Hit, Rule } from '../types';
import { unservedEffect } from '../unserved';

/**
 * client-go `ServerResourcesForGroupVersion` asks for `/apis/<group>/<version>` as written, and the API
 * server's paths are case-sensitive: `apiVersion: Apps/v1`, `apps/V1` or `V1` 404s, so the validation of
 * every task before the sync (gitops-engine `pkg/sync/sync_context.go` `getSyncTasks` →
 * `pkg/utils/kube/kube.go` `ServerResourceForGroupVersionKind`) fails the whole sync and nothing is applied.
 */
export const apiVersionMiscased: Rule = {
  id: 'api-version-miscased',
  defaultLevel: 'error',
  title: 'A built-in apiVersion written in another case (discovery paths are case-sensitive)',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of firstApplyTasks(ctx.tasks)) { // once per object (a hook in two phases is two tasks)
      const spelling = builtinApiVersionSpelling(t.apiVersion, t.kind);
      if (spelling === undefined) continue;
      hits.push({
        manifest: t.manifest,
        message: `apiVersion ${t.apiVersion} is not a group/version the API server serves (discovery paths are case-sensitive): Kubernetes spells it ${spelling}, `
          + unservedEffect(ctx, t, discoveryError(t.apiVersion)),
        fix: `write apiVersion: ${spelling}`,
        path: ['apiVersion'],
      });
    }
    return hits;
  },
};
