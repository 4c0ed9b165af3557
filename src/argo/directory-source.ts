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
