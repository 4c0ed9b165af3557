/**
 * The hidden per-chart planner: gathers ordering intent from the construct tree (tiers, hooks,
 * `node.addDependency`, Namespaces and CRDs), computes waves with `src/plan`, writes them as lazy
 * annotations (so `Testing.synth`, `chart.toJson()` and `app.synth()` all see them), and at synth
 * proves the order by reading the rendered manifests back (see `read-back.ts`).
 *
 * An edge costs a wave only when Argo CD's physics need one (`src/argo/same-wave.ts`): when nothing
 * before it has a health check and every object before it ranks below every object after it in
 * Argo CD's kind order, both share a wave and `runTasks` applies them kind by kind (a ConfigMap
 * tier before a Deployment tier, a Namespace before what lives in it). Trade-off, from
 * gitops-engine `runTasks`: inside one wave a failed apply does not stop the later kinds; they are
 * applied and the sync fails after the step. `Tier`'s `separateWave` restores a wave of its own.
 * A CRD has a health check (Established) and keeps a wave before its custom resources.
 *
 * Scale: ordering edges join units (two tiers of thousands of objects make one edge), so planning
 * and proof stay linear in objects plus unit edges; cdk8s's repeated validations within one synth
 * reuse the first (`validateChart`), and its render reuses the proof's (`render-memo.ts`).
 */
import { ApiObject, Chart, Lazy } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import { isClusterScoped, typeKey } from './cluster-scoped';
import { rawAnnotations } from './raw-annotations';
import { proveOrder, readBack } from './read-back';
import { RenderMemo } from './render-memo';
import { SynthChecks } from './synth-checks';
import { ANNOTATION_HOOK, ANNOTATION_SYNC_WAVE, csvValues, HELM_HOOK } from '../argo/annotations';
import { groupOf } from '../argo/keys';
import { KindRef, minimumGap } from '../argo/same-wave';
import { Manifest, SyncPlan } from '../argo/types';
import { computeWaves, formatWave, OrderEdge, OrderingError, OrderUnit, UnitPhase } from '../plan';
import { ALL_RULES, ArgocdCm, Finding, LevelSetting, LintOptions, lintReport } from '../rules';

/** What a tier or hook tells the planner about itself. */
export interface UnitSource {
  readonly construct: IConstruct;
  readonly phase: UnitPhase;
  readonly pin?: number;
  /** Always wait in a later wave than whatever this unit waits for, even where kind order would do. */
  readonly separateWave?: boolean;
  /** Units or constructs this unit waits for. */
  after(): readonly IConstruct[];
  /** Constructs whose ApiObjects belong to the unit. */
  members(): readonly IConstruct[];
}

/** One unit after resolution: its objects and whether the library writes its wave. */
export interface ResolvedUnit {
  readonly unit: OrderUnit;
  readonly objects: ApiObject[];
  /** Member construct of each object (for tiers), to allow dependencies inside one member. */
  readonly memberOf: Map<ApiObject, IConstruct>;
  /** False for objects that only anchor a Namespace/CRD edge at Argo CD's default wave. */
  readonly write: boolean;
}

/**
 * An ordering edge between two groups of rendered objects (a tier and the tier it waits for, a
 * dependency between two constructs), with the intent it came from: every object of `before` is
 * done before any object of `after` starts. Stored per group, not per object pair, so two tiers of
 * thousands of objects cost one edge, and proven per group (see `read-back.ts`).
 */
export interface ObjectEdge {
  readonly before: readonly ApiObject[];
  readonly after: readonly ApiObject[];
  readonly why: string;
}

export interface PlannerResult {
  /** The chart's objects, in construct-tree order. */
  readonly objects: readonly ApiObject[];
  readonly units: readonly ResolvedUnit[];
  readonly unitOf: ReadonlyMap<ApiObject, ResolvedUnit>;
  /** The unit of each tier or hook construct. */
  readonly byConstruct: ReadonlyMap<IConstruct, ResolvedUnit>;
  /** Annotation value the library writes, per object. */
  readonly waveOf: ReadonlyMap<ApiObject, string>;
  readonly edges: readonly ObjectEdge[];
  /** The unit edges the waves were computed from (empty tiers contracted), each with its gap. */
  readonly unitEdges: readonly OrderEdge[];
}

