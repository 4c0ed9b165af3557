/** Shared by the CLI tests: a one-line InputError, a fresh temp folder per test, a copy of the installed CLI. */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { InputError } from '../../src/cli/errors';
import { BUNDLE_FILE } from '../../src/cli/light-start';

const ROOT = join(__dirname, '..', '..');

/**
 * The installed CLI (the launcher and the compiled bundle of this checkout's lib/cli) copied into a
 * package of its own at `root`, with no code cache (the version is read from its package.json);
 * returns its lib/cli.
 */
export function launcherPackage(root: string): string {
  const cli = join(root, 'lib', 'cli');
  mkdirSync(cli, { recursive: true });
  for (const f of ['syncplan.js', 'light-start.js', 'code-cache.js', BUNDLE_FILE]) copyFileSync(join(ROOT, 'lib', 'cli', f), join(cli, f));
  copyFileSync(join(ROOT, 'package.json'), join(root, 'package.json'));
  return cli;
}

/** The InputError thrown by `fn` (one line), failing the test if it throws anything else or nothing. */
export function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).not.toContain('\n');
    return e as InputError;
  }
  throw new Error('expected an InputError');
}

/** A fresh empty folder for each test of the file, removed after it: call `dir()` inside a test. */
export function tempDirEach(prefix: string): () => string {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}
