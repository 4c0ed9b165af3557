/**
 * The files the CLI writes (`report --out`, `watch --textfile`): refused up front with one line when
 * no file can go there, written whole or not at all, never replacing what is not a regular file.
 */
import { execFileSync } from 'child_process';
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { tempDirEach } from './helpers';
import { UsageError } from '../../src/cli/errors';
import { checkWritable, writeAtomically } from '../../src/cli/write-atomically';

// The module object itself (an `import * as` is a copy of it here): spied on where write-atomically.ts calls it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fs: typeof import('fs') = require('fs');

const tmp = tempDirEach('syncplan-write');

function usageError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error('expected a UsageError');
}

test('a new file, and an existing one replaced whole; nothing else left in the folder', () => {
  const out = join(tmp(), 'r.html');
  writeAtomically(out, 'one');
  writeAtomically(out, 'two');
  expect(readFileSync(out, 'utf8')).toBe('two');
  expect(readdirSync(tmp())).toEqual(['r.html']);
});

test('an empty name, a missing folder or a folder: one line saying what to give, for the option used', () => {
  expect(usageError(() => writeAtomically('', 'x'))).toBe('--out is empty; give a file name, e.g. report.html');
  expect(usageError(() => writeAtomically(' ', 'x', '--textfile'))).toBe('--textfile is empty; give a file name, e.g. syncplan.prom');
  const missing = join(tmp(), 'nope', 'r.prom');
  expect(usageError(() => checkWritable(missing, '--textfile'))).toBe(`--textfile ${missing}: folder ${join(tmp(), 'nope')} does not exist; create it first or pick another path`);
  expect(usageError(() => writeAtomically(tmp(), 'x'))).toBe(`--out ${tmp()}: is a folder; give a file name such as ${join(tmp(), 'report.html')}`);
  expect(readdirSync(tmp())).toEqual([]);
});

test('a pipe (or any file that is not regular) is refused, not replaced by the rename', () => {
  const fifo = join(tmp(), 'out.html');
  execFileSync('mkfifo', [fifo]);
  expect(usageError(() => writeAtomically(fifo, 'x'))).toBe(`--out ${fifo}: not a regular file (a device, pipe or socket), which writing would replace; give a file name such as report.html`);
  expect(lstatSync(fifo).isFIFO()).toBe(true);
  expect(readdirSync(tmp())).toEqual(['out.html']);
});

test('a symbolic link: the file it points at is written, the link stays', () => {
  mkdirSync(join(tmp(), 'reports'));
  const real = join(tmp(), 'reports', 'latest.html');
  writeFileSync(real, 'old');
  const link = join(tmp(), 'report.html');
  symlinkSync(real, link);
  writeAtomically(link, 'new');
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  expect(readFileSync(real, 'utf8')).toBe('new');
  expect(readdirSync(join(tmp(), 'reports'))).toEqual(['latest.html']);
});

test('a write that fails part way (any error, at the write or the rename): no temporary left, the old file untouched', () => {
  const out = join(tmp(), 'r.html');
  writeFileSync(out, 'previous');
  fc.assert(fc.property(fc.constantFrom('writeFileSync', 'renameSync'), fc.constantFrom('ENOSPC', 'EACCES', 'EIO', 'EROFS'), (step, code) => {
    const real = fs[step] as (...a: unknown[]) => unknown;
    const spy = jest.spyOn(fs, step).mockImplementation(((...args: unknown[]) => {
      if (step === 'writeFileSync') real(args[0], 'partial'); // a part written, then the disk fills
      throw Object.assign(new Error(`${code}: failed`), { code });
    }) as never);
    try {
      expect(usageError(() => writeAtomically(out, 'whole page'))).toBe(`--out ${out}: cannot write the file (${code}: failed)`);
    } finally {
      spy.mockRestore();
    }
    expect(readFileSync(out, 'utf8')).toBe('previous');
    expect(readdirSync(tmp())).toEqual(['r.html']);
  }), { numRuns: 8 });
});
