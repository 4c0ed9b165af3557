import { ANNOTATION_SYNC_OPTIONS } from '../../argo/annotations';
import { clientSideApplyOverflow } from '../../argo/apply-size';
import { firstApplyTasks } from '../applied-objects';
import type { Hit, Rule } from '../types';

/**
 * Argo CD applies with a client-side `kubectl apply` unless told otherwise, which stores the whole
 * object as JSON in the `kubectl.kubernetes.io/last-applied-configuration` annotation. Past 256 KiB
 * the API server rejects it ("metadata.annotations: Too long: may not be more than 262144 bytes")
 * and the sync fails at that step. Large CRDs hit it (kube-prometheus' `prometheuses`
 * CRD is ~470 KiB; Argo CD's own ApplicationSet CRD since 3.3, `docs/operator-manual/upgrading/3.2-3.3.md`);
 * the documented way out is `ServerSideApply=true` (`docs/user-guide/sync-options.md`), decided per
 * object by `gitops-engine pkg/sync/sync_context.go` `shouldUseServerSideApply`; `Replace=true` stores nothing either.
 * The measure and the exemptions live in `argo/apply-size.ts`, shared with the simulator.
 */
export const clientSideApplyTooLarge: Rule = {
  id: 'client-side-apply-too-large',
  defaultLevel: 'error',
  title: 'An object too large for a client-side apply',
  check(ctx) {
    const hits: Hit[] = [];
    for (const t of firstApplyTasks(ctx.tasks)) { // once per object (a hook in two phases is two tasks)
      const bytes = clientSideApplyOverflow(t.manifest.object, ctx.options.syncOptions);
      if (bytes === undefined) continue;
      hits.push({
        manifest: t.manifest,
        message: `is ${Math.ceil(bytes / 1024)} KiB as JSON; a client-side apply (Argo CD's default) copies all of it into the annotation kubectl.kubernetes.io/last-applied-configuration, over the 256 KiB Kubernetes allows for annotations, so the API server rejects it ("metadata.annotations: Too long") and the sync fails at this step`,
        fix: `annotate ${ANNOTATION_SYNC_OPTIONS}: ServerSideApply=true (or add ServerSideApply=true to the Application's spec.syncPolicy.syncOptions)`,
        path: ['kind'],
      });
    }
    return hits;
  },
};
