import { buildPlan, Manifest, PlanOptions, SyncPlan } from '../../src/argo';
import { HealthStatus, simulate, SimulateOptions, SimulationResult } from '../../src/argo/simulate';

export const WAVE = 'argocd.argoproj.io/sync-wave';
export const HOOK = 'argocd.argoproj.io/hook';
export const DELETE_POLICY = 'argocd.argoproj.io/hook-delete-policy';
export const SYNC_OPTIONS = 'argocd.argoproj.io/sync-options';

const API_VERSIONS: Record<string, string> = {
  Deployment: 'apps/v1',
  StatefulSet: 'apps/v1',
  Job: 'batch/v1',
  Ingress: 'networking.k8s.io/v1',
  CustomResourceDefinition: 'apiextensions.k8s.io/v1',
  Workflow: 'argoproj.io/v1alpha1',
};

export interface Obj {
  readonly kind: string;
  readonly name?: string;
  readonly generateName?: string;
  readonly apiVersion?: string;
  readonly wave?: number;
  readonly hook?: string;
  readonly deletePolicy?: string;
  readonly syncOptions?: string;
  readonly spec?: Record<string, unknown>;
}

let index = 0;

/** A manifest with only what ordering and the sync loop read. */
export function obj(o: Obj): Manifest {
  const annotations: Record<string, string> = {};
  if (o.wave !== undefined) annotations[WAVE] = String(o.wave);
  if (o.hook !== undefined) annotations[HOOK] = o.hook;
  if (o.deletePolicy !== undefined) annotations[DELETE_POLICY] = o.deletePolicy;
  if (o.syncOptions !== undefined) annotations[SYNC_OPTIONS] = o.syncOptions;
  const metadata: Record<string, unknown> = { annotations };
  if (o.name !== undefined) metadata.name = o.name;
  if (o.generateName !== undefined) metadata.generateName = o.generateName;
  const object: Record<string, unknown> = { apiVersion: o.apiVersion ?? API_VERSIONS[o.kind] ?? 'v1', kind: o.kind, metadata };
  if (o.spec) object.spec = o.spec;
  return { object, source: { file: 'test.yaml', line: 1, index: index++ } };
}

/** A CRD defining `group/kind`. */
export function crd(group: string, kind: string): Manifest {
  return obj({
    kind: 'CustomResourceDefinition',
    name: `${kind.toLowerCase()}s.${group}`,
    spec: { group, names: { kind, plural: `${kind.toLowerCase()}s` } },
  });
}

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
