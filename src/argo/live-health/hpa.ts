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

function check(conditions: readonly Condition[]): HealthResult {
  for (const c of conditions) {
    if (DEGRADED.has(`${c.type}/${c.reason}`)) return degraded(c.message);
    if (HEALTHY_TYPES.has(c.type) && c.status === 'True') return healthy(c.message);
  }
  return WAITING;
}

export function hpaHealth(obj: LiveObject): HealthResult {
  requireVersion(obj, 'HPA', ['v1', 'v2beta1', 'v2beta2', 'v2']);
  if (str(obj.apiVersion) !== 'autoscaling/v1') return check(list(at(obj, 'status', 'conditions')).map(conditionOf));
  const annotation = at(obj, 'metadata', 'annotations', 'autoscaling.alpha.kubernetes.io/conditions');
  if (typeof annotation !== 'string') return WAITING;
  let parsed: unknown;
  try {
    parsed = JSON.parse(annotation);
  } catch (e) {
    throw new Error(`failed to convert conditions annotation to typed: ${(e as Error).message}`);
  }
  if (parsed !== null && !Array.isArray(parsed)) throw new Error('failed to convert conditions annotation to typed: not a list');
  const conditions = list(parsed).map(conditionOf);
  return conditions.length === 0 ? WAITING : check(conditions);
}
