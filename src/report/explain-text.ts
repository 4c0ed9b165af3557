/**
 * `syncplan explain` as text: the operation and how long it has run, the step in flight, every
 * task it waits on (health, message, the known trap), what finished, what runs next, and for a
 * failed operation what failed it, SyncFail hooks and the hooks left in the cluster.
 */
import { humanDuration } from './duration';
import type { DeletionState } from '../argo/live/deletion-state';
import type { Blocker, DoneTask, Explanation, Placed } from '../argo/live/explanation';
import { SYNC_WINDOW_BLOCKS } from '../argo/live/operation-message';
import { holdEnd, windowLabel, windowsVerdictText } from '../argo/live/sync-window-block';
import type { SyncWindowsExplanation, WindowView } from '../argo/live/sync-window-block';

function where(p: Pick<Placed, 'phase' | 'wave'>): string {
  if (p.phase === undefined) return 'step unknown';
  return p.wave === undefined ? `${p.phase} (wave unknown)` : `${p.phase} wave ${p.wave}`;
}

function handle(p: Placed): string {
  return `${p.kind}/${p.name}${p.namespace ? ` (${p.namespace})` : ''}${p.hook ? ' [hook]' : ''}`;
}

export function blockerLines(b: Blocker, indent = '  '): string[] {
  const health = b.health ?? (b.healthSource === 'builtin-lua' ? 'health by Argo CD\'s built-in Lua (not known here)' : 'no health source');
  const lines = [`${indent}${handle(b)}: ${health}${b.message ? `: ${b.message}` : ''}`];
  if (b.reason) lines.push(`${indent}  why: ${b.reason}`);
  if (b.warning) lines.push(`${indent}  warning: ${b.warning}`);
  if (b.since) lines.push(`${indent}  since: ${b.since}`);
  if (b.source) lines.push(`${indent}  from: ${b.source}`);
  return lines;
}

/** The headline: "wave 1 has been Progressing for 4m 10s on Deployment/api". */
export function headline(e: Explanation): string {
  if (e.operationPhase === undefined) return `Application ${e.app.name}: no sync operation`;
  const ran = e.waitingSeconds !== undefined ? ` for ${humanDuration(e.waitingSeconds)}` : '';
  const m = e.parsed.message;
  if (e.operationPhase === 'Running' && m.type === 'other' && m.what === SYNC_WINDOW_BLOCKS) {
    const w = e.syncWindows;
    const until = w === undefined ? '' : w.canSync ? ' (the AppProject given allows it now)' : holdEnd(w);
    return `Application ${e.app.name}: sync Running${ran}; held by a sync window${until}`;
  }
  if (e.operationPhase === 'Running' && e.parsed.retry) {
    return `Application ${e.app.name}: sync Running${ran}; the attempt failed, retry #${e.parsed.retry.attempt} at ${e.parsed.retry.at} (controller time)`;
  }
  if (e.operationPhase === 'Running' && e.inFlight) {
    const first = e.blockers[0];
    const on = first ? ` waiting on ${first.kind}/${first.name}${first.health ? ` (${first.health})` : ''}${e.blockers.length > 1 ? ` and ${e.blockers.length - 1} more` : ''}` : '';
    return `Application ${e.app.name}: sync Running${ran}; ${where(e.inFlight)} in flight${on}`;
  }
  return `Application ${e.app.name}: sync ${e.operationPhase}${ran}`;
}

function doneNote(d: DoneTask): string {
  if (d.noHealthCheck) return '  (no health check: done on apply)';
  return d.awaited ? '' : '  (applied; its health was not awaited)';
}

/** The deletion block: the stage Argo CD is at, why it fails or waits, what still terminates. */
function deletionLines(d: DeletionState, app: string): string[] {
  const lines = [`Application ${app} is being deleted${d.seconds !== undefined ? ` (for ${humanDuration(d.seconds)})` : ''}: at the ${d.stage} stage`,
    `  ${d.doing}`];
  if (d.error !== undefined) lines.push(`  DeletionError: ${d.error}`);
  if (d.cause !== undefined) lines.push(`  why: ${d.cause}`);
  for (const t of d.terminating) {
    lines.push(`  terminating: ${t.kind}/${t.name}${t.namespace ? ` (${t.namespace})` : ''} since ${t.since}${t.finalizers.length > 0 ? `, finalizers ${t.finalizers.join(', ')}` : ''}`);
  }
  lines.push(`  finalizers: ${d.finalizers.length > 0 ? d.finalizers.join(', ') : 'none'}`);
  return lines;
}

