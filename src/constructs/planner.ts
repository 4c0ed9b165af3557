/**
 * The hidden per-chart planner: the construct tiers and hooks register with, that computes the
 * chart's plan on demand (`chart-plan.ts`), writes waves as lazy annotations (so `Testing.synth`,
 * `chart.toJson()` and `app.synth()` all see them), and at synth proves the order by reading the
 * rendered manifests back (`synth-validation.ts`, `read-back.ts`).
 *
 * The charts of one `ArgoApplication` are one Argo CD Application, so they share one plan: the
 * planner of the first chart it lists leads (plans the union of their sources and objects, and
 * proves and lints the union of their rendered manifests); the others' waves are read from it.
 *
 * An edge costs a wave only when Argo CD's physics need one (`src/argo/same-wave.ts`, decided per
 * object in `gaps.ts`); see docs/argo-cd-model.md for why a shared wave is safe and what it trades.
 */
import { ApiObject, Chart, Lazy } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import { chartsPlannedWith, registrationCount } from './application-registry';
import { objectsUnder, rawAnnotations, RenderMemo } from './cdk8s-internals';
import { objectsStoodFor, planChart, PlannerResult } from './chart-plan';
import { SynthChecks } from './synth-checks';
import { checkChart, SynthValidation } from './synth-validation';
import { TreeScan } from './tree-scan';
import { ChartView, UnitSource } from './units';
import { ANNOTATION_HOOK, ANNOTATION_HOOK_DELETE_POLICY, ANNOTATION_SYNC_WAVE, annotationsOf } from '../argo/annotations';
import { DEFAULT_DELETE_POLICY } from '../argo/delete-policy';
import { OrderingError } from '../plan';
import type { ArgocdCm } from '../rules';
import { DEPENDS_ON_ANNOTATION } from '../rules/depends-on';

export type { UnitSource, ResolvedUnit } from './units';
export type { ObjectEdge } from './intent-graph';
export type { PlannerResult } from './chart-plan';

const PLANNER_ID = 'cdk8s-syncplan.Planner';
/** Planners created so far (a group's planners exist once their charts have one). */
let plannersCreated = 0;
const NO_ANNOTATIONS: Readonly<Record<string, string>> = Object.freeze({});

export class SyncPlanner extends Construct {
  /** The planner of the chart that holds `scope` (created on first use). */
  public static of(scope: IConstruct,
    who = `${scope.constructor.name} ${scope.node.path || '(the App)'}`, fix = 'so create it inside the chart it orders'): SyncPlanner {
    if (!scope.node.scopes.some((s) => Chart.isChart(s))) {
      // cdk8s alone says "cannot find a parent chart", without naming the construct or the fix.
      throw new Error(`${who}: not inside a Chart; waves are computed per chart (one Argo CD Application each), ${fix}`);
    }
    const chart = Chart.of(scope);
    const existing = chart.node.tryFindChild(PLANNER_ID);
    if (existing) return existing as SyncPlanner;
    return new SyncPlanner(chart);
  }

  /** The planner of a chart if it has one. */
  public static tryOf(chart: Chart): SyncPlanner | undefined {
    return chart.node.tryFindChild(PLANNER_ID) as SyncPlanner | undefined;
  }

  /**
   * `o` rendered without what the plan writes on it (waves, depends-on, hook annotations), for a
   * construct that reads another object's spec while the app is still being built (a SmokeTest's
   * Service port): planning then would plan an unfinished app, and its ordering error would pass
   * for a fault of the object read. @throws what the object's own render throws
   */
  public static renderUnplanned(o: ApiObject): unknown {
    const lead = SyncPlanner.tryOf(o.chart)?.lead();
    if (!lead) return o.toJson();
    const was = lead.computing;
    lead.computing = true; // what the planner's lazies read: they produce nothing meanwhile
    try {
      return o.toJson();
    } finally {
      lead.computing = was;
    }
  }

