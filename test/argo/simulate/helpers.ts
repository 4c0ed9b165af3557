/** Plan and sync-loop runs for the simulator tests (manifests come from test/fixtures/manifests.ts). */
import { buildPlan, Manifest, PlanOptions, SyncPlan } from '../../../src/argo';
import { HealthStatus, simulate, SimulateOptions, SimulationResult } from '../../../src/argo/simulate';

export interface Run {
  readonly health?: Record<string, HealthStatus>;
  readonly applyErrors?: Record<string, string>;
  readonly live?: readonly Manifest[];
  readonly plan?: PlanOptions;
  readonly sim?: Omit<SimulateOptions, 'health' | 'applyErrors' | 'live'>;
}

export function planOf(manifests: readonly Manifest[], run: Run = {}): SyncPlan {
  return buildPlan(manifests, { namespace: 'app', ...run.plan, live: run.live ?? [] });
}

/** Plans the manifests and replays the sync. */
export function sim(manifests: readonly Manifest[], run: Run = {}): SimulationResult {
  return simulate(planOf(manifests, run), {
    ...run.sim,
    live: run.live ?? [],
    health: new Map(Object.entries(run.health ?? {})),
    applyErrors: new Map(Object.entries(run.applyErrors ?? {})),
    syncOptions: run.sim?.syncOptions ?? run.plan?.syncOptions ?? [],
  });
}

/** The operation messages, call by call. */
export function messages(r: SimulationResult): string[] {
  return r.reconciles.map(c => `${c.operationPhase}: ${c.message}`);
}

/** `Kind/name` of applied tasks, in order. */
export function appliedNames(r: SimulationResult): string[] {
  return r.applied.map(a => `${a.kind}/${a.name}`);
}