/** A validation done in the current synchronous job, and what it saw. */
interface Validated {
  readonly fingerprint: string;
  readonly errors: readonly string[];
}

const PLANNER_ID = 'cdk8s-syncplan.Planner';

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

  public readonly chart: Chart;
  private readonly sources: UnitSource[] = [];
  /** Charts this chart's objects depend on, which waves cannot order (warned at synth). */
  private readonly crossChart = new Set<string>();
  private cached?: PlannerResult;
  private computing = false;
  private readonly lazyAttached = new WeakSet<ApiObject>();
  private readonly ours = new WeakSet<object>();
  /** Bumped by every change the planner is told about (units, members, `after`). */
  private changes = 0;
  /** Bumped by every wave annotation the planner attaches. */
  private attached = 0;
  private validated?: Validated;
  private forgetScheduled = false;
  private readonly renders = new RenderMemo();
  private checks = SynthChecks.ALL;
  /** Where `checks` was chosen, for the message when two choices disagree. */
  private checksSetAt?: string;
  /** What the chart's output installs into argocd-cm (the Application health patch), for the rule pack. */
  private argocdCm?: ArgocdCm;

  private constructor(chart: Chart) {
    super(chart, PLANNER_ID);
    this.chart = chart;
    this.node.addValidation({ validate: () => this.validateChart() });
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
    if (this.checksSetAt !== undefined && checks !== this.checks) {
      throw new Error(`SyncWaves.enable at ${by.node.path}: chart ${this.chart.node.path} already checks '${this.checks}' at synth `
        + `(set at ${this.checksSetAt}); one chart has one setting, so pass the same \`checks\` or drop one of the calls`);
    }
    this.checks = checks;
    this.checksSetAt ??= by.node.path;
    this.validated = undefined;
  }

  /** The rule pack at synth reads argocd-cm as holding this (what the chart's output installs). */
  public assumeArgocdCm(cm: ArgocdCm): void {
    this.argocdCm = cm;
    this.validated = undefined;
  }

  /** Forget the cached plan; attach lazy annotations to objects we can already see. */
  public changed(constructs: readonly IConstruct[]): void {
    this.cached = undefined;
    this.changes++;
    for (const c of constructs) {
      if (c instanceof ApiObject && c.node.children.length === 0) {
        if (c.chart === this.chart) this.attach(c);
        continue;
      }
      for (const o of this.objectsUnder(c)) this.attach(o);
    }
  }

  /** The current result, computed on demand. Throws an OrderingError for impossible intent. */
  public result(tree?: readonly IConstruct[]): PlannerResult {
    if (!this.cached) {
      this.computing = true;
      try {
        this.cached = this.compute(tree ?? this.chart.node.findAll());
      } finally {
        this.computing = false;
      }
      for (const o of this.cached.waveOf.keys()) this.attach(o);
    }
    return this.cached;
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

  /** ApiObjects under a construct that this chart renders. */
  public objectsUnder(c: IConstruct): ApiObject[] {
    return c.node.findAll().filter((x): x is ApiObject => x instanceof ApiObject && x.chart === this.chart);
  }

  /** Renders an object for the read-back; cdk8s's own render right after reuses it (`render-memo.ts`). */
  public render(o: ApiObject): any {
    return this.renders.render(o);
  }

  /**
   * cdk8s validates the whole app once per `app.synth()` and again in every `chart.toJson()` (N
   * charts: N+1 validations of each), each a full render, plan, proof and lint. A validation is
   * reused, never recomputed, while both hold:
   * - the same synchronous job: `App.synth` and `chart.toJson()` are synchronous, and the memo is
   *   dropped in a microtask, so changes made after an `await` or in a later test are always seen;
   * - the same fingerprint: what can change between two synths in one job without telling the
   *   planner (constructs added or removed, `node.addDependency`, annotations, labels and JSON
   *   patches of any object), plus the planner's own change counter (tiers, members, `after`).
   * Not covered: changing an object's spec in place through an L2 method between two synths in
   * one synchronous job; the second synth still renders the new spec, only the rule pack is not
   * run again on it.
   */
  private validateChart(): string[] {
    // One walk of the tree serves the fingerprints and the planning of this validation.
    const tree = this.chart.node.findAll();
    // Nothing to compare with on the first validation of a job: fingerprint only what it saw.
    let fingerprint = this.validated ? this.fingerprint(tree) : undefined;
    if (this.validated && this.validated.fingerprint === fingerprint) return [...this.validated.errors];
    this.renders.clear();
    // Recompute: dependencies may have been added since the last look.
    this.cached = undefined;
    const attached = this.attached;
    let errors: string[];
    try {
      errors = this.check(tree);
    } catch (e) {
      this.renders.clear();
      throw e;
    }
    if (errors.length > 0) this.renders.clear(); // cdk8s will not render after a failed validation
    // Waves newly written by the check (lone objects a dependency orders) are part of what it saw.
    if (fingerprint === undefined || this.attached !== attached) fingerprint = this.fingerprint(tree);
    this.validated = { fingerprint, errors };
    if (!this.forgetScheduled) {
      this.forgetScheduled = true;
      queueMicrotask(() => {
        this.forgetScheduled = false;
        this.validated = undefined;
        this.renders.clear();
      });
    }
    return [...errors];
  }

  private check(tree: readonly IConstruct[]): string[] {
    let result: PlannerResult;
    try {
      result = this.result(tree);
    } catch (e) {
      if (e instanceof OrderingError) return [e.message];
      throw e;
    }
    this.warnCrossChart();
    if (this.checks === SynthChecks.NONE) return [];
    const read = readBack(result.objects, this);
    const errors = proveOrder(result, read);
    if (this.checks === SynthChecks.PROOF) return errors;
    // The rule pack on the same manifests `syncplan lint` would read from the synthesized YAML.
    for (const f of lint(read.manifests, { levels: SYNTH_LEVELS, argocdCm: this.argocdCm }, read.plan)) {
      if (f.level === 'error') errors.push(f.message);
      else if (f.level === 'warning') warnOnce(this.chart, `[${this.chart.node.path}] warning: ${f.message}`);
    }
    return errors;
  }

  /** Dependencies on other charts' objects order nothing: say so once per chart pair. */
  private warnCrossChart(): void {
    for (const other of [...this.crossChart].sort()) {
      warnOnce(this.chart, `[${this.chart.node.path}] warning: objects of chart ${this.chart.node.path} depend on chart ${other} (node.addDependency), `
        + 'but sync waves order objects inside one chart only, so Argo CD does not honour this order; if one Application '
        + 'syncs both charts, put what must be ordered into one chart; if they are separate Applications, order the '
        + 'Applications (app-of-apps with the Application health check, argo-cd #3781)');
    }
  }

  /** What a validation depends on that can change without the planner being told (see `validateChart`). */
  private fingerprint(tree: readonly IConstruct[]): string {
    const parts: string[] = [String(this.changes)];
    let constructs = 0;
    let dependencies = 0;
    for (const c of tree) {
      constructs++;
      // Chart-level dependencies (cdk8s adds them between nested or dependent charts) order nothing here.
      if (!(c instanceof Chart)) dependencies += dependenciesOf(c).length;
      if (c instanceof ApiObject) parts.push(this.metadataPrint(c));
    }
    parts.push(String(constructs), String(dependencies));
    return parts.join('\u0000');
  }

  private metadataPrint(o: ApiObject): string {
    const meta = o.metadata as unknown as { annotations?: Record<string, unknown>; labels?: Record<string, unknown> };
    let s = `${o.node.id}\u0001${(o as unknown as { patches?: unknown[] }).patches?.length ?? 0}`;
    for (const record of [meta.annotations, meta.labels]) {
      s += '\u0001';
      if (!record) continue;
      for (const k in record) {
        const v = record[k];
        s += `${k}=${typeof v === 'string' ? v : this.isOurs(v) ? '\u0002' : typeof v}\u0003`;
      }
    }
    return s;
  }

  /** The wave annotation: a Lazy so it is resolved when the object renders, whoever renders it. */
  private attach(o: ApiObject): void {
    if (this.lazyAttached.has(o)) return;
    if (this.handSetWave(o) !== undefined) return; // hand-set: kept, and proven at synth
    const lazy = Lazy.any({
      produce: () => (this.computing ? undefined : this.result().waveOf.get(o)),
    });
    this.ours.add(lazy);
    this.lazyAttached.add(o);
    this.attached++;
    o.metadata.addAnnotation(ANNOTATION_SYNC_WAVE, lazy as unknown as string);
  }

  private compute(everything: readonly IConstruct[]): PlannerResult {
    const resolved: ResolvedUnit[] = [];
    const unitOf = new Map<ApiObject, ResolvedUnit>();
    const byConstruct = new Map<IConstruct, ResolvedUnit>();
    const edges: ObjectEdge[] = [];
    const unitEdges: IntentEdge[] = [];
    const unitEdgeKeys = new Set<string>();
    // One walk of the tree: the chart's objects, and every construct (for its dependencies).
    const all = everything.filter((x): x is ApiObject => x instanceof ApiObject && x.chart === this.chart);
    const inChart = new Set<IConstruct>(all);
    const under = (c: IConstruct): ApiObject[] => {
      if (c === this.chart) return all;
      if (c instanceof ApiObject && c.node.children.length === 0) return inChart.has(c) ? [c] : [];
      return c.node.findAll().filter((x): x is ApiObject => inChart.has(x));
    };
    // A unit that asked for a wave of its own gets one after everything it waits for, however stated.
    const separateIds = new Set(this.sources.filter((s) => s.separateWave).map((s) => s.construct.node.path));
    const addUnitEdge = (before: ResolvedUnit, after: ResolvedUnit) => {
      const key = `${before.unit.id}\u0000${after.unit.id}`;
      if (unitEdgeKeys.has(key)) return;
      unitEdgeKeys.add(key);
      unitEdges.push({ before: before.unit.id, after: after.unit.id, separate: separateIds.has(after.unit.id) });
    };

    // 1. Declared units and their objects. An object belongs to the unit of its closest member, so
    //    a Service created inside a Deployment (`exposeViaService`) can still go to another tier.
    const claims = new Map<ApiObject, Array<{ r: ResolvedUnit; member: IConstruct }>>();
    for (const s of this.sources) {
      const path = s.construct.node.path;
      const kind = s.construct.constructor.name;
      const r: ResolvedUnit = {
        unit: { id: path, label: `${kind} ${path}`, phase: s.phase, pin: s.pin },
        objects: [],
        memberOf: new Map(),
        write: true,
      };
      resolved.push(r);
      byConstruct.set(s.construct, r);
    }
    for (const s of this.sources) {
      const r = byConstruct.get(s.construct)!;
      for (const m of s.members()) {
        if (byConstruct.has(m) && m !== s.construct) {
          throw new OrderingError(`${m.node.path} is a tier or hook itself and cannot be a member of ${r.unit.label}; use \`after\` instead`);
        }
        for (const o of under(m)) {
          const list = claims.get(o);
          if (list) list.push({ r, member: m });
          else claims.set(o, [{ r, member: m }]);
        }
      }
    }
    for (const o of all) {
      const list = claims.get(o);
      if (!list) continue;
      let claim = list[0]; // nearly always the only one: no arrays per object for tiers of thousands
      if (list.length > 1) {
        const depthOf = (c: { member: IConstruct }) => c.member.node.scopes.length;
        let depth = -1;
        for (const c of list) depth = Math.max(depth, depthOf(c));
        const closest = list.filter((c) => depthOf(c) === depth);
        const units = [...new Set(closest.map((c) => c.r))];
        if (units.length > 1) {
          throw new OrderingError(`${o.node.path} is in both ${units[0].unit.label} and ${units[1].unit.label}; an object can only be in one tier or hook`);
        }
        claim = closest[0];
      }
      unitOf.set(o, claim.r);
      claim.r.objects.push(o);
      claim.r.memberOf.set(o, claim.member);
    }

    // Lone objects become units when a dependency or a Namespace/CRD needs them ordered.
    const standalone = (o: ApiObject, write: boolean): ResolvedUnit => {
      const existing = unitOf.get(o);
      if (existing) return existing;
      const hookPhase = phaseFromHand(rawAnnotations(o));
      const handWave = this.handSetWave(o);
      let pin: number | undefined;
      if (typeof handWave === 'string' && /^[-+]?\d+$/.test(handWave.trim())) pin = Number(handWave);
      else if (!write) pin = 0; // Argo CD's default wave for unannotated objects
      const r: ResolvedUnit = {
        unit: { id: o.node.path, label: `${o.kind} ${o.node.path}`, phase: hookPhase ?? 'Sync', pin },
        objects: [o],
        memberOf: new Map([[o, o]]),
        write: write && pin === undefined,
      };
      unitOf.set(o, r);
      resolved.push(r);
      return r;
    };

    // 2. `after` between units (or any construct holding objects): one edge per pair of units.
    for (const s of this.sources) {
      const me = byConstruct.get(s.construct)!;
      for (const a of s.after()) {
        const target = byConstruct.get(a);
        if (target) {
          if (target === me) throw new OrderingError(`${me.unit.label} is ordered after itself; remove it from \`after\``);
          addUnitEdge(target, me);
          edges.push({ before: target.objects, after: me.objects, why: `${me.unit.label} is after ${target.unit.label}` });
          continue;
        }
        const objs = under(a);
        if (objs.length === 0) {
          const other = chartOf(a);
          if (other && other !== this.chart) {
            throw new OrderingError(`${me.unit.label} is after ${a.node.path}, which is in another chart (${other.node.path}): `
              + 'waves are computed and proven per chart, so an order across charts cannot be honoured; put both in one chart');
          }
          throw new OrderingError(`${me.unit.label} is after ${a.node.path}, which holds no Kubernetes objects in chart ${this.chart.node.path}; `
            + 'add objects to it or remove it from `after`');
        }
        for (const b of objs) addUnitEdge(standalone(b, true), me);
        edges.push({ before: objs, after: me.objects, why: `${me.unit.label} is after ${a.node.path}` });
      }
    }

    // 3. cdk8s dependencies: `a.node.addDependency(b)` means b's objects come first. On a tier or
    //    hook it means the whole unit. Edges go per pair of units on the two sides.
    for (const c of everything) {
      if (c instanceof Chart || c instanceof SyncPlanner) continue;
      const deps = dependenciesOf(c);
      if (deps.length === 0) continue;
      for (const d of deps) {
        if (d instanceof Chart) continue;
        const other = unrelatedChartOf(d, this.chart);
        if (other) {
          // Waves order objects inside one chart (one Application); say so instead of dropping it silently.
          if (chartOf(c) === this.chart) this.crossChart.add(other.node.path);
          continue;
        }
        const why = `${c.node.path} depends on ${d.node.path} (node.addDependency)`;
        const afterObjs = byConstruct.get(c)?.objects ?? under(c);
        const beforeObjs = byConstruct.get(d)?.objects ?? under(d);
        const uc = byConstruct.get(c);
        const ud = byConstruct.get(d);
        if (uc && ud) addUnitEdge(ud, uc);
        if (afterObjs.length === 0 || beforeObjs.length === 0) continue;
        // Inside one member (e.g. cdk8s-plus StatefulSet → its Service) Argo CD's kind order applies;
        // across members of one unit the dependency cannot hold.
        const membersIn = new Map<ResolvedUnit, Map<IConstruct, ApiObject>>();
        for (const b of beforeObjs) {
          const ub = unitOf.get(b);
          if (!ub) continue;
          let m = membersIn.get(ub);
          if (!m) membersIn.set(ub, m = new Map());
          const member = ub.memberOf.get(b)!;
          if (!m.has(member)) m.set(member, b);
        }
        for (const x of afterObjs) {
          const ux = unitOf.get(x);
          const shared = ux && membersIn.get(ux);
          if (!shared) continue;
          const mx = ux.memberOf.get(x);
          for (const [member, b] of shared) {
            if (member === mx || b === x) continue;
            throw new OrderingError(`${c.node.path} depends on ${d.node.path}, but both are in ${ux.unit.label} (one wave); `
              + 'move one of them to another tier or drop the dependency');
          }
        }
        // Group each side by unit (lone objects become units of their own), in first-seen order.
        const group = (objs: readonly ApiObject[]) => {
          const out = new Map<ResolvedUnit, ApiObject[]>();
          for (const o of objs) {
            const u = standalone(o, true);
            const list = out.get(u);
            if (list) list.push(o);
            else out.set(u, [o]);
          }
          return out;
        };
        const befores = group(beforeObjs);
        const afters = group(afterObjs);
        for (const [ua, xs] of afters) {
          for (const [ub, bs] of befores) {
            if (ua === ub) continue; // the same member: checked above
            addUnitEdge(ub, ua);
            edges.push({ before: bs, after: xs, why });
          }
        }
      }
    }

    // 4. Namespaces and CRDs before their first user, visibly (instead of Argo CD's hoisting).
    //    Users are found by index (namespace, group/kind), and every infra unit exists before any
    //    edge is drawn, so one infra object using another is ordered as infra, never pinned.
    const clusterScopedCustom = new Set<string>();
    const infra: Array<{ o: ApiObject; key: InfraKey }> = [];
    for (const o of all) {
      const key = infraKey(o, (x) => this.renders.fresh(x));
      if (!key) continue;
      infra.push({ o, key });
      if (key.kind === 'CustomResourceDefinition' && key.clusterScoped) clusterScopedCustom.add(key.key);
    }
    const usersOf = new Map<string, ApiObject[]>();
    if (infra.length > 0) {
      const index = (k: string, o: ApiObject) => {
        const list = usersOf.get(k);
        if (list) list.push(o);
        else usersOf.set(k, [o]);
      };
      for (const o of all) {
        index(`CustomResourceDefinition\u0000${typeKey(o.apiVersion, o.kind)}`, o);
        const ns = o.metadata.namespace;
        if (ns !== undefined && !isClusterScoped(o.apiVersion, o.kind, clusterScopedCustom)) index(`Namespace\u0000${ns}`, o);
      }
    }
    const infraUnits: Array<{ o: ApiObject; key: InfraKey; users: ApiObject[]; ri: ResolvedUnit }> = [];
    for (const { o, key } of infra) {
      const users = (usersOf.get(`${key.kind}\u0000${key.key}`) ?? []).filter((u) => u !== o);
      if (users.length === 0) continue;
      let ri = unitOf.get(o);
      if (!ri) {
        // Placed by hand: kept as written (Argo CD hoists it if it is late), and proven at synth.
        if (this.handSetWave(o) !== undefined) continue;
        ri = {
          unit: { id: o.node.path, label: `${o.kind} ${o.node.path}`, phase: 'Sync', infra: true },
          objects: [o],
          memberOf: new Map([[o, o]]),
          write: true,
        };
        unitOf.set(o, ri);
        resolved.push(ri);
      }
      infraUnits.push({ o, key, users, ri });
    }
    for (const { o, key, users, ri } of infraUnits) {
      for (const u of users) {
        const existing = unitOf.get(u);
        if (existing === ri) continue; // same tier: Argo CD's kind order applies inside the wave
        // A PreSync user cannot see a Sync-phase Namespace first; Argo CD hoists it there (a
        // Namespace must never become a hook: BeforeHookCreation would delete everything in it).
        const phase = existing?.unit.phase ?? phaseFromHand(rawAnnotations(u)) ?? 'Sync';
        if (phase === 'PreSync' || phase === 'SyncFail') continue;
        addUnitEdge(ri, existing ?? standalone(u, false));
        const verb = key.kind === 'Namespace' ? 'lives in' : 'is an instance of';
        edges.push({ before: [o], after: [u], why: `${u.node.path} ${verb} ${o.kind} ${o.name}` });
      }
    }

    const { units, edges: contracted } = contractEmpty(resolved, unitEdges);
    const byId = new Map(resolved.map((r) => [r.unit.id, r]));
    const refs = new Map<string, KindRef[]>();
    const refsOf = (id: string, before: boolean) => {
      const key = `${before}\u0000${id}`;
      let k = refs.get(key);
      if (!k) refs.set(key, k = kindRefs(byId.get(id)!, before ? (o) => this.renders.fresh(o) : undefined));
      return k;
    };
    const kept: OrderEdge[] = contracted.map((e) => ({
      before: e.before,
      after: e.after,
      gap: e.separate ? 1 : minimumGap(refsOf(e.before, true), refsOf(e.after, false)).gap,
    }));
    const { waves } = computeWaves(units, kept);
    const waveOf = new Map<ApiObject, string>();
    for (const r of resolved) {
      const w = waves.get(r.unit.id);
      if (!r.write || w === undefined) continue;
      const value = formatWave(w);
      for (const o of r.objects) waveOf.set(o, value);
    }
    return { objects: all, units: resolved, unitOf, byConstruct, waveOf, edges, unitEdges: kept };
  }
}

