/**
 * How Argo CD writes one object (gitops-engine `pkg/sync/sync_context.go` `applyObject`, `shouldUseServerSideApply`,
 * `processCreateTasks`; the kubectl calls in `pkg/utils/kube/resource_ops.go`):
 * - `Replace=true` (Application option, or the annotation on the manifest or, since 3.3, the live object): `kubectl create` when
 *   nothing is live, else `kubectl replace`; a CustomResourceDefinition or Namespace is updated instead (a replace
 *   could delete it and everything in it), "<Kind>/<name> updated". Replace goes before server-side apply.
 * - otherwise `kubectl apply`, server-side with `ServerSideApply=true` (Application option or annotation; the
 *   annotation `ServerSideApply=false` wins), never in the dry run.
 * - `Force=true` (annotation on the manifest or, since 3.3, the live object, or the operation's `argocd app sync --force`; the
 *   controller never reads it from the Application's sync options): `--force`, so a replace deletes and re-creates.
 * - `Validate=false` (Application option or annotation) only turns off kubectl's client-side schema validation of
 *   an apply, which kubectl skips anyway when the API server does server-side field validation (GA in Kubernetes
 *   1.27; kubectl `pkg/validation` `paramVerifyingSchema`); gitops-engine sets no `fieldValidation` directive, so
 *   the API server's own checks apply either way.
 * Only a client-side apply writes `kubectl.kubernetes.io/last-applied-configuration` (`apply-size.ts`). Unchanged
 * for every modelled version (2.14 on) but where the live object's annotation is read (`SINCE.liveReplaceForce`).
 */
import { ANNOTATION_SYNC_OPTIONS, annotationCsvOf } from './annotations';
import { behavesSince } from './versions';

export type ApplyMethod = 'apply' | 'server-side-apply' | 'create' | 'replace' | 'update';

export interface ApplyDecision {
  readonly method: ApplyMethod;
  /** `--force`: a replace deletes and re-creates the object. */
  readonly force: boolean;
  /** kubectl's client-side validation asked for (`Validate=false` turns it off). */
  readonly validate: boolean;
}

export interface ApplyContext {
  /** The Application's (the operation's) sync options. */
  readonly appSyncOptions: readonly string[];
  /** The object in the cluster, if any. */
  readonly live?: Record<string, unknown>;
  /** The operation's sync strategy force (`argocd app sync --force`). @default false */
  readonly operationForce?: boolean;
  /** The dry run: never server-side. @default false */
  readonly dryRun?: boolean;
  /** The Argo CD version (`versions.ts`). @default the latest */
  readonly argocdVersion?: string;
}

/** `applyObject`'s choice for one target. */
export function applyDecision(target: Record<string, unknown>, ctx: ApplyContext): ApplyDecision {
  const own = annotationCsvOf(target, ANNOTATION_SYNC_OPTIONS, ctx.argocdVersion);
  const live = ctx.live && behavesSince('liveReplaceForce', ctx.argocdVersion) ? annotationCsvOf(ctx.live, ANNOTATION_SYNC_OPTIONS) : [];
  const replace = ctx.appSyncOptions.includes('Replace=true') || own.includes('Replace=true') || live.includes('Replace=true');
  const force = (ctx.operationForce ?? false) || own.includes('Force=true') || live.includes('Force=true');
  const validate = !ctx.appSyncOptions.includes('Validate=false') && !own.includes('Validate=false');
  if (replace) {
    if (ctx.live === undefined) return { method: 'create', force, validate };
    const kind = target.kind;
    const crd = kind === 'CustomResourceDefinition' && typeof target.apiVersion === 'string' && target.apiVersion.startsWith('apiextensions.k8s.io/');
    return { method: crd || kind === 'Namespace' ? 'update' : 'replace', force, validate };
  }
  const serverSide = !(ctx.dryRun ?? false) && !own.includes('ServerSideApply=false')
    && (ctx.appSyncOptions.includes('ServerSideApply=true') || own.includes('ServerSideApply=true'));
  return { method: serverSide ? 'server-side-apply' : 'apply', force, validate };
}

/** Whether the method writes the last-applied-configuration annotation (a client-side apply only). */
export function writesLastApplied(method: ApplyMethod): boolean {
  return method === 'apply';
}

/**
 * The message Argo CD records for a successful write: kubectl's output (`deployment.apps/web created`,
 * `configured`, `unchanged`, `serverside-applied`, `replaced`), or "<Kind>/<name> updated" for the update path.
 * `changes` is false when the live object is already as the manifest (kubectl apply prints `unchanged`).
 */
export function applyMessage(decision: ApplyDecision, object: { group: string; kind: string; name: string },
  live: boolean, changes: boolean): string {
  if (decision.method === 'update') return `${object.kind}/${object.name} updated`;
  const resource = object.group === '' ? object.kind.toLowerCase() : `${object.kind.toLowerCase()}.${object.group}`;
  const verb = decision.method === 'server-side-apply' ? 'serverside-applied'
    : decision.method === 'replace' ? 'replaced'
      : decision.method === 'create' ? 'created'
        : !live ? 'created' : changes ? 'configured' : 'unchanged';
  return `${resource}/${object.name} ${verb}`;
}
