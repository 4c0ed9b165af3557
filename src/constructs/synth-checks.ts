/**
 * What a chart checks at synth, after its waves are computed and written.
 */
export enum SynthChecks {
  /**
   * Prove every ordering edge by reading the rendered manifests back as Argo CD reads them, then run
   * the rule pack: an error fails the synth, a warning prints. The same rules as `syncplan lint`.
   */
  ALL = 'all',

  /**
   * Prove every ordering edge, and leave the rule pack to `syncplan lint` on the synthesized YAML
   * (for a CI pipeline that lints anyway, to pay for the rule pack once).
   */
  PROOF = 'proof',

  /**
   * Compute and write waves only, checking nothing. Impossible intent (a cycle, a pin that
   * contradicts `after`) still fails the synth, but nothing reads the manifests back: annotations
   * set by hand or by a JSON patch that break an edge go unnoticed, and the rule pack runs only if
   * `syncplan lint` does.
   */
  NONE = 'none',
}
