/**
 * A finding as text, the one way every output writes it: `syncplan lint`, the findings under
 * `syncplan plan`, and the warnings and errors a synth prints.
 */
import type { Finding } from './types';

/** `level: message`, then `  fix: ...` under it; `indent` goes before each line. */
export function findingText(f: Finding, indent = ''): string[] {
  return [`${indent}${f.level}: ${f.message}`, `${indent}  fix: ${f.fix}`];
}
