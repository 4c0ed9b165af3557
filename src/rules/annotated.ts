/**
 * What an object's own annotations say about its place in the sync, for messages that compare it
 * with where Argo CD actually runs it: "annotated Sync wave 2", or "not annotated (Sync wave 0)".
 */
import type { SyncTask } from '../argo/types';
import { readWave } from '../argo/waves';

/**
 * True when the object names a wave or a hook phase (valid or not): it asked for a place. Its
 * annotations read by Argo CD `argocdVersion` (@default the latest modelled), as the plan read them.
 */
export function hasPlacementAnnotation(t: SyncTask, argocdVersion?: string): boolean {
  if (t.hook) return true;
  const read = readWave(t.manifest.object, argocdVersion);
  return read.from !== 'default' || read.invalidSyncWave !== undefined || read.invalidHookWeight !== undefined;
}

/** `is annotated Sync wave 2`, or `has no wave annotation (so Sync wave 0)` for an unannotated object. */
export function annotatedPlace(t: SyncTask, argocdVersion?: string): string {
  return hasPlacementAnnotation(t, argocdVersion)
    ? `is annotated ${t.annotatedPhase} wave ${t.annotatedWave}`
    : `has no wave annotation (so ${t.annotatedPhase} wave ${t.annotatedWave})`;
}
