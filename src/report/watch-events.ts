/**
 * `syncplan watch` output: one plain line per transition, one JSON object per line (`ndjson`, for
 * a log shipper into OpenSearch or Loki), or the current state in the Prometheus text exposition
 * format (for node_exporter's textfile collector).
 */
import { humanDuration } from './duration';
import { DELETION_STAGES, deletionSummary } from '../argo/live/deletion-state';
import type { Explanation } from '../argo/live/explanation';
import { holdEnd } from '../argo/live/sync-window-block';
import type { WatchEvent } from '../argo/live/transitions';
import { blockedSeconds } from '../argo/live/transitions';

export { deletionSummary };

function step(e: WatchEvent): string {
  return e.phase === undefined ? '' : e.wave === undefined ? `${e.phase}` : `${e.phase} wave ${e.wave}`;
}

function warned(e: WatchEvent): string {
  return e.warning ? `; warning: ${e.warning}` : '';
}

/** One line for a person. */
export function eventLine(e: WatchEvent): string {
  const t = new Date(e.time).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const tail = (m?: string) => (m ? `: ${m}` : '');
  switch (e.event) {
    case 'operation-started': return `${t} ${e.app}: sync ${e.operationPhase}${tail(e.message)}`;
    case 'wave-started': return `${t} ${e.app}: ${step(e) || 'a step'} started`;
    case 'resource-healthy': return `${t} ${e.app}: ${e.resource} ${e.health} after ${humanDuration(e.secondsWaiting ?? 0)}`;
    case 'stalled': return `${t} ${e.app}: stalled ${e.minutes} minute${e.minutes === 1 ? '' : 's'} on ${e.resource} (${e.health ?? 'no health source'}${e.message ? `: ${e.message}` : ''})${e.reason ? `; ${e.reason}` : ''}${warned(e)}`;
    case 'hook-failed': return `${t} ${e.app}: hook ${e.resource} failed${tail(e.message)}${e.reason ? `; ${e.reason}` : ''}${warned(e)}`;
    case 'resource-failed': return `${t} ${e.app}: ${e.resource} failed${tail(e.message)}${e.reason ? `; ${e.reason}` : ''}${warned(e)}`;
    case 'retry-scheduled': return `${t} ${e.app}: the attempt failed; Argo CD retries it${tail(e.message)}`;
    case 'operation-finished': return `${t} ${e.app}: sync ${e.operationPhase}${e.secondsWaiting !== undefined ? ` in ${humanDuration(e.secondsWaiting)}` : ''}${tail(e.message)}`;
    case 'sync-window-held': return `${t} ${e.app}: ${e.hold === 'auto-sync' ? 'auto-sync' : 'sync'} held by a sync window ${e.until !== undefined ? `until ${e.until}` : 'past the end of the search'}${tail(e.message)}`;
    case 'deletion-stage': return `${t} ${e.app}: deletion at the ${e.stage} stage${tail(e.message)}`;
    case 'deletion-error': return `${t} ${e.app}: deletion failed${tail(e.message)}${e.reason ? `; ${e.reason}` : ''}`;
    case 'deleted': return `${t} ${e.app}: deleted${tail(e.message)}`;
    case 'timeout': return `${t} ${e.app}: timed out after ${humanDuration(e.secondsWaiting ?? 0)}${tail(e.message)}`;
  }
}

