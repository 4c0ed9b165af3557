/**
 * Task order (`gitops-engine pkg/sync/sync_tasks.go` `Less`): phase rank, wave, kind rank, name (byte-wise).
 * Go's `sort.Sort` is unstable, so Argo CD leaves ties (same kind+name in two namespaces or groups)
 * undefined; we break them deterministically by group, namespace, apiVersion, action, then input order.
 */
import { kindRank } from './kind-order';
import { SyncPhase } from './types';

export const PHASE_RANK: Readonly<Record<SyncPhase, number>> = { PreSync: -1, Sync: 0, PostSync: 1, SyncFail: 2 };

/** What the comparator looks at. */
export interface SortableTask {
  readonly phase: SyncPhase;
  readonly wave: number;
  readonly kind: string;
  readonly name: string;
  readonly group?: string;
  readonly namespace?: string;
  readonly apiVersion?: string;
  readonly action?: 'apply' | 'prune';
  /** Final tie-break (input order); only reached by otherwise identical tasks. */
  readonly seq?: number;
}

/**
 * Go string order: byte-wise on UTF-8, which equals code point order. UTF-16 unit order differs
 * only between surrogates and U+E000..U+FFFF, so shift those before comparing.
 */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return fixup(x) - fixup(y);
  }
  return a.length - b.length;
}

function fixup(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** Argo CD's `Less` as a three-way comparison; 0 means Argo CD leaves the order undefined. */
export function compareArgo(a: SortableTask, b: SortableTask): number {
  return sign(PHASE_RANK[a.phase] - PHASE_RANK[b.phase])
    || sign(a.wave - b.wave)
    || sign(kindRank(a.kind) - kindRank(b.kind))
    || sign(compareBytes(a.name, b.name));
}

/** `compareArgo`, then the documented deterministic tie-break: a total order. */
export function compareTasks(a: SortableTask, b: SortableTask): number {
  return compareArgo(a, b)
    || sign(compareBytes(a.group ?? '', b.group ?? ''))
    || sign(compareBytes(a.namespace ?? '', b.namespace ?? ''))
    || sign(compareBytes(a.kind, b.kind))
    || sign(compareBytes(a.apiVersion ?? '', b.apiVersion ?? ''))
    || sign(actionRank(a.action) - actionRank(b.action))
    || sign((a.seq ?? 0) - (b.seq ?? 0));
}

function actionRank(action: 'apply' | 'prune' | undefined): number {
  return action === 'prune' ? 0 : 1; // prunes run first inside a step anyway
}

/** Code units from which UTF-16 order differs from Go's byte order (see `compareBytes`). */
const SURROGATE_OR_ABOVE = /[\ud800-\uffff]/;

/**
 * Sorts a copy by `compareTasks`. Phase and kind ranks are looked up once per task rather than once
 * per comparison (10,000 tasks take ~140,000 comparisons), and names below U+D800 (nearly all) are
 * compared natively: there UTF-16 order is byte order, and `compareBytes` is a loop in JavaScript.
 * The ranks sit in typed arrays by position and the positions are sorted, rather than an object per
 * task: those lived through the sort and the rest of the plan (1.1 MiB at 20,000 documents, garbage
 * only a full GC frees). Property-tested against a sort by `compareTasks` alone (`test/argo/sort.test.ts`).
 */
export function sortTasks<T extends SortableTask>(tasks: readonly T[]): T[] {
  const phase = new Int8Array(tasks.length);
  const kind = new Int32Array(tasks.length);
  const native = new Uint8Array(tasks.length);
  tasks.forEach((task, i) => {
    phase[i] = PHASE_RANK[task.phase];
    kind[i] = kindRank(task.kind);
    native[i] = SURROGATE_OR_ABOVE.test(task.name) ? 0 : 1;
  });
  const order = tasks.map((_, i) => i);
  order.sort((i, j) => (phase[i] - phase[j]) || (tasks[i].wave - tasks[j].wave) || (kind[i] - kind[j])
    || (native[i] && native[j] ? compareNative(tasks[i].name, tasks[j].name) : 0)
    || compareTasks(tasks[i], tasks[j]));
  return order.map(i => tasks[i]);
}

function compareNative(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
