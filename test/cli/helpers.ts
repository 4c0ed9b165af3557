/** Shared by the loader tests: a one-line InputError, and a fresh temp folder per test. */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { InputError } from '../../src/cli/errors';

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
