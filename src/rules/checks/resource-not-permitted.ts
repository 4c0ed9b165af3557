import type { ResourcePermission } from '../../argo/app-project';
import { CREATE_NAMESPACE_SOURCE } from '../../argo/create-namespace';
import { customScopesOf, syncPermissionRefusal } from '../../argo/sync-permissions';
import type { AppProjectContext, SyncPermissionRefusal } from '../../argo/sync-permissions';
import type { SyncTask } from '../../argo/types';
import type { Hit, Rule, RuleContext } from '../types';

/**
 * Before a sync applies anything, Argo CD checks every task against the Application's AppProject
 * (argo-cd `controller/sync.go` `validateSyncPermissions`, gitops-engine `pkg/sync/sync_context.go`
 * `getSyncTasks`, `TestSyncNotPermittedNamespace`): a group/kind (or, for a cluster-scoped kind since
 * 3.3, a name) the project's resource lists refuse, or a namespaced object in a namespace its
 * destinations refuse, fails the whole operation, "one or more synchronization tasks are not valid",
 * with no SyncFail hook. A custom AppProject without `clusterResourceWhitelist` permits no
 * cluster-scoped kind: a child that ships a Namespace, a CRD or a ClusterRole never syncs. Checked
 * only when the lint is given the AppProject (`LintOptions.appProject`, an app-of-apps parent's), and
 * for kinds whose scope is known (built in, Argo CD's, or a CRD among the manifests).
 */
export const resourceNotPermitted: Rule = {
  id: 'resource-not-permitted',
  defaultLevel: 'error',
  title: 'An object its Application\'s AppProject does not permit (group/kind, name or namespace): Argo CD refuses the whole sync',
  check(ctx) {
    const context = ctx.options.appProject;
    if (!context) return [];
    const customScopes = customScopesOf(ctx.manifestsOfKind('CustomResourceDefinition'));
    const hits: Hit[] = [];
    const seen = new Set<object>(); // once per object (a hook in two phases is two tasks)
    const tasks = ctx.plan.createNamespace ? [ctx.plan.createNamespace, ...ctx.tasks] : ctx.tasks;
    for (const t of tasks) {
      if (t.action !== 'apply' || seen.has(t.manifest)) continue;
      seen.add(t.manifest);
      const refusal = syncPermissionRefusal(context, t, ctx.options.namespace, customScopes, ctx.options.argocdVersion);
      if (!refusal) continue;
      const gk = `${t.group}/${t.kind}`;
      const crdInSync = customScopes.has(gk) && !ctx.options.installedCrds.includes(gk);
      hits.push(refusal.kind ? kindRefused(context, t, refusal, refusal.kind, crdInSync) : namespaceRefused(ctx, context, t, refusal));
    }
    return hits;
  },
};

/** What the refusal does to the sync, with Argo CD's own words for it. */
function consequence(context: AppProjectContext, words: string, crdInSync: boolean): string {
  const when = crdInSync
    ? 'once the cluster serves its kind (on a first sync, after the steps up to its CRD, which is in this sync, were applied)'
    : 'before it applies anything';
  return `Argo CD fails the sync of Application ${context.application} ${when} ("one or more synchronization tasks are not valid"; `
    + `the object's result: "${words}"), and no SyncFail hook runs`;
}

function kindRefused(context: AppProjectContext, t: SyncTask, refusal: SyncPermissionRefusal, verdict: ResourcePermission, crdInSync: boolean): Hit {
  const p = context.projectName;
  const namespaced = refusal.namespaced;
  const words = refusal.message;
  // The Namespace CreateNamespace=true adds: no manifest to fix, so the fix names the option.
  const synthetic = t.manifest.source.file === CREATE_NAMESPACE_SOURCE;
  return {
    manifest: t.manifest,
    message: `${why(verdict, t, p, namespaced)}${synthetic ? ' (the Namespace CreateNamespace=true adds)' : ''}: ${consequence(context, words, crdInSync)}`,
    fix: fixFor(verdict, t, p, synthetic),
    ...(synthetic ? {} : { path: verdict.namePatterns ? ['metadata', 'name'] : ['kind'] }),
  };
}

/** `{group: 'apps', kind: Deployment}`, as an entry of the lists is written. */
function entryText(group: string, kind: string, name?: string): string {
  return `{group: '${group}', kind: ${kind}${name !== undefined ? `, name: ${name}` : ''}}`;
}

function why(v: ResourcePermission, t: SyncTask, p: string, namespaced: boolean): string {
  const scope = namespaced ? 'is namespaced' : 'is cluster-scoped';
  if (v.refusedBy === 'clusterResourceBlacklist' || v.refusedBy === 'namespaceResourceBlacklist') {
    return `is denied by AppProject ${p}'s ${v.refusedBy} (entry ${JSON.stringify(v.entry)})`;
  }
  if (v.emptyWhitelist) {
    return namespaced
      ? `${scope}, and AppProject ${p}'s namespaceResourceWhitelist is empty, which permits no namespaced kind (absent, it would permit every kind)`
      : `${scope}, and AppProject ${p} has no clusterResourceWhitelist (absent or empty), which permits no cluster-scoped kind`;
  }
  if (v.namePatterns) {
    return `${scope}, and AppProject ${p}'s clusterResourceWhitelist permits ${t.kind} only named ${v.namePatterns.join(' or ')}`;
  }
  return `${scope}, and no entry of AppProject ${p}'s ${v.refusedBy} matches group '${t.group}' and kind ${t.kind} (patterns match case-sensitively)`;
}

function fixFor(v: ResourcePermission, t: SyncTask, p: string, synthetic: boolean): string {
  const elsewhere = synthetic
    ? `or drop CreateNamespace=true and create Namespace ${t.name} from an Application whose project permits it (the parent, say)`
    : `or create the ${t.kind} from an Application whose project permits it (the parent, say)`;
  if (v.refusedBy === 'clusterResourceBlacklist' || v.refusedBy === 'namespaceResourceBlacklist') {
    return `remove or narrow that entry of AppProject ${p}'s spec.${v.refusedBy}, ${elsewhere}`;
  }
  if (v.refusedBy === 'namespaceResourceWhitelist' && v.emptyWhitelist) {
    return `list the kinds the project permits in AppProject ${p}'s spec.namespaceResourceWhitelist (${entryText(t.group, t.kind)}), or remove the empty list to permit every namespaced kind`;
  }
  return `add ${entryText(t.group, t.kind, v.namePatterns ? t.name : undefined)} to AppProject ${p}'s spec.${v.refusedBy}, ${elsewhere}`;
}

/** A namespaced object outside the destination namespace, in a namespace the destinations refuse. */
function namespaceRefused(ctx: RuleContext, context: AppProjectContext, t: SyncTask, refusal: SyncPermissionRefusal): Hit {
  const destination = ctx.options.namespace;
  const p = context.projectName;
  return {
    manifest: t.manifest,
    message: `lives in namespace ${t.namespace}, which no entry of AppProject ${p}'s spec.destinations permits on the Application's cluster: `
      + consequence(context, refusal.message, false),
    fix: `add a destination for namespace ${t.namespace} to AppProject ${p}, `
      + (destination !== '' ? `or move the ${t.kind} into ${destination}, the Application's destination namespace` : `or move the ${t.kind} to a namespace it permits`),
    path: ['metadata', 'namespace'],
  };
}
