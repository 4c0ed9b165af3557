/**
 * Files the CLI writes (`report --out`, `watch --textfile`): checked before any work, then written
 * through a temporary file in the same folder and a rename, so a failed run leaves no partial file
 * and an existing one untouched.
 */
import { existsSync, lstatSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'fs';
import { basename, dirname, join } from 'path';
import { UsageError } from './errors';

/**
 * Where writing `path` (given as `option`) puts the file: `path` itself, or the file a symbolic
 * link there points at (the link stays a link).
 * @throws UsageError when no file can be written there: an empty name, a missing folder, a folder,
 * or something that is not a regular file (a device, a pipe, a socket), which a rename would replace
 */
export function checkWritable(path: string, option: string): string {
  const example = option === '--out' ? 'report.html' : 'syncplan.prom';
  if (path.trim() === '') throw new UsageError(`${option} is empty; give a file name, e.g. ${example}`);
  const target = lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() && existsSync(path) ? realpathSync(path) : path;
  const dir = dirname(target);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UsageError(`${option} ${path}: folder ${dir} does not exist; create it first or pick another path`);
  }
  const stat = statSync(target, { throwIfNoEntry: false });
  if (stat?.isDirectory()) throw new UsageError(`${option} ${path}: is a folder; give a file name such as ${join(path, example)}`);
  if (stat && !stat.isFile()) {
    throw new UsageError(`${option} ${path}: not a regular file (a device, pipe or socket), which writing would replace; give a file name such as ${example}`);
  }
  return target;
}

/** Writes `text` to `path` (given as `option`) through a temporary file beside it and a rename. */
export function writeAtomically(path: string, text: string, option = '--out'): void {
  const target = checkWritable(path, option);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, text, { encoding: 'utf8', mode: 0o644 });
    renameSync(tmp, target);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing was written
    }
    throw new UsageError(`${option} ${path}: cannot write the file (${(err as Error).message})`);
  }
}
