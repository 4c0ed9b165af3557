/**
 * Loads manifests from paths (files, folders, `-` for stdin), as `syncplan` commands read them:
 * file by file, then checked for objects defined twice.
 */
import { parseManifests } from './documents';
import { InputError } from './errors';
import { decode, expandPaths, MAX_FILE_BYTES, MAX_TOTAL_BYTES, readFile, readStdin, STDIN } from './files';
import { SKIP_FILE_RENDERING_MARKER } from '../argo/directory-source';
import { keyString, resourceKeyOf } from '../argo/keys';
import { isClusterScopedKind } from '../argo/scope';
import type { Manifest } from '../argo/types';

export { MAX_DOCUMENT_BYTES, parseManifests } from './documents';
export { decode, expandPaths, MAX_FILE_BYTES, MAX_TOTAL_BYTES, STDIN } from './files';

export interface LoadOptions {
  /** Destination namespace: objects without a namespace are in it, for duplicate detection. @default '' */
  readonly namespace?: string;
  /** Reads standard input (tests replace it). @default fd 0 */
  readonly readStdin?: () => Buffer;
}

/**
 * Loads every path (file, folder searched recursively for `*.yaml`/`*.yml`/`*.json`, or `-` for
 * stdin), in the order given; inside a folder files are sorted byte-wise so the result is
 * deterministic. A `.json` file holds one object (a `List` is expanded), as Argo CD requires.
 * @throws InputError on anything that is not a set of Kubernetes objects
 */
/** A file holding this anywhere is not a manifest file (a Helm `values.yaml`, a CI snippet). */
export const SKIP_FILE_MARKER = SKIP_FILE_RENDERING_MARKER;

export function loadPaths(paths: readonly string[], options: LoadOptions = {}): Manifest[] {
  const manifests: Manifest[] = [];
  let total = 0;
  for (const file of expandPaths(paths)) {
    const bytes = file === STDIN ? readStdin(options.readStdin) : readFile(file);
    total += bytes.length;
    if (total > MAX_TOTAL_BYTES || bytes.length > MAX_FILE_BYTES) {
      throw new InputError(file, 0, `inputs reach ${Math.round(total / 2 ** 20)} MiB here, more than the ${MAX_FILE_BYTES / 2 ** 20} MiB per file or ${MAX_TOTAL_BYTES / 2 ** 20} MiB in all syncplan reads`,
        'plan fewer or smaller files at once');
    }
    const text = decode(bytes, file);
    if (file !== STDIN && text.includes(SKIP_FILE_MARKER)) continue;
    for (const m of parseManifests(text, file)) manifests.push(m); // no spread: files can hold 100k+ objects
  }
  checkDuplicates(manifests, options.namespace ?? '');
  return manifests;
}

/** The same object twice (group, kind, namespace, name) is ambiguous: Argo CD would apply one of them. */
function checkDuplicates(manifests: readonly Manifest[], namespace: string): void {
  const first = new Map<string, Manifest>();
  for (const m of manifests) {
    const meta = m.object.metadata as Record<string, unknown>;
    if (typeof meta.name !== 'string') continue; // generateName: a new object every time
    // As Argo CD keys it: a cluster-scoped kind's own namespace is dropped, a missing one filled in.
    const k = resourceKeyOf(m.object, namespace);
    const key = keyString(k);
    const seen = first.get(key);
    if (seen) {
      const ns = isClusterScopedKind(k.group, k.kind) ? '' : k.namespace;
      const label = `${m.object.kind}/${meta.name}${ns ? ` in namespace ${ns}` : ''}`;
      throw new InputError(m.source.file, m.source.line, `duplicate object ${label}, first defined at ${seen.source.file}:${seen.source.line}`,
        'remove one of them or give them different names');
    }
    first.set(key, m);
  }
}