  public readonly chart: Chart;
  /** The chart alone, as the set the tree walks take (`objectsUnder`). */
  private readonly ownChart: ReadonlySet<Chart>;
  private readonly sources: UnitSource[] = [];
  private cached?: PlannerResult;
  private computing = false;
  // Plain sets, not weak ones: they hold the chart's own objects and the planner's own Lazies, which
  // live exactly as long as the chart that holds this planner, and a weak set of thousands of keys
  // costs the garbage collector on every pass (ephemerons).
  private readonly lazyAttached = new Set<ApiObject>();
  private readonly dependsOnAttached = new Set<ApiObject>();
  private readonly hookAttached = new Set<ApiObject>();
  private readonly ours = new Set<object>();
  /** Bumped by every change the planner is told about (units, members, `after`). */
  private _changes = 0;
  private readonly renders = new RenderMemo();
  private _checks = SynthChecks.ALL;
  /** Where `checks` was chosen, for the message when two choices disagree. */
  private checksSetAt?: string;
  /** What the chart's output installs into argocd-cm (the Application health patch), for the rule pack. */
  private argocdCm?: ArgocdCm;
  private readonly validation: SynthValidation;
  private readonly view: ChartView;
  /** `group()` as last computed, and the registrations and planners it was computed with. */
  private groupMemo?: { readonly registrations: number; readonly planners: number; readonly group: SyncPlanner[] };

  private constructor(chart: Chart) {
    super(chart, PLANNER_ID);
    plannersCreated++;
    this.chart = chart;
    this.ownChart = new Set([chart]);
    const self0 = this;
    this.view = {
      chart,
      get group() { return new Set(self0.group().map((p) => p.chart)); },
      handAnnotations: (o) => this.plannerOf(o).handAnnotations(o),
      handSetWave: (o) => this.plannerOf(o).handSetWave(o),
      fresh: (o) => this.plannerOf(o).renders.fresh(o),
    };
    const self = this;
    this.validation = new SynthValidation({
      chart,
      get changes() { return self.group().reduce((n, p) => n + p._changes, 0); },
      get checks() { return self._checks; },
      roots: () => this.roots(),
      render: (o) => this.render(o),
      clearRenders: () => { for (const p of this.group()) p.renders.clear(); },
      forgetPlan: () => { this.lead().cached = undefined; },
      result: (tree) => this.result(tree),
      units: () => new Set(this.group().flatMap((p) => p.sources.map((s) => s.construct))),
    }, (tree) => this.check(tree));
    // The group's plan is validated by its leading planner alone: another planner of the group that
    // validated too would walk every tree of the group for nothing, and forget the plan and the
    // renders the lead had just made (planned and rendered twice per synth, measured: see the tests).
    this.node.addValidation({ validate: () => (this.lead() === this ? this.validation.validate() : []) });
  }

  /** The rule pack at synth reads argocd-cm as holding this (what the chart's output installs). */
  public assumeArgocdCm(cm: ArgocdCm): void {
    this.argocdCm = cm;
    this._changes++;
  }

  public register(source: UnitSource): void {
    this.sources.push(source);
    this.changed([source.construct]);
  }

  /** What the chart checks at synth (`SyncWaves.enable`); one setting per chart. */
  public setChecks(checks: SynthChecks, by: IConstruct): void {
    if (!Object.values(SynthChecks).includes(checks)) {
      throw new Error(`SyncWaves.enable at ${by.node.path}: checks must be one of ${Object.values(SynthChecks).join(', ')} (SynthChecks), got ${String(checks)}`);
    }
    if (this.checksSetAt !== undefined && checks !== this._checks) {
      throw new Error(`SyncWaves.enable at ${by.node.path}: chart ${this.chart.node.path} already checks '${this._checks}' at synth `
        + `(set at ${this.checksSetAt}); one chart has one setting, so pass the same \`checks\` or drop one of the calls`);
    }
    this._checks = checks;
    this.checksSetAt ??= by.node.path;
    this.validation.forget();
  }

  /** Forget the cached plan; attach lazy annotations to objects we can already see. */
  public changed(constructs: readonly IConstruct[]): void {
    this.cached = undefined;
    this.lead().cached = undefined;
    this._changes++;
    for (let i = 0; i < constructs.length; i++) this.attachUnder(constructs[i]);
  }

  /** Attaches the wave annotation to this chart's objects in `c`'s subtree. */
  private attachUnder(c: IConstruct): void {
    const objects = objectsUnder(c, this.ownChart, []);
    for (let i = 0; i < objects.length; i++) this.attach(objects[i]);
  }

