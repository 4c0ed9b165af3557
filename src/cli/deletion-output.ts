/** `syncplan simulate --delete`'s output: the documented JSON shape (schemas/simulate-delete.schema.json) and the text report. */
import type { DeletionEvent, DeletionResult } from '../argo/simulate/deletion-types';

/** Exactly the documented JSON shape, keys in a fixed order. */
export function deletionJson(r: DeletionResult) {
  return {
    outcome: r.outcome,
    message: r.message,
    events: r.events.map(e => ({
      reconcile: e.reconcile,
      stage: e.stage,
      wave: e.wave,
      action: e.action,
      kind: e.kind,
      name: e.name,
      namespace: e.namespace,
      result: e.result,
    })),
    waitingOn: [...r.waitingOn],
    leftInCluster: r.leftInCluster.map(k => ({ kind: k.kind, name: k.name, namespace: k.namespace, reason: k.reason })),
    finalizersLeft: [...r.finalizersLeft],
    reconciles: r.reconciles,
    notes: [...r.notes],
  };
}

export function renderDeletionJson(r: DeletionResult): string {
  return JSON.stringify(deletionJson(r), null, 2) + '\n';
}

const STAGE_TITLES: Readonly<Record<DeletionEvent['stage'], string>> = {
  PreDelete: 'PreDelete hooks',
  Delete: 'Delete',
  PostDelete: 'PostDelete hooks',
  PreDeleteCleanup: 'PreDelete hooks cleanup',
  PostDeleteCleanup: 'PostDelete hooks cleanup',
};

const OUTCOMES: Readonly<Record<DeletionResult['outcome'], string>> = {
  Deleted: 'Deleted (the Application is gone)',
  Blocked: 'Blocked (DeletionError, retried forever)',
  Waiting: 'Waiting (stalled, the Application stays with its deletionTimestamp)',
};

/** The text report: outcome, the calls as they went out (one group per reconcile and stage), what stays. */
export function renderDeletionText(r: DeletionResult): string {
  const sections: string[][] = [[
    `Simulated deletion: ${OUTCOMES[r.outcome]}`,
    `  ${r.outcome === 'Blocked' ? 'condition DeletionError' : r.outcome === 'Waiting' ? 'waiting' : 'result'}: ${r.message}`,
  ]];
  const namespaces = new Set([...r.events, ...r.leftInCluster].map(x => x.namespace).filter(ns => ns !== ''));
  const label = (x: { readonly kind: string; readonly name: string; readonly namespace: string }) =>
    namespaces.size > 1 && x.namespace !== '' ? `${x.kind}/${x.name} -n ${x.namespace}` : `${x.kind}/${x.name}`;
  const lines: string[] = [];
  let header = '';
  for (const e of r.events) {
    const next = `${e.reconcile}. ${STAGE_TITLES[e.stage]}${e.stage === 'Delete' ? ` wave ${e.wave}` : ''}`;
    if (next !== header) {
      header = next;
      lines.push(next);
    }
    lines.push(`  ${e.action} ${label(e)}: ${e.result}`);
  }
  if (lines.length > 0) sections.push(lines);
  const tail: string[] = [];
  if (r.waitingOn.length > 0) tail.push(`Waiting on: ${r.waitingOn.join(', ')}`);
  tail.push(`Finalizers left: ${r.finalizersLeft.length > 0 ? r.finalizersLeft.join(', ') : 'none'}`);
  tail.push(`Reconciles: ${r.reconciles}`);
  sections.push(tail);
  const soFar = r.outcome === 'Deleted' ? '' : ' (so far)';
  sections.push(r.leftInCluster.length > 0
    ? [`Left in the cluster${soFar}`, ...r.leftInCluster.map(k => `  ${label(k)}: ${k.reason}`)]
    : [`Left in the cluster${soFar}: nothing`]);
  if (r.notes.length > 0) sections.push(['Notes', ...r.notes.map(n => `  ${n}`)]);
  return sections.map(s => s.join('\n')).join('\n\n') + '\n';
}
