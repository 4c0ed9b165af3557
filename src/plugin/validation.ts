import { IValidationContext, ValidationViolation } from './contract';
import { pluginSettings } from './settings';
import type * as LoadModule from '../cli/load';
import { failsOn, formatSource, lintReport } from '../rules';
import type { Finding } from '../rules/types';

/**
 * Options of the cdk8s CLI validation plugin, given as `properties` in cdk8s.yaml.
 * @jsii ignore
 */
export interface SyncPlanValidationProps {
  /**
   * Level per rule id: `error`, `warning`, `info` or `off` (as `syncplan lint --level`).
   *
   * @default - every rule at its default level
   */
  readonly levels?: { readonly [ruleId: string]: 'error' | 'warning' | 'info' | 'off' };

  /**
   * CRDs the cluster already has, as `group/Kind` (as `syncplan lint --installed-crd`).
   *
   * @default - none
   */
  readonly installedCrds?: readonly string[];

  /**
   * The Application's `spec.syncPolicy.syncOptions`, e.g. `PruneLast=true` (as `--sync-option`).
   *
   * @default - none
   */
  readonly syncOptions?: readonly string[];

  /**
   * The Application's destination namespace, filled into objects without one.
   *
   * @default - none
   */
  readonly namespace?: string;

  /**
   * Fail the synth on warnings too.
   *
   * @default false
   */
  readonly strict?: boolean;
}

/**
 * The rule pack as a cdk8s CLI validation plugin: `cdk8s synth` fails on an error finding, and
 * each finding is joined to its construct path. In cdk8s.yaml:
 *
 * ```yaml
 * validations:
 *   - package: cdk8s-syncplan      # or a local path: ./node_modules/cdk8s-syncplan
 *     class: SyncPlanValidation
 *     version: 0.1.0
 *     properties: { syncOptions: [PruneLast=true] }
 * ```
 *
 * It reads the synthesized files as `syncplan lint` does and runs the same rules; suppressions
 * are the objects' own `syncplan.cdk8s.io/suppress` annotations (`Suppressions.add`).
 *
 * TypeScript/JavaScript only (`@jsii ignore`): the cdk8s CLI loads plugins with `require()`.
 * @jsii ignore
 */
export class SyncPlanValidation {
  private readonly props: Record<string, unknown>;

  constructor(props: SyncPlanValidationProps = {}) {
    // Checked here, so a wrong property fails before anything is validated.
    pluginSettings(props as Record<string, unknown>);
    this.props = { ...props };
  }

  /**
   * Lint the synthesized manifests and submit the report: `failure` on any error finding (any
   * warning too with `strict`).
   */
  public async validate(context: IValidationContext): Promise<void> {
    const { options, strict } = pluginSettings(this.props);
    // The CLI's reader (and `yaml`, 72 modules) is loaded when the cdk8s CLI runs the plugin, not by
    // every program that imports the library: yaml and commander alone take about 40 ms to load.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { loadPaths }: typeof LoadModule = require('../cli/load');
    const { findings, suppressed } = lintReport(loadPaths([...context.manifests]), options);
    for (const f of findings) context.report.addViolation(violationOf(f));
    const count = (level: string) => String(findings.filter((f) => f.level === level).length);
    context.report.submit(failsOn(findings, strict) ? 'failure' : 'success', {
      errors: count('error'),
      warnings: count('warning'),
      infos: count('info'),
      suppressed: String(suppressed.length),
    });
  }
}

function violationOf(f: Finding): ValidationViolation {
  return {
    ruleName: `${f.rule} (${f.level})`,
    recommendation: f.message,
    fix: f.fix,
    violatingResources: [{ resourceName: f.name, locations: [formatSource(f.source)], manifestPath: f.source.file }],
  };
}
