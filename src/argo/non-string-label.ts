/**
 * What Argo CD does with a `metadata.labels` value that is not a string, for the tracking method
 * modelled (read in argo-cd at v2.14.0 to v3.5.0 and master):
 *
 * - Label tracking (`label`, `annotation+label`; the default before 3.0): the repo server writes the
 *   `app.kubernetes.io/instance` label on every object but a CRD (`tracking.ts` `trackingWrites`),
 *   reading `metadata.labels` with `util/kube/kube.go` `nestedNullableStringMap` first. It refuses
 *   any non-string value, null included, in every version (`TestGetAppInstanceLabelWithInvalidData`:
 *   `invalid-label: null` fails "contains non-string value in the map"), so manifest generation fails
 *   ("failed to set app instance tracking info on manifest") and the whole Application does not render.
 * - Annotation tracking, or a CRD: the repo server leaves the labels alone; the API server refuses a
 *   number, boolean, list or map when the object is applied (object-validity.ts, rule
 *   object-invalid) and decodes a null value as "", as JSON decoding does.
 *
 * Only `metadata.labels`: the pod template's labels get the instance label only under the legacy
 * label key (`SetAppInstanceLabel`, `LabelKeyLegacyApplicationName`), which argocd-cm does not use.
 */
import { isPlainObject } from './annotations';
import type { NonStringAnnotationModel } from './non-string-annotation';
import { defaultTrackingMethod, LABEL_APP_INSTANCE, trackingWrites } from './tracking';
import type { TrackingMethod } from './types';

/** The Argo CD version and tracking method modelled (as for annotations). */
export type NonStringLabelModel = NonStringAnnotationModel;

/** One label value that is not a string, or (`key` '') a `metadata.labels` that is not a map. */
export interface LabelProblem {
  readonly key: string;
  /** 'number', 'boolean', 'null', 'list', 'object'. */
  readonly type: string;
  readonly value: unknown;
}

const NONE: readonly LabelProblem[] = Object.freeze([]);

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  return typeof v;
}

/** The values of `metadata.labels` that are not strings, null included (a null or absent map has none). */
export function nonStringLabels(object: Record<string, unknown>): readonly LabelProblem[] {
  const metadata = object.metadata;
  const labels = isPlainObject(metadata) ? metadata.labels : undefined;
  if (labels === undefined || labels === null) return NONE;
  if (!isPlainObject(labels)) return [{ key: '', type: typeName(labels), value: labels }];
  let problems: LabelProblem[] | undefined;
  for (const key in labels) {
    if (!Object.prototype.hasOwnProperty.call(labels, key)) continue;
    const value = labels[key];
    if (typeof value !== 'string') (problems ??= []).push({ key, type: typeName(value), value });
  }
  return problems ?? NONE;
}

/** The tracking method modelled: the one given, else the version's default. */
function methodOf(model: NonStringLabelModel): TrackingMethod {
  return model.trackingMethod ?? defaultTrackingMethod(model.argocdVersion);
}

/** True when the repo server writes the instance label on some objects: only then can a label fail the app (a quick test for every object). */
export function labelTrackingModelled(model: NonStringLabelModel): boolean {
  return methodOf(model) !== 'annotation';
}

export interface NonStringLabelEffect {
  /** The repo server fails to generate the manifests: no object of the Application renders. */
  readonly failsApp: boolean;
  /** What happens when it does, as one clause for a message (no leading capital, no final stop). */
  readonly text: string;
}

/** What Argo CD does with one problem `nonStringLabels` reported on `object`. */
export function nonStringLabelEffect(object: Record<string, unknown>, problem: LabelProblem, model: NonStringLabelModel = {}): NonStringLabelEffect {
  const method = methodOf(model);
  const failsApp = trackingWrites(object, method).labels;
  const which = model.trackingMethod !== undefined ? `${method} tracking`
    : `${method} tracking (the default ${method === 'label' ? 'before' : 'since'} Argo CD 3.0)`;
  const nullValue = problem.key !== '' && problem.value === null;
  let text: string;
  if (failsApp) {
    text = `with ${which} Argo CD's repo server fails to generate the manifests (it cannot write the ${LABEL_APP_INSTANCE} label), `
      + `so the whole Application fails to render, not only this object; with annotation tracking ${nullValue ? 'the API server reads it as "" and nothing goes wrong' : 'the API server would reject it'}`;
  } else {
    const written = method === 'annotation' ? `with ${which} the repo server leaves the labels alone` : 'a CRD gets no instance label';
    text = `${written}, and ${nullValue ? 'the API server reads it as ""' : 'the API server rejects it'}`;
  }
  return { failsApp, text };
}
