/**
 * Paths to text: files, folders searched recursively for `*.yaml`/`*.yml`/`*.json` (sorted
 * byte-wise), `-` for stdin; size limits; binary data and invalid UTF-8 refused with their line.
 */
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, realpathSync, statSync } from 'fs';
import type { Dirent } from 'fs';
import { basename, dirname, join } from 'path';
import { InputError } from './errors';

/** The name used for standard input in messages. */
export const STDIN = '<stdin>';

/**
 * Larger inputs are refused up front instead of exhausting memory (50 MiB of manifests take
 * ~20 s and ~0.6 GiB to plan). Argo CD itself refuses directory apps over 10 MiB by default.
 */
export const MAX_FILE_BYTES = 128 * 2 ** 20;
/** The same, for all inputs of one run together. */
export const MAX_TOTAL_BYTES = 256 * 2 ** 20;

/**
 * The manifest files Argo CD reads from an app's folder (findManifests in
 * reposerver/repository/repository.go): the extension is case-sensitive.
 */
const MANIFEST_FILE = /\.(?:ya?ml|json)$/;

/** Argo CD renders `*.jsonnet` files in an app's folder; syncplan cannot, and must not skip them silently. */
const JSONNET_FILE = /\.jsonnet$/;

/**
 * A folder Argo CD renders instead of reading (`util/app/discovery` `Discover`): a Helm chart
 * (a file named `*Chart.yaml`) or a kustomization (`kustomize.KustomizationNames`). Its YAML is
 * templates and tool config, not manifests, so reading it would fail on a misleading first file.
 */
const KUSTOMIZATION_FILE = new Set(['kustomization.yaml', 'kustomization.yml', 'Kustomization']);
const CHART_FILE = /Chart\.yaml$/;

/** The files behind the given paths, each once, in a deterministic order. */
export function expandPaths(paths: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (file: string, id: string) => {
    if (!seen.has(id)) {
      seen.add(id);
      files.push(file);
    }
  };
  for (const path of paths) {
    if (path === '-') {
      add(STDIN, STDIN);
      continue;
    }
    const stat = statOrThrow(path);
    if (stat.isDirectory()) {
      const found = walk(path, new Set());
      if (found.length === 0) {
        throw new InputError(path, 0, 'folder has no .yaml, .yml or .json files', 'point at the folder holding the manifests');
      }
      found.forEach((f) => add(f.path, f.id));
    } else {
      if (JSONNET_FILE.test(path)) throw jsonnetError(path);
      const tool = renderedBy(basename(path));
      if (tool) throw renderError(dirname(path), path, tool);
      add(path, realPath(path));
    }
  }
  return files;
}

/** A file found in a folder, and its real path (its identity, to read each file once). */
interface Found {
  readonly path: string;
  readonly id: string;
}

function walk(dir: string, visited: Set<string>): Found[] {
  const real = realPath(dir);
  if (visited.has(real)) return []; // a symlink loop
  visited.add(real);
  const entries = orThrow(dir, () => readdirSync(dir, { withFileTypes: true })).filter((e) => !e.name.startsWith('.')).sort((a, b) => byteOrder(a.name, b.name));
  const types = entries.map((e) => entryType(dir, e));
  entries.forEach((e, i) => {
    const tool = renderedBy(e.name);
    if (tool && types[i] === 'file') throw renderError(dir, join(dir, e.name), tool);
  });
  const files: Found[] = [];
  entries.forEach((e, i) => {
    const path = join(dir, e.name);
    if (types[i] === 'dir') walk(path, visited).forEach((f) => files.push(f));
    // A file that is no symlink is where its folder really is: no realpath call per file.
    else if (types[i] === 'file' && MANIFEST_FILE.test(e.name)) files.push({ path, id: e.isFile() ? join(real, e.name) : realPath(path) });
    else if (types[i] === 'file' && JSONNET_FILE.test(e.name)) throw jsonnetError(path);
  });
  return files;
}

/**
 * What a folder entry is, following symlinks as `statSync` does. The type `readdir` already
 * returns saves a `stat` per file (5,000 of them for a 20,000-document folder); only a symlink
 * (or an entry of unknown type) is stat'ed.
 */
function entryType(dir: string, entry: Dirent): 'file' | 'dir' | undefined {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'dir';
  if (!entry.isSymbolicLink() && (entry.isFIFO() || entry.isSocket() || entry.isBlockDevice() || entry.isCharacterDevice())) return undefined;
  const path = join(dir, entry.name);
  const stat = orThrow(path, () => statSync(path, { throwIfNoEntry: false })); // a dangling link is no entry; a link loop is an error
  return stat?.isFile() ? 'file' : stat?.isDirectory() ? 'dir' : undefined;
}

/**
 * The file's identity, to read each file once. The C library's realpath: one call, where Node's
 * JavaScript `realpathSync` lstat's every component of every path.
 */
function realPath(path: string): string {
  return orThrow(path, () => realpathSync.native(path));
}

/** `read()`, or the InputError naming `path` that its file system error means. */
function orThrow<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    throw fsError(path, e);
  }
}

type RenderTool = 'helm' | 'kustomize';