function windowLine(w: WindowView): string {
  const state = w.active === undefined ? 'unreadable' : w.active ? 'active' : 'inactive';
  const matched = (['applications', 'namespaces', 'clusters'] as const)
    .filter(k => w.matched[k] !== undefined).map(k => `${k} "${w.matched[k]}"`).join(', ');
  return `  ${windowLabel(w)}: ${state}${w.blocks ? ', blocks' : ''}; matched ${matched}${w.description !== undefined ? `; ${w.description}` : ''}`;
}

/** The sync windows block: what they decide now, each window that applies, and when that changes. */
function windowsLines(w: SyncWindowsExplanation): string[] {
  const lines = [`Sync windows (AppProject ${w.project}): ${windowsVerdictText(w)}`, ...w.windows.map(windowLine)];
  if (w.reason === 'no-window' || w.reason === 'invalid') return lines;
  const inText = (at: string) => {
    const seconds = (Date.parse(at) - Date.parse(w.at)) / 1000;
    // Days past two: "in 26d 13h", where humanDuration says "637h 0m".
    return ` (in ${seconds >= 2 * 86_400 ? `${Math.floor(seconds / 86_400)}d ${Math.floor((seconds % 86_400) / 3600)}h` : humanDuration(seconds)})`;
  };
  if (w.nextChange !== undefined) lines.push(`  ${w.canSync ? 'blocked from' : 'can sync from'} ${w.nextChange}${inText(w.nextChange)}`);
  else lines.push(`  ${w.canSync ? 'no window blocks it' : 'it cannot sync'} before ${w.searchedUntil} (the end of the search)`);
  return lines;
}

export function renderExplanationText(e: Explanation): string {
  const sections: string[][] = [];
  if (e.deletion) sections.push(deletionLines(e.deletion, e.app.name));
  const head = [headline(e)];
  if (e.message) {
    const [first, ...rest] = e.message.split('\n');
    head.push(`  message: ${first}`, ...rest.map(l => `           ${l}`));
  }
  if (e.startedAt) head.push(`  started: ${e.startedAt}${e.finishedAt ? `, finished: ${e.finishedAt}` : ''}`);
  if (e.retryCount > 0) head.push(`  retries: ${e.retryCount}`);
  sections.push(head);
  if (e.syncWindows) sections.push(windowsLines(e.syncWindows));

  if (e.blockers.length > 0) {
    // A failed attempt waiting for its retry reads Running too; its blockers are what failed it.
    const title = e.operationPhase === 'Running' && !e.parsed.retry ? `Waiting on (${e.blockers.length})`
      : e.operationPhase === 'Terminating' ? `Being terminated (${e.blockers.length})`
        : `What failed it (${e.blockers.length})`;
    sections.push([title, ...e.blockers.flatMap(b => blockerLines(b))]);
  }
  if (e.done.length > 0) {
    sections.push([`Done (${e.done.length})`, ...e.done.map(d => `  ${where(d)}: ${handle(d)}${doneNote(d)}`)]);
  }
  if (e.next.length > 0) {
    sections.push(['Next', ...e.next.map(s => `  ${s.phase} wave ${s.wave}: ${s.resources.map(r => `${r.kind}/${r.name}`).join(', ')}`)]);
  }
  if (e.syncFail) {
    const lines = [`SyncFail hooks: ${e.syncFail.ran ? 'ran' : 'did not run'}`];
    for (const h of e.syncFail.hooks) lines.push(`  ${h.kind}/${h.name}: ${h.hookPhase || 'pending'}${h.message ? `: ${h.message}` : ''}`);
    if (e.syncFail.failed !== undefined) lines.push(`  failed: ${e.syncFail.failed || '(no reason given)'}`);
    sections.push(lines);
  }
  sections.push([`Hooks left in cluster: ${e.hooksLeftInCluster.length > 0 ? e.hooksLeftInCluster.join(', ') : 'none known'}`]);
  if (e.notes.length > 0) sections.push(['Notes', ...e.notes.map(n => `  ${n}`)]);
  return sections.map(s => s.join('\n')).join('\n\n') + '\n';
}
