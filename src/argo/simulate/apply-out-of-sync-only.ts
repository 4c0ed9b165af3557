/**
 * `ApplyOutOfSyncOnly=true`, an Application sync option only (argo-cd `controller/sync.go` reads it from the
 * operation's sync options into gitops-engine's `WithResourceModificationChecker`; no resource annotation turns it
 * on). gitops-engine `pkg/sync/sync_context.go` `filterOutOfSyncTasks` drops a task from the dry run and from the
 * pending tasks when the controller's diff found it unmodified and it has both a target and a live object; hooks and
 * prunes always stay. `multiStep` is still computed over every task, but the step to run and `finalWave` are picked
 * from what is left, so a wave whose resources are all in sync is no step: no health wait, no wave delay. Unchanged
 * since gitops-engine #251/#253 (2021): every modelled Argo CD version behaves alike.
 *
 * The simulator has no diff of its own, so "unmodified" is read from the `--live` object: applying the desired
 * manifest to it would change nothing (`inSync`).
 */
import { isPlainObject } from '../annotations';
import type { Manifest, SyncTask } from '../types';

export const APPLY_OUT_OF_SYNC_ONLY = 'ApplyOutOfSyncOnly=true';

/** What the option does when no live object is given (`plan` and `simulate` say it alike). */
export const WITHOUT_LIVE_NOTE = 'ApplyOutOfSyncOnly=true without --live: no object is in the cluster yet, so every resource is out of sync and applied';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** Whether the Application's sync options turn the filter on (exact match, as `HasOption`). */
export function appliesOutOfSyncOnly(appSyncOptions: readonly string[]): boolean {
  return appSyncOptions.includes(APPLY_OUT_OF_SYNC_ONLY);
}

/**
 * The tasks `filterOutOfSyncTasks` drops: non-hook apply tasks whose live object is in sync with the manifest.
 * `liveOf` gives the object in the cluster when the attempt starts, if any (for a retry, what the failed attempt
 * wrote: its diff finds those equal to their manifest).
 */
export function unmodifiedTasks(tasks: readonly SyncTask[], liveOf: (task: SyncTask) => Manifest | undefined): Set<SyncTask> {
  const out = new Set<SyncTask>();
  for (const task of tasks) {
    if (task.hook || task.action !== 'apply') continue;
    const live = liveOf(task);
    if (live !== undefined && inSync(task.manifest.object, live.object)) out.add(task);
  }
  return out;
}

/**
 * True when applying `desired` to `live` changes nothing, as Argo CD's default diff (gitops-engine `pkg/diff`
 * `TwoWayDiff`/`ThreeWayDiff`) sees it:
 * - every field the manifest sets has the same value live (fields only live has, such as defaults, `status`,
 *   `managedFields` or the tracking annotation, are not changes); lists compare item by item and must be as long;
 * - `metadata.namespace` and an empty `annotations` map are left out (`removeNamespaceAnnotation`), and `status`,
 *   which an apply does not write;
 * - a field the live `kubectl.kubernetes.io/last-applied-configuration` has, the manifest no longer has and the live
 *   object still has would be removed: a change (the three-way part);
 * - a Secret's `stringData` is compared as the base64 `data` it becomes (`NormalizeSecret`).
 * Values compare as written: a quantity written `0.5` is not the live `500m`.
 */
export function inSync(desired: Record<string, unknown>, live: Record<string, unknown>): boolean {
  const want = normalized(desired);
  const have = normalized(live);
  if (!covers(want, have)) return false;
  const lastApplied = lastAppliedOf(live);
  return lastApplied === undefined || !removesFields(normalized(lastApplied), want, have);
}

function normalized(object: Record<string, unknown>): Record<string, unknown> {
  const { status: _status, ...rest } = object;
  const out: Record<string, unknown> = { ...rest };
  if (isPlainObject(out.metadata)) {
    const { namespace: _ns, ...metadata } = out.metadata;
    if (isPlainObject(metadata.annotations)) {
      const { [LAST_APPLIED]: _last, ...annotations } = metadata.annotations;
      if (Object.keys(annotations).length === 0) delete metadata.annotations;
      else metadata.annotations = annotations;
    } else if (metadata.annotations === null) {
      delete metadata.annotations;
    }
    out.metadata = metadata;
  }
  if (out.kind === 'Secret' && out.apiVersion === 'v1' && isPlainObject(out.stringData)) {
    const data: Record<string, unknown> = isPlainObject(out.data) ? { ...out.data } : {};
    for (const [k, v] of Object.entries(out.stringData)) data[k] = typeof v === 'string' ? base64(v) : v;
    delete out.stringData;
    out.data = data;
  }
  return out;
}

/** `want` is a sub-document of `have`. */
function covers(want: unknown, have: unknown): boolean {
  if (isPlainObject(want)) {
    if (!isPlainObject(have)) return false;
    return Object.entries(want).every(([k, v]) => (v === null ? have[k] === undefined || have[k] === null : covers(v, have[k])));
  }
  if (Array.isArray(want)) {
    return Array.isArray(have) && want.length === have.length && want.every((v, i) => covers(v, have[i]));
  }
  return want === have;
}

/** A field of `last` that `want` dropped is still in `have`. */
function removesFields(last: unknown, want: unknown, have: unknown): boolean {
  if (!isPlainObject(last) || !isPlainObject(have)) return false;
  const wanted = isPlainObject(want) ? want : {};
  return Object.keys(last).some(k => (
    wanted[k] === undefined ? have[k] !== undefined && have[k] !== null : removesFields(last[k], wanted[k], have[k])));
}

function lastAppliedOf(live: Record<string, unknown>): Record<string, unknown> | undefined {
  const metadata = live.metadata;
  const raw = isPlainObject(metadata) && isPlainObject(metadata.annotations) ? metadata.annotations[LAST_APPLIED] : undefined;
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPlainObject(parsed) ? parsed : undefined;
  } catch {
    return undefined; // Argo CD logs it and falls back to the two-way diff
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 of the text's UTF-8 bytes (this floor uses no Node API). */
function base64(text: string): string {
  const bytes: number[] = [];
  // encodeURIComponent writes every non-ASCII UTF-8 byte as %XX.
  const encoded = encodeURIComponent(text);
  for (let i = 0; i < encoded.length; i++) {
    if (encoded[i] === '%') {
      bytes.push(parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(encoded.charCodeAt(i));
    }
  }
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = bytes[i] * 65536 + (bytes[i + 1] ?? 0) * 256 + (bytes[i + 2] ?? 0);
    out += ALPHABET[Math.floor(n / 262144) % 64] + ALPHABET[Math.floor(n / 4096) % 64]
      + (i + 1 < bytes.length ? ALPHABET[Math.floor(n / 64) % 64] : '=') + (i + 2 < bytes.length ? ALPHABET[n % 64] : '=');
  }
  return out;
}
