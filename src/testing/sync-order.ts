import { ApiObject, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { Placement, placeName, proveBefore } from '../argo/proof';
import { runsPods } from '../argo/same-wave';
import { SyncPlanner } from '../constructs/planner';
import { placementsOf, readBack } from '../constructs/read-back';

/**
 * The order Argo CD would apply a chart in, read back from its rendered manifests, for assertions
 * in your own tests: `SyncOrder.of(chart).assertBefore(config, web)`. No wave numbers needed.
 *
 * A tier or hook stands for its objects; any other construct for every object of the chart in its
 * subtree, as the planner and cdk8s's `addDependency` mean it (a Deployment includes the Service
 * `exposeViaService` made inside it).
 */
export class SyncOrder {
  /**
   * Synthesizes the chart (running its validations) and reads the result back as Argo CD would.
   */
  public static of(chart: Chart): SyncOrder {
    return new SyncOrder(chart);
  }

  private readonly chart: Chart;
  private readonly placed: Map<ApiObject, Placement>;

  private constructor(chart: Chart) {
    this.chart = chart;
    chart.toJson(); // validation, including the synth-time order proof
    this.placed = placementsOf(readBack(this.objectsOf(chart), (o) => o.toJson()));
  }

  /**
   * True when every object of `first` is done before any object of `second` starts: applied in an
   * earlier step that Argo CD waits on, or in the same step, applied first by kind order and with
   * no health check to wait for (a ConfigMap before a Deployment), or a PersistentVolumeClaim before
   * a workload whose Pods wait for it to be Bound.
   */
  public isBefore(first: IConstruct, second: IConstruct): boolean {
    return this.whyNotBefore(first, second) === undefined;
  }

  /**
   * Throws, saying where each object landed, unless `first` is applied (and waited for) before
   * `second`.
   */
  public assertBefore(first: IConstruct, second: IConstruct): void {
    const why = this.whyNotBefore(first, second);
    if (why !== undefined) {
      throw new Error(`expected ${first.node.path} to be applied before ${second.node.path}, but ${why}`);
    }
  }

  /**
   * How `first` is done before `second` starts, one line per object pair (an earlier step Argo CD
   * waits on, or the same step by kind order); throws like `assertBefore` when it is not.
   */
  public explainBefore(first: IConstruct, second: IConstruct): string {
    const lines: string[] = [];
    const why = this.whyNotBefore(first, second, lines);
    if (why !== undefined) {
      throw new Error(`expected ${first.node.path} to be applied before ${second.node.path}, but ${why}`);
    }
    return lines.join('\n');
  }

  /**
   * Throws unless every object of `a` and `b` is applied in one and the same step.
   */
  public assertSameStep(a: IConstruct, b: IConstruct): void {
    const pa = this.resolve(a);
    const pb = this.resolve(b);
    const all = [...pa, ...pb];
    const first = all[0];
    const other = all.find(([, p]) => p.index !== first[1].index);
    if (other) {
      throw new Error(`expected ${a.node.path} and ${b.node.path} in the same step, but ${where(first)} and ${where(other)} are not`);
    }
  }

  /**
   * The phase of a construct's objects (`PreSync`, `Sync`, `PostSync`, `SyncFail`); throws if they
   * are spread over several phases or are not in the sync.
   */
  public phaseOf(construct: IConstruct): string {
    const phases = [...new Set(this.resolve(construct).map(([, p]) => p.task.phase))];
    if (phases.length !== 1) throw new Error(`${construct.node.path} spans phases ${phases.join(', ')}`);
    return phases[0];
  }

  /**
   * The wave a construct's objects are applied in, for messages and dashboards; prefer
   * `assertBefore` in tests. Throws if they are spread over several waves.
   */
  public waveOf(construct: IConstruct): number {
    const waves = [...new Set(this.resolve(construct).map(([, p]) => p.task.wave))];
    if (waves.length !== 1) throw new Error(`${construct.node.path} spans waves ${waves.join(', ')}`);
    return waves[0];
  }

  private whyNotBefore(first: IConstruct, second: IConstruct, how: string[] = []): string | undefined {
    const a = this.resolve(first);
    const b = this.resolve(second);
    // Judged as a group, as the planner does: a claim before a tier that runs Pods shares its wave.
    const podsAfter = b.some(([, p]) => runsPods(p.task));
    for (const pa of a) {
      for (const pb of b) {
        if (pa[0] === pb[0]) return `${pa[0].node.path} is part of both`;
        if (!pa[1].step) return `${where(pa)} is a SyncFail hook, which runs only when a sync fails`;
        if (!pb[1].step) {
          how.push(`${where(pa)} before ${where(pb)}: a SyncFail hook runs after whatever was applied`);
          continue;
        }
        const proof = proveBefore(pa[1], pb[1], pa[0].node.path, undefined, podsAfter);
        if (proof.holds) {
          how.push(`${where(pa)} before ${where(pb)}: ${proof.how}`);
          continue;
        }
        if (proof.sameStep !== undefined) return `${where(pa)} and ${where(pb)} are in the same step, applied together (${proof.sameStep})`;
        if (pa[1].index > pb[1].index) return `${where(pa)} comes after ${where(pb)}`;
        return `${where(pa)} is not waited for before the next step`;
      }
    }
    return undefined;
  }

  private resolve(c: IConstruct): Array<[ApiObject, Placement]> {
    const objects = this.objectsOf(c);
    if (objects.length === 0) throw new Error(`${c.node.path} holds no Kubernetes objects of chart ${this.chart.node.path}`);
    return objects.map((o) => {
      const p = this.placed.get(o);
      if (!p) throw new Error(`${o.node.path} (${o.kind} ${o.name}) is not in the sync (dropped by Argo CD, e.g. hook Skip or an unknown hook value)`);
      return [o, p];
    });
  }

  /**
   * The objects a construct stands for, as the planner means it: a tier's or hook's objects, else
   * every object of the chart in its subtree (as cdk8s's `addDependency` means it), so a
   * Deployment includes the Service `exposeViaService` made inside it.
   */
  private objectsOf(c: IConstruct): ApiObject[] {
    const planner = SyncPlanner.tryOf(this.chart);
    if (planner) return planner.objectsOf(c);
    return c.node.findAll().filter((x): x is ApiObject => x instanceof ApiObject && Chart.of(x) === this.chart);
  }
}

function where([o, p]: [ApiObject, Placement]): string {
  return `${o.node.path} (${o.kind} ${o.name}, ${placeName(p)})`;
}
