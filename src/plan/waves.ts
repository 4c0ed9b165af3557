/**
 * From ordering intent to waves across Argo CD's phases. Phases already order PreSync before Sync
 * before PostSync, so only edges inside one phase need waves; an edge against the phase order can
 * never hold and is an error; SyncFail hooks run all at once when a sync fails (waves ignored).
 */
import { OrderEdge, OrderingError, OrderUnit, PHASE_RANK, UnitPhase } from './graph';
import { layer } from './layering';

export interface WavePlan {
  /** Wave per unit id; absent for SyncFail units (Argo CD ignores their waves). */
  readonly waves: ReadonlyMap<string, number>;
  /** The edges that needed waves (same phase); the others hold by phase order. */
  readonly waveEdges: readonly OrderEdge[];
}

const PHASES: readonly UnitPhase[] = ['PreSync', 'Sync', 'PostSync'];

export function computeWaves(units: readonly OrderUnit[], edges: readonly OrderEdge[]): WavePlan {
  const byId = new Map<string, OrderUnit>();
  for (const u of units) {
    if (byId.has(u.id)) throw new Error(`duplicate unit ${u.id}`);
    byId.set(u.id, u);
  }
  const label = (id: string) => byId.get(id)?.label ?? id;

  const waveEdges: OrderEdge[] = [];
  for (const e of edges) {
    const before = byId.get(e.before);
    const after = byId.get(e.after);
    if (!before || !after) throw new Error(`edge ${e.before} → ${e.after} names an unknown unit`);
    if (before.id === after.id) {
      throw new OrderingError(`${label(before.id)} is ordered after itself; remove that dependency`);
    }
    checkPhases(before, after, label);
    if (before.phase === after.phase) waveEdges.push(e);
  }

  const waves = new Map<string, number>();
  for (const phase of PHASES) {
    const members = units.filter((u) => u.phase === phase);
    if (members.length === 0) continue;
    const ids = new Set(members.map((u) => u.id));
    const inPhase = waveEdges.filter((e) => ids.has(e.before));
    const layered = layer(members, inPhase, label);
    // Without pins, number from the first user-declared wave: a Namespace or CRD before it gets -1.
    const pinned = members.some((u) => u.pin !== undefined);
    const anchors = members.filter((u) => !u.infra);
    const shift = pinned || anchors.length === 0 ? 0 : -Math.min(...anchors.map((u) => layered.get(u.id)!));
    for (const u of members) waves.set(u.id, layered.get(u.id)! + shift);
  }
  return { waves, waveEdges };
}

function checkPhases(before: OrderUnit, after: OrderUnit, label: (id: string) => string): void {
  const why = `${label(after.id)} (${after.phase}) is ordered after ${label(before.id)} (${before.phase})`;
  if (before.phase === 'SyncFail' && after.phase === 'SyncFail') {
    throw new OrderingError(`${why}, but Argo CD starts all SyncFail hooks at once and ignores their waves; drop the dependency or merge the hooks`);
  }
  if (before.phase === 'SyncFail') {
    throw new OrderingError(`${why}, but SyncFail hooks only run when a sync fails, so nothing can wait for them; drop the dependency`);
  }
  if (after.phase === 'SyncFail') return;
  if (PHASE_RANK[before.phase] > PHASE_RANK[after.phase]) {
    throw new OrderingError(`${why}, which can never hold: Argo CD runs every ${after.phase} task before any ${before.phase} task; `
      + 'change the phase of one of them (`phase: HookPhase.SYNC` on a MigrationHook that needs a database this app deploys, '
      + '`phase: HookPhase.PRE_SYNC` on a Tier of config a PreSync hook reads) or drop the dependency');
  }
}
