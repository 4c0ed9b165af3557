/**
 * What Argo CD does with an annotation value that is not a string, for the tracking method and
 * version modelled (read in argo-cd and apimachinery at the tags Argo CD pins in go.mod):
 *
 * - Annotation tracking (`annotation`, `annotation+label`; the default since 3.0): the repo server
 *   writes the tracking id on every object but a CRD (`reposerver/repository/repository.go`,
 *   `!kube.IsCRD(target)` before `SetAppInstance`), reading the map with `NestedStringMap`
 *   (`util/kube/kube.go` `nestedNullableStringMap`), which refuses any non-string value, null
 *   included, in every version. Manifest generation fails, so the whole Application does not render.
 * - Label tracking, or a CRD: the manifests render and the controller reads the map with
 *   apimachinery's `Unstructured.GetAnnotations`, which returns none of it when a value is not a
 *   string; since apimachinery v0.33 (Argo CD 3.1) a null value reads as "" and the rest still count
 *   (`NestedNullCoercingStringMap`, `annotations.ts` `nullReadsEmpty`). The API server's typed decoding rejects a number, boolean, list
 *   or map, and reads null as "", as JSON decoding does (the reason apimachinery gives for the change).
 */
import { AnnotationProblem, nullReadsEmpty } from './annotations';
import { defaultTrackingMethod, trackingWrites } from './tracking';
import type { TrackingMethod } from './types';

export interface NonStringAnnotationModel {
  /** The Argo CD minor version. @default the latest modelled */
  readonly argocdVersion?: string;
  /** argocd-cm `application.resourceTrackingMethod`. @default `defaultTrackingMethod(argocdVersion)` */
  readonly trackingMethod?: TrackingMethod;
}

export interface NonStringAnnotationEffect {
  /** The tracking method the effect is for (the one given, else the version's default). */
  readonly trackingMethod: TrackingMethod;
  /** The repo server fails to generate the manifests: no object of the Application renders. */
  readonly failsApp: boolean;
  /**
   * When the app renders: Argo CD still reads the object's annotations (a null value as ""), so the
   * plan honours its waves, hooks and sync options (`readAnnotations` reads them the same way).
   */
  readonly othersRead: boolean;
  /** When the app renders: the API server refuses the object. */
  readonly apiServerRejects: boolean;
  /**
   * Something goes wrong: the app fails to render, or the annotations go unread. False only for a
   * null value Argo CD reads as "" on an object that renders (label tracking, or a CRD, since 3.1):
   * the rule annotation-not-string reports exactly the problems where it is true, and the plan
   * raises an error for exactly those.
   */
  readonly reported: boolean;
  /** What happens, as one clause for a message (no leading capital, no final stop). */
  readonly text: string;
}

/** What Argo CD does with one problem `readAnnotations` reported on `object`. */
export function nonStringAnnotationEffect(object: Record<string, unknown>, problem: AnnotationProblem,
  model: NonStringAnnotationModel = {}): NonStringAnnotationEffect {
  const version = model.argocdVersion;
  const trackingMethod = model.trackingMethod ?? defaultTrackingMethod(version);
  const failsApp = trackingWrites(object, trackingMethod).annotations;
  const nullValue = problem.key !== '' && problem.value === null;
  const othersRead = nullReadsEmpty(problem, version);
  const apiServerRejects = !nullValue;
  const rendered = othersRead
    ? 'Argo CD reads it as "" and keeps the other annotations'
    : `Argo CD reads no annotation of this object (waves, hooks, sync options)${nullValue ? ' (3.1 reads a null as "")' : ''}`
      + (apiServerRejects ? ' and the API server rejects it' : '');
  const which = model.trackingMethod !== undefined ? `${trackingMethod} tracking`
    : `${trackingMethod} tracking (the default ${trackingMethod === 'label' ? 'before' : 'since'} Argo CD 3.0)`;
  let text: string;
  if (failsApp) {
    text = `with ${which} Argo CD's repo server fails to generate the manifests (it cannot write the tracking-id annotation), `
      + `so the whole Application fails to render, not only this object; with label tracking ${rendered}`;
  } else if (trackingMethod !== 'label') { // a CRD: the repo server writes no tracking on it
    text = `a CRD gets no tracking-id annotation, so the app renders, but ${rendered}`;
  } else {
    text = `with ${which} ${rendered}; with annotation tracking the whole Application would fail to render`;
  }
  return { trackingMethod, failsApp, othersRead, apiServerRejects, reported: failsApp || !othersRead, text };
}