function renderedBy(name: string): RenderTool | undefined {
  if (KUSTOMIZATION_FILE.has(name)) return 'kustomize';
  return CHART_FILE.test(name) ? 'helm' : undefined;
}

function renderError(dir: string, file: string, tool: RenderTool): InputError {
  return tool === 'helm'
    ? new InputError(file, 0, 'a Helm chart: Argo CD renders it with helm template, syncplan reads rendered manifests',
      `render it with the Application's values and pipe the output in, e.g. \`helm template my-release ${dir} | syncplan lint -\``)
    : new InputError(file, 0, 'a kustomization: Argo CD renders it with kustomize build, syncplan reads rendered manifests',
      `render it and pipe the output in, e.g. \`kustomize build ${dir} | syncplan lint -\``);
}

function jsonnetError(file: string): InputError {
  return new InputError(file, 0, 'a Jsonnet file: Argo CD renders it into manifests, syncplan cannot',
    'render it first (`jsonnet app.jsonnet > app.json`) and pass the output, or pass the other files by name');
}

function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function statOrThrow(path: string) {
  return orThrow(path, () => statSync(path));
}

/** A file's bytes, refused up front when over the size limit. */
export function readFile(file: string): Buffer {
  // Opened once, its size from the open file (fstat) rather than a stat of the path, then read.
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw fsError(file, e);
  }
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_FILE_BYTES) {
      throw new InputError(file, 0, `file is ${Math.round(size / 2 ** 20)} MiB, more than the ${MAX_FILE_BYTES / 2 ** 20} MiB limit`, 'split it into smaller files');
    }
    return readFileSync(fd);
  } catch (e) {
    throw e instanceof InputError ? e : fsError(file, e);
  } finally {
    closeSync(fd);
  }
}

/** Standard input, all of it; `read` replaces fd 0 in tests. */
export function readStdin(read?: () => Buffer): Buffer {
  try {
    return read ? read() : readFileSync(0);
  } catch (e) {
    throw fsError(STDIN, e);
  }
}

function fsError(file: string, e: unknown): InputError {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR': return new InputError(file, 0, 'no such file or folder', 'check the path');
    case 'EACCES':
    case 'EPERM': return new InputError(file, 0, 'permission denied', 'make it readable, and a folder searchable');
    case 'ELOOP': return new InputError(file, 0, 'a symbolic link loop (too many levels of symbolic links)', 'point the link at a file or folder, or remove it');
    case 'EISDIR': return new InputError(file, 0, 'is a folder, not a file', 'give the file itself, e.g. the output of kubectl get ... -o json saved to live.json');
    case 'EAGAIN': return new InputError(file, 0, 'standard input is not readable', 'pipe the manifests in, e.g. `helm template . | syncplan plan -`');
    default: return new InputError(file, 0, `cannot read: ${(e as Error)?.message ?? e}`, 'check the path');
  }
}

/**
 * Bytes to text: UTF-8 (a BOM is dropped), or UTF-16 when a BOM says so, as Argo CD reads files
 * (`utfutil.OpenFile(path, utfutil.UTF8)`: a BOM overrides the UTF-8 default; Windows PowerShell 5
 * writes `>` redirections as UTF-16LE with a BOM). NUL bytes or invalid UTF-8 mean a binary file.
 */
export function decode(bytes: Buffer, file: string): string {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : undefined;
  if (utf16) return decodeUtf16(bytes, utf16, file);
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    throw new InputError(file, lineAt(bytes, nul), 'binary data (NUL byte), not YAML text', 'pass YAML manifests, UTF-8 encoded');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InputError(file, lineAt(bytes, firstInvalidUtf8(bytes)), 'invalid UTF-8', 're-encode the file as UTF-8');
  }
}

/** UTF-16 text after its BOM; a broken sequence or a NUL character is reported at its line. */
function decodeUtf16(bytes: Buffer, encoding: 'utf-16le' | 'utf-16be', file: string): string {
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    const lenient = new TextDecoder(encoding).decode(bytes);
    throw new InputError(file, lineOfText(lenient, Math.max(0, lenient.indexOf('\ufffd'))), `invalid ${encoding.toUpperCase()} (the file starts with its byte order mark)`,
      're-encode the file as UTF-8');
  }
  const nul = text.indexOf('\0');
  if (nul >= 0) throw new InputError(file, lineOfText(text, nul), 'binary data (NUL character), not YAML text', 'pass YAML manifests, UTF-8 encoded');
  return text;
}

function lineOfText(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function lineAt(bytes: Buffer, offset: number): number {
  let line = 1;
  for (let i = bytes.indexOf(10); i >= 0 && i < offset; i = bytes.indexOf(10, i + 1)) line++;
  return line;
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstInvalidUtf8(b: Buffer): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    const len = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (len === 0 || i + len > b.length) return i;
    for (let k = 1; k < len; k++) if (b[i + k] < 0x80 || b[i + k] > 0xbf) return i; // not a continuation byte
    if (len === 3 && ((c === 0xe0 && b[i + 1] < 0xa0) || (c === 0xed && b[i + 1] > 0x9f))) return i;
    if (len === 4 && ((c === 0xf0 && b[i + 1] < 0x90) || (c === 0xf4 && b[i + 1] > 0x8f))) return i;
    i += len;
  }
  return i;
}
