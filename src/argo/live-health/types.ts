/**
 * Live health as gitops-engine computes it (`pkg/health/health.go`): a status code and a message.
 * The checks in this folder read a live object's documented status fields; no cdk8s, no I/O.
 */

/** gitops-engine `HealthStatusCode`. */
export type HealthStatusCode = 'Healthy' | 'Progressing' | 'Degraded' | 'Suspended' | 'Missing' | 'Unknown';

export const HEALTH_CODES: readonly HealthStatusCode[] = ['Healthy', 'Suspended', 'Progressing', 'Missing', 'Degraded', 'Unknown'];

export interface HealthResult {
  readonly status: HealthStatusCode;
  readonly message: string;
}

/** A live Kubernetes object as JSON. */
export type LiveObject = Record<string, unknown>;

/**
 * A Go check: the object's health, or throws a conversion error (→ Unknown, as `GetResourceHealth` does).
 * `version`: the Argo CD version whose check it is (`versions.ts`); undefined: the latest.
 */
export type HealthCheckFn = (obj: LiveObject, version?: string) => HealthResult;

export function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : {};
}

export function list(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.map(record) : [];
}

/** A nested field, or undefined. */
export function at(obj: unknown, ...path: string[]): unknown {
  let cur: unknown = obj;
  for (const key of path) cur = record(cur)[key];
  return cur;
}

export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A number field as Go's typed conversion reads it: absent → 0. */
export function int(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A pointer field (`*int32`): absent → undefined. */
export function optInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The group/version of `apiVersion`, as Go's `GroupVersionKind()` splits it. */
export function groupVersion(obj: LiveObject): { group: string; version: string } {
  const apiVersion = str(obj.apiVersion);
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/** Go's `GroupVersionKind.String()`: `apps/v1, Kind=Deployment` (core group: `/v1, Kind=Pod`). */
export function gvkString(obj: LiveObject): string {
  const { group, version } = groupVersion(obj);
  return `${group}/${version}, Kind=${str(obj.kind)}`;
}

/** The typed check only accepts the versions gitops-engine converts; any other is an error. */
export function requireVersion(obj: LiveObject, kind: string, versions: readonly string[]): void {
  if (!versions.includes(groupVersion(obj).version)) throw new Error(`unsupported ${kind} GVK: ${gvkString(obj)}`);
}

export const healthy = (message = ''): HealthResult => ({ status: 'Healthy', message });
export const progressing = (message = ''): HealthResult => ({ status: 'Progressing', message });
export const degraded = (message = ''): HealthResult => ({ status: 'Degraded', message });
