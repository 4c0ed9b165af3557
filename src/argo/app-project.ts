/**
 * What an AppProject permits, where the YAML decides it for certain (`argo-cd
 * pkg/apis/application/v1alpha1/app_project_types.go` `IsAppNamespacePermitted`,
 * `IsDestinationPermitted`; `argo-cd docs/operator-manual/app-any-namespace.md`). Patterns are read
 * only when their meaning is plain (a literal, or `*` wildcards); anything else (a `/regex/`, other
 * glob syntax, a `!` deny entry) answers `undefined`: not known here.
 */

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
 * `server` pattern through the server Argo CD looks the name up to, which is not in the manifests:
 * then the answer is `undefined`, as it is with a deny entry or a pattern that is not plain.
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
    const byName = name !== '' ? plainMatch(pattern(e.name), name) : false;
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
