/**
 * Which kinds the API server serves, for the validation pass of `getSyncTasks`: a fresh cluster
 * serves the built-in API groups only (plus Argo CD's own CRDs, since Argo CD runs there), so a
 * custom resource fails discovery unless its CRD is in the sync, installed, or the dry run is
 * skipped with `SkipDryRunOnMissingResource=true`.
 */
import { isPlainObject } from '../annotations';
import { builtinKindSpelling, miscasedApiVersion, servedWithoutCrd } from '../api-groups';
import { unservedBuiltin } from '../served-versions';
import type { SyncTask } from '../types';

/** `group/Kind` of the custom resources a CRD defines (`spec.group` + `spec.names.kind`). */
export function crdGroupKind(object: Record<string, unknown>): string | undefined {
  if (object.kind !== 'CustomResourceDefinition') return undefined;
  if (typeof object.apiVersion !== 'string' || !object.apiVersion.startsWith('apiextensions.k8s.io/')) return undefined;
  const spec = object.spec;
  if (!isPlainObject(spec) || typeof spec.group !== 'string' || !isPlainObject(spec.names)) return undefined;
  const kind = spec.names.kind;
  return typeof kind === 'string' ? `${spec.group}/${kind}` : undefined;
}

/**
 * True when a fresh API server of `kubeVersion` (plus `installed` CRDs) serves this task's
 * apiVersion and kind, spelled as discovery spells them. A CRD installed or in the sync never serves
 * a group in another case (`Example.com`): its spec.group is lower case, or the API server refused it.
 */
export function servedBeforeSync(task: Pick<SyncTask, 'apiVersion' | 'group' | 'kind'>, installed: ReadonlySet<string>, kubeVersion?: string): boolean {
  return servedWithoutCrd(task.group, task.kind, installed) && unservedBuiltin(task.apiVersion, task.kind, kubeVersion) === undefined
    && builtinKindSpelling(task.group, task.kind) === undefined && miscasedApiVersion(task.apiVersion, task.kind) === undefined;
}

/**
 * Discovery's error for an apiVersion/kind the cluster does not serve: the group/version's 404, or
 * (the group/version served, the kind not) the NotFound that `ServerResourceForGroupVersionKind`
 * builds from the kind and group (`Kind.group "" not found`).
 */
export function unservedError(task: Pick<SyncTask, 'apiVersion' | 'group' | 'kind'>, kubeVersion?: string): string {
  // A group/version in another case (`apps/V1`, `Example.com/v1`): its path 404s before any kind is compared.
  if (miscasedApiVersion(task.apiVersion, task.kind) !== undefined) return discoveryError(task.apiVersion);
  const builtin = unservedBuiltin(task.apiVersion, task.kind, kubeVersion);
  // A built-in kind in another case (`deployment`): its group/version is served, the kind as written is not.
  if (builtin?.groupVersionServed || (builtin === undefined && builtinKindSpelling(task.group, task.kind) !== undefined)) return `${task.kind}${task.group ? `.${task.group}` : ''} "" not found`;
  return discoveryError(task.apiVersion);
}

/**
 * Discovery's error for a group/version it does not serve, as the engine reports it
 * (`ServerResourceForGroupVersionKind` wrapping the API server's 404).
 */
export function discoveryError(apiVersion: string): string {
  return `failed to discover server resources for group version ${apiVersion}: the server could not find the requested resource`;
}

/** kubectl's REST mapping error when a kind is applied before its CRD exists. */
export function noKindMatchError(apiVersion: string, kind: string): string {
  return `no matches for kind "${kind}" in version "${apiVersion}" (ensure CRDs are installed first)`;
}
