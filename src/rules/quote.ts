/**
 * A user's value inside a one-line message: JSON-quoted (so newlines and control characters cannot
 * break the line) and cut to a readable length (a 1 MiB annotation must not become a 1 MiB finding).
 */
import { displayValue } from '../argo/display';

const MAX_SHOWN = 40;

export function quote(value: unknown): string {
  const text = displayValue(value);
  if (text.length <= MAX_SHOWN) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, MAX_SHOWN))}… (${text.length} characters)`;
}
