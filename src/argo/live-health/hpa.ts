/**
 * HorizontalPodAutoscaler v1 (conditions in an annotation) and v2; v2beta1 and v2beta2 before 3.5
 * (gitops-engine `pkg/health/health_hpa.go`; docs/argo-cd-model.md#health).
 */
import { at, degraded, healthy, list, LiveObject, requireVersion, str } from './types';
import type { HealthResult } from './types';
import { behavesSince } from '../versions';

interface Condition { readonly type: string; readonly reason: string; readonly message: string; readonly status: string }

const WAITING = { status: 'Progressing', message: 'Waiting to Autoscale' } as const;
const DEGRADED = new Set(['AbleToScale/FailedGetScale', 'AbleToScale/FailedUpdateScale', 'ScalingActive/FailedGetResourceMetric', 'ScalingActive/InvalidSelector']);
/** The metric failures that degrade since 3.5 (custom, pods and external metrics, and the replica count computed from them). */
const DEGRADED_SINCE_3_5 = new Set([...DEGRADED, 'ScalingActive/FailedGetObjectMetric', 'ScalingActive/FailedGetPodsMetric',
  'ScalingActive/FailedGetExternalMetric', 'ScalingActive/FailedComputeMetricsReplicas']);
const HEALTHY_TYPES = new Set(['AbleToScale', 'ScalingLimited']);

function conditionOf(c: Record<string, unknown>): Condition {
  // v1's annotation is unmarshalled into exported Go fields, so either key case matches.
  const pick = (k: string) => str(c[k] ?? c[k[0].toUpperCase() + k.slice(1)]);
  return { type: pick('type'), reason: pick('reason'), message: pick('message'), status: pick('status') };
}

/**
 * The condition that decides the health, in gitops-engine's order, and whether it degrades: since
 * 3.5 the first failure anywhere, else the first healthy condition; before, the first condition
 * that is either.
 */
function deciding(conditions: readonly Condition[], version?: string): { readonly condition: Condition; readonly degrades: boolean } | undefined {
  const failing = (c: Condition) => (behavesSince('hpaFailedConditionFirst', version) ? DEGRADED_SINCE_3_5 : DEGRADED).has(`${c.type}/${c.reason}`);
  const fine = (c: Condition) => HEALTHY_TYPES.has(c.type) && c.status === 'True';
  if (behavesSince('hpaFailedConditionFirst', version)) {
    const failure = conditions.find(failing);
    if (failure) return { condition: failure, degrades: true };
    const ok = conditions.find(fine);
    return ok ? { condition: ok, degrades: false } : undefined;
  }
  const first = conditions.find(c => failing(c) || fine(c));
  return first ? { condition: first, degrades: failing(first) } : undefined;
}

function check(conditions: readonly Condition[], version?: string): HealthResult {
  const d = deciding(conditions, version);
  if (!d) return WAITING;
  return d.degrades ? degraded(d.condition.message) : healthy(d.condition.message);
}

/** The HPA's conditions, from `status` (v2beta1 on) or v1's annotation (undefined: v1 without it). */
function conditionsOf(obj: LiveObject): Condition[] | undefined {
  if (str(obj.apiVersion) !== 'autoscaling/v1') return list(at(obj, 'status', 'conditions')).map(conditionOf);
  const annotation = at(obj, 'metadata', 'annotations', 'autoscaling.alpha.kubernetes.io/conditions');
  if (typeof annotation !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(annotation);
  } catch (e) {
    throw new Error(`failed to convert conditions annotation to typed: ${(e as Error).message}`);
  }
  if (parsed !== null && !Array.isArray(parsed)) throw new Error('failed to convert conditions annotation to typed: not a list');
  return list(parsed).map(conditionOf);
}

/** @param version the Argo CD version (`versions.ts`); undefined: the latest */
export function hpaHealth(obj: LiveObject, version?: string): HealthResult {
  requireVersion(obj, 'HPA', behavesSince('hpaV2BetaUnread', version) ? ['v1', 'v2'] : ['v1', 'v2beta1', 'v2beta2', 'v2']);
  const conditions = conditionsOf(obj);
  return conditions === undefined || conditions.length === 0 ? WAITING : check(conditions, version);
}

/**
 * The condition that makes `hpaHealth` Degraded (`type/reason` of it, and its message), for saying
 * why; undefined when the HPA is not Degraded or cannot be read.
 */
export function hpaDegradedBy(obj: LiveObject, version?: string): { readonly reason: string; readonly message: string } | undefined {
  let conditions: Condition[] | undefined;
  try {
    if (hpaHealth(obj, version).status !== 'Degraded') return undefined;
    conditions = conditionsOf(obj);
  } catch {
    return undefined; // unreadable: hpaHealth reports that
  }
  const d = deciding(conditions ?? [], version);
  return d?.degrades ? { reason: d.condition.reason, message: d.condition.message } : undefined;
}
