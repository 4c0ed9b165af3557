/**
 * Kinds the API server keeps outside namespaces. cdk8s writes a chart's namespace on every object,
 * these included, but a Namespace is no prerequisite of them: they never "live in" it (a CRD made
 * a user of its chart's Namespace got pinned to Argo CD's default wave and then conflicted with
 * its own custom resources).
 */
import { groupOf } from '../argo/keys';
import { isClusterScopedKind } from '../argo/scope';

/** `group/kind` of an object, the key used here and for CRD-defined kinds. */
export function typeKey(apiVersion: string, kind: string): string {
  return `${groupOf(apiVersion)}/${kind}`;
}

/** True for kinds that never live in a namespace; `custom` holds cluster-scoped kinds defined by the chart's CRDs. */
export function isClusterScoped(apiVersion: string, kind: string, custom: ReadonlySet<string>): boolean {
  return isClusterScopedKind(groupOf(apiVersion), kind) || custom.has(typeKey(apiVersion, kind));
}
