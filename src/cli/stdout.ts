/**
 * Where a command's result goes. A CLI run (`run` in main.ts) writes it to file descriptor 1 with
 * `fs.writeSync`: Node's `process.stdout` loads the stream modules and sets up a handle on first
 * use, 1.5–3 ms of a small plan's start (Node 20 and 24, 2-core AMD EPYC: `node -e` writing one
 * line through `process.stdout` against `fs.writeSync`, 25 alternated runs), and Node writes to
 * files and pipes synchronously on Linux and macOS anyway, so the bytes and their order with stderr
 * are the same. Where that cannot hold (Windows consoles, a descriptor another process made
 * non-blocking) it falls back to `process.stdout`. In-process callers (tests) get `process.stdout`.
 */
import { writeSync } from 'fs';

let cliRun = false;
let direct = false;
let closed = false;
let hooked = false;

/** Called once by a CLI run: writes go straight to file descriptor 1 from now on, where the platform allows. */
export function writeDirectly(): void {
  cliRun = true;
  direct = process.platform !== 'win32';
}

/**
 * UTF-16 units encoded per write, into one buffer reused for the whole result: a plan of 20,000
 * documents prints ~7 MB of JSON, and buffers made per write stay allocated until V8 collects them,
 * so encoding it whole or in fresh chunks raised that plan's peak RSS by ~10 MiB (143 -> 153 MiB).
 */
export const CHUNK_UNITS = 65_536;

/** The buffer each chunk is encoded into (3 bytes at most per UTF-16 unit), made on first use. */
let chunkBuffer: Buffer | undefined;

/** Writes the command's whole result to stdout; nothing else ever goes there. */
export function writeOut(text: string): void {
  if (closed) return;
  if (!direct) {
    stdoutStream().write(text);
    return;
  }
  const buffer = chunkBuffer ??= Buffer.allocUnsafe(3 * CHUNK_UNITS);
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + CHUNK_UNITS);
    // A surrogate pair stays in one chunk, so each chunk encodes to the bytes the whole text would.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    const length = buffer.write(text.slice(start, end), 'utf8');
    const written = writeAll(buffer, length);
    if (closed) return;
    if (written < length) {
      // A non-blocking descriptor (EAGAIN): Node's stream waits for it to drain (a copy: the buffer is reused).
      direct = false;
      const stream = stdoutStream();
      stream.write(Buffer.from(buffer.subarray(written, length)));
      if (end < text.length) stream.write(text.slice(end));
      return;
    }
    start = end;
  }
}

/** Writes the first `length` bytes of `bytes` to fd 1: how many went out before EAGAIN (all, normally); EPIPE closes the output. */
function writeAll(bytes: Buffer, length: number): number {
  let at = 0;
  try {
    while (at < length) at += writeSync(1, bytes, at, length - at);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A closed pipe (`syncplan plan . | head`) is not an error: the rest of the result has no reader.
    if (code === 'EPIPE') closed = true;
    else if (code !== 'EAGAIN') throw err;
  }
  return at;
}

/**
 * `process.stdout`, for what writes to it as a stream (`watch`, and the fallback above). In a CLI
 * run, a closed pipe ends the process quietly with the exit status set so far.
 */
export function stdoutStream(): NodeJS.WriteStream {
  if (cliRun && !hooked) {
    hooked = true;
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  return process.stdout;
}
