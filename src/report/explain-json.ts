/**
 * `syncplan explain --format json`: the documented shape, keys in a fixed order (`operationPhase`,
 * `startedAt`, `waitingSeconds`, `inFlight`, `blockers`, `done`, `next`, `syncFail`,
 * `hooksLeftInCluster`, `deletion`, `syncWindows`). Absent values are null, so a consumer can rely on every key.
 */
import type { Blocker, Explanation, Placed } from '../argo/live/explanation';

const placed = (p: Placed) => ({
  kind: p.kind, name: p.name, namespace: p.namespace, phase: p.phase ?? null, wave: p.wave ?? null, hook: p.hook, source: p.source ?? null,
});

export function blockerJson(b: Blocker) {
  return {
    kind: b.kind,
    name: b.name,
    namespace: b.namespace,
    health: b.health ?? null,
    message: b.message,
    reason: b.reason ?? null,
    since: b.since ?? null,
    warning: b.warning ?? null,
    phase: b.phase ?? null,
    wave: b.wave ?? null,
    hook: b.hook,
    healthSource: b.healthSource,
    source: b.source ?? null,
  };
}

export function explanationJson(e: Explanation) {
  return {
    app: e.app.name,
    operationPhase: e.operationPhase ?? null,
    message: e.message,
    startedAt: e.startedAt ?? null,
    finishedAt: e.finishedAt ?? null,
    waitingSeconds: e.waitingSeconds ?? null,
    retryCount: e.retryCount,
    inFlight: e.inFlight ? { phase: e.inFlight.phase ?? null, wave: e.inFlight.wave ?? null } : null,
    blockers: e.blockers.map(blockerJson),
    done: e.done.map(d => ({ ...placed(d), noHealthCheck: d.noHealthCheck, awaited: d.awaited })),
    next: e.next.map(s => ({ phase: s.phase, wave: s.wave, resources: s.resources.map(placed) })),
    syncFail: e.syncFail ? { ran: e.syncFail.ran, hooks: e.syncFail.hooks.map(h => ({ ...h })), failed: e.syncFail.failed ?? null } : null,
    hooksLeftInCluster: [...e.hooksLeftInCluster],
    deletion: e.deletion ? {
      since: e.deletion.since,
      seconds: e.deletion.seconds ?? null,
      stage: e.deletion.stage,
      doing: e.deletion.doing,
      error: e.deletion.error ?? null,
      cause: e.deletion.cause ?? null,
      terminating: e.deletion.terminating.map(t => ({ ...t, finalizers: [...t.finalizers] })),
      finalizers: [...e.deletion.finalizers],
    } : null,
    syncWindows: e.syncWindows ? {
      project: e.syncWindows.project,
      at: e.syncWindows.at,
      sync: e.syncWindows.sync,
      canSync: e.syncWindows.canSync,
      reason: e.syncWindows.reason,
      error: e.syncWindows.error ?? null,
      windows: e.syncWindows.windows.map(w => ({
        index: w.index,
        kind: w.kind,
        schedule: w.schedule,
        duration: w.duration,
        timeZone: w.timeZone,
        manualSync: w.manualSync,
        andOperator: w.andOperator,
        syncOverrun: w.syncOverrun,
        description: w.description ?? null,
        matched: { applications: w.matched.applications ?? null, namespaces: w.matched.namespaces ?? null, clusters: w.matched.clusters ?? null },
        active: w.active ?? null,
        blocks: w.blocks,
      })),
      nextChange: e.syncWindows.nextChange ?? null,
      searchedUntil: e.syncWindows.searchedUntil,
    } : null,
    notes: [...e.notes],
  };
}

export function renderExplanationJson(e: Explanation): string {
  return JSON.stringify(explanationJson(e), null, 2) + '\n';
}
