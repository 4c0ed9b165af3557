import { IConstruct } from 'constructs';
import { SyncPlanner } from './planner';
import { SynthChecks } from './synth-checks';

/**
 * Options for `SyncWaves.enable`.
 */
export interface SyncWavesOptions {
  /**
   * What the chart checks at synth. The checks cost CPU in proportion to the chart's objects
   * (see the README's benchmarks); turn them down only where `syncplan lint` runs on the output.
   *
   * @default SynthChecks.ALL
   */
  readonly checks?: SynthChecks;
}

/**
 * Computed sync waves for a chart. A chart with a `Tier` or a hook has them already; call `enable`
 * for a chart with neither (its `node.addDependency` edges and its Namespaces and CRDs are then
 * ordered), or to choose what the chart checks at synth.
 */
export class SyncWaves {
  /**
   * Turn computed waves on for the chart that holds `scope`, with its synth-time checks.
   *
   * Calling it again for the same chart with a different `checks` fails: one chart, one setting.
   */
  public static enable(scope: IConstruct, options: SyncWavesOptions = {}): void {
    const planner = SyncPlanner.of(scope, `SyncWaves.enable at ${scope.node.path || 'the App'}`, 'so pass a chart, and call it for each chart that needs it');
    if (options.checks !== undefined) planner.setChecks(options.checks, scope);
  }

  private constructor() {}
}
