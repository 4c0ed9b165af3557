import { ANNOTATION_SYNC_OPTIONS } from '../../argo/annotations';
import { hasSyncOption } from '../../argo/sync-options';
import type { Hit, Rule } from '../types';

/** Kubernetes' limit on all annotations of one object together (`TotalAnnotationSizeLimitB`). */
const ANNOTATIONS_LIMIT_BYTES = 256 * 1024;

const SSA = 'ServerSideApply=true';
const SSA_OFF = 'ServerSideApply=false';
const REPLACE = 'Replace=true';

/**
 * Argo CD applies with a client-side `kubectl apply` unless told otherwise, which stores the whole
 * object as JSON in the `kubectl.kubernetes.io/last-applied-configuration` annotation. Past 256 KiB
 * the API server rejects it ("metadata.annotations: Too long: may not be more than 262144 bytes")
 * and the sync fails at that step. Large CRDs hit it (kube-prometheus' `prometheuses`
 * CRD is ~470 KiB; Argo CD's own ApplicationSet CRD since 3.3, `docs/operator-manual/upgrading/3.2-3.3.md`);
 * the documented way out is `ServerSideApply=true` (`docs/user-guide/sync-options.md`), decided per
 * object by `GE/sync/sync_context.go` `shouldUseServerSideApply`; `Replace=true` stores nothing either.
 * The size is measured as JavaScript writes the JSON, never more than Go does (Go also escapes
 * `<`, `>`, `&`): an object reported is over the limit for certain.
 */
export const clientSideApplyTooLarge: Rule = {
  id: 'client-side-apply-too-large',
  defaultLevel: 'error',
  title: 'An object too large for a client-side apply',
  check(ctx) {
    const app = ctx.options.syncOptions;
    const appSsa = app.includes(SSA);
    const appReplace = app.includes(REPLACE);
    const hits: Hit[] = [];
    for (const t of ctx.tasks) {
      if (t.action !== 'apply' || ctx.tasksOf(t.manifest)[0] !== t) continue; // once per object
      const object = t.manifest.object;
      if (appReplace || hasSyncOption(object, REPLACE)) continue;
      if (!hasSyncOption(object, SSA_OFF) && (appSsa || hasSyncOption(object, SSA))) continue;
      const bytes = Buffer.byteLength(JSON.stringify(object), 'utf8');
      if (bytes <= ANNOTATIONS_LIMIT_BYTES) continue;
      hits.push({
        manifest: t.manifest,
        message: `is ${Math.ceil(bytes / 1024)} KiB as JSON; a client-side apply (Argo CD's default) copies all of it into the annotation kubectl.kubernetes.io/last-applied-configuration, over the 256 KiB Kubernetes allows for annotations, so the API server rejects it ("metadata.annotations: Too long") and the sync fails at this step`,
        fix: `annotate ${ANNOTATION_SYNC_OPTIONS}: ${SSA} (or add ${SSA} to the Application's spec.syncPolicy.syncOptions)`,
        path: ['kind'],
      });
    }
    return hits;
  },
};
