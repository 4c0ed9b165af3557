/**
 * Every reach into cdk8s and constructs internals, in one file, so a cdk8s upgrade breaks one place.
 * Each one is here because cdk8s offers no public way to do it:
 * - raw annotations and labels (`ApiObject.metadata`'s private maps): the planner's own Lazy wave
 *   values must be told from hand-set strings before resolution, and cdk8s has no getter;
 * - JSON patch count (`ApiObject.patches`, private): a patch changes the rendered object without
 *   telling anyone, so the validation memo's fingerprint counts them;
 * - `node._dependencies` (constructs 10, private): `node.dependencies` builds an array for each of
 *   the many constructs that have none, which dominated planning time on large charts;
 * - `node._children` (constructs 10, private): `node.children` and `node.findAll()` build an array
 *   for every construct they pass (a `{}` and an empty array for each leaf);
 * - `toJson` replaced per object (`RenderMemo`): the proof renders every object once, and cdk8s's own
 *   render right after the validation is served that JSON instead of rendering it a second time.
 */
import { ApiObject, Chart } from 'cdk8s';
import { Dependable, IConstruct, IDependable } from 'constructs';
import { copyRendered } from './render-copy';
import { currentJob } from './sync-job';

/**
 * An object's metadata annotations as stored, before resolution: the planner's Lazy wave values
 * included, hand-set values as written.
 */
export function rawAnnotations(o: ApiObject): Record<string, unknown> {
  return metadataMaps(o).annotations ?? {};
}

/** Annotations and labels as stored (either may be absent). */
export function metadataMaps(o: ApiObject): { annotations?: Record<string, unknown>; labels?: Record<string, unknown> } {
  return o.metadata as unknown as { annotations?: Record<string, unknown>; labels?: Record<string, unknown> };
}

/** How many JSON patches the object holds (`ApiObject.addJsonPatch`). */
export function patchCount(o: ApiObject): number {
  return (o as unknown as { patches?: unknown[] }).patches?.length ?? 0;
}

const NONE: readonly IConstruct[] = [];

/**
 * The dependencies as `addDependency` stored them (constructs 10 creates `_dependencies` on the
 * first call): an empty set when there are none, undefined for any other layout.
 */
function dependencySet(c: IConstruct): ReadonlySet<unknown> | undefined {
  const node = c.node as unknown as { _dependencies?: Set<unknown> };
  if (!('_dependencies' in node)) return undefined;
  return node._dependencies ?? NO_DEPENDENCY_SET;
}
const NO_DEPENDENCY_SET: ReadonlySet<unknown> = new Set();

/** `node.dependencies`, without building an array for each of the many constructs that have none. */
export function dependenciesOf(c: IConstruct): readonly IConstruct[] {
  return dependencySet(c)?.size === 0 ? NONE : c.node.dependencies;
}

/**
 * How many constructs `node.dependencies` lists, without building the list: a construct counts one,
 * anything else (a `DependencyGroup`) its roots as they are now.
 */
export function dependencyCount(c: IConstruct): number {
  const deps = dependencySet(c);
  if (deps === undefined) return c.node.dependencies.length;
  // Nearly every dependency is a construct; a group is told by having no `node` (cheaper than
  // `Construct.isConstruct`'s symbol lookup, asked of N² dependencies per render of an Application).
  let groups = 0;
  for (const d of deps) if ((d as { node?: unknown }).node === undefined) groups += Dependable.of(d as IDependable).dependencyRoots.length - 1;
  return deps.size + groups;
}

/**
 * True when cdk8s's resolution of dependencies makes object `x` depend on object `t` for another
 * dependency, of construct c on construct e, among `dependencies` and accepted by `from`. Before
 * rendering (`App.synth`, `chart.toJson()`), cdk8s turns each dependency of c on e (neither a chart)
 * into a dependency of each object of c's chart in c's subtree on each object of e's chart in e's
 * subtree (`resolveDependencies` in its app.ts). So `x` on `t` may be only what c on e said; and
 * `App.synth` validates once before that resolution and once after it.
 */
export function resolvedFrom(x: IConstruct, t: IConstruct, dependencies: (c: IConstruct) => Iterable<IConstruct> | undefined,
  from: (c: IConstruct, e: IConstruct) => boolean): boolean {
  if (x === t || !ApiObject.isApiObject(x) || !ApiObject.isApiObject(t)) return false;
  const targets = t.node.scopes;
  for (const c of x.node.scopes) {
    if (Chart.isChart(c)) continue;
    const deps = dependencies(c);
    if (deps === undefined) continue;
    for (const e of deps) {
      if ((c === x && e === t) || Chart.isChart(e) || !targets.includes(e) || !from(c, e)) continue;
      if (Chart.of(c) === x.chart && Chart.of(e) === t.chart) return true;
    }
  }
  return false;
}

/**
 * True when object `x`'s dependency on object `t` is cdk8s's copy of their chart's own dependency on
 * a construct of it (`chart.addDependency(construct)`, among `dependencies`): before rendering, cdk8s
 * makes every object of the chart depend on each object of the chart in that construct's subtree
 * (`resolveDependencies` in its app.ts), after the first validation of `App.synth`.
 */
export function resolvedFromOwnChart(x: IConstruct, t: IConstruct, dependencies: (c: IConstruct) => Iterable<IConstruct> | undefined): boolean {
  if (x === t || !ApiObject.isApiObject(x) || !ApiObject.isApiObject(t) || x.chart !== t.chart) return false;
  let targets: IConstruct[] | undefined; // asked only when the chart has a dependency (nearly none has)
  for (const e of dependencies(x.chart) ?? []) {
    targets ??= t.node.scopes;
    if (!Chart.isChart(e) && targets.includes(e) && Chart.of(e) === x.chart) return true;
  }
  return false;
}

