import { appNamespacePermitted, appProjectsOf, destinationNamespacePermitted, destinationPermitted, projectNameOf } from '../../argo/app-project';
import { isApplication } from '../gates';
import type { Hit, Rule } from '../types';

/**
 * An Application its AppProject refuses is never synced: the controller stops at "application is
 * not allowed to use project" or "destination is not permitted" (`argo-cd
 * pkg/apis/application/v1alpha1/app_project_types.go`, `controller/appcontroller.go` `getAppProj`).
 * A parent's wave holding it then waits forever (or, without the Application health check, moves on
 * without it), so whatever it orders is not honoured. Reported only when the AppProject is among the
 * manifests and its patterns are plain (`src/argo/app-project.ts`).
 */
export const applicationProjectForbids: Rule = {
  id: 'application-project-forbids',
  defaultLevel: 'error',
  title: 'A child Application its AppProject forbids (another namespace, a destination namespace or cluster not permitted): never synced',
  check(ctx) {
    const hits: Hit[] = [];
    const projects = appProjectsOf(ctx.manifestsOfKind('AppProject'));
    if (projects.size === 0) return hits;
    for (const t of ctx.tasksOfKind('Application')) {
      if (t.action !== 'apply' || !isApplication(t)) continue;
      const spec = (t.manifest.object.spec ?? {}) as Record<string, any>;
      const name = projectNameOf(t.manifest.object);
      const project = projects.get(name);
      if (!project) continue;
      if (appNamespacePermitted(project, t.namespace) === false) {
        hits.push({
          manifest: t.manifest,
          message: `lives in namespace ${t.namespace}, which AppProject ${name} does not permit (spec.sourceNamespaces), so Argo CD never syncs it `
            + '(application is not allowed to use project) and no wave that orders it is honoured',
          fix: `add ${t.namespace} to AppProject ${name}'s spec.sourceNamespaces (and to application.namespaces in argocd-cmd-params-cm, `
            + `docs/operator-manual/app-any-namespace.md), or create the Application in ${String((project.metadata as { namespace?: unknown } | undefined)?.namespace)}, the control plane's namespace`,
          path: ['metadata', 'namespace'],
        });
      }
      const dst = (spec.destination ?? {}) as Record<string, unknown>;
      const destination = dst.namespace;
      if (typeof destination === 'string' && destination !== '' && destinationNamespacePermitted(project, destination) === false) {
        hits.push({
          manifest: t.manifest,
          message: `syncs to namespace ${destination}, which AppProject ${name} does not permit (spec.destinations), so Argo CD never syncs it `
            + '(destination is not permitted in project) and no wave that orders it is honoured',
          fix: `add a destination for namespace ${destination} to AppProject ${name}, or sync to a namespace it permits`,
          path: ['spec', 'destination', 'namespace'],
        });
        continue;
      }
      // The namespace is permitted somewhere: the cluster (server or name) must be permitted with it.
      const by = typeof dst.server === 'string' && dst.server !== '' ? 'server' : typeof dst.name === 'string' && dst.name !== '' ? 'name' : undefined;
      if (by === undefined) continue;
      const cluster = String(dst[by]);
      const ns = typeof destination === 'string' ? destination : '';
      if (destinationPermitted(project, { server: by === 'server' ? cluster : undefined, name: by === 'name' ? cluster : undefined, namespace: ns }) === false) {
        hits.push({
          manifest: t.manifest,
          message: `syncs to cluster ${cluster} (spec.destination.${by}), which no entry of AppProject ${name}'s spec.destinations permits `
            + `with namespace ${ns || '(none)'}, so Argo CD never syncs it (destination is not permitted in project) and no wave that orders it is honoured`,
          fix: `add a destination with ${by} ${cluster} and namespace ${ns || '(none)'} to AppProject ${name}, or sync to a cluster it permits`,
          path: ['spec', 'destination', by],
        });
      }
    }
    return hits;
  },
};
