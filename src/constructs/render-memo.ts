/**
 * One render per object per synth. The planner's proof renders every object of the chart to read
 * it back; cdk8s renders them again right after validating (`App.synth`, `chart.toJson()`,
 * `Testing.synth`). The JSON the proof rendered is handed to that render instead of being made
 * twice, under three limits so a stale render is never served:
 * - each object's JSON is served at most once (a second `toJson()` renders afresh, and what the
 *   caller does with the served object cannot leak into a later render);
 * - only JSON of a validation that passed is kept (a failed one is never followed by cdk8s's render);
 * - everything is forgotten at the end of the synchronous job that validated (`App.synth` is
 *   synchronous), see `SyncPlanner`, and at the chart's next validation that is not a memo hit.
 * Left open, as for the validation memo: when another chart's validation fails the synth, this
 * chart's renders stay kept until the job ends; changing an object's spec in place through an L2
 * method in that same job and synthesizing again would get the kept render.
 */
import { ApiObject } from 'cdk8s';

export class RenderMemo {
  private readonly kept = new Map<ApiObject, unknown>();
  private readonly original = new WeakMap<ApiObject, () => unknown>();

  /** Renders `o` as cdk8s does and keeps the JSON for the next `toJson()` call. */
  public render(o: ApiObject): any {
    this.install(o);
    const json = this.original.get(o)!.call(o);
    this.kept.set(o, json);
    return json;
  }

  /** Renders `o` as its class does, keeping nothing and serving nothing kept. */
  public fresh(o: ApiObject): any {
    return (this.original.get(o) ?? o.toJson).call(o);
  }

  /** Forget every kept render. */
  public clear(): void {
    this.kept.clear();
  }

  /** The object's own `toJson` serves a kept render once, else renders as its class does. */
  private install(o: ApiObject): void {
    if (this.original.has(o)) return;
    const original = o.toJson as () => unknown;
    this.original.set(o, original);
    const kept = this.kept;
    Object.defineProperty(o, 'toJson', {
      configurable: true,
      writable: true,
      enumerable: false,
      value: function toJson(this: ApiObject) {
        const json = kept.get(o);
        if (json === undefined) return original.call(this);
        kept.delete(o);
        return json;
      },
    });
  }
}
