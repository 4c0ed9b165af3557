import { ANNOTATION_HOOK, HELM_HOOK } from '../../argo/annotations';
import { keptOnDeletion } from '../../argo/app-deletion';
import { deletionHookTypesOf } from '../../argo/hooks';
import { isClusterScopedKind } from '../../argo/scope';
import { formatSource } from '../../argo/tasks';
import type { Manifest } from '../../argo/types';
import { groupOf, kindOf, namespaceOf } from '../objects';
import type { Hit, Rule } from '../types';

/**
 * argo-cd #24924: deleting an Application deletes its objects wave by wave, and only once all of them
 * are gone does it create the PostDelete hooks (`controller/hook.go`; docs/argo-cd-model.md#application-deletion).
 * A PostDelete hook in a Namespace the app itself deletes cannot be created then ("namespaces … not
 * found"): the deletion fails on every reconcile and the Application is never gone.
 */
export const postDeleteHookNamespaceDeleted: Rule = {
  id: 'post-delete-hook-namespace-deleted',
  defaultLevel: 'error',
  title: 'A PostDelete hook in a Namespace the Application deletes before it',
  check(ctx) {
    const version = ctx.options.argocdVersion;
    // The app's Namespaces the cascade deletes, by name.
    const deleted = new Map<string, Manifest>();
    for (const t of ctx.tasksOfKind('Namespace')) {
      if (t.group !== '' || t.action !== 'apply') continue;
      if (keptOnDeletion(t.group, t.kind, t.manifest.object, ctx.options.syncOptions, version) === undefined) deleted.set(t.name, t.manifest);
    }
    if (deleted.size === 0) return [];
    const hits: Hit[] = [];
    // Only objects with a hook annotation can be deletion hooks (the index, not every manifest).
    for (const m of ctx.withAnnotation(ANNOTATION_HOOK, HELM_HOOK)) {
      if (!deletionHookTypesOf(m.object, version).includes('PostDelete') || isClusterScopedKind(groupOf(m), kindOf(m))) continue;
      const namespace = namespaceOf(m, ctx.options.namespace);
      const owner = deleted.get(namespace);
      if (!owner) continue;
      hits.push({
        manifest: m,
        message: `is a PostDelete hook in namespace ${namespace}, which this app's Namespace/${namespace} (${formatSource(owner.source)}) is: deleting the Application `
          + 'deletes that Namespace before it creates the PostDelete hooks, so this one cannot be created '
          + `(namespaces "${namespace}" not found), the deletion fails on every reconcile and the Application is never gone`,
        fix: `run it in a namespace this app does not delete (or keep Namespace/${namespace}: argocd.argoproj.io/sync-options: Delete=false), `
          + 'or make it a PreDelete hook (Argo CD 3.3+), which runs before anything is deleted',
        path: ['metadata', 'namespace'],
      });
    }
    return hits;
  },
};