/** A unit edge as stated, before gaps: `separate` when the user asked for a wave of its own. */
interface IntentEdge {
  readonly before: string;
  readonly after: string;
  separate: boolean;
}

/**
 * What kind order and health checks need to know about a unit's objects. With `render`, a Service
 * carries its rendered spec, as whether it waits depends on its type (only done for the objects
 * that come first in an edge, where waiting matters).
 */
function kindRefs(r: ResolvedUnit, render?: (o: ApiObject) => unknown): KindRef[] {
  return r.objects.map((o) => {
    const raw = rawAnnotations(o);
    const hook = r.unit.phase !== 'Sync' || raw[ANNOTATION_HOOK] !== undefined || raw[HELM_HOOK] !== undefined;
    const group = groupOf(o.apiVersion);
    if (render && group === '' && o.kind === 'Service') {
      const object = render(o);
      if (typeof object === 'object' && object !== null) return { group, kind: o.kind, hook, manifest: { object: object as Record<string, unknown> } };
    }
    return { group, kind: o.kind, hook };
  });
}

/**
 * A tier with no objects (yet) must not cost a wave: its ordering passes through it (a → empty → b
 * becomes a → b). Cycles through it are still found, by checking the full graph first.
 */
function contractEmpty(resolved: readonly ResolvedUnit[], edges: readonly IntentEdge[]): { units: OrderUnit[]; edges: IntentEdge[] } {
  const empty = new Set(resolved.filter((r) => r.objects.length === 0).map((r) => r.unit.id));
  if (empty.size === 0) return { units: resolved.map((r) => r.unit), edges: edges.map((e) => ({ ...e })) };
  // Impossible intent (cycles, phase contradictions) is reported on the graph as the user wrote it.
  computeWaves(resolved.map((r) => ({ ...r.unit, pin: undefined })), edges);
  let current = [...edges];
  for (const id of empty) {
    const into = current.filter((e) => e.after === id);
    const out = current.filter((e) => e.before === id);
    current = current.filter((e) => e.after !== id && e.before !== id);
    // A wave the user asked for on either leg stays asked for.
    for (const a of into) for (const b of out) current.push({ before: a.before, after: b.after, separate: a.separate || b.separate });
  }
  const seen = new Map<string, IntentEdge>();
  const unique: IntentEdge[] = [];
  for (const e of current) {
    const k = `${e.before}\u0000${e.after}`;
    const known = seen.get(k);
    if (known) {
      known.separate ||= e.separate;
      continue;
    }
    const copy = { ...e };
    seen.set(k, copy);
    unique.push(copy);
  }
  return { units: resolved.filter((r) => !empty.has(r.unit.id)).map((r) => r.unit), edges: unique };
}

