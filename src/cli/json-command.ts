/**
 * The commands `watch` runs on every reading (the Application, the app's live objects, Argo CD's
 * resource tree): a template with `{placeholders}` turned into argv (split on spaces, no shell), run,
 * and its output read as JSON. Any failure is one line naming the command, and exit status 2.
 */
import { spawnSync } from 'child_process';
import { parse } from 'yaml';
import { UsageError } from './errors';

/**
 * `template` split on spaces, each `{key}` replaced by its value. A placeholder the template uses
 * with an empty value is refused: the command would read the wrong thing (all namespaces, say).
 */
export function commandArgv(template: string, values: Readonly<Record<string, string>>, option: string): string[] {
  return template.trim().split(/\s+/).map(word => word.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, key)) return whole; // not ours: kept as written (a jsonpath template, say)
    if (values[key] === '') throw new UsageError(`${option} uses {${key}}, which is empty for this Application; write the value in the command instead`);
    return values[key];
  }));
}

/** A command that ran and exited non-zero; `output`: the first line it printed (stderr, else stdout). */
export class CommandFailedError extends UsageError {
  constructor(shown: string, public readonly output: string) {
    super(`${shown} failed: ${output}`);
  }
}

/**
 * Runs `argv` and parses what it prints (JSON, or YAML for a command given `-o yaml`). `option`: the
 * flag that sets the command, `hint`: what it should print, both for the messages.
 */
export function runJson(argv: readonly string[], option: string, hint: string): unknown {
  const shown = argv.join(' ');
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', timeout: 60_000, maxBuffer: 256 * 2 ** 20 });
  if (r.error) throw new UsageError(`${shown}: cannot run it (${(r.error as NodeJS.ErrnoException).code ?? r.error.message}); is ${argv[0]} on PATH? ${option} sets another`);
  if (r.status !== 0) {
    throw new CommandFailedError(shown, (r.stderr || r.stdout || '').trim().split('\n')[0] || `exit status ${r.status}`);
  }
  const text = r.stdout;
  try {
    // kubectl's JSON: JSON.parse reads megabytes of it in milliseconds, where a YAML parse takes seconds.
    return JSON.parse(text);
  } catch {
    try {
      const value: unknown = parse(text, { maxAliasCount: 100, uniqueKeys: false });
      if (value !== null && typeof value === 'object') return value;
    } catch {
      // reported below
    }
    throw new UsageError(`${shown} printed no JSON: ${hint}`);
  }
}
