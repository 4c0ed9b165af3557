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

/** Writes the command's whole result to stdout; nothing else ever goes there. */
export function writeOut(text: string): void {
  if (closed) return;
  if (!direct) {
    stdoutStream().write(text);
    return;
  }
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  try {
    while (at < bytes.length) at += writeSync(1, bytes, at, bytes.length - at);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EPIPE') {
      // A closed pipe (`syncplan plan . | head`) is not an error: the rest of the result has no reader.
      closed = true;
      return;
    }
    if (code !== 'EAGAIN') throw err;
    // A non-blocking descriptor: Node's stream waits for it to drain.
    direct = false;
    stdoutStream().write(bytes.subarray(at));
  }
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