  /** The current result, computed on demand. Throws an OrderingError for impossible intent. */
  public result(tree?: TreeScan): PlannerResult {
    const lead = this.lead();
    if (lead !== this) return lead.result();
    if (!this.cached) {
      const group = this.group();
      this.computing = true;
      try {
        const sources = group.length === 1 ? this.sources : group.flatMap((p) => p.sources);
        this.cached = planChart(this.view, sources, tree ?? TreeScan.of(this.roots()), (c) => c instanceof SyncPlanner);
      } finally {
        this.computing = false;
      }
      // Each object's annotations are its own chart's planner's (it tells them from hand-set ones).
      for (const o of this.cached.waveOf.keys()) this.plannerOf(o).attach(o);
      for (const o of this.cached.dependsOn.keys()) this.plannerOf(o).attachDependsOn(o);
      for (const r of this.cached.units) if (r.source?.writesHooks) for (const o of r.objects) this.plannerOf(o).attachHook(o);
    }
    return this.cached;
  }

  /**
   * The planners of the charts planned as one with this chart (every chart of its ArgoApplication,
   * each planner created by the ArgoApplication), the leading one first; this planner alone otherwise.
   */
  private group(): SyncPlanner[] {
    // Asked per object (each wave Lazy resolves through `result()`), and answered by walking up to
    // the App and building the chart's path each time: kept until a chart is registered with an
    // ArgoApplication or a planner is created, the only changes that alter it.
    const memo = this.groupMemo;
    if (memo && memo.registrations === registrationCount() && memo.planners === plannersCreated) return memo.group;
    const charts = chartsPlannedWith(this.chart);
    const group = charts.length === 1 ? [this] : charts.map((c) => SyncPlanner.tryOf(c)).filter((p): p is SyncPlanner => p !== undefined);
    this.groupMemo = { registrations: registrationCount(), planners: plannersCreated, group };
    return group;
  }

  /** The planner that plans, proves and lints for the group. */
  private lead(): SyncPlanner {
    return this.group()[0] ?? this;
  }

  /** The planner of the chart an object is in (this one, or another of the group). */
  private plannerOf(o: ApiObject): SyncPlanner {
    return o.chart === this.chart ? this : SyncPlanner.tryOf(o.chart) ?? this;
  }

  /**
   * The group's charts, whose trees are planned as one: a chart nested in another of them is in
   * that one's tree already (walked twice, each of its objects read as defined twice).
   */
  private roots(): IConstruct[] {
    const group = this.group();
    if (group.length === 1) return [this.chart];
    const charts = group.map((p) => p.chart);
    return charts.filter((c) => !c.node.scopes.some((s) => s !== c && charts.includes(s as Chart)));
  }

  /** True while the group's plan is being computed (lazies then produce nothing). */
  private isComputing(): boolean {
    return this.computing || this.lead().computing;
  }

  /**
   * The chart's objects a construct stands for in an ordering: a tier's or hook's objects, else
   * every object of the chart in its subtree (what cdk8s's `addDependency` means by it), as the
   * plan reads it (`objectsStoodFor`).
   */
  public objectsOf(c: IConstruct): ApiObject[] {
    return [...objectsStoodFor(c, this.result().byConstruct, (x) => this.groupObjectsUnder(x))];
  }

  /** The wave the plan writes on `o` (nothing while the plan is being computed). */
  public plannedWave(o: ApiObject): string | undefined {
    // `isComputing()` and `result()` in one: asked once per object by every render.
    const lead = this.lead();
    if (this.computing || lead.computing) return undefined;
    return (lead.cached ?? lead.result()).waveOf.get(o);
  }

  /** True when `value` is an annotation value this planner wrote (not a hand-set one). */
  public isOurs(value: unknown): boolean {
    return typeof value === 'object' && value !== null && this.ours.has(value);
  }

  /** A sync-wave annotation written by someone else than this planner (kept as written). */
  public handSetWave(o: ApiObject): unknown {
    const v = rawAnnotations(o)[ANNOTATION_SYNC_WAVE];
    return this.isOurs(v) ? undefined : v;
  }

  /** The objects under a construct that the group's charts render. */
  private groupObjectsUnder(c: IConstruct): ApiObject[] {
    const charts = new Set(this.group().map((p) => p.chart));
    return objectsUnder(c, charts, []);
  }

  /** What the chart checks at synth (`SyncWaves.enable`). */
  public get checks(): SynthChecks {
    return this._checks;
  }

  /**
   * An object as rendered for a check outside the plan (it reads, never changes it): the render the
   * proof kept for cdk8s's output when there is one (still served to the output), else a fresh one.
   */
  public rendered(o: ApiObject): unknown {
    const renders = this.plannerOf(o).renders;
    return renders.peek(o) ?? renders.fresh(o);
  }

  /** Renders an object for the read-back; cdk8s's own render right after reuses it. */
  public render(o: ApiObject): any {
    return this.plannerOf(o).renders.render(o);
  }

