/**
 * Small builders for the sync-loop tests of this folder: a manifest from a few fields, and a
 * plan-then-simulate run with health and apply errors given as plain records.
 */
import { buildPlan } from '../../../src/argo/plan';
import { simulate } from '../../../src/argo/simulate';
import type { HealthStatus, SimulateOptions, SimulationResult } from '../../../src/argo/simulate/types';
import type { Manifest, PlanOptions, SyncPlan } from '../../../src/argo/types';

const API: Record<string, string> = { Deployment: 'apps/v1', Job: 'batch/v1', Ingress: 'networking.k8s.io/v1' };

export interface Fields {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  readonly apiVersion?: string;
  readonly annotations?: Record<string, string>;
  readonly labels?: Record<string, string>;
  readonly spec?: Record<string, unknown>;
}

let index = 0;

export function manifest(f: Fields): Manifest {
  const metadata: Record<string, unknown> = { name: f.name };
  if (f.namespace !== undefined) metadata.namespace = f.namespace;
  if (f.annotations) metadata.annotations = f.annotations;
  if (f.labels) metadata.labels = f.labels;
  const object: Record<string, unknown> = { apiVersion: f.apiVersion ?? API[f.kind] ?? 'v1', kind: f.kind, metadata };
  if (f.spec) object.spec = f.spec;
  return { object, source: { file: 'fixture.yaml', line: 1, index: index++ } };
}

export const wave = (n: number) => ({ 'argocd.argoproj.io/sync-wave': String(n) });
export const hook = (type: string, extra: Record<string, string> = {}) => ({ 'argocd.argoproj.io/hook': type, ...extra });

export interface Replay {
  readonly plan?: PlanOptions;
  readonly health?: Record<string, HealthStatus>;
  readonly applyErrors?: Record<string, string>;
  readonly sim?: Omit<SimulateOptions, 'health' | 'applyErrors'>;
}

export function replay(manifests: readonly Manifest[], r: Replay = {}): { plan: SyncPlan; result: SimulationResult } {
  const plan = buildPlan(manifests, r.plan ?? {});
  const result = simulate(plan, {
    live: r.plan?.live ?? [],
    syncOptions: r.plan?.syncOptions ?? [],
    ...(r.plan?.argocdVersion ? { argocdVersion: r.plan.argocdVersion } : {}),
    ...(r.plan?.kubeVersion ? { kubeVersion: r.plan.kubeVersion } : {}),
    ...r.sim,
    health: new Map(Object.entries(r.health ?? {})),
    applyErrors: new Map(Object.entries(r.applyErrors ?? {})),
  });
  return { plan, result };
}

/** `Phase: message` of every call. */
export function calls(r: SimulationResult): string[] {
  return r.reconciles.map(c => `${c.operationPhase}: ${c.message}`);
}
