/**
 * Prune waves (`gitops-engine pkg/sync/sync_context.go` `getSyncTasks`): prune tasks get their waves mirrored over
 * the distinct prune waves (delete in reverse creation order), then PruneLast moves chosen prunes
 * after the last Sync-phase wave.
 */
import { DraftTask } from './draft';
import { SYNC_OPTION_PRUNE_LAST, hasSyncOption } from './sync-options';

/** Swaps the sorted distinct prune waves pairwise from the outside in (1st↔last, 2nd↔2nd-last, …). */
export function mirrorPruneWaves(tasks: readonly DraftTask[]): void {
  const byWave = new Map<number, DraftTask[]>();
  for (const t of tasks) {
    if (t.action !== 'prune') continue;
    const list = byWave.get(t.wave) ?? [];
    list.push(t);
    byWave.set(t.wave, list);
  }
  const waves = [...byWave.keys()].sort((a, b) => a - b);
  const n = waves.length;
  for (let i = 0; i < Math.floor(n / 2); i++) {
    const start = waves[i];
    const end = waves[n - 1 - i];
    for (const t of byWave.get(start)!) t.wave = end;
    for (const t of byWave.get(end)!) t.wave = start;
  }
}

/** Does this prune task run last (app option, or `PruneLast=true` on the live object)? */
export function isPruneLast(task: DraftTask, appSyncOptions: readonly string[]): boolean {
  return task.action === 'prune'
    && (appSyncOptions.includes(SYNC_OPTION_PRUNE_LAST) || hasSyncOption(task.manifest.object, SYNC_OPTION_PRUNE_LAST));
}

/** PruneLast: wave = max(0, highest Sync-phase wave of all tasks, prunes included) + 1. */
export function applyPruneLast(tasks: readonly DraftTask[], appSyncOptions: readonly string[]): void {
  // Without live objects there is nothing to prune (the usual case at synth): nothing moves.
  if (!tasks.some(t => t.action === 'prune')) return;
  let last = 0;
  for (const t of tasks) if (t.phase === 'Sync' && t.wave > last) last = t.wave;
  for (const t of tasks) if (isPruneLast(t, appSyncOptions)) t.wave = last + 1;
}