/** A construct's node as constructs 10 lays it out: children by id, the map absent until the first. */
interface ChildrenLayout {
  readonly _children?: Readonly<Record<string, IConstruct>>;
}

const NO_CHILDREN: Readonly<Record<string, IConstruct>> = Object.freeze({});

/**
 * A construct's children by id, listed by for-in in `node.children` order (integer-like ids
 * ascending, then the others in insertion order, as Object.values lists them; the map inherits no
 * enumerable key). `node.children` builds an array for every construct it is asked about (and a
 * `{}` for each leaf); this is the map constructs 10 keeps. A node of another layout gets a map
 * built from `node.children`, keyed by position. A walk of the synth bench's 16,061 constructs:
 * 10.6 ms through `node.findAll()`, 8.5 ms through this (warm, median of 25).
 */
export function childrenOf(c: IConstruct): Readonly<Record<string, IConstruct>> {
  const node = c.node;
  const children = (node as unknown as ChildrenLayout)._children;
  if (children !== undefined) return children;
  if ('_children' in (node as object)) return NO_CHILDREN;
  const byPosition: Record<string, IConstruct> = {};
  node.children.forEach((child, i) => { byPosition[i] = child; });
  return byPosition;
}

/** `root.node.findAll()` appended to `out`, building no array per construct (see `childrenOf`). */
export function constructsUnder(root: IConstruct, out: IConstruct[]): IConstruct[] {
  out.push(root);
  const children = childrenOf(root);
  for (const id in children) constructsUnder(children[id], out);
  return out;
}

/**
 * The ApiObjects of `charts` among `root` and the constructs under it, in `node.findAll()` order,
 * appended to `out`. A walk of its own rather than a visitor: each caller's callback made the one
 * shared walk polymorphic, and V8 threw its optimized code away and compiled it again on the synth bench.
 */
export function objectsUnder(root: IConstruct, charts: ReadonlySet<Chart>, out: ApiObject[]): ApiObject[] {
  if (ApiObject.isApiObject(root) && charts.has(root.chart)) out.push(root);
  const children = childrenOf(root);
  for (const id in children) objectsUnder(children[id], charts, out);
  return out;
}

/** Objects rendered afresh for the output (`renderAgainForOutput`). */
const againForOutput = new WeakSet<ApiObject>();

/**
 * `o`'s render for the output has a side effect (it writes a file beside the manifests): the
 * read-back's render of it is never served to cdk8s's, which renders it again (one object: the
 * Application of an `ArgoApplication`).
 */
export function renderAgainForOutput(o: ApiObject): void {
  againForOutput.add(o);
}

/**
 * One render per object per synth. The planner's proof renders every object of the chart to read
 * it back; cdk8s renders them again right after validating (`App.synth`, `chart.toJson()`,
 * `Testing.synth`). The JSON the proof rendered is handed to that render instead of being made
 * twice, under three limits so a stale render is never served:
 * - each object's JSON is served at most once (a second `toJson()` renders afresh, and what the
 *   caller does with the served object cannot leak into a later render);
 * - only JSON of a validation that passed is kept (a failed one is never followed by cdk8s's render);
 * - what was kept in an earlier synchronous job is never served (`App.synth` is synchronous, see
 *   `sync-job.ts`), and everything is forgotten at the chart's next validation that is not a memo hit.
 * Left open, as for the validation memo: when another chart's validation fails the synth, this
 * chart's renders stay kept until the job ends; changing an object's spec in place through an L2
 * method in that same job and synthesizing again would get the kept render.
 */
export class RenderMemo {
  private readonly kept = new Map<ApiObject, unknown>();
  /** The synchronous job the renders kept were made in (`currentJob`). */
  private keptIn = -1;
  /** Each object's own `toJson` (a plain map: the memo lives as long as the chart of its objects). */
  private readonly original = new Map<ApiObject, () => unknown>();

  /** Renders `o` as cdk8s does and keeps the JSON for the next `toJson()` call. */
  public render(o: ApiObject): any {
    if (againForOutput.has(o)) return copyRendered(o.toJson());
    this.install(o);
    // Copied before anything reads it: the proof, the rule pack and cdk8s's YAML writer (`render-copy.ts`).
    const json = copyRendered(this.original.get(o)!.call(o));
    this.keepFor(currentJob()).set(o, json);
    return json;
  }

  /** The render of `o` kept in this job for cdk8s's output (still served to it), if any. */
  public peek(o: ApiObject): unknown {
    return this.keptIn === currentJob() ? this.kept.get(o) : undefined;
  }

  /** Renders `o` as its class does, keeping nothing and serving nothing kept. */
  public fresh(o: ApiObject): any {
    return (this.original.get(o) ?? o.toJson).call(o);
  }

  /** Forget every kept render. */
  public clear(): void {
    this.kept.clear();
  }

  /** The renders kept in `job`: those of an earlier job are forgotten first. */
  private keepFor(job: number): Map<ApiObject, unknown> {
    if (this.keptIn !== job) {
      this.kept.clear();
      this.keptIn = job;
    }
    return this.kept;
  }

  /** The object's own `toJson` serves a render kept in this job once, else renders as its class does. */
  private install(o: ApiObject): void {
    if (this.original.has(o)) return;
    const original = o.toJson as () => unknown;
    this.original.set(o, original);
    const memo = this;
    Object.defineProperty(o, 'toJson', {
      configurable: true,
      writable: true,
      enumerable: false,
      value: function toJson(this: ApiObject) {
        const kept = memo.keepFor(currentJob());
        const json = kept.get(o);
        if (json === undefined) return original.call(this);
        kept.delete(o);
        return json;
      },
    });
  }
}
