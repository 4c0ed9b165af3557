/**
 * What an AppProject permits, where the YAML decides it for certain (`argo-cd
 * pkg/apis/application/v1alpha1/app_project_types.go` `IsAppNamespacePermitted`,
 * `IsDestinationPermitted`, `IsGroupKindNamePermitted`; `argo-cd docs/operator-manual/app-any-namespace.md`,
 * `docs/user-guide/projects.md`; docs/argo-cd-model.md#app-projects). Namespace and destination
 * patterns are read only when their meaning is plain (a literal, or `*` wildcards); anything else (a
 * `/regex/`, other glob syntax, a `!` deny entry) answers `undefined`: not known here. Resource list
 * patterns are Go's `filepath.Match` (`filepath-match.ts`).
 */
import { isPlainObject } from './annotations';
import { filepathMatch } from './filepath-match';
import type { Manifest } from './types';
import { behavesSince } from './versions';

/** True when the pattern matches, false when not, undefined when its syntax is not plain. */
function plainMatch(pattern: unknown, value: string): boolean | undefined {
  if (typeof pattern !== 'string') return undefined;
  if (/[?[\]{}\\!]/.test(pattern) || (pattern.startsWith('/') && pattern.endsWith('/') && pattern.length > 1)) return undefined;
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+^$()|]/g, '\\$&')).join('.*')}$`);
  return re.test(value);
}

/** Any of the patterns matches (true), none does (false), or an unreadable one might (undefined). */
function matchAny(patterns: readonly unknown[], value: string): boolean | undefined {
  let unknown = false;
  for (const p of patterns) {
    const m = plainMatch(p, value);
    if (m === true) return true;
    if (m === undefined) unknown = true;
  }
  return unknown ? undefined : false;
}

/**
 * `IsAppNamespacePermitted`: an Application in the control plane's namespace (where its AppProject
 * lives) or in none is always permitted; elsewhere its namespace must match `spec.sourceNamespaces`.
 */
export function appNamespacePermitted(project: Record<string, any>, appNamespace: string): boolean | undefined {
  const controlPlane = project?.metadata?.namespace;
  if (appNamespace === '' || typeof controlPlane !== 'string' || appNamespace === controlPlane) return true;
  const list = project?.spec?.sourceNamespaces;
  return matchAny(Array.isArray(list) ? list : [], appNamespace);
}

/**
 * The namespace half of `IsDestinationPermitted`: a destination is permitted only by an entry of
 * `spec.destinations` whose namespace pattern matches. With a deny entry (`!`) the answer is not
 * decided here.
 */
export function destinationNamespacePermitted(project: Record<string, any>, namespace: string): boolean | undefined {
  const list = project?.spec?.destinations;
  const entries: Array<Record<string, unknown>> = Array.isArray(list) ? list.filter((d) => typeof d === 'object' && d !== null) : [];
  if (entries.some((d) => [d.server, d.name, d.namespace].some((v) => typeof v === 'string' && v.trim().startsWith('!')))) return undefined;
  return matchAny(entries.map((d) => d.namespace ?? ''), namespace);
}

/** An Application's `spec.destination`: the cluster by URL (`server`) or by name (`name`), and a namespace. */
export interface Destination {
  readonly server?: string;
  readonly name?: string;
  readonly namespace?: string;
}

function and(a: boolean | undefined, b: boolean | undefined): boolean | undefined {
  if (a === false || b === false) return false;
  return a === true && b === true ? true : undefined;
}

function or(a: boolean | undefined, b: boolean | undefined): boolean | undefined {
  if (a === true || b === true) return true;
  return a === false && b === false ? false : undefined;
}

/**
 * The whole of `isDestinationMatched` (`IsDestinationPermitted` without project-scoped clusters,
 * which live in Secrets, not here): an entry of `spec.destinations` permits the destination when its
 * `server` pattern matches a given `server`, or its `name` pattern a given `name`, and its
 * `namespace` pattern the namespace. A destination given by name only may still be matched by a
 * `server` pattern through the server Argo CD looks the name up to, and one given by server only by
 * a `name` pattern through the cluster's name, neither in the manifests: then the answer is
 * `undefined`, as it is with a deny entry or a pattern that is not plain.
 */
export function destinationPermitted(project: Record<string, any>, dst: Destination): boolean | undefined {
  const list = project?.spec?.destinations;
  const entries: Array<Record<string, unknown>> = Array.isArray(list) ? list.filter((d) => typeof d === 'object' && d !== null) : [];
  if (entries.some((d) => [d.server, d.name, d.namespace].some((v) => typeof v === 'string' && v.trim().startsWith('!')))) return undefined;
  const server = dst.server ?? '';
  const name = dst.name ?? '';
  let unknown = false;
  for (const e of entries) {
    const pattern = (v: unknown) => (v === undefined ? '' : v);
    const byServer = server !== '' ? plainMatch(pattern(e.server), server)
      : name !== '' && pattern(e.server) !== '' ? undefined // the server looked up from the name
        : false;
    // A destination given by server has a name too: the cluster's, which Argo CD looks up
    // (`ValidateDestination`; the validator's `destCluster` since 3.0) and the manifests do not hold.
    const byName = name !== '' ? plainMatch(pattern(e.name), name)
      : server !== '' && pattern(e.name) !== '' ? undefined
        : false;
    const m = and(or(byServer, byName), plainMatch(pattern(e.namespace), dst.namespace ?? ''));
    if (m === true) return true;
    if (m === undefined) unknown = true;
  }
  return unknown ? undefined : false;
}

/**
 * Whether an Application in `appNamespace` lives outside the Argo CD control plane's namespace,
 * where the controller reconciles it only when the namespace is listed in `application.namespaces`
 * (`argocd-cmd-params-cm`, the `--application-namespaces` flag; cluster-scoped installs only) and in
 * its AppProject's `spec.sourceNamespaces` (`argo-cd docs/operator-manual/app-any-namespace.md`).
 * Unreconciled, it never gets a status: the Application health check (`application-health.ts`)
 * reports it Progressing, so a parent's wave holding it never ends.
 */
export function outsideControlPlane(appNamespace: string, controlPlane: string): boolean {
  return appNamespace !== '' && appNamespace !== controlPlane;
}

/** The AppProjects among the manifests (`argoproj.io` kind AppProject), by name; of two with one name the last wins. */
export function appProjectsOf(manifests: readonly Manifest[]): Map<string, Record<string, unknown>> {
  const projects = new Map<string, Record<string, unknown>>();
  for (const m of manifests) {
    const o = m.object;
    const name = isPlainObject(o.metadata) ? o.metadata.name : undefined;
    if (o.kind === 'AppProject' && typeof o.apiVersion === 'string' && o.apiVersion.startsWith('argoproj.io/') && typeof name === 'string') projects.set(name, o);
  }
  return projects;
}

/** The AppProject an Application belongs to: `spec.project`, `default` when empty (`Spec.GetProject`). */
export function projectNameOf(application: Record<string, unknown>): string {
  const project = isPlainObject(application.spec) ? application.spec.project : undefined;
  return typeof project === 'string' && project !== '' ? project : 'default';
}

/** An object as the permission check reads it: its API group ('' for core), kind, name and scope. */
export interface ResourceRef {
  readonly group: string;
  readonly kind: string;
  readonly name: string;
  /** True when the kind lives in namespaces (discovery's `Namespaced`). */
  readonly namespaced: boolean;
}

/** The four resource lists of an AppProject's spec. */
export type ResourceListName = 'clusterResourceWhitelist' | 'clusterResourceBlacklist' | 'namespaceResourceWhitelist' | 'namespaceResourceBlacklist';

/** What `IsGroupKindNamePermitted` answers for one object, and which list decides when it refuses. */
export interface ResourcePermission {
  /** True when permitted, false when refused, undefined when a list is not read here. */
  readonly permitted: boolean | undefined;
  /** When refused: the whitelist that has no entry for it, or the blacklist that has one. */
  readonly refusedBy?: ResourceListName;
  /** Refused by a whitelist that permits nothing of this scope (the cluster one absent or empty, the namespace one empty). */
  readonly emptyWhitelist?: boolean;
  /** Refused by the cluster whitelist although entries name this group and kind: their name patterns, none matching. */
  readonly namePatterns?: readonly string[];
  /** Refused by a blacklist: its first entry that matches, as written. */
  readonly entry?: Record<string, unknown>;
}

/** An entry's field: absent or null is Go's "", a string as written, anything else not read here. */
function entryField(entry: Record<string, unknown>, key: string): string | undefined {
  const v = entry[key];
  return v === undefined || v === null ? '' : typeof v === 'string' ? v : undefined;
}

/**
 * `isResourceInList` and `isNamedResourceInList` for one entry: its kind, group and (cluster lists,
 * since 3.3) name patterns must all match; no name pattern matches every name.
 */
function entryMatches(entry: unknown, r: ResourceRef, withName: boolean): boolean | undefined {
  if (!isPlainObject(entry)) return undefined;
  const kind = entryField(entry, 'kind');
  const group = entryField(entry, 'group');
  const name = withName ? entryField(entry, 'name') : '';
  if (kind === undefined || group === undefined || name === undefined) return undefined;
  const byName = name === '' ? true : filepathMatch(name, r.name);
  return and(and(filepathMatch(kind, r.kind), filepathMatch(group, r.group)), byName);
}

/** Any entry matches (true), none does (false), or one is not read here (undefined). */
function inList(list: readonly unknown[], r: ResourceRef, withName: boolean): boolean | undefined {
  let unknown = false;
  for (const entry of list) {
    const m = entryMatches(entry, r, withName);
    if (m === true) return true;
    if (m === undefined) unknown = true;
  }
  return unknown ? undefined : false;
}

/**
 * `IsGroupKindNamePermitted`, the check Argo CD runs on every task before a sync applies anything
 * (argo-cd `controller/sync.go` `validateSyncPermissions`): a namespaced kind needs an entry of
 * `namespaceResourceWhitelist` (absent permits every kind, empty none) and none of
 * `namespaceResourceBlacklist`; a cluster-scoped kind needs an entry of `clusterResourceWhitelist`
 * (absent or empty permits none) and none of `clusterResourceBlacklist`. Entries match by Go's
 * `filepath.Match` of group, kind and, for cluster lists since 3.3, name. Upstream test:
 * `TestAppProject_IsGroupKindPermitted`.
 */
export function resourcePermission(project: Record<string, unknown>, r: ResourceRef, version?: string): ResourcePermission {
  const spec = isPlainObject(project.spec) ? project.spec : {};
  const [whiteName, blackName]: [ResourceListName, ResourceListName] = r.namespaced
    ? ['namespaceResourceWhitelist', 'namespaceResourceBlacklist']
    : ['clusterResourceWhitelist', 'clusterResourceBlacklist'];
  const withName = !r.namespaced && behavesSince('clusterResourceNames', version);
  const white = spec[whiteName];
  const black = spec[blackName];
  // Go's nil (absent, null) and empty differ only for the namespace whitelist: nil permits every kind.
  const whiteNil = white === undefined || white === null;
  const emptyWhitelist = r.namespaced ? Array.isArray(white) && white.length === 0 : whiteNil || (Array.isArray(white) && white.length === 0);
  const whitelisted = r.namespaced && whiteNil ? true
    : whiteNil ? false
      : Array.isArray(white) ? inList(white, r, withName) : undefined;
  const blacklisted = black === undefined || black === null ? false : Array.isArray(black) ? inList(black, r, withName) : undefined;
  if (whitelisted === false) {
    const patterns = withName && Array.isArray(white) ? namePatternsFor(white, r) : [];
    return {
      permitted: false,
      refusedBy: whiteName,
      ...(emptyWhitelist ? { emptyWhitelist } : {}),
      ...(patterns.length > 0 ? { namePatterns: patterns } : {}),
    };
  }
  if (blacklisted === true) {
    const entry = (black as unknown[]).find((e) => entryMatches(e, r, withName) === true) as Record<string, unknown>;
    return { permitted: false, refusedBy: blackName, entry };
  }
  return { permitted: whitelisted === true && blacklisted === false ? true : undefined };
}

/** The name patterns of the entries whose group and kind match, for a refusal by name. */
function namePatternsFor(list: readonly unknown[], r: ResourceRef): string[] {
  return list.flatMap((e) => (entryMatches(e, r, false) === true && isPlainObject(e) && typeof e.name === 'string' && e.name !== '' ? [e.name] : []));
}
