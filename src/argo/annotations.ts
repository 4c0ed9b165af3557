/**
 * Annotation keys Argo CD reads, and annotation access the way Go's `unstructured.GetAnnotations()`
 * does it: one non-string value (an unquoted number, a boolean, a list) makes the whole map
 * unreadable, so Argo CD sees *no* annotations on that object (argo-cd #13730). A null value did the
 * same before apimachinery v0.33 (Argo CD 3.1); since, it reads as "" and the others still count
 * (`NestedNullCoercingStringMap`), so the readers take the Argo CD version (the latest modelled when
 * not given, as everywhere in the model). Whether the app renders at all is the tracking method's
 * business (src/argo/non-string-annotation.ts): the controller's read does not depend on it.
 *
 * Pass the version when reading a target manifest (what the repo server renders). Read a live object
 * without one: the API server stored a null value as "" (JSON decoding) and refused the rest, so
 * every version reads it as 3.1 reads the manifest that stands for it.
 */
import { behavesSince } from './versions';

export const ANNOTATION_SYNC_WAVE = 'argocd.argoproj.io/sync-wave';
export const ANNOTATION_HOOK = 'argocd.argoproj.io/hook';
export const ANNOTATION_HOOK_DELETE_POLICY = 'argocd.argoproj.io/hook-delete-policy';
export const ANNOTATION_SYNC_OPTIONS = 'argocd.argoproj.io/sync-options';
export const ANNOTATION_COMPARE_OPTIONS = 'argocd.argoproj.io/compare-options';
export const ANNOTATION_IGNORE_HEALTHCHECK = 'argocd.argoproj.io/ignore-healthcheck';
/** Since Argo CD 3.6: a Pod's health ignores its Never/OnFailure restart policy (gitops-engine `pkg/health/health_pod.go`). */
export const ANNOTATION_IGNORE_RESTART_POLICY = 'argocd.argoproj.io/ignore-restart-policy';
export const HELM_HOOK = 'helm.sh/hook';
export const HELM_HOOK_WEIGHT = 'helm.sh/hook-weight';
export const HELM_HOOK_DELETE_POLICY = 'helm.sh/hook-delete-policy';
export const HELM_RESOURCE_POLICY = 'helm.sh/resource-policy';

/** One annotation whose value is not a YAML string. */
export interface AnnotationProblem {
  /** The annotation key, or '' when `metadata.annotations` itself is not a map. */
  readonly key: string;
  /** JavaScript type of the offending value ('number', 'boolean', 'null', 'object', ...). */
  readonly type: string;
  /** The value as written, for messages. */
  readonly value: unknown;
}

export interface AnnotationRead {
  /**
   * Annotations as Argo CD's controller of the version reads them: empty when any problem exists,
   * unless every problem is a null value `nullReadsEmpty` keeps (then each null reads as "").
   */
  readonly annotations: Readonly<Record<string, string>>;
  /** Every value that is not a string, null included (kept or not: the repo server refuses them all). */
  readonly problems: readonly AnnotationProblem[];
}

const EMPTY: Readonly<Record<string, string>> = Object.freeze({});
const NO_PROBLEMS: readonly AnnotationProblem[] = Object.freeze([]);

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  return typeof v;
}

/**
 * Whether the controller still reads the object's annotations despite `problem`: since apimachinery
 * v0.33 (Argo CD 3.1, SINCE.nullAnnotationReadEmpty) `Unstructured.GetAnnotations` reads the map with
 * `NestedNullCoercingStringMap`, which turns a null value into "" and refuses any other non-string
 * value (and a `metadata.annotations` that is not a map) as before. The one reader of this fact:
 * `readAnnotations` and `nonStringAnnotationEffect` (its `othersRead`) both ask it.
 */
export function nullReadsEmpty(problem: AnnotationProblem, argocdVersion?: string): boolean {
  return problem.key !== '' && problem.value === null && behavesSince('nullAnnotationReadEmpty', argocdVersion);
}

