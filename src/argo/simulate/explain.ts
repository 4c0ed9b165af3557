/**
 * One sentence that turns "the sync is stuck" into "wave 1 is Progressing on Deployment/x": what
 * holds a Running simulation, or what ended a Failed one.
 */
import type { SimulationResult } from './types';

function list(items: readonly string[], max = 3): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

/** True when the waiting list names this task (`Kind/name`, or `Kind/name -n ns` when ambiguous). */
export function holdsTheSync(result: SimulationResult, a: { readonly kind: string; readonly name: string; readonly namespace: string }): boolean {
  const handle = `${a.kind}/${a.name}`;
  return result.waitingOn.includes(handle) || result.waitingOn.includes(`${handle} -n ${a.namespace}`);
}

/** Why the operation ended as it did, in one line (empty when it Succeeded). */
export function explain(result: SimulationResult): string {
  if (result.operationPhase === 'Succeeded') return '';
  if (result.operationPhase === 'Failed') return explainFailure(result);
  const attempts = result.attempts ?? [];
  if (attempts.length > 0 && attempts[attempts.length - 1].operationPhase === 'Failed') {
    // Running only because a negative retry limit keeps retrying (retry.ts).
    return `Every attempt fails the same way and the retry limit is negative: Argo CD retries forever; ${explainFailure(result)}`;
  }
  const at = result.blockedAt;
  const where = at ? `${at.phase} wave ${at.wave} (step ${at.step})` : 'The sync';
  const never = result.neverApplied.length > 0 ? `; ${count(result.neverApplied.length, 'task')} never go out: ${list(result.neverApplied)}` : '';
  const forever = 'Argo CD waits forever (no sync timeout by default)';
  const message = result.message;
  if (message.startsWith('waiting for pruning confirmation')) {
    return `${where} waits for pruning confirmation of ${list(result.waitingOn)}: annotate the Application with argocd.argoproj.io/deletion-approved${never}`;
  }
  if (message.startsWith('waiting for deletion')) {
    return `${where} waits for ${list(result.waitingOn)} to be deleted (still terminating, a finalizer?); ${forever}${never}`;
  }
  const byStatus = new Map<string, string[]>();
  for (const a of result.applied) {
    if (!holdsTheSync(result, a)) continue;
    const ref = `${a.kind}/${a.name}${result.waitingOn.includes(`${a.kind}/${a.name}`) ? '' : ` -n ${a.namespace}`}`;
    const status = a.result.replace(/, waited on$/, '');
    byStatus.set(status, [...(byStatus.get(status) ?? []), ref]);
  }
  const parts = [...byStatus.entries()].map(([status, refs]) => `${status} on ${list(refs)}`);
  const hook = message.startsWith('waiting for completion of hook') ? ' (a hook is always awaited)' : '';
  return `${where} is ${parts.join('; ') || 'waiting'}${hook}: ${forever}${never}`;
}

function explainFailure(result: SimulationResult): string {
  const failed = result.applied.filter(a => a.phase !== 'SyncFail' && (a.result === 'Degraded' || a.result.startsWith('failed') || a.result.includes('failed:')));
  const syncFail = result.applied.filter(a => a.phase === 'SyncFail').map(a => `${a.kind}/${a.name}`);
  const ran = syncFail.length > 0 ? `; SyncFail hooks ran: ${list(syncFail)}` : '';
  const never = result.neverApplied.length > 0 ? `; never applied: ${list(result.neverApplied)}` : '';
  if (result.applied.length === 0) {
    return `Argo CD refuses the sync before applying anything (validation or dry run): no SyncFail hook runs${never}`;
  }
  const first = failed[0];
  const what = first ? `${first.phase} wave ${first.wave} (step ${first.step}) failed on ${first.kind}/${first.name}: ${first.result}` : 'The sync failed';
  return `${what}${ran}${never}`;
}
