/**
 * One write of an apply task in the simulated cluster: the kubectl call `applyObject` makes for it
 * (`apply-method.ts`), the message Argo CD records, and the size limit only a client-side apply hits.
 */
import { isPlainObject } from '../annotations';
import { applyDecision, applyMessage } from '../apply-method';
import type { ApplyDecision } from '../apply-method';
import { annotationsTooLongError, clientSideApplyOverflow } from '../apply-size';
import type { SyncTask } from '../types';
import { inSync } from './apply-out-of-sync-only';
import type { Cluster } from './cluster';
import type { SimulateOptions } from './types';

export interface ApplyCall {
  readonly decision: ApplyDecision;
  /** kubectl's output on success. */
  readonly message: string;
  /** The API server's refusal of a client-side apply too large for its annotation. */
  readonly error?: string;
}

/** The call for `task` against the cluster as it is now (before the write). */
export function applyCall(task: SyncTask, cluster: Cluster, options: SimulateOptions): ApplyCall {
  const appSyncOptions = options.syncOptions ?? [];
  const current = cluster.current(task);
  // An object this simulation knows only by key (no content) is taken to carry the manifest's own annotations.
  const live = current?.object ?? (cluster.has(task) ? task.manifest.object : undefined);
  const decision = applyDecision(task.manifest.object, {
    appSyncOptions,
    ...(live ? { live } : {}),
    operationForce: options.force ?? false,
    argocdVersion: options.argocdVersion,
  });
  const object = task.manifest.object;
  const tooLarge = clientSideApplyOverflow(object, appSyncOptions, live, options.argocdVersion) !== undefined;
  return {
    decision,
    message: applyMessage(decision, task, live !== undefined, !unchanged(task, current)),
    ...(tooLarge ? { error: annotationsTooLongError(task.group, task.kind, task.name) } : {}),
  };
}

/**
 * kubectl apply prints `unchanged` only for an empty patch: the object is as the manifest and its
 * last-applied-configuration already holds the manifest (written by this operation's earlier apply, or given so).
 */
function unchanged(task: SyncTask, current: { readonly object: Record<string, unknown> } | undefined): boolean {
  if (current === undefined || !inSync(task.manifest.object, current.object)) return false;
  if (current === task.manifest) return true;
  const metadata = current.object.metadata;
  const raw = isPlainObject(metadata) && isPlainObject(metadata.annotations) ? metadata.annotations['kubectl.kubernetes.io/last-applied-configuration'] : undefined;
  if (typeof raw !== 'string') return false;
  try {
    return sameJson(JSON.parse(raw), task.manifest.object);
  } catch {
    return false;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every(k => sameJson(a[k], b[k]));
  }
  return a === b;
}
