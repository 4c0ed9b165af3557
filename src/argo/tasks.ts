/**
 * Manifests → sync tasks (argo-cd `controller/state.go` partition; gitops-engine
 * `pkg/sync/reconcile.go` `splitHooks`, `pkg/sync/sync_context.go` `getSyncTasks`;
 * docs/argo-cd-model.md#tasks).
 */
import { AnnotationProblem, readAnnotations, isPlainObject } from './annotations';
import { readDeletePoliciesIn } from './delete-policy';
import { DraftTask } from './draft';
import { HookRead, readHook, readHookIn } from './hooks';
import { keyString, metadataString, resourceKeyOf } from './keys';
import { lastDefinitions } from './last-definitions';
import { nonStringAnnotationEffect } from './non-string-annotation';
import { labelTrackingModelled, nonStringLabelEffect, nonStringLabels } from './non-string-label';
import { objectOption } from './prune-option';
import { isSelected } from './selective-sync';
import { untrackedReason } from './tracking';
import { ExcludedObject, Manifest, PlanError, PlanOptions, ResourceKey, SourceLocation, SyncPhase } from './types';
import { behavesSince } from './versions';
import { readWaveIn, waveOf } from './waves';

export const DEFAULT_REVISION = '0000000';

const NOT_SELECTED = 'not selected: a selective sync (--resource) applies and prunes only the objects it names';

/** kubectl's words for an object without a name (client-go `rest.Request.Name`): the dry run fails on them. */
export const NO_NAME_ERROR = 'resource name may not be empty';

export interface TaskBuild {
  /** Unsorted; apply tasks (resources and hooks) and prune tasks. */
  readonly tasks: DraftTask[];
  readonly excluded: ExcludedObject[];
  readonly errors: PlanError[];
}

/**
 * The name Argo CD gives a `generateName` hook: `<generateName><rev>-<phase>-<startedAt>` with the
 * suffix lower-cased; `<rev>` is the first 7 characters of the revision (all of it when shorter than 8).
 */
export function hookName(generateName: string, phase: SyncPhase, revision: string, startedAt: number): string {
  const rev = revision.length >= 8 ? revision.slice(0, 7) : revision;
  return generateName + `${rev}-${phase}-${Math.trunc(startedAt)}`.toLowerCase();
}

/** A source pointing at one field when the reader knows its line. */
export function sourceAt(source: SourceLocation, path: ReadonlyArray<string | number>): SourceLocation {
  const line = source.lineOf?.(path);
  return line === undefined ? source : { ...source, line };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return Array.isArray(value) ? 'a list' : 'a map';
  return `${typeof value} ${String(value)}`;
}

/**
 * Errors Argo CD (or the API server behind it) would fail the sync with, for one target: what
 * happens is the rule annotation-not-string's words, for the tracking method and version modelled
 * (`non-string-annotation.ts`).
 */
function annotationErrors(m: Manifest, problems: readonly AnnotationProblem[], options: PlanOptions): PlanError[] {
  const model = { argocdVersion: options.argocdVersion, trackingMethod: options.tracking?.method };
  // A null value the version reads as "" on an object that renders (label tracking, or a CRD,
  // since 3.1) harms nothing: no error, as annotation-not-string reports none.
  return problems.filter(p => nonStringAnnotationEffect(m.object, p, model).reported).map(p => ({
    kind: typeof m.object.kind === 'string' ? m.object.kind : '',
    name: metadataString(m.object, 'name') || metadataString(m.object, 'generateName'),
    message: p.key === ''
      ? `metadata.annotations is ${describe(p.value)}, not a map of strings: ${nonStringAnnotationEffect(m.object, p, model).text}; write it as a map`
      : `annotation ${p.key} is ${describe(p.value)}, not a string: ${nonStringAnnotationEffect(m.object, p, model).text}; ${fixFor(p.value)}`,
    source: sourceAt(m.source, p.key === '' ? ['metadata', 'annotations'] : ['metadata', 'annotations', p.key]),
  }));
}

/**
 * With label tracking (`label`, `annotation+label`) the repo server fails to render the whole
 * Application on a label value that is not a string, null included (`non-string-label.ts`): the
 * rule object-invalid's words.
 */