/** One JSON object, keys in a fixed order, absent fields left out. */
export function eventJson(e: WatchEvent): string {
  const o: Record<string, unknown> = {
    time: new Date(e.time).toISOString(),
    event: e.event,
    app: e.app,
    operationPhase: e.operationPhase,
    phase: e.phase,
    wave: e.wave,
    resource: e.resource,
    namespace: e.namespace,
    health: e.health,
    secondsWaiting: e.secondsWaiting,
    minutes: e.minutes,
    message: e.message,
    reason: e.reason,
    warning: e.warning,
    stage: e.stage,
    hold: e.hold,
    until: e.until,
  };
  return JSON.stringify(Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
}

/** The progress line on a terminal. */
export function progressLine(e: Explanation, now: number, firstSeen: ReadonlyMap<string, number>, key: (b: Explanation['blockers'][number]) => string): string {
  if (e.deletion) return `${e.app.name}: being deleted, ${deletionSummary(e.deletion)}`;
  const held = e.windowHold && e.syncWindows ? `held by a sync window${holdEnd(e.syncWindows)}` : undefined;
  if (e.operationPhase === undefined) return `${e.app.name}: no sync operation yet${held ? `; auto-sync ${held}` : ''}`;
  if (held) return `${e.app.name}: ${e.operationPhase}, ${held}`;
  const flight = e.inFlight ? ` ${e.inFlight.phase ?? '?'}${e.inFlight.wave !== undefined ? ` wave ${e.inFlight.wave}` : ''}` : '';
  const b = e.blockers[0];
  const on = b ? `, waiting on ${b.kind}/${b.name} (${b.health ?? 'no health source'}) ${humanDuration(blockedSeconds(b, firstSeen.get(key(b)) ?? now, now))}${e.blockers.length > 1 ? ` +${e.blockers.length - 1}` : ''}` : '';
  return `${e.app.name}: ${e.operationPhase}${flight}${on}`;
}

function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labels(pairs: Record<string, string>): string {
  return `{${Object.entries(pairs).map(([k, v]) => `${k}="${label(v)}"`).join(',')}}`;
}

const PHASES = ['Running', 'Succeeded', 'Failed', 'Error', 'Terminating'];

/** The state now, in the Prometheus text format (one block, every metric with HELP and TYPE). */
export function prometheusText(e: Explanation, now: number, firstSeen: ReadonlyMap<string, number>, key: (b: Explanation['blockers'][number]) => string): string {
  const app = e.app.name;
  const out: string[] = [];
  const metric = (name: string, help: string, samples: ReadonlyArray<readonly [Record<string, string>, number]>) => {
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
    for (const [l, v] of samples) out.push(`${name}${labels(l)} ${v}`);
  };
  metric('syncplan_operation_phase', 'The Application\'s sync operation phase: 1 for the current one.',
    PHASES.map(p => [{ app, phase: p }, e.operationPhase === p ? 1 : 0] as const));
  metric('syncplan_operation_seconds', 'Seconds the running sync operation has run.', [[{ app }, e.waitingSeconds ?? 0]]);
  metric('syncplan_wave_in_flight', 'The sync wave in flight, by phase (absent when no step runs).',
    e.inFlight && e.inFlight.wave !== undefined ? [[{ app, phase: e.inFlight.phase ?? '' }, e.inFlight.wave]] : []);
  metric('syncplan_blockers', 'Tasks the step in flight waits on.', [[{ app }, e.operationPhase === 'Running' ? e.blockers.length : 0]]);
  metric('syncplan_blocked_seconds', 'Seconds each awaited task has waited.',
    (e.operationPhase === 'Running' ? e.blockers : []).map(b => [{ app, kind: b.kind, namespace: b.namespace, name: b.name, health: b.health ?? 'none' }, blockedSeconds(b, firstSeen.get(key(b)) ?? now, now)] as const));
  // A deletion stalls on finalizers, not on a sync operation: what an alert on a stuck deletion needs.
  const d = e.deletion;
  metric('syncplan_deletion_stage', 'The stage of the Application\'s deletion: 1 for the current one (all 0 when it is not being deleted).',
    DELETION_STAGES.map(stage => [{ app, stage }, d?.stage === stage ? 1 : 0] as const));
  metric('syncplan_deletion_seconds', 'Seconds since the Application\'s deletion was asked for (0 when it is not being deleted).', [[{ app }, d?.seconds ?? 0]]);
  metric('syncplan_deletion_error', '1 when Argo CD reports a DeletionError for the Application.', [[{ app }, d?.error !== undefined ? 1 : 0]]);
  return out.join('\n') + '\n';
}
