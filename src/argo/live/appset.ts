/**
 * An ApplicationSet's progressive sync (RollingSync), read from its status as the ApplicationSet
 * controller writes it (`applicationset/progressivesync/progressive_sync.go`,
 * `pkg/apis/application/v1alpha1/applicationset_types.go`): `status.applicationStatus[]` gives each
 * generated Application's `step` (1-based, as a string) and its lifecycle status
 * (Waiting → Pending → Progressing → Healthy). Step N+1 starts only when every Application of steps
 * 1..N is Healthy, so the rolling step is the first with one that is not.
 */
import { compareBytes } from '../sort';

function rec(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {};
}
function s(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

export interface AppSetAppStatus {
  readonly application: string;
  readonly status: string;
  /** 1-based; -1 when the Application matches no step (never synced by the controller). */
  readonly step: number;
  readonly message: string;
  readonly lastTransitionTime?: string;
}

export interface RolloutStep {
  /** 1-based, as the controller counts. */
  readonly step: number;
  readonly applications: readonly AppSetAppStatus[];
  readonly healthy: boolean;
}

export interface AppSetRollout {
  readonly name: string;
  readonly namespace: string;
  /** RollingSync with at least one step: the only strategy that orders Applications. */
  readonly progressive: boolean;
  readonly strategy: string;
  readonly steps: readonly RolloutStep[];
  /** The first step with an Application not Healthy; undefined when the rollout is done. */
  readonly rollingStep?: number;
  /** Applications Waiting, Pending or Progressing, in step order. */
  readonly pending: readonly AppSetAppStatus[];
  /** Applications that match no step: the controller never syncs them. */
  readonly unmatched: readonly string[];
  readonly conditions: readonly { readonly type: string; readonly status: string; readonly message: string }[];
}

/** Is this an argoproj.io ApplicationSet? */
export function isApplicationSet(obj: unknown): boolean {
  const o = rec(obj);
  return o.kind === 'ApplicationSet' && s(o.apiVersion).startsWith('argoproj.io/');
}

export function readAppSetRollout(obj: unknown): AppSetRollout {
  const o = rec(obj);
  const spec = rec(o.spec);
  const strategy = rec(spec.strategy);
  const steps = Array.isArray(rec(strategy.rollingSync).steps) ? rec(strategy.rollingSync).steps as unknown[] : [];
  const type = s(strategy.type) || 'AllAtOnce';
  const listed = rec(o.status).applicationStatus;
  const statuses: AppSetAppStatus[] = (Array.isArray(listed) ? listed as unknown[] : []).map((x) => {
    const a = rec(x);
    const step = /^-?\d+$/.test(s(a.step)) ? Number(s(a.step)) : -1;
    return {
      application: s(a.application),
      status: s(a.status),
      step,
      message: s(a.message),
      ...(s(a.lastTransitionTime) ? { lastTransitionTime: s(a.lastTransitionTime) } : {}),
    };
  });
  const rollout: RolloutStep[] = steps.map((_, i) => {
    const applications = statuses.filter(a => a.step === i + 1).sort((a, b) => compareBytes(a.application, b.application));
    return { step: i + 1, applications, healthy: applications.every(a => a.status === 'Healthy') };
  });
  const rolling = rollout.find(r => !r.healthy);
  return {
    name: s(rec(o.metadata).name),
    namespace: s(rec(o.metadata).namespace),
    progressive: type === 'RollingSync' && steps.length > 0,
    strategy: type,
    steps: rollout,
    ...(rolling ? { rollingStep: rolling.step } : {}),
    pending: rollout.flatMap(r => r.applications.filter(a => a.status !== 'Healthy')),
    unmatched: statuses.filter(a => a.step < 1 || a.step > steps.length).map(a => a.application).sort(compareBytes),
    conditions: (Array.isArray(rec(o.status).conditions) ? rec(o.status).conditions as unknown[] : [])
      .map(c => ({ type: s(rec(c).type), status: s(rec(c).status), message: s(rec(c).message) })),
  };
}
