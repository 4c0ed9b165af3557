/**
 * An Argo CD Application's status, read into plain fields (`pkg/apis/application/v1alpha1/types.go`:
 * `OperationState`, `SyncOperationResult.resources[]` as `ResourceResult`, `status.resources[]` as
 * `ResourceStatus`, conditions, health). Anything that is not an Application is refused with why.
 */

function rec(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {};
}
function arr(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.map(rec) : [];
}
function s(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
function opt(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** group/kind/namespace/name, as Argo CD keys a resource. */
export interface ResourceRef {
  readonly group: string;
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
}

export interface ReportedHealth {
  readonly status: string;
  readonly message: string;
  readonly lastTransitionTime?: string;
}

/** One `syncResult.resources[]` entry (`ResourceResult`). */
export interface ResourceResult extends ResourceRef {
  readonly version: string;
  /** Synced, SyncFailed, Pruned, PruneSkipped; empty while not yet applied (and always for hooks). */
  readonly status: string;
  readonly message: string;
  /** PreSync, Sync, PostSync, SyncFail... for hooks; empty otherwise. */
  readonly hookType: string;
  /** Running, Succeeded, Failed, Error, Terminating: for resources too (Running = awaited). */
  readonly hookPhase: string;
  readonly syncPhase: string;
}

/** One `status.resources[]` entry (`ResourceStatus`). */
export interface ResourceStatus extends ResourceRef {
  readonly version: string;
  /** Synced, OutOfSync, Unknown. */
  readonly status: string;
  /** Absent since Argo CD 3.0 unless `controller.resource.health.persist` is on. */
  readonly health?: ReportedHealth;
  readonly hook: boolean;
  readonly syncWave: number;
  readonly requiresPruning: boolean;
  readonly requiresDeletionConfirmation: boolean;
}

export interface AppCondition {
  readonly type: string;
  readonly message: string;
  readonly lastTransitionTime?: string;
}

export interface OperationStateView {
  readonly phase: string;
  readonly message: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
  readonly retryCount: number;
  readonly revision?: string;
  readonly results: readonly ResourceResult[];
  /** The operation's own sync options (`operation.sync.syncOptions`). */
  readonly syncOptions: readonly string[];
  /** `operation.initiatedBy.automated`: started by auto-sync; else a manual sync, as the controller reads it (`syncWindowPreventsSync`). */
  readonly automated: boolean;
}

export interface ApplicationView {
  readonly name: string;
  readonly namespace: string;
  readonly destinationNamespace: string;
  /** `spec.destination.server` and `.name` ('' when absent): the cluster the Application deploys to. */
  readonly destinationServer: string;
  readonly destinationName: string;
  readonly operation?: OperationStateView;
  readonly resources: readonly ResourceStatus[];
  readonly conditions: readonly AppCondition[];
  readonly health?: ReportedHealth;
  readonly syncStatus?: string;
  /** `spec.syncPolicy.syncOptions`. */
  readonly syncOptions: readonly string[];
  /** `spec.project`, `default` when empty (`Application.Spec.GetProject`). */
  readonly project: string;
  /** Auto-sync is on: `spec.syncPolicy.automated` set and its `enabled` not false (`SyncPolicy.IsAutomatedSyncEnabled`). */
  readonly automatedSync: boolean;
  /** `status.resourceHealthSource`: `appTree` (3.0+ default) when per-resource health is not stored inline. */
  readonly resourceHealthSource?: string;
  /** Set once the Application is being deleted (`metadata.deletionTimestamp`), with the finalizers still on it. */
  readonly deletion?: { readonly since: string; readonly finalizers: readonly string[] };
}

/** Not an Application, or one whose status cannot be read. */
export class NotAnApplicationError extends Error {
  /** @param field the field at fault (keys from the object's root), when one is */
  constructor(message: string, readonly field?: readonly string[]) {
    super(message);
    this.name = 'NotAnApplicationError';
  }
}

function ref(r: Record<string, unknown>): ResourceRef & { version: string } {
  return { group: s(r.group), version: s(r.version), kind: s(r.kind), namespace: s(r.namespace), name: s(r.name) };
}

function health(v: unknown): ReportedHealth | undefined {
  const h = rec(v);
  if (typeof h.status !== 'string' || h.status === '') return undefined;
  return { status: h.status, message: s(h.message), ...(opt(h.lastTransitionTime) ? { lastTransitionTime: s(h.lastTransitionTime) } : {}) };
}

/** `kind: Application` of group argoproj.io. */
export function isApplication(obj: unknown): boolean {
  const o = rec(obj);
  return o.kind === 'Application' && s(o.apiVersion).startsWith('argoproj.io/');
}

/** Reads an Application object (as `kubectl get application -o json` or `argocd app get -o json` print it). */
/**
 * The first field explain's answer rests on that no Argo CD writes so: a phase that is not a
 * string, a time that is not one, a list that is not a list. Read leniently, such a field made a
 * wrong answer without a word (a sync "Running" for no time, no resources); absent and null fields
 * are fine (Argo CD leaves out what it has not set).
 */
function misshapenField(o: Record<string, unknown>): { field: string[]; message: string } | undefined {
  const status = rec(o.status);
  const op = status.operationState;
  const checks: Array<[string, unknown, 'map' | 'list' | 'string' | 'time']> = [
    ['status', o.status, 'map'],
    ['status.resources', status.resources, 'list'],
    ['status.operationState', op, 'map'],
    ['status.operationState.phase', rec(op).phase, 'string'],
    ['status.operationState.startedAt', rec(op).startedAt, 'time'],
    ['status.operationState.finishedAt', rec(op).finishedAt, 'time'],
    ['status.operationState.syncResult.resources', rec(rec(op).syncResult).resources, 'list'],
    ['metadata.deletionTimestamp', rec(o.metadata).deletionTimestamp, 'time'],
  ];
  for (const [path, v, want] of checks) {
    if (v === undefined || v === null) continue;
    const ok = want === 'map' ? typeof v === 'object' && !Array.isArray(v)
      : want === 'list' ? Array.isArray(v)
        : want === 'string' ? typeof v === 'string'
          : typeof v === 'string' && (v === '' || !Number.isNaN(Date.parse(v)));
    if (!ok) {
      const what = want === 'time' ? 'an RFC 3339 time' : want === 'map' ? 'a map' : want === 'list' ? 'a list' : 'a string';
      return { field: path.split('.'), message: `${path} is ${JSON.stringify(v)}, not ${what} as Argo CD writes it` };
    }
  }
  return undefined;
}

export function readApplication(obj: unknown): ApplicationView {
  const o = rec(obj);
  // `argocd app get -o json` prints the Application itself; kind may be missing there.
  if (o.kind !== undefined && !isApplication(o)) {
    throw new NotAnApplicationError(`expected an argoproj.io Application, got ${s(o.apiVersion) || '?'} ${s(o.kind) || '?'}`);
  }
  if (o.kind === undefined && o.status === undefined && o.spec === undefined) {
    throw new NotAnApplicationError('expected an Argo CD Application object with a status');
  }
  const wrong = misshapenField(o);
  if (wrong) throw new NotAnApplicationError(wrong.message, wrong.field);
  const metadata = rec(o.metadata);
  const status = rec(o.status);
  const spec = rec(o.spec);
  const opState = status.operationState === undefined || status.operationState === null ? undefined : rec(status.operationState);
  const operation = opState && {
    phase: s(opState.phase),
    message: s(opState.message),
    ...(opt(opState.startedAt) ? { startedAt: s(opState.startedAt) } : {}),
    ...(opt(opState.finishedAt) ? { finishedAt: s(opState.finishedAt) } : {}),
    retryCount: typeof opState.retryCount === 'number' ? opState.retryCount : 0,
    ...(opt(rec(opState.syncResult).revision) ? { revision: s(rec(opState.syncResult).revision) } : {}),
    results: arr(rec(opState.syncResult).resources).map((r): ResourceResult => ({
      ...ref(r),
      status: s(r.status),
      message: s(r.message),
      hookType: s(r.hookType),
      hookPhase: s(r.hookPhase),
      syncPhase: s(r.syncPhase),
    })),
    syncOptions: (Array.isArray(rec(rec(opState.operation).sync).syncOptions) ? rec(rec(opState.operation).sync).syncOptions as unknown[] : []).filter((x): x is string => typeof x === 'string'),
    automated: rec(rec(opState.operation).initiatedBy).automated === true,
  };
  const syncPolicy = rec(spec.syncPolicy);
  return {
    name: s(metadata.name),
    namespace: s(metadata.namespace),
    destinationNamespace: s(rec(spec.destination).namespace),
    destinationServer: s(rec(spec.destination).server),
    destinationName: s(rec(spec.destination).name),
    ...(operation ? { operation } : {}),
    resources: arr(status.resources).map((r): ResourceStatus => {
      const h = health(r.health);
      return {
        ...ref(r),
        status: s(r.status),
        ...(h ? { health: h } : {}),
        hook: r.hook === true,
        syncWave: typeof r.syncWave === 'number' ? r.syncWave : 0,
        requiresPruning: r.requiresPruning === true,
        requiresDeletionConfirmation: r.requiresDeletionConfirmation === true,
      };
    }),
    conditions: arr(status.conditions).map(c => ({
      type: s(c.type), message: s(c.message), ...(opt(c.lastTransitionTime) ? { lastTransitionTime: s(c.lastTransitionTime) } : {}),
    })),
    ...(health(status.health) ? { health: health(status.health) } : {}),
    ...(opt(rec(status.sync).status) ? { syncStatus: s(rec(status.sync).status) } : {}),
    syncOptions: (Array.isArray(syncPolicy.syncOptions) ? syncPolicy.syncOptions as unknown[] : []).filter((x): x is string => typeof x === 'string'),
    project: s(spec.project) || 'default',
    automatedSync: syncPolicy.automated !== undefined && syncPolicy.automated !== null && rec(syncPolicy.automated).enabled !== false,
    ...(opt(status.resourceHealthSource) ? { resourceHealthSource: s(status.resourceHealthSource) } : {}),
    ...(opt(metadata.deletionTimestamp)
      ? { deletion: { since: s(metadata.deletionTimestamp), finalizers: (Array.isArray(metadata.finalizers) ? metadata.finalizers as unknown[] : []).filter((x): x is string => typeof x === 'string') } }
      : {}),
  };
}

/**
 * The cluster Argo CD itself runs in, as Argo CD names it (argo-cd
 * `pkg/apis/application/v1alpha1/application_defaults.go`: `KubernetesInternalAPIServerAddr`, `KubernetesInClusterName`).
 */
export const IN_CLUSTER_SERVER = 'https://kubernetes.default.svc';
export const IN_CLUSTER_NAME = 'in-cluster';

/** True when the Application deploys to the cluster Argo CD runs in (its own objects live beside it). */
export function deploysInCluster(app: Pick<ApplicationView, 'destinationServer' | 'destinationName'>): boolean {
  return app.destinationServer === IN_CLUSTER_SERVER || app.destinationName === IN_CLUSTER_NAME
    || (app.destinationServer === '' && app.destinationName === '');
}

/** `group/kind/namespace/name` for maps (Argo CD's `kube.ResourceKey`). */
export function refKey(r: ResourceRef): string {
  return `${r.group}/${r.kind}/${r.namespace}/${r.name}`;
}

/** `Kind/name`, the user's handle. */
export function refShort(r: Pick<ResourceRef, 'kind' | 'name'>): string {
  return `${r.kind}/${r.name}`;
}
