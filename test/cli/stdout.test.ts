/**
 * A CLI run writes its result to file descriptor 1 itself (`stdout.ts`); in-process callers get
 * `process.stdout`. Each test loads the module afresh: a CLI run is a state of the module.
 */
import { spawn } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

type StdoutModule = typeof import('../../src/cli/stdout');
// The module object itself (an `import * as` is a copy of it here): spied on where stdout.ts calls it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fs: typeof import('fs') = require('fs');

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).bin.syncplan);

/** A fresh copy of the module, and what reaches fd 1 and `process.stdout` (as bytes, in order). */
function fresh(writeSync: (fd: number, bytes: Buffer, at: number, length: number) => number) {
  let mod: StdoutModule | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mod = require('../../src/cli/stdout');
  });
  const direct = jest.spyOn(fs, 'writeSync').mockImplementation(writeSync as unknown as typeof fs.writeSync);
  const streamed: Buffer[] = [];
  const stream = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => {
    streamed.push(Buffer.from(chunk));
    return true;
  });
  return { mod: mod!, direct, stream, streamed: () => Buffer.concat(streamed).toString('utf8') };
}

afterEach(() => jest.restoreAllMocks());

test('outside a CLI run (tests, embedders), the result goes to process.stdout', () => {
  const { mod, direct, streamed } = fresh(() => 0);
  mod.writeOut('plan\n');
  expect(streamed()).toBe('plan\n');
  expect(direct).not.toHaveBeenCalled();
});

test('in a CLI run, every byte goes to fd 1 in order, through partial writes, and process.stdout is never opened', () => {
  const written: Buffer[] = [];
  // The kernel takes at most 3 bytes per call: a write may end inside a character.
  const { mod, stream } = fresh((fd, bytes, at, length) => {
    expect(fd).toBe(1);
    const n = Math.min(3, length);
    written.push(Buffer.from(bytes.subarray(at, at + n)));
    return n;
  });
  mod.writeDirectly();
  const text = 'wave ① → 2\n' + 'x'.repeat(100) + '\n';
  mod.writeOut(text);
  mod.writeOut('end\n');
  expect(Buffer.concat(written).toString('utf8')).toBe(text + 'end\n');
  expect(stream).not.toHaveBeenCalled();
});

test('a long result goes out in chunks of one reused buffer, never splitting a character', () => {
  const written: Buffer[] = [];
  const { mod } = fresh((_fd, bytes, at, length) => {
    written.push(Buffer.from(bytes.subarray(at, at + length)));
    return length;
  });
  mod.writeDirectly();
  // A surrogate pair (one emoji) across the first chunk's end, then multi-byte text over a few chunks.
  const text = 'a'.repeat(mod.CHUNK_UNITS - 1) + '😀' + 'é→'.repeat(mod.CHUNK_UNITS) + '\n';
  mod.writeOut(text);
  expect(written.length).toBeGreaterThan(2);
  expect(written[0].toString('utf8')).toBe('a'.repeat(mod.CHUNK_UNITS - 1));
  expect(Buffer.concat(written).equals(Buffer.from(text, 'utf8'))).toBe(true);
});

test('a reader that went away (EPIPE) ends the output quietly; the command goes on to its exit status', () => {
  let calls = 0;
  const { mod, stream } = fresh(() => {
    calls++;
    throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
  });
  mod.writeDirectly();
  expect(() => mod.writeOut('first\n')).not.toThrow();
  mod.writeOut('second\n');
  expect(calls).toBe(1);
  expect(stream).not.toHaveBeenCalled();
});

test('a descriptor another process made non-blocking (EAGAIN): the rest goes to process.stdout, which waits for it', () => {
  let calls = 0;
  const { mod, streamed } = fresh((_fd, _bytes, _at, length) => {
    if (++calls === 1) return Math.min(5, length);
    throw Object.assign(new Error('write EAGAIN'), { code: 'EAGAIN' });
  });
  mod.writeDirectly();
  mod.writeOut('0123456789 → done\n');
  mod.writeOut('next\n');
  expect(streamed()).toBe('56789 → done\nnext\n');
  expect(calls).toBe(2);
});

test('any other write error is not swallowed', () => {
  const { mod } = fresh(() => {
    throw Object.assign(new Error('write EIO'), { code: 'EIO' });
  });
  mod.writeDirectly();
  expect(() => mod.writeOut('x')).toThrow('EIO');
});

test('the installed CLI with its stdout closed before it writes: no error, the exit status of the command', async () => {
  if (process.platform === 'win32') return;
  const child = spawn(process.execPath, [BIN, 'lint', 'examples/manifests/workflow-console.yaml', '-f', 'json'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy(); // no reader: the child's write fails with EPIPE
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(stderr).toBe('');
  // The same status as with a reader (lint's findings, if any, exit 1).
  const withReader = await new Promise<number | null>((resolve) => {
    const c = spawn(process.execPath, [BIN, 'lint', 'examples/manifests/workflow-console.yaml', '-f', 'json'], { cwd: ROOT, stdio: 'ignore' });
    c.on('close', resolve);
  });
  expect(code).toBe(withReader);
}, 60_000);
