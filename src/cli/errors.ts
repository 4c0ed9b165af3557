/**
 * Errors the CLI reports as one line and exit status 2: bad input (a file and a line) and bad usage.
 * Anything else reaching the top of the CLI is a bug and is printed as one line asking for a report.
 */

/** Input that cannot become manifests: unreadable, not YAML, not a Kubernetes object. */
export class InputError extends Error {
  /**
   * @param file path as the user gave it, or `<stdin>`
   * @param line 1-based line, or 0 when the whole file is at fault
   * @param reason what is wrong
   * @param hint how to fix it
   */
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
    readonly hint: string,
  ) {
    super(`${where(file, line)}: ${reason} (${hint})`);
    this.name = 'InputError';
  }
}

/** Wrong flags or arguments. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** `file:line`, or just `file` when the line is unknown. */
export function where(file: string, line: number): string {
  return line > 0 ? `${file}:${line}` : file;
}

/** The single line printed on stderr for any error; never a stack trace. */
export function oneLine(err: unknown): string {
  if (err instanceof InputError || err instanceof UsageError) {
    return `syncplan: ${flatten(err.message)}`;
  }
  // Only the first line: an unexpected message may carry a trace of its own.
  const detail = (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).split('\n')[0];
  return `syncplan: internal error: ${flatten(detail)} (this is a bug, please report it with the command you ran)`;
}

function flatten(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
