/** `simulate --repo-root` output: the application order with each child's outcome, each child's sync, the parent's. */
import { APP_OF_APPS_NOTE } from './app-simulation';
import type { AppOfAppsSimulation, ChildSimulation } from './app-simulation';
import { parentOrders } from './applications';
import { renderSimulationText, simulationJson } from './simulation-output';
import { applicationOrderLines, applicationWaves } from '../report/application-order';

/** Why a child the parent applied never synced, and how to simulate syncing it by hand. */
function notSyncedNote(name: string): string {
  return `not synced: Application/${name} has no automated sync (spec.syncPolicy.automated) and the parent never syncs a child, it only applies it `
    + `(argo-cd #1932), so it stays Progressing until someone syncs it (e.g. \`argocd app sync ${name}\`); `
    + `simulate that with --health Application/${name}=Healthy`;
}

export function renderAppOfAppsJson(sim: AppOfAppsSimulation): string {
  return JSON.stringify({
    ...simulationJson(sim.parent),
    note: APP_OF_APPS_NOTE,
    applications: sim.children.map(c => ({
      name: c.child.name,
      namespace: c.child.namespace,
      wave: c.child.wave,
      destinationNamespace: c.child.destinationNamespace,
      source: c.child.source,
      started: c.started,
      automated: c.automated,
      health: c.health,
      ...(c.result && c.started ? simulationJson(c.result) : { operationPhase: null }),
      ...(c.started && !c.synced ? { note: notSyncedNote(c.child.name) } : {}),
    })),
  }, null, 2) + '\n';
}

function outcome(sim: AppOfAppsSimulation, c: ChildSimulation): string {
  if (!c.started) return 'never started (the parent is held before its wave)';
  const holds = sim.parent.waitingOn.includes(`Application/${c.child.name}`) ? ' <- holds the parent' : '';
  if (!c.synced) return `not synced (no automated sync: the parent never syncs a child), ${c.health}${holds}`;
  if (!c.result) return `not simulated (rendered by: ${c.child.source.render}), ${c.health}`;
  return `${c.result.operationPhase}${c.result.operationPhase === 'Running' ? ' (stalled)' : ''}, ${c.health}${holds}`;
}

export function renderAppOfAppsText(sim: AppOfAppsSimulation): string {
  // A parent that applies no Application: what `plan` shows of its order (RollingSync steps, or none and why).
  const sections = sim.children.length === 0 ? parentOrders(sim.plan, applicationWaves([])).map(o => applicationOrderLines(o).join('\n')) : [[
    `Application order (${APP_OF_APPS_NOTE})`,
    ...sim.children.map(c => `  wave ${c.child.wave}: Application/${c.child.name}: ${outcome(sim, c)}`),
  ].join('\n')];
  for (const c of sim.children) {
    if (!c.result || !c.started) continue;
    sections.push(`Application ${c.child.name} (parent wave ${c.child.wave})\n\n${renderSimulationText(c.result).trimEnd()}`);
  }
  sections.push(`Parent Application\n\n${renderSimulationText(sim.parent).trimEnd()}`);
  return sections.join('\n\n') + '\n';
}
