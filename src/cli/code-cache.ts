/**
 * V8's code cache for the bundled CLI. Compiling the ~690 kB bundle is most of what start-up adds to
 * Node's own (30 ms of a 45 ms overhead for `--version` on a 2-core machine whose `node -e 0` takes
 * 130 ms); from a cache, V8 deserializes the bytecode of what a plan runs instead (8 ms), which took
 * a small plan from 2.1x to 1.7x the wall time of `node -e 0`. The compile step writes the cache
 * after a plan of an example (`scripts/code-cache.js`), for the Node that builds the package.
 *
 * The cache's file name carries V8's version tag (V8's version, flags and CPU features), so another
 * Node, or a Node started with other flags, does not find it. The first `plan` or `lint` there writes
 * one beside the bundle for that V8 (`writesCodeCache`), after the command ran, so that it holds what
 * the command compiled: Node's own compile cache (22.1 on), which the launcher enables for the other
 * commands, is made before the code runs and holds only the bundle's top level, so every later start
 * compiled the plan again (Node 24 on a 2-core machine: a small plan 57 ms, from a cache it wrote 41
 * ms, against 20 ms for `node -e 0`). A package folder the user cannot write keeps the old start.
 * `NODE_DISABLE_COMPILE_CACHE` (Node's own switch) turns both caches off.
 */
import { readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'fs';
import * as nodeModule from 'module';
import { basename, dirname, join } from 'path';
import { cachedDataVersionTag } from 'v8';
import { Script } from 'vm';
import * as zlib from 'zlib';
import { BUNDLE_FILE, requireBundle } from './light-start';

export { BUNDLE_FILE };

/** Where the code cache for this V8 (version, flags, CPU) lives, beside the bundle. */
export function codeCacheFile(dir: string, tag: number = cachedDataVersionTag()): string {
  return join(dir, `syncplan-bundle.${tag.toString(16)}.v8cache`);
}

/** True for the name of a code cache of any V8 (`codeCacheFile`), or of a write of one not renamed into place yet (`writeCodeCache`). */
export function isCodeCacheName(name: string): boolean {
  return /^syncplan-bundle\.[0-9a-f]+\.v8cache(\.\d+\.tmp)?$/.test(name);
}

/** `zlib.crc32` (Node 20.15 and 22.2 on); without it no cache is trusted. */
const crc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

/** A code cache file: the CRC-32 of the bundle it was made from and of V8's data, then the data. */
export function codeCacheBytes(bundle: Uint8Array, data: Uint8Array): Buffer {
  if (!crc32) throw new Error('writing a code cache needs zlib.crc32 (Node 20.15 or later)');
  const header = Buffer.alloc(8);
  header.writeUInt32LE(crc32(bundle), 0);
  header.writeUInt32LE(crc32(data), 4);
  return Buffer.concat([header, data]);
}

/**
 * V8's data in a code cache file, if the file was made from `bundle` and is whole. V8 itself only
 * checks the source's length and its own version: given a damaged cache, or one of another bundle
 * of the same length, it crashes the process or runs the wrong code. Both checks cost 0.7 ms.
 */
export function checkedCodeCache(file: Buffer, bundle: Uint8Array): Buffer | undefined {
  if (!crc32 || file.length <= 8) return undefined;
  const data = file.subarray(8); // 8-byte aligned, as V8 wants it (else it copies)
  return file.readUInt32LE(0) === crc32(bundle) && file.readUInt32LE(4) === crc32(data) ? data : undefined;
}

/** The bundle compiled as Node compiles a CommonJS module (the same wrapper), from `cachedData` when V8 accepts it. */
export function compileBundle(file: string, source: string, cachedData?: Buffer): Script {
  return new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, { filename: file, cachedData });
}

/** Runs a compiled bundle as the module `file`: its `require` resolves from there. */
export function runBundle(script: Script, file: string): void {
  const module = { exports: {}, filename: file, id: file };
  script.runInThisContext().call(module.exports, module.exports, nodeModule.createRequire(file), module, file, join(file, '..'));
}

/** Loads the bundle in `dir`: from this V8's code cache if there is one, else as a module (writing a cache after a plan or lint). */
export function launch(dir: string, argv: readonly string[] = process.argv): void {
  const file = join(dir, BUNDLE_FILE);
  const off = process.env.NODE_DISABLE_COMPILE_CACHE !== undefined;
  const cacheFile = codeCacheFile(dir);
  const cache = off ? undefined : readIfThere(cacheFile);
  let bundle: Buffer | undefined;
  let script: Script | undefined;
  if (cache) {
    bundle = readFileSync(file);
    const cachedData = checkedCodeCache(cache, bundle);
    // ASCII (the compile step checks it, and the CRC that it is the same file), so latin1 reads it
    // as UTF-8 would, without decoding: 1.5 ms of a 690 kB file.
    if (cachedData) {
      script = compileBundle(file, bundle.toString('latin1'), cachedData);
      if (!script.cachedDataRejected) return runBundle(script, file);
    }
  }
  if (!off && writesCodeCache(argv)) {
    const made = bundle ?? readFileSync(file);
    const compiled = script ?? compileBundle(file, made.toString('latin1')); // a rejected cache: V8 compiled the source
    process.once('exit', (code) => {
      if (code < 2) writeCodeCache(cacheFile, made, compiled); // a command refused (2) ran only part of the code
    });
    return runBundle(compiled, file);
  }
  if (script) return runBundle(script, file);
  // Node's compile cache, where it has one, keeps the next start fast.
  requireBundle(dir);
}

/**
 * Whether this run writes the code cache when it finds none for this V8 (or one V8 rejects): the
 * commands a pre-commit hook and CI run, in the main thread (`plan --repo-root`'s workers run this
 * launcher too, in the same process).
 */
export function writesCodeCache(argv: readonly string[]): boolean {
  const command = argv[2];
  if (!crc32 || (command !== 'plan' && command !== 'lint')) return false; // without a CRC no cache would be trusted
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('worker_threads') as typeof import('worker_threads')).isMainThread;
}

/**
 * Writes what `script` compiled as this V8's cache, whole or not at all (a file of its own, renamed
 * into place, so two runs at once leave one of theirs). A folder the user cannot write, or a full
 * disk, leaves things as they were: the cache only makes the next start faster. `onError` hears why
 * (the build step must fail on it; a user's command must not).
 */
export function writeCodeCache(cacheFile: string, bundle: Uint8Array, script: Script,
  onError: (err: unknown) => void = () => undefined): void {
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  removeAbandoned(cacheFile);
  try {
    writeFileSync(tmp, codeCacheBytes(bundle, script.createCachedData()));
    renameSync(tmp, cacheFile);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // never written
    }
    onError(err);
  }
}

/**
 * Removes the temporary files of writes that never finished (a first plan killed while it wrote the
 * cache), each named by the pid that wrote it: only those whose process is gone, so a write running
 * at the same time keeps its own. Asked only when a cache is written, at most once per V8.
 */
function removeAbandoned(cacheFile: string): void {
  const prefix = `${basename(cacheFile)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(cacheFile));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = name.startsWith(prefix) && name.endsWith('.tmp') ? Number(name.slice(prefix.length, -'.tmp'.length)) : NaN;
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) continue;
    try {
      unlinkSync(join(dirname(cacheFile), name));
    } catch {
      // gone already, or not ours to remove
    }
  }
}

/** Whether a process with this pid runs (signal 0 asks without sending anything; EPERM: it runs as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined; // no cache for this V8
  }
}
