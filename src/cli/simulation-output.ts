/** `syncplan simulate`'s output for one sync: the documented JSON shape and the text report. */
import type { SimulationResult } from '../argo/simulate/types';

/* eslint-disable @typescript-eslint/no-require-imports */

/** Exactly the documented JSON shape, keys in a fixed order. */
export function simulationJson(r: SimulationResult) {
  return {
    operationPhase: r.operationPhase,
    message: r.message,
    applied: r.applied.map(a => ({
      step: a.step,
      phase: a.phase,
      wave: a.wave,
      kind: a.kind,
      name: a.name,
      namespace: a.namespace,
      action: a.action,
      ...(a.beforeDryRun ? { beforeDryRun: true } : {}),
      result: a.result,
    })),
    neverApplied: [...r.neverApplied],
    ...(r.inSync ? { inSync: [...r.inSync] } : {}),
    waitingOn: [...r.waitingOn],
    hooksLeftInCluster: [...r.hooksLeftInCluster],
    results: r.results.map(x => ({ kind: x.kind, name: x.name, namespace: x.namespace, status: x.status, message: x.message })),
    minimumSeconds: r.minimumSeconds,
    ...(r.attempts ? {
      attempts: r.attempts.map(a => ({
        attempt: a.attempt,
        operationPhase: a.operationPhase,
        message: a.message,
        minimumSeconds: a.minimumSeconds,
        ...(a.backoffSeconds !== undefined ? { backoffSeconds: a.backoffSeconds } : {}),
      })),
      retryBackoffSeconds: r.retryBackoffSeconds ?? 0,
    } : {}),
  };
}

export function renderSimulationJson(r: SimulationResult): string {
  return JSON.stringify(simulationJson(r), null, 2) + '\n';
}

/** The text report: outcome, why, the steps as they went out, leftovers, Argo CD's results. */
export function renderSimulationText(r: SimulationResult): string {
  const { explain, holdsTheSync }: typeof import('../argo/simulate/explain') = require('../argo/simulate/explain');
  const { taskLabel }: typeof import('../report/plan-text') = require('../report/plan-text');
  const sections: string[][] = [];
  const head = [`Simulated sync: ${r.operationPhase}${r.operationPhase === 'Running' ? ' (stalled)' : ''}`];
  const [first, ...rest] = r.message.split('\n');
  head.push(`  message: ${first}`, ...rest.map(l => `           ${l}`));
  const why = explain(r);
  if (why) head.push(`  ${why}`);
  sections.push(head);

  // Rows name the namespace once the sync spans several (one namespace: it would only repeat).
  const namespaces = new Set([...r.applied, ...r.results].map(x => x.namespace).filter(ns => ns !== ''));
  const label = (x: { readonly kind: string; readonly name: string; readonly namespace: string }) =>
    namespaces.size > 1 ? taskLabel(x) : `${x.kind}/${x.name}`;
  let header = '';
  const steps: string[] = [];
  for (const a of r.applied) {
    const next = a.beforeDryRun ? 'Before the dry run (the destination namespace)'
      : a.phase === 'SyncFail' ? 'SyncFail hooks (all at once)'
        : a.step === 0 ? `${a.phase} wave ${a.wave} (CreateNamespace=true, first call only)` : `${a.step}. ${a.phase} wave ${a.wave}`;
    if (next !== header) {
      header = next;
      steps.push(next);
    }
    const holds = holdsTheSync(r, a) ? '  <- holds the sync' : '';
    steps.push(`  ${a.action} ${label(a)}: ${a.result}${holds}`);
  }
  if (steps.length > 0) sections.push(steps);

  const tail: string[] = [];
  if (r.neverApplied.length > 0) tail.push(`Never applied: ${r.neverApplied.join(', ')}`);
  if (r.inSync) tail.push(`In sync, not applied (ApplyOutOfSyncOnly=true): ${r.inSync.length > 0 ? r.inSync.join(', ') : 'none'}`);
  if (r.waitingOn.length > 0) tail.push(`Waiting on: ${r.waitingOn.join(', ')}`);
  const soFar = r.operationPhase === 'Running' ? ' (so far)' : '';
  tail.push(`Hooks left in cluster${soFar}: ${r.hooksLeftInCluster.length > 0 ? r.hooksLeftInCluster.join(', ') : 'none'}`);
  tail.push(`Wave delays slept${soFar}: ${r.minimumSeconds} s`);
  if (r.attempts) tail.push(`Retry backoff slept${soFar}: ${r.retryBackoffSeconds ?? 0} s`);
  sections.push(tail);
  if (r.attempts) {
    sections.push(['Attempts (the steps and results above are the last one\'s)', ...r.attempts.map(a => `  ${a.attempt}. ${a.operationPhase}: ${a.message}`
      + `${a.backoffSeconds !== undefined ? ` (then ${a.backoffSeconds} s backoff)` : ''}`)]);
  }

  if (r.results.length > 0) {
    sections.push(['Results (as Argo CD records them)', ...r.results.map(x => `  ${label(x)}: ${x.status}${x.message ? ` (${x.message})` : ''}`)]);
  }
  if (r.notes.length > 0) sections.push(['Notes', ...r.notes.map(n => `  ${n}`)]);
  return sections.map(s => s.join('\n')).join('\n\n') + '\n';
}
