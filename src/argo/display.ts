/**
 * Any parsed value as text for a message. Input is hand-written YAML, so a "name" may be a map whose
 * `toString` key is not a function, where `String(value)` would throw.
 */
export function displayValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return Array.isArray(value) ? '[list]' : '{map}';
  }
}
