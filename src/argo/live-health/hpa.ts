/** HorizontalPodAutoscaler v1 (conditions in an annotation), v2beta1, v2beta2, v2 (gitops-engine `pkg/health/health_hpa.go`). */
import { at, degraded, healthy, list, LiveObject, requireVersion, str } from './types';
import type { HealthResult } from './types';

interface Condition { readonly type: string; readonly reason: string; readonly message: string; readonly status: string }

const WAITING = { status: 'Progressing', message: 'Waiting to Autoscale' } as const;
const DEGRADED = new Set(['AbleToScale/FailedGetScale', 'AbleToScale/FailedUpdateScale', 'ScalingActive/FailedGetResourceMetric', 'ScalingActive/InvalidSelector']);
const HEALTHY_TYPES = new Set(['AbleToScale', 'ScalingLimited']);

function conditionOf(c: Record<string, unknown>): Condition {
  // v1's annotation is unmarshalled into exported Go fields, so either key case matches.
  const pick = (k: string) => str(c[k] ?? c[k[0].toUpperCase() + k.slice(1)]);
  return { type: pick('type'), reason: pick('reason'), message: pick('message'), status: pick('status') };
}

/** The first condition that decides the health, in gitops-engine's order, and whether it degrades. */
function deciding(conditions: readonly Condition[]): { readonly condition: Condition; readonly degrades: boolean } | undefined {
  for (const c of conditions) {
    if (DEGRADED.has(`${c.type}/${c.reason}`)) return { condition: c, degrades: true };
    if (HEALTHY_TYPES.has(c.type) && c.status === 'True') return { condition: c, degrades: false };
  }
  return undefined;
}

function check(conditions: readonly Condition[]): HealthResult {
  const d = deciding(conditions);
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

export function hpaHealth(obj: LiveObject): HealthResult {
  requireVersion(obj, 'HPA', ['v1', 'v2beta1', 'v2beta2', 'v2']);
  const conditions = conditionsOf(obj);
  return conditions === undefined || conditions.length === 0 ? WAITING : check(conditions);
}

/**
 * The condition that makes `hpaHealth` Degraded (`type/reason` of it, and its message), for saying
 * why; undefined when the HPA is not Degraded or cannot be read.
 */
export function hpaDegradedBy(obj: LiveObject): { readonly reason: string; readonly message: string } | undefined {
  let conditions: Condition[] | undefined;
  try {
    conditions = conditionsOf(obj);
  } catch {
    return undefined; // unreadable: hpaHealth reports that
  }
  const d = deciding(conditions ?? []);
  return d?.degrades ? { reason: d.condition.reason, message: d.condition.message } : undefined;
}
