/**
 * The cdk8s CLI's validation-plugin contract (cdk8s-cli `lib/plugins/validation.d.ts`), restated
 * as the part this plugin uses. The plugin ships in the package's main entry, where
 * `validations:` in cdk8s.yaml finds it by `class`; naming cdk8s-cli's own types there would make
 * every user's type-check need cdk8s-cli. cdk8s-cli's `ValidationContext` and `ValidationReport`
 * fit these interfaces (a test type-checks it). Like the plugin, they are TypeScript/JavaScript
 * only (`@jsii ignore`): the cdk8s CLI loads plugins with `require()`, and the contract's
 * readonly arrays have no jsii type.
 */

/**
 * One resource a violation is about.
 * @jsii ignore
 */
export interface ValidationViolatingResource {
  /** `metadata.name`: the CLI joins it to the construct path from its construct metadata. */
  readonly resourceName: string;
  /** Where in the manifest: `file:line` of the field at fault. */
  readonly locations: readonly string[];
  /** The manifest file the resource is in. */
  readonly manifestPath: string;
}

/**
 * One violation, as `report.addViolation` takes it.
 * @jsii ignore
 */
export interface ValidationViolation {
  /** The rule id (its page is docs/rules/<id>.md). */
  readonly ruleName: string;
  /** What is wrong and what Argo CD will do about it. */
  readonly recommendation: string;
  /** How to fix it. */
  readonly fix: string;
  /** The resources at fault. */
  readonly violatingResources: readonly ValidationViolatingResource[];
}

/**
 * The report a plugin fills in (cdk8s-cli's `ValidationReport`).
 * @jsii ignore
 */
export interface IValidationReport {
  /** Add one violation. */
  addViolation(violation: ValidationViolation): void;
  /**
   * End the report.
   * @param metadata extra lines of the report's summary
   */
  submit(status: 'success' | 'failure', metadata?: { readonly [key: string]: string }): void;
}

/**
 * What the cdk8s CLI hands a plugin (cdk8s-cli's `ValidationContext`).
 * @jsii ignore
 */
export interface IValidationContext {
  /** Paths of the synthesized manifests. */
  readonly manifests: readonly string[];
  /** The report to fill in and submit. */
  readonly report: IValidationReport;
}