/**
 * Rule levels at synth: as `syncplan lint`, except that info-level rules are not run, since a synth
 * prints errors and warnings only (what fails or warns is the same as `syncplan lint`).
 */
const SYNTH_LEVELS: Readonly<Record<string, LevelSetting>> = Object.fromEntries(
  ALL_RULES.filter((r) => r.defaultLevel === 'info').map((r) => [r.id, 'off' as const]),
);

/** Rule-pack findings of a chart's rendered manifests, using the plan already built. */
function lint(manifests: Manifest[], options: LintOptions, plan: SyncPlan): readonly Finding[] {
  return lintReport(manifests, options, plan).findings;
}

/**
 * The chart of `d` when it is neither `chart` nor nested with it (cdk8s itself makes a parent chart
 * depend on its nested charts): a dependency waves cannot express.
 */
function unrelatedChartOf(d: IConstruct, chart: Chart): Chart | undefined {
  const other = chartOf(d);
  if (!other || other === chart) return undefined;
  const nested = (inner: Chart, outer: Chart) => inner.node.scopes.includes(outer);
  return nested(other, chart) || nested(chart, other) ? undefined : other;
}

/** Warnings already printed, per app (the construct tree's root). */
const warned = new WeakMap<IConstruct, Set<string>>();
/**
 * cdk8s validates more than once per synth; say each warning once per app, so a second app in the
 * same process (a main.ts that synthesizes staging, then prod) says its own.
 */
