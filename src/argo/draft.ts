/**
 * The mutable task the pipeline works on (gitops-engine mutates `phase` and `waveOverride` in place
 * while pruning and hoisting); frozen into a `SyncTask` at the end.
 */
import { DeletePolicy, Manifest, SyncPhase, SyncTask } from './types';

export interface DraftTask {
  apiVersion: string;
  group: string;
  kind: string;
  name: string;
  namespace: string;
  phase: SyncPhase;
  wave: number;
  readonly annotatedWave: number;
  readonly annotatedPhase: SyncPhase;
  readonly action: 'apply' | 'prune';
  readonly hook: boolean;
  readonly deletePolicies: readonly DeletePolicy[];
  hoisted: boolean;
  readonly manifest: Manifest;
  /** The target object (with the destination namespace filled in); undefined for prunes. */
  readonly target?: Record<string, unknown>;
  /** Input order, the final tie-break of the sort. */
  readonly seq: number;
  readonly pruneOption?: 'false' | 'confirm';
}

export function freezeTask(t: DraftTask): SyncTask {
  return {
    apiVersion: t.apiVersion,
    group: t.group,
    kind: t.kind,
    name: t.name,
    namespace: t.namespace,
    phase: t.phase,
    wave: t.wave,
    annotatedWave: t.annotatedWave,
    annotatedPhase: t.annotatedPhase,
    action: t.action,
    hook: t.hook,
    deletePolicies: t.deletePolicies,
    hoisted: t.hoisted,
    manifest: t.manifest,
    ...(t.pruneOption !== undefined ? { pruneOption: t.pruneOption } : {}),
  };
}