function labelErrors(m: Manifest, options: PlanOptions): PlanError[] {
  const model = { argocdVersion: options.argocdVersion, trackingMethod: options.tracking?.method };
  const errors: PlanError[] = [];
  for (const p of nonStringLabels(m.object)) {
    const effect = nonStringLabelEffect(m.object, p, model);
    if (!effect.failsApp) continue;
    errors.push({
      kind: typeof m.object.kind === 'string' ? m.object.kind : '',
      name: metadataString(m.object, 'name') || metadataString(m.object, 'generateName'),
      message: p.key === ''
        ? `metadata.labels is ${describe(p.value)}, not a map of strings: ${effect.text}; write it as a map`
        : `label ${p.key} is ${describe(p.value)}, not a string: ${effect.text}; ${fixFor(p.value)}`,
      source: sourceAt(m.source, p.key === '' ? ['metadata', 'labels'] : ['metadata', 'labels', p.key]),
    });
  }
  return errors;
}

/** How to turn a non-string annotation or label value into a string. */
function fixFor(value: unknown): string {
  if (value === null) return 'write "" or remove the key';
  if (typeof value === 'object') return 'write it as one string (a comma-separated list)';
  return `quote the value ("${String(value)}")`;
}

function excludedOf(key: ResourceKey, m: Manifest, reason: string): ExcludedObject {
  return { ...key, reason, manifest: m };
}

function exclusionReason(hook: HookRead, skipHooks: boolean, version: string | undefined): string | undefined {
  if (hook.deletionOnly) {
    return `${hook.deletionTypes.join(',')} hook: runs only when the Application is deleted`;
  }
  // argo-cd 3.3.3 and 3.3.4 `CompareAppState`: read from a list, a deletion hook left every sync even beside a sync phase.
  if (hook.deletionTypes.length > 0 && behavesSince('deletionHookCsv', version) && !behavesSince('syncPhaseDeletionHookSynced', version)) {
    return `${hook.deletionTypes.join(',')} hook: Argo CD ${version} keeps a deletion hook out of every sync, its ${hook.phases.join(',')} too (3.3.5 fixed it, argo-cd #26996)`;
  }
  if (hook.ignored) {
    const values = [...hook.argoValues.map(v => `hook "${v}"`), ...hook.helmValues.map(v => `helm.sh/hook "${v}"`)];
    return `hook with no usable type (${values.length > 0 ? values.join(', ') : 'empty value'}): Argo CD neither applies nor prunes it`;
  }
  if (hook.skip) return 'hook Skip: never applied';
  if (skipHooks && hook.isHook) return 'hooks are skipped (selective sync, self-heal or apply strategy)';
  return undefined;
}

