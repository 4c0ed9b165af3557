/**
 * Sync waves (`gitops-engine pkg/sync/syncwaves/waves.go`, `gitops-engine pkg/sync/hook/helm/weight.go`):
 * `strconv.Atoi` on the raw annotation; anything it rejects silently falls back to `helm.sh/hook-weight`, then
 * 0.
 */
import { ANNOTATION_SYNC_WAVE, HELM_HOOK_WEIGHT, annotationIn, annotationsOf } from './annotations';

const ATOI = /^[+-]?[0-9]+$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Go's `strconv.Atoi` on a 64-bit platform: optional sign, ASCII digits only, no spaces, no
 * underscores, within int64. `"+3"` → 3, `"007"` → 7, `"1.5"`, `" 2"`, `""` → undefined.
 * Beyond ±`MAX_EXACT_WAVE` the number is rounded (Argo CD keeps it exact): `readWave` then gives the
 * exact value too, and the rule `wave-too-large` says the plan cannot order such an object exactly.
 */
export function parseWave(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !ATOI.test(raw)) return undefined;
  // Up to 15 characters, a double holds the value exactly and int64 cannot overflow: no BigInt.
  if (raw.length <= 15) {
    const small = Number(raw);
    return small === 0 ? 0 : small; // never -0
  }
  const big = BigInt(raw);
  if (big < INT64_MIN || big > INT64_MAX) return undefined;
  const n = Number(big);
  return n === 0 ? 0 : n; // never -0
}

/**
 * The largest wave a JavaScript number holds exactly (2^53 − 1). Up to it every wave, the differences
 * of two and PruneLast's highest wave + 1 are exact, and no two waves are 2^63 apart (where Go's
 * int64 subtraction in gitops-engine's `Less` would overflow), so the plan orders as Argo CD does.
 */
export const MAX_EXACT_WAVE = Number.MAX_SAFE_INTEGER;

/** `parseWave`'s value in its one canonical spelling, every digit kept: `"+03"` → `"3"`, `"-0"` → `"0"`. */
export function canonicalWave(raw: unknown): string | undefined {
  const wave = parseWave(raw);
  if (wave === undefined) return undefined;
  return Number.isSafeInteger(wave) ? String(wave) : String(BigInt(raw as string));
}

/** Where an object's wave came from. */
export type WaveSource = 'sync-wave' | 'hook-weight' | 'default';

export interface WaveRead {
  readonly wave: number;
  readonly from: WaveSource;
  /** The sync-wave annotation when present but rejected by `strconv.Atoi` (silently ignored by Argo CD). */
  readonly invalidSyncWave?: string;
  /** The helm.sh/hook-weight annotation when consulted, present and rejected. */
  readonly invalidHookWeight?: string;
  /** The wave as Argo CD holds it, only when `wave` rounds it (beyond ±`MAX_EXACT_WAVE`). */
  readonly exact?: bigint;
}

/** Reads the wave of an object exactly as Argo CD of `argocdVersion` (@default the latest modelled) does, with what was ignored on the way. */
export function readWave(object: Record<string, unknown>, argocdVersion?: string): WaveRead {
  return readWaveIn(annotationsOf(object, argocdVersion));
}

/** `readWave` on annotations already read (`annotationsOf`). */
export function readWaveIn(annotations: Readonly<Record<string, string>>): WaveRead {
  const syncWave = annotationIn(annotations, ANNOTATION_SYNC_WAVE);
  const fromSyncWave = parseWave(syncWave);
  if (fromSyncWave !== undefined) {
    const read: WaveRead = { wave: fromSyncWave, from: 'sync-wave' };
    return Number.isSafeInteger(fromSyncWave) ? read : { ...read, exact: BigInt(syncWave!) };
  }
  const invalidSyncWave = syncWave;
  const weight = annotationIn(annotations, HELM_HOOK_WEIGHT);
  const fromWeight = parseWave(weight);
  if (fromWeight !== undefined) {
    const read: WaveRead = invalidSyncWave === undefined
      ? { wave: fromWeight, from: 'hook-weight' }
      : { wave: fromWeight, from: 'hook-weight', invalidSyncWave };
    return Number.isSafeInteger(fromWeight) ? read : { ...read, exact: BigInt(weight!) };
  }
  return {
    wave: 0,
    from: 'default',
    ...(invalidSyncWave !== undefined ? { invalidSyncWave } : {}),
    ...(weight !== undefined ? { invalidHookWeight: weight } : {}),
  };
}

/** `syncwaves.Wave(obj)`. */
export function waveOf(object: Record<string, unknown>, argocdVersion?: string): number {
  return readWave(object, argocdVersion).wave;
}

/** True for the one spelling a generator should emit: `"0"`, `"3"`, `"-1"` (no `+`, padding, spaces, `-0`). */
export function isCanonicalWave(raw: unknown): boolean {
  return typeof raw === 'string' && /^(0|-?[1-9][0-9]*)$/.test(raw) && parseWave(raw) !== undefined;
}