  /** The annotations set by hand, as Argo CD reads them (one value that is not a string hides all). */
  private handAnnotations(o: ApiObject): Readonly<Record<string, string>> {
    const raw = rawAnnotations(o);
    let hand: Record<string, unknown> | undefined;
    for (const k in raw) {
      if (!Object.prototype.hasOwnProperty.call(raw, k) || this.isOurs(raw[k])) continue;
      (hand ??= {})[k] = raw[k];
    }
    // No Argo CD version at synth: the latest's reader (a null hand-set value reads as ""); any
    // non-string value is reported by the rule pack anyway (annotation-not-string).
    return hand ? annotationsOf({ metadata: { annotations: hand } }) : NO_ANNOTATIONS;
  }

  private check(tree: TreeScan): string[] {
    // The group's plan is proven and linted once, on the union of its charts, by the leading planner.
    if (this.lead() !== this) return [];
    const argocdCm = this.group().map((p) => p.argocdCm).find((cm) => cm !== undefined);
    const check = (r: PlannerResult) => checkChart(r, this._checks, (o) => this.render(o), this.chart, argocdCm);
    // Impossible intent is the validation's error, whichever way the plan is drawn.
    const checked = (plan: () => PlannerResult): { result?: PlannerResult; errors: string[] } => {
      let result: PlannerResult;
      try {
        result = plan();
      } catch (e) {
        if (e instanceof OrderingError) return { errors: [e.message] };
        throw e;
      }
      return { result, errors: check(result) };
    };
    const { result, errors } = checked(() => this.result(tree));
    // Lone objects joined through hubs are proven as groups; a failure is worded pair by pair, as
    // the same plan drawn that way proves it (the waves are the same, so the read-back is), or as
    // that plan refuses it (an order only the pairs show).
    return errors.length > 0 && result?.pairwise ? checked(result.pairwise).errors : errors;
  }

  /** The declared-dependency annotation, on the few objects a wave was opened for (`src/rules/depends-on.ts`). */
  private attachDependsOn(o: ApiObject): void {
    if (this.dependsOnAttached.has(o)) return;
    const lazy = Lazy.any({
      produce: () => (this.isComputing() ? undefined : this.result().dependsOn.get(o)),
    });
    this.ours.add(lazy);
    this.dependsOnAttached.add(o);
    o.metadata.addAnnotation(DEPENDS_ON_ANNOTATION, lazy as unknown as string);
  }

  /**
   * The hook annotations of a member of a tier outside the Sync phase: its phase, and delete policy
   * `BeforeHookCreation` (`TierProps.phase`), as Lazies, so an object moved out of the tier loses them.
   */
  private attachHook(o: ApiObject): void {
    if (this.hookAttached.has(o)) return;
    this.hookAttached.add(o);
    const phaseOf = () => {
      if (this.isComputing()) return undefined;
      const r = this.result().unitOf.get(o);
      return r?.source?.writesHooks ? r.unit.phase : undefined;
    };
    const hook = Lazy.any({ produce: phaseOf });
    const policy = Lazy.any({ produce: () => (phaseOf() === undefined ? undefined : DEFAULT_DELETE_POLICY) });
    this.ours.add(hook);
    this.ours.add(policy);
    o.metadata.addAnnotation(ANNOTATION_HOOK, hook as unknown as string);
    o.metadata.addAnnotation(ANNOTATION_HOOK_DELETE_POLICY, policy as unknown as string);
  }

  /** The wave annotation: a Lazy so it is resolved when the object renders, whoever renders it. */
  private attach(o: ApiObject): void {
    if (this.lazyAttached.has(o)) return;
    if (this.handSetWave(o) !== undefined) return; // hand-set: kept, and proven at synth
    const lazy = Lazy.any(new WaveValue(this, o));
    this.ours.add(lazy);
    this.lazyAttached.add(o);
    o.metadata.addAnnotation(ANNOTATION_SYNC_WAVE, lazy as unknown as string);
  }
}

/**
 * What one object's wave annotation produces when cdk8s renders it: one small object per object,
 * where a closure cost a function, its context and the producer literal around it (8,040 of each
 * on the synth bench's chart, kept for the chart's lifetime: 754 KB less heap after the build,
 * measured by heap snapshot).
 */
class WaveValue {
  constructor(private readonly planner: SyncPlanner, private readonly o: ApiObject) {}

  public produce(): string | undefined {
    return this.planner.plannedWave(this.o);
  }
}
