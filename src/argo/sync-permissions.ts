/**
 * `validateSyncPermissions` (argo-cd `controller/sync.go`), the check gitops-engine runs on every
 * task of a served kind before a sync applies anything (`pkg/sync/sync_context.go` `getSyncTasks`):
 * the task's group/kind (and, cluster-scoped since 3.3, name) against the AppProject's resource
 * lists (`resourcePermission`), then a namespaced object's namespace against its destinations. One
 * refusal fails the whole operation ("one or more synchronization tasks are not valid"), the task's
 * result carrying the words below. The rule `resource-not-permitted` and the simulator both ask here.
 */
import { Destination, destinationPermitted, resourcePermission, ResourcePermission } from './app-project';
import { crdDefinition } from './hoist';
import { groupOf } from './keys';
import { isNamespacedKind } from './scope';
import type { Manifest, SyncTask } from './types';

/** A child Application and the AppProject it belongs to, as its parent's manifests give them. */
export interface AppProjectContext {
  /** The Application's name, for messages. */
  readonly application: string;
  /** The AppProject object its `spec.project` names. */
  readonly project: Record<string, unknown>;
  /** The AppProject's name. */
  readonly projectName: string;
  /** `spec.destination`: the cluster (server or name); its namespace is the Application's destination namespace. */
  readonly destination: Destination;
}

/** Why Argo CD refuses one task: its words (the task's result), and for a refused kind the verdict. */
export interface SyncPermissionRefusal {
  /** The task's result message, as the controller writes it. */
  readonly message: string;
  /** Refused for its group/kind (or name): which list decided. Absent: refused for its namespace. */
  readonly kind?: ResourcePermission;
  /** Whether the kind is namespaced. */
  readonly namespaced: boolean;
}

/** Each custom kind a CRD among `manifests` defines, and whether it is cluster-scoped. */
export function customScopesOf(manifests: Iterable<Manifest>): Map<string, boolean> {
  const scopes = new Map<string, boolean>();
  for (const m of manifests) {
    if (m.object.kind !== 'CustomResourceDefinition') continue;
    const definition = crdDefinition(groupOf(String(m.object.apiVersion ?? '')), 'CustomResourceDefinition', m.object);
    if (definition) scopes.set(definition.key, definition.clusterScoped);
  }
  return scopes;
}

/**
 * The refusal of `t` by the Application's AppProject, or undefined when permitted or not known here
 * (a kind whose scope is not known, a pattern not read). A namespaced object in the destination
 * namespace is left out: an Application whose own destination is refused never syncs at all (rule
 * `application-project-forbids`).
 * @param destinationNamespace the Application's `spec.destination.namespace` ('' when none)
 * @param customScopes `customScopesOf` the Application's manifests
 */
export function syncPermissionRefusal(context: AppProjectContext, t: SyncTask, destinationNamespace: string,
  customScopes: ReadonlyMap<string, boolean>, version?: string): SyncPermissionRefusal | undefined {
  const namespaced = isNamespacedKind(t.group, t.kind, customScopes);
  if (namespaced === undefined) return undefined;
  const verdict = resourcePermission(context.project, { group: t.group, kind: t.kind, name: t.name, namespaced }, version);
  if (verdict.permitted === false) return { message: kindRefusalWords(t.group, t.kind, context.projectName), kind: verdict, namespaced };
  if (!namespaced || t.namespace === '' || t.namespace === destinationNamespace) return undefined;
  if (destinationPermitted(context.project, { ...context.destination, namespace: t.namespace }) !== false) return undefined;
  return { message: namespaceRefusalWords(t.namespace, context.projectName), namespaced };
}

/** The controller's result for a refused kind (`validateSyncPermissions`). */
function kindRefusalWords(group: string, kind: string, project: string): string {
  return `resource ${group}:${kind} is not permitted in project ${project}`;
}

/** The controller's result for a namespace its destinations refuse. */
function namespaceRefusalWords(namespace: string, project: string): string {
  return `namespace ${namespace} is not permitted in project '${project}'`;
}

/** What a live task's result says Argo CD refused, read back from the words above. */
export type ReadRefusal =
  | { readonly group: string; readonly kind: string; readonly project: string }
  | { readonly namespace: string; readonly project: string };

/** A sync result message of a permission refusal read back (`syncplan explain`), or undefined for any other message. */
export function readSyncPermissionRefusal(message: string): ReadRefusal | undefined {
  const byKind = /^resource ([^:\s]*):(\S+) is not permitted in project (\S+)$/.exec(message);
  if (byKind) return { group: byKind[1], kind: byKind[2], project: byKind[3] };
  const byNamespace = /^namespace (\S+) is not permitted in project '([^']*)'$/.exec(message);
  return byNamespace ? { namespace: byNamespace[1], project: byNamespace[2] } : undefined;
}