/** Builds the unsorted task list, the excluded objects and Argo CD's own errors. */
export function buildTasks(manifests: readonly Manifest[], options: PlanOptions = {}): TaskBuild {
  const namespace = options.namespace ?? '';
  const revision = options.revision ?? DEFAULT_REVISION;
  const startedAt = options.startedAt ?? 0;
  const selected = options.resources !== undefined && options.resources.length > 0 ? options.resources : undefined;
  const skipHooks = (options.skipHooks ?? false) || selected !== undefined;

  const tasks: DraftTask[] = [];
  const excluded: ExcludedObject[] = [];
  const errors: PlanError[] = [];
  // A key per document, built where it is read rather than kept in a list of every document's key
  // for the whole pass (1.3 MiB at 20,000 documents, garbage only a full GC frees).
  const keyOf = (m: Manifest) => (isPlainObject(m.object) ? resourceKeyOf(m.object, namespace) : undefined);
  const winners = lastDefinitions(manifests, keyOf);
  // Live objects are matched against these; without any, the keys are not worth building.
  const live = options.live ?? [];
  const targetKeys = new Set<string>();
  // Labels can fail the app only when the repo server writes the instance label: not with annotation tracking, the default.
  const labelTracking = labelTrackingModelled({ argocdVersion: options.argocdVersion, trackingMethod: options.tracking?.method });
  let seq = 0;

  manifests.forEach((m) => {
    const key = keyOf(m);
    if (key === undefined) {
      errors.push({ kind: '', name: '', message: 'document is not a Kubernetes object (a map with apiVersion, kind, metadata); remove it or fix its indentation', source: m.source });
      return;
    }
    // Read once here; the hook, the wave and every later reader of this object share it.
    const annotations = readAnnotations(m.object, options.argocdVersion);
    if (annotations.problems.length > 0) errors.push(...annotationErrors(m, annotations.problems, options));
    if (labelTracking) errors.push(...labelErrors(m, options));
    const winner = winners.get(m);
    if (winner !== undefined) {
      excluded.push({ ...excludedOf(key, m, `repeated: ${formatSource(winner.source)} defines the same object again and wins (Argo CD keeps the last one and warns RepeatedResourceWarning)`), keptInstead: winner });
      return;
    }
    const object = m.object;
    const hook = readHookIn(annotations.annotations);
    const name = key.name;
    // Reconcile matches live objects against non-hook targets only, under the filled-in
    // namespace or none (scope unknown to us, as to Argo CD without discovery).
    if (live.length > 0 && !hook.isHook && !hook.ignored && !hook.deletionOnly) {
      targetKeys.add(keyString(key));
      targetKeys.add(keyString({ ...key, namespace: '' }));
    }

    const reason = exclusionReason(hook, skipHooks, options.argocdVersion);
    if (reason !== undefined) {
      excluded.push(excludedOf(key, m, reason));
      return;
    }
    if (selected !== undefined && !isSelected(key, selected)) {
      excluded.push(excludedOf(key, m, NOT_SELECTED));
      return;
    }

    if (!hook.isHook && name === '') {
      const generateName = metadataString(object, 'generateName');
      errors.push({
        kind: key.kind,
        name: generateName,
        message: generateName !== ''
          ? 'resource has metadata.generateName but no metadata.name: Argo CD names only hooks and fails the sync; set metadata.name or make it a hook'
          : `resource has neither metadata.name nor metadata.generateName: Argo CD names only hooks, so its dry run fails ("${NO_NAME_ERROR}"); set metadata.name, or make it a hook`,
        source: sourceAt(m.source, ['metadata']),
      });
      return;
    }

    // A copy only when Argo CD fills in the destination namespace (or clears a cluster-scoped one's).
    const filled = key.namespace !== metadataString(object, 'namespace');
    const target = filled ? { ...object, metadata: { ...(object.metadata as Record<string, unknown>), namespace: key.namespace } } : object;
    const wave = readWaveIn(annotations.annotations).wave;
    const deletePolicies = hook.isHook ? readDeletePoliciesIn(annotations.annotations).policies : [];
    for (const phase of hook.phases) {
      const taskName = name !== '' ? name : hookName(metadataString(object, 'generateName'), phase, revision, startedAt);
      const task: DraftTask = {
        apiVersion: key.apiVersion,
        group: key.group,
        kind: key.kind,
        namespace: key.namespace,
        name: taskName,
        phase,
        wave,
        annotatedWave: wave,
        annotatedPhase: phase,
        action: 'apply',
        hook: hook.isHook,
        deletePolicies,
        hoisted: false,
        manifest: m,
        target,
        seq: seq++,
      };
      tasks.push(task);
    }
  });

  for (const m of live) {
    if (!isPlainObject(m.object)) continue;
    if (targetKeys.has(keyString(resourceKeyOf(m.object)))) continue;
    const key = resourceKeyOf(m.object, namespace);
    // A live object holds strings only (the API server stores a null value as ""): read with no version.
    const hook = readHook(m.object);
    // Live hooks (and ignored objects) are never pruned; Skip objects have no phase.
    if (hook.isHook || hook.deletionOnly) {
      excluded.push(excludedOf(key, m, 'live hook: Argo CD never prunes hooks'));
      continue;
    }
    if (hook.skip) {
      excluded.push(excludedOf(key, m, 'hook Skip: never pruned'));
      continue;
    }
    if (selected !== undefined && !isSelected(key, selected)) {
      excluded.push(excludedOf(key, m, NOT_SELECTED));
      continue;
    }
    const untracked = options.tracking ? untrackedReason(m.object, options.tracking, options.argocdVersion) : undefined;
    if (untracked !== undefined) {
      excluded.push(excludedOf(key, m, `live, not tracked as this app's: ${untracked}; Argo CD never prunes it`));
      continue;
    }
    const wave = waveOf(m.object);
    const pruneOption = objectOption(m.object, 'Prune', options.syncOptions ?? [], options.argocdVersion);
    tasks.push({
      ...key,
      phase: 'Sync',
      wave,
      annotatedWave: wave,
      annotatedPhase: 'Sync',
      action: 'prune',
      hook: false,
      deletePolicies: [],
      hoisted: false,
      manifest: m,
      seq: seq++,
      ...(pruneOption === 'false' || pruneOption === 'confirm' ? { pruneOption } : {}),
    });
  }

  return { tasks, excluded, errors };
}

export function formatSource(source: SourceLocation): string {
  return source.line > 0 ? `${source.file}:${source.line}` : source.file;
}
