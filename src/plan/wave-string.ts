/**
 * Waves as Argo CD wants them written: a canonical decimal string. `strconv.Atoi` accepts `+1` and
 * `007`, but only the canonical form survives a diff review and other tools unchanged.
 */
export function formatWave(wave: number): string {
  if (!Number.isSafeInteger(wave)) {
    throw new RangeError(`sync wave must be an integer, got ${wave}`);
  }
  // `String(-0)` is "0"; keep it that way explicitly.
  return wave === 0 ? '0' : String(wave);
}
