/**
 * Loads manifests from paths (files, folders, `-` for stdin), as `syncplan` commands read them,
 * file by file. What Argo CD itself decides about the objects (a repeated definition, a missing
 * name) is left to the plan and the rule pack, which the synth runs on its rendered objects too.
 */
import { constructMetadataNote, isConstructMetadata } from './construct-metadata';
import { KeptTrees, parseManifests } from './documents';
import { InputError } from './errors';
import { decode, expandPaths, MAX_FILE_BYTES, MAX_TOTAL_BYTES, readFile, readStdin, STDIN } from './files';
import { withPlainEnv } from './plain-env';
import { SKIP_FILE_RENDERING_MARKER } from '../argo/directory-source';
import type { Manifest } from '../argo/types';

export { MAX_DOCUMENT_BYTES, parseManifests } from './documents';
export { decode, expandPaths, MAX_FILE_BYTES, MAX_TOTAL_BYTES, STDIN } from './files';

export interface LoadOptions {
  /** Reads standard input (tests replace it). @default fd 0 */
  readonly readStdin?: () => Buffer;
  /**
   * Told of each file left out as no manifest of the app (the cdk8s CLI's construct metadata), with
   * a note that says why and how to keep it from Argo CD, and the file as given. @default not told
   */
  readonly skipped?: (note: string, file: string) => void;
}

/** Each file left out said on stderr, so stdout stays the command's output (every command's manifests). */
export const SKIPPED_ON_STDERR: LoadOptions = { skipped: (note) => process.stderr.write(`syncplan: ${note}\n`) };

/** A file holding this anywhere is not a manifest file (a Helm `values.yaml`, a CI snippet). */
export const SKIP_FILE_MARKER = SKIP_FILE_RENDERING_MARKER;

/**
 * Loads every path (file, folder searched recursively for `*.yaml`/`*.yml`/`*.json`, or `-` for
 * stdin), in the order given; inside a folder files are sorted byte-wise so the result is
 * deterministic. A `.json` file holds one object (a `List` is expanded), as Argo CD requires. A YAML
 * file Argo CD skips as unrelated (a `values.yaml`: `skipsUnreadableYamlFile`) yields nothing, and
 * so does the cdk8s CLI's `construct-metadata.json` (`options.skipped` is told).
 * @throws InputError on anything that is not a set of Kubernetes objects
 */

export function loadPaths(paths: readonly string[], options: LoadOptions = {}): Manifest[] {
  return withPlainEnv(() => loadAll(paths, options)); // one copy of process.env for all files (see plain-env.ts)
}

function loadAll(paths: readonly string[], options: LoadOptions): Manifest[] {
  const manifests: Manifest[] = [];
  const trees = new KeptTrees(); // one budget for the whole load
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
    if (file !== STDIN && isConstructMetadata(file, text)) {
      options.skipped?.(constructMetadataNote(file), file);
      continue;
    }
    // A file, not standard input, is read as Argo CD reads an app's folder: unrelated YAML is skipped.
    for (const m of parseManifests(text, file, trees, { folderFile: file !== STDIN })) manifests.push(m); // no spread: files can hold 100k+ objects
  }
  // An object defined twice is not refused: Argo CD syncs the last definition (the rule resource-repeated).
  return manifests;
}
