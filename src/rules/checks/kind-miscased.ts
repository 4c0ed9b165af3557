import { ARGO_CD_GROUP, builtinKindSpelling } from '../../argo/api-groups';
import { unservedError } from '../../argo/simulate/api-discovery';
import { firstApplyTasks } from '../applied-objects';
import type { Hit, Rule } from '../types';
import { unservedEffect } from '../unserved';

/**
 * gitops-engine `pkg/utils/kube/kube.go` `ServerResourceForGroupVersionKind` matches discovery's kinds
 * exactly (`r.Kind == gvk.Kind`): `kind: configmap` is served by no API, so the validation of every task
 * before the sync (`pkg/sync/sync_context.go` `getSyncTasks`) fails the whole sync and nothing is applied.
 * Argo CD's own kinds (`argoproj.io` `application`) alike: discovery lists a CRD's kind as its CRD names it.
 */
export const kindMiscased: Rule = {
  id: 'kind-miscased',
  defaultLevel: 'error',
  title: 'A built-in or Argo CD kind written in another case (discovery matches kinds exactly)',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of firstApplyTasks(ctx.tasks)) { // once per object (a hook in two phases is two tasks)
      const spelling = builtinKindSpelling(t.group, t.kind);
      if (spelling === undefined) continue;
      hits.push({
        manifest: t.manifest,
        message: `kind ${t.kind} is not a kind ${t.apiVersion} serves (discovery matches kinds exactly, case included): `
          + `${t.group === ARGO_CD_GROUP ? 'Argo CD\'s CRD' : 'Kubernetes'} spells it ${spelling}, `
          + unservedEffect(ctx, t, unservedError(t, ctx.options.kubeVersion)),
        fix: `write kind: ${spelling}`,
        path: ['kind'],
      });
    }
    return hits;
  },
};
