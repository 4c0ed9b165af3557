/**
 * Which files an Argo CD directory source reads (`argo-cd reposerver/repository/repository.go`
 * `getPotentiallyValidManifests`, `getPotentiallyValidManifestFile`): files under the source path with
 * a manifest extension, sub-folders only with `recurse`, `exclude` then `include` matched against the
 * path relative to the source path with `argo-cd util/glob` (gobwas/glob without separators: `*` also
 * matches `/`), and never a file holding the skip marker.
 */

/** A file holding this anywhere is not a manifest file (`skipFileRenderingMarker`). */
export const SKIP_FILE_RENDERING_MARKER = '+argocd:skip-file-rendering';

/** `manifestFile`: the extensions a directory source reads. */
const MANIFEST_FILE = /^.*\.(yaml|yml|json|jsonnet)$/;

/**
 * Whether a document's value decodes as an object, as Argo CD decodes each document of a YAML file
 * into an `unstructured.Unstructured` (`splitYAMLOrJSON` in reposerver/repository/repository.go; the
 * decoder is apimachinery's `UnstructuredJSONScheme`, which refuses a value that is no mapping and an
 * object whose `kind` is not a non-empty string: "Object 'Kind' is missing"). An object without
 * apiVersion decodes; what else it lacks fails later, not here.
 */
export function decodesAsObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const kind = (value as Record<string, unknown>).kind;
  return typeof kind === 'string' && kind !== '';
}

/**
 * What Argo CD does with a YAML file whose first document does not decode (a syntax error, a
 * document that is no mapping, no `kind`): unless the file's text holds all of `apiVersion:`,
 * `kind:` and `metadata:`, it "might be an unrelated YAML file which we will ignore" (a Helm
 * `values.yaml`, a chart repository's `index.yaml`), and the app syncs without it; otherwise it
 * fails the app ("Failed to unmarshal"). A document that does not decode after one that did always
 * fails the app. (`getObjsFromYAMLOrJSON` in reposerver/repository/repository.go; a `.json` file is
 * never skipped.)
 */
export function skipsUnreadableYamlFile(text: string): boolean {
  return !(text.includes('apiVersion:') && text.includes('kind:') && text.includes('metadata:'));
}

/** A directory source's file options (`spec.source.directory`). */
export interface DirectoryOptions {
  readonly recurse?: boolean;
  readonly include?: string;
  readonly exclude?: string;
}

/** True when a directory source reads the file at `relPath` (`/`-separated, relative to the source path). */
export function directoryReads(relPath: string, options: DirectoryOptions = {}): boolean {
  const name = relPath.slice(relPath.lastIndexOf('/') + 1);
  if (!MANIFEST_FILE.test(name)) return false;
  if (!options.recurse && relPath.includes('/')) return false;
  if (options.exclude && globMatch(options.exclude, relPath)) return false;
  if (options.include && !globMatch(options.include, relPath)) return false;
  return true;
}

/** gobwas/glob without separators: `*`, `?`, `[abc]`, `[!abc]`, `[a-z]`, `{a,b}`, `\` escapes. */
export function globMatch(pattern: string, text: string): boolean {
  return globRegExp(pattern).test(text);
}

const cache = new Map<string, RegExp>();

function globRegExp(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (!re) {
    re = new RegExp(`^${translate(pattern)}$`, 's');
    cache.set(pattern, re);
  }
  return re;
}

function translate(p: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\' && i + 1 < p.length) {out += escape(p[++i]);} else if (c === '*') {out += '.*';} else if (c === '?') {out += '.';} else if (c === '{') { depth++; out += '(?:'; } else if (c === '}' && depth > 0) { depth--; out += ')'; } else if (c === ',' && depth > 0) {out += '|';} else if (c === '[') {
      const end = p.indexOf(']', i + 1);
      if (end < 0) { out += escape(c); continue; }
      let body = p.slice(i + 1, end);
      const negate = body.startsWith('!');
      if (negate) body = body.slice(1);
      out += `[${negate ? '^' : ''}${body.replace(/[\\\]^]/g, m => `\\${m}`)}]`;
      i = end;
    } else {out += escape(c);}
  }
  return out;
}

function escape(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, m => `\\${m}`);
}
