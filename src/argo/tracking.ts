/**
 * Which live objects are the Application's, and so may be pruned (argo-cd
 * `util/argo/resource_tracking.go`, `controller/state.go` `isSelfReferencedObj`). With annotation
 * tracking (the default since 3.0; `annotation+label` reads the annotation too) an object is the
 * app's when `argocd.argoproj.io/tracking-id` is `<app>:<group>/<kind>:<namespace>/<name>` naming
 * this app and this very object (a copied annotation does not count). With label tracking (the
 * default before 3.0) it is the `app.kubernetes.io/instance` label naming the app.
 */
import { isPlainObject } from './annotations';
import { groupOf, metadataString } from './keys';
import type { TrackingMethod, TrackingOptions } from './types';
import { behavesSince } from './versions';

export type { TrackingMethod, TrackingOptions };

export const ANNOTATION_TRACKING_ID = 'argocd.argoproj.io/tracking-id';
export const LABEL_APP_INSTANCE = 'app.kubernetes.io/instance';

export const TRACKING_METHODS: readonly TrackingMethod[] = ['annotation', 'label', 'annotation+label'];

/** Which metadata maps the repo server writes the app's tracking into (`trackingWrites`). */
export interface TrackingWrites {
  readonly annotations: boolean;
  readonly labels: boolean;
}

const WRITES: Readonly<Record<TrackingMethod | 'none', TrackingWrites>> = {
  'annotation': { annotations: true, labels: false },
  'label': { annotations: false, labels: true },
  'annotation+label': { annotations: true, labels: true },
  'none': { annotations: false, labels: false },
};

/**
 * The maps the repo server writes the app's tracking into when it renders `object` (argo-cd
 * `reposerver/repository/repository.go`: every object but a CRD, `!kube.IsCRD(target)` before
 * `SetAppInstance`; `util/argo/resource_tracking.go` `SetAppInstance`: the tracking-id annotation
 * with `annotation` and `annotation+label`, the instance label with `label` and `annotation+label`).
 * Each write first reads its map with `util/kube/kube.go` `nestedNullableStringMap`, which fails on
 * any value that is not a string, null included, in every version: manifest generation fails, and
 * the whole Application with it (non-string-annotation.ts, non-string-label.ts).
 */
export function trackingWrites(object: Record<string, unknown>, method: TrackingMethod): TrackingWrites {
  return isCrdObject(object) ? WRITES.none : WRITES[method];
}

/** `kube.IsCRD`: a CustomResourceDefinition of `apiextensions.k8s.io`. */
function isCrdObject(object: Record<string, unknown>): boolean {
  return object.kind === 'CustomResourceDefinition'
    && groupOf(typeof object.apiVersion === 'string' ? object.apiVersion : '') === 'apiextensions.k8s.io';
}

/** argocd-cm's default: `annotation` since 3.0, `label` before. */
export function defaultTrackingMethod(argocdVersion?: string): TrackingMethod {
  return behavesSince('hookFinalizer', argocdVersion) ? 'annotation' : 'label';
}

function metadataMap(object: Record<string, unknown>, field: 'annotations' | 'labels'): Record<string, unknown> {
  const metadata = object.metadata;
  const map = isPlainObject(metadata) ? metadata[field] : undefined;
  return isPlainObject(map) ? map : {};
}

/** `ParseAppInstanceValue`: undefined unless `<app>:<group>/<kind>:<namespace>/<name>`. */
export function parseTrackingId(value: string) {
  const first = value.indexOf(':');
  const second = first < 0 ? -1 : value.indexOf(':', first + 1);
  if (second < 0) return undefined;
  const gk = value.slice(first + 1, second).split('/');
  const nn = value.slice(second + 1).split('/');
  if (gk.length !== 2 || nn.length !== 2) return undefined;
  return { appName: value.slice(0, first), group: gk[0], kind: gk[1], namespace: nn[0], name: nn[1] };
}

/**
 * Undefined when the live object is tracked as the app's, else why not (one phrase, for the
 * excluded list).
 */
export function untrackedReason(object: Record<string, unknown>, tracking: TrackingOptions, argocdVersion?: string): string | undefined {
  const method = tracking.method ?? defaultTrackingMethod(argocdVersion);
  const app = tracking.appName;
  if (method === 'label') {
    const label = metadataMap(object, 'labels')[LABEL_APP_INSTANCE];
    if (typeof label !== 'string' || label === '') return `no ${LABEL_APP_INSTANCE} label (label tracking)`;
    return app === undefined || label === app ? undefined : `${LABEL_APP_INSTANCE} is "${label}", another app's`;
  }
  const raw = metadataMap(object, 'annotations')[ANNOTATION_TRACKING_ID];
  if (typeof raw !== 'string' || raw === '') return `no ${ANNOTATION_TRACKING_ID} annotation (${method} tracking)`;
  const id = parseTrackingId(raw);
  if (!id) return `${ANNOTATION_TRACKING_ID} "${raw}" is not <app>:<group>/<kind>:<namespace>/<name>`;
  if (app !== undefined && id.appName !== app) return `tracked by another app (${id.appName})`;
  const namespace = metadataString(object, 'namespace');
  const self = (namespace === id.namespace || namespace === '') && metadataString(object, 'name') === id.name
    && groupOf(typeof object.apiVersion === 'string' ? object.apiVersion : '') === id.group && object.kind === id.kind;
  return self ? undefined : `${ANNOTATION_TRACKING_ID} names another object (${id.group}/${id.kind}:${id.namespace}/${id.name}: copied?)`;
}
