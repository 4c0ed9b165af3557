/**
 * Where the launcher skips V8's code cache (`code-cache.ts`): a command that prints what commander
 * knows (`--version`, `--help`, a command's `--help`, no command at all) runs next to none of what
 * the cache holds (what a plan compiled, ~700 kB to read, check and deserialize, with the `v8` and
 * `zlib` modules to name and check it). Node's own compile cache (22.1 on) of the bundle's top level
 * starts it faster: `syncplan --version` on Node 24.22 (2-core AMD EPYC, `node -e 0` 21 ms) 31.2 ->
 * 28.7 ms, `--help` 36.7 -> 33.9 ms (40 and 30 alternated runs). Without it (Node 20) the bundle
 * would be compiled from source, slower than from the cache, so nothing changes there. This module
 * loads nothing but `module` and `path`: the point is what it does not load.
 */
import * as nodeModule from 'module';
import { join } from 'path';

/** The bundled CLI, beside the launcher (esbuild writes it at the compile step, see .projenrc.ts). */
export const BUNDLE_FILE = 'syncplan-bundle.js';

/** True for a command line that only prints what commander knows (same output either way: only how the bundle is loaded differs). */
export function printsOnlyHelp(argv: readonly string[]): boolean {
  const args = argv.slice(2);
  if (args.length === 0 || args[0] === '--version' || args[0] === '-V' || args[0] === 'help') return true;
  const end = args.indexOf('--');
  const options = end < 0 ? args : args.slice(0, end);
  return options.includes('--help') || options.includes('-h');
}

/**
 * Loads the bundle in `dir` with Node's compile cache when the command only prints help or the
 * version and this Node has that cache; true when it did (the launcher then does nothing else).
 */
export function startLight(dir: string, argv: readonly string[] = process.argv): boolean {
  if (!compileCacheOf() || process.env.NODE_DISABLE_COMPILE_CACHE !== undefined || !printsOnlyHelp(argv)) return false;
  requireBundle(dir);
  return true;
}

/**
 * The bundle in `dir` required as a module, with Node's compile cache where this Node has one and
 * `NODE_DISABLE_COMPILE_CACHE` is unset (the launcher's way too when it has no code cache to use).
 */
export function requireBundle(dir: string): void {
  if (process.env.NODE_DISABLE_COMPILE_CACHE === undefined) compileCacheOf()?.();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(join(dir, BUNDLE_FILE));
}

/** `module.enableCompileCache` (Node 22.1 on), read when asked. */
function compileCacheOf(): (() => unknown) | undefined {
  return (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
}
