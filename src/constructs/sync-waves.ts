import { IConstruct } from 'constructs';
import { SyncPlanner } from './planner';

/**
 * Computed sync waves for a chart that has no `Tier` or hook (those turn it on themselves): its
 * `node.addDependency` edges and its Namespaces and CRDs are ordered, and at synth the order is
 * proven by reading the manifests back and the rule pack runs.
 */
export class SyncWaves {
  /**
   * Turn computed waves on for the chart that holds `scope`.
   */
  public static enable(scope: IConstruct): void {
    SyncPlanner.of(scope);
  }

  private constructor() {}
}