function warnOnce(scope: IConstruct, message: string): void {
  const root = scope.node.root;
  let seen = warned.get(root);
  if (!seen) warned.set(root, seen = new Set());
  if (seen.has(message)) return;
  seen.add(message);
  process.stderr.write(`${message}\n`);
}

const NONE: readonly IConstruct[] = [];

/**
 * `node.dependencies`, without building an array for each of the many constructs that have none
 * (constructs 10 creates `_dependencies` on the first `addDependency`; any other layout falls back).
 */
function dependenciesOf(c: IConstruct): readonly IConstruct[] {
  const node = c.node as unknown as { _dependencies?: { size: number } };
  if ('_dependencies' in node && (node._dependencies === undefined || node._dependencies.size === 0)) return NONE;
  return c.node.dependencies;
}


function phaseFromHand(raw: Record<string, unknown>): UnitPhase | undefined {
  const hook = raw[ANNOTATION_HOOK];
  if (typeof hook !== 'string') return undefined;
  for (const v of csvValues(hook)) {
    if (v === 'PreSync' || v === 'Sync' || v === 'PostSync' || v === 'SyncFail') return v;
  }
  return undefined;
}

interface InfraKey {
  readonly kind: 'Namespace' | 'CustomResourceDefinition';
  /** Namespace name, or `group/kind` the CRD defines. */
  readonly key: string;
  /** A CRD of `scope: Cluster`: its custom resources live in no namespace. */
  readonly clusterScoped?: boolean;
}

/** What a Namespace or CRD provides to other objects; undefined for other kinds. */
function infraKey(o: ApiObject, render: (o: ApiObject) => unknown): InfraKey | undefined {
  if (o.kind === 'Namespace' && groupOf(o.apiVersion) === '') return { kind: 'Namespace', key: o.name };
  if (o.kind === 'CustomResourceDefinition' && groupOf(o.apiVersion) === 'apiextensions.k8s.io') {
    const json = render(o) as { spec?: { group?: unknown; names?: { kind?: unknown }; scope?: unknown } };
    const group = json.spec?.group;
    const kind = json.spec?.names?.kind;
    if (typeof group === 'string' && typeof kind === 'string') {
      return { kind: 'CustomResourceDefinition', key: `${group}/${kind}`, clusterScoped: json.spec?.scope === 'Cluster' };
    }
  }
  return undefined;
}

/** The chart a construct is in, if any. */
function chartOf(c: IConstruct): Chart | undefined {
  for (const s of c.node.scopes.slice().reverse()) if (Chart.isChart(s)) return s;
  return undefined;
}