/**
 * Reads `metadata.annotations` like Argo CD's controller of `argocdVersion` (@default the latest
 * modelled), reporting every non-string value. Not memoised: a map has a few keys, and checking them
 * costs less than a WeakMap of every object of a large chart (whose upkeep in the garbage collector
 * cost more than the reads it saved). When every value is a string (nearly always) the map itself is
 * returned, nothing copied and the version never looked at.
 */
export function readAnnotations(object: Record<string, unknown>, argocdVersion?: string): AnnotationRead {
  const metadata = object.metadata;
  if (!isPlainObject(metadata)) return { annotations: EMPTY, problems: NO_PROBLEMS };
  const raw = metadata.annotations;
  // A null or absent map is valid and simply empty.
  if (raw === undefined || raw === null) return { annotations: EMPTY, problems: NO_PROBLEMS };
  if (!isPlainObject(raw)) {
    return { annotations: EMPTY, problems: [{ key: '', type: typeName(raw), value: raw }] };
  }
  let problems: AnnotationProblem[] | undefined;
  // for-in, not Object.keys: no array per object (own keys only, as Object.keys lists them).
  for (const key in raw) {
    if (!Object.prototype.hasOwnProperty.call(raw, key)) continue;
    const value = raw[key];
    if (typeof value !== 'string') (problems ??= []).push({ key, type: typeName(value), value });
  }
  if (problems === undefined) return { annotations: raw as Record<string, string>, problems: NO_PROBLEMS };
  for (const p of problems) if (!nullReadsEmpty(p, argocdVersion)) return { annotations: EMPTY, problems };
  // Only null values, and a version that reads them as "": the rest of the map still counts.
  const read: Record<string, string> = {};
  for (const key in raw) {
    if (!Object.prototype.hasOwnProperty.call(raw, key)) continue;
    const value = raw[key];
    read[key] = typeof value === 'string' ? value : '';
  }
  return { annotations: read, problems };
}

/**
 * The annotations Argo CD of `argocdVersion` (@default the latest modelled) sees on an object: empty
 * when a value is not a string (null too before 3.1; see `readAnnotations`).
 */
export function annotationsOf(object: Record<string, unknown>, argocdVersion?: string): Readonly<Record<string, string>> {
  return readAnnotations(object, argocdVersion).annotations;
}

/** One annotation value as Argo CD of `argocdVersion` (@default the latest modelled) sees it, or undefined when absent/unreadable. */
export function annotationOf(object: Record<string, unknown>, key: string, argocdVersion?: string): string | undefined {
  return annotationIn(annotationsOf(object, argocdVersion), key);
}

/**
 * True when the object is annotated `argocd.argoproj.io/ignore-healthcheck: "true"`, exactly, as
 * argo-cd `controller/health.go` compares it: it is then left out of the Application's health (and
 * only there: a sync still waits for it, docs/argo-cd-model.md#health).
 */
export function isHealthCheckIgnored(object: Record<string, unknown>, argocdVersion?: string): boolean {
  return annotationOf(object, ANNOTATION_IGNORE_HEALTHCHECK, argocdVersion) === 'true';
}

/** One value of annotations already read (`annotationsOf`), for callers that read several. */
export function annotationIn(annotations: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(annotations, key) ? annotations[key] : undefined;
}

/**
 * Argo CD's `GetAnnotationCSVs`: split on ',', trim, drop empties, de-duplicate.
 * Go returns them in map order (random); we keep first-seen order so output is deterministic.
 */
export function csvValues(value: string | undefined): string[] {
  if (value === undefined) return [];
  const seen = new Set<string>();
  for (const item of value.split(',')) {
    const v = item.trim();
    if (v !== '') seen.add(v);
  }
  return [...seen];
}

/** `GetAnnotationCSVs(obj, key)`, as Argo CD of `argocdVersion` (@default the latest modelled) reads the map. */
export function annotationCsvOf(object: Record<string, unknown>, key: string, argocdVersion?: string): string[] {
  return csvValues(annotationOf(object, key, argocdVersion));
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  // Not binary data (YAML `!!binary` gives a Uint8Array), dates or other class instances.
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
