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
