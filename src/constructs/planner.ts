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
 */
import { ApiObject, Chart, Lazy } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import { proveOrder, readBack } from './read-back';
import { ANNOTATION_HOOK, ANNOTATION_SYNC_WAVE, csvValues, HELM_HOOK } from '../argo/annotations';
import { groupOf } from '../argo/keys';
import { KindRef, minimumGap } from '../argo/same-wave';
import { Manifest, SyncPlan } from '../argo/types';
import { computeWaves, formatWave, OrderEdge, OrderingError, OrderUnit, UnitPhase } from '../plan';
import { Finding, LintOptions, lintReport } from '../rules';

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

/** An ordering edge between two rendered objects, with the intent it came from. */
export interface ObjectEdge {
  readonly before: ApiObject;
  readonly after: ApiObject;
  readonly why: string;
}

export interface PlannerResult {
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

const PLANNER_ID = 'cdk8s-syncplan.Planner';

export class SyncPlanner extends Construct {
  /** The planner of the chart that holds `scope` (created on first use). */
  public static of(scope: IConstruct): SyncPlanner {
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
  private cached?: PlannerResult;
  private computing = false;
  private readonly lazyAttached = new WeakSet<ApiObject>();
  private readonly ours = new WeakSet<object>();

  private constructor(chart: Chart) {
    super(chart, PLANNER_ID);
    this.chart = chart;
    this.node.addValidation({ validate: () => this.validateChart() });
  }

  public register(source: UnitSource): void {
    this.sources.push(source);
    this.changed([source.construct]);
  }

  /** Forget the cached plan; attach lazy annotations to objects we can already see. */
  public changed(constructs: readonly IConstruct[]): void {
    this.cached = undefined;
    for (const c of constructs) for (const o of this.objectsUnder(c)) this.attach(o);
  }

  /** The current result, computed on demand. Throws an OrderingError for impossible intent. */
  public result(): PlannerResult {
    if (!this.cached) {
      this.computing = true;
      try {
        this.cached = this.compute();
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
    return c.node.findAll().filter((x): x is ApiObject => x instanceof ApiObject && Chart.of(x) === this.chart);
  }

  private validateChart(): string[] {
    // Recompute: dependencies may have been added since the last look.
    this.cached = undefined;
    let result: PlannerResult;
    try {
      result = this.result();
    } catch (e) {
      if (e instanceof OrderingError) return [e.message];
      throw e;
    }
    const read = readBack(this.chart, this);
    const errors = proveOrder(result, read);
    // The rule pack on the same manifests `syncplan lint` would read from the synthesized YAML.
    for (const f of lint(read.manifests, {}, read.plan)) {
      if (f.level === 'error') errors.push(f.message);
      else if (f.level === 'warning') warnOnce(`[${this.chart.node.path}] warning: ${f.message}`);
    }
    return errors;
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
    o.metadata.addAnnotation(ANNOTATION_SYNC_WAVE, lazy as unknown as string);
  }

  private compute(): PlannerResult {
    const resolved: ResolvedUnit[] = [];
    const unitOf = new Map<ApiObject, ResolvedUnit>();
    const byConstruct = new Map<IConstruct, ResolvedUnit>();
    const edges: ObjectEdge[] = [];
    const unitEdges: IntentEdge[] = [];
    const unitEdgeKeys = new Set<string>();
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
    const claims = new Map<ApiObject, Array<{ r: ResolvedUnit; member: IConstruct; depth: number }>>();
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
        for (const o of this.objectsUnder(m)) {
          const list = claims.get(o) ?? [];
          list.push({ r, member: m, depth: m.node.scopes.length });
          claims.set(o, list);
        }
      }
    }
    for (const o of this.objectsUnder(this.chart)) {
      const list = claims.get(o);
      if (!list) continue;
      const depth = Math.max(...list.map((c) => c.depth));
      const closest = list.filter((c) => c.depth === depth);
      const units = [...new Set(closest.map((c) => c.r))];
      if (units.length > 1) {
        throw new OrderingError(`${o.node.path} is in both ${units[0].unit.label} and ${units[1].unit.label}; an object can only be in one tier or hook`);
      }
      unitOf.set(o, closest[0].r);
      closest[0].r.objects.push(o);
      closest[0].r.memberOf.set(o, closest[0].member);
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

    // 2. `after` between units (or any construct holding objects).
    for (const s of this.sources) {
      const me = byConstruct.get(s.construct)!;
      for (const a of s.after()) {
        const target = byConstruct.get(a);
        if (target) {
          if (target === me) throw new OrderingError(`${me.unit.label} is ordered after itself; remove it from \`after\``);
          addUnitEdge(target, me);
          for (const b of target.objects) {
            for (const x of me.objects) edges.push({ before: b, after: x, why: `${me.unit.label} is after ${target.unit.label}` });
          }
          continue;
        }
        const objs = this.objectsUnder(a);
        if (objs.length === 0) {
          throw new OrderingError(`${me.unit.label} is after ${a.node.path}, which holds no Kubernetes objects in chart ${this.chart.node.path}`);
        }
        for (const b of objs) {
          addUnitEdge(standalone(b, true), me);
          for (const x of me.objects) edges.push({ before: b, after: x, why: `${me.unit.label} is after ${a.node.path}` });
        }
      }
    }

    // 3. cdk8s dependencies: `a.node.addDependency(b)` means b's objects come first. On a tier or
    //    hook it means the whole unit.
    for (const c of this.chart.node.findAll()) {
      if (c instanceof Chart || c instanceof SyncPlanner) continue;
      for (const d of c.node.dependencies) {
        if (d instanceof Chart) continue;
        const why = `${c.node.path} depends on ${d.node.path} (node.addDependency)`;
        const afterObjs = byConstruct.get(c)?.objects ?? this.objectsUnder(c);
        const beforeObjs = byConstruct.get(d)?.objects ?? this.objectsUnder(d);
        const uc = byConstruct.get(c);
        const ud = byConstruct.get(d);
        if (uc && ud) addUnitEdge(ud, uc);
        for (const x of afterObjs) {
          for (const b of beforeObjs) {
            if (x === b) continue;
            const ux = unitOf.get(x);
            const ub = unitOf.get(b);
            if (ux && ux === ub) {
              // Inside one member (e.g. cdk8s-plus StatefulSet → its Service) Argo CD's kind order applies.
              if (ux.memberOf.get(x) === ub.memberOf.get(b)) continue;
              throw new OrderingError(`${c.node.path} depends on ${d.node.path}, but both are in ${ux.unit.label} (one wave); `
                + 'move one of them to another tier or drop the dependency');
            }
            addUnitEdge(standalone(b, true), standalone(x, true));
            edges.push({ before: b, after: x, why });
          }
        }
      }
    }

    // 4. Namespaces and CRDs before their first user, visibly (instead of Argo CD's hoisting).
    const all = this.objectsUnder(this.chart);
    for (const infra of all) {
      const key = infraKey(infra);
      if (!key) continue;
      const users = all.filter((o) => o !== infra && usesInfra(o, key));
      if (users.length === 0) continue;
      let ri = unitOf.get(infra);
      if (!ri) {
        // Placed by hand: kept as written (Argo CD hoists it if it is late), and proven at synth.
        if (this.handSetWave(infra) !== undefined) continue;
        ri = {
          unit: { id: infra.node.path, label: `${infra.kind} ${infra.node.path}`, phase: 'Sync', infra: true },
          objects: [infra],
          memberOf: new Map([[infra, infra]]),
          write: true,
        };
        unitOf.set(infra, ri);
        resolved.push(ri);
      }
      for (const u of users) {
        const existing = unitOf.get(u);
        if (existing === ri) continue; // same tier: Argo CD's kind order applies inside the wave
        // A PreSync user cannot see a Sync-phase Namespace first; Argo CD hoists it there (a
        // Namespace must never become a hook: BeforeHookCreation would delete everything in it).
        const phase = existing?.unit.phase ?? phaseFromHand(rawAnnotations(u)) ?? 'Sync';
        if (phase === 'PreSync' || phase === 'SyncFail') continue;
        addUnitEdge(ri, existing ?? standalone(u, false));
        const verb = key.kind === 'Namespace' ? 'lives in' : 'is an instance of';
        edges.push({ before: infra, after: u, why: `${u.node.path} ${verb} ${infra.kind} ${infra.name}` });
      }
    }

    const { units, edges: contracted } = contractEmpty(resolved, unitEdges);
    const byId = new Map(resolved.map((r) => [r.unit.id, r]));
    const kept: OrderEdge[] = contracted.map((e) => ({
      before: e.before,
      after: e.after,
      gap: e.separate ? 1 : minimumGap(kindRefs(byId.get(e.before)!), kindRefs(byId.get(e.after)!)).gap,
    }));
    const { waves } = computeWaves(units, kept);
    const waveOf = new Map<ApiObject, string>();
    for (const r of resolved) {
      const w = waves.get(r.unit.id);
      if (!r.write || w === undefined) continue;
      for (const o of r.objects) waveOf.set(o, formatWave(w));
    }
    return { units: resolved, unitOf, byConstruct, waveOf, edges, unitEdges: kept };
  }
}

/** A unit edge as stated, before gaps: `separate` when the user asked for a wave of its own. */
interface IntentEdge {
  readonly before: string;
  readonly after: string;
  separate: boolean;
}

/** What kind order and health checks need to know about a unit's objects. */
function kindRefs(r: ResolvedUnit): KindRef[] {
  return r.objects.map((o) => {
    const raw = rawAnnotations(o);
    const hook = r.unit.phase !== 'Sync' || raw[ANNOTATION_HOOK] !== undefined || raw[HELM_HOOK] !== undefined;
    return { group: groupOf(o.apiVersion), kind: o.kind, hook };
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

/** Rule-pack findings of a chart's rendered manifests, using the plan already built. */
function lint(manifests: Manifest[], options: LintOptions, plan: SyncPlan): readonly Finding[] {
  return lintReport(manifests, options, plan).findings;
}

const warned = new Set<string>();
/** cdk8s validates more than once per synth; say each warning once. */
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  process.stderr.write(`${message}\n`);
}

/** The metadata annotations as stored, before resolution (our Lazies included). */
export function rawAnnotations(o: ApiObject): Record<string, unknown> {
  return ((o.metadata as unknown as { annotations?: Record<string, unknown> }).annotations) ?? {};
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
}

/** What a Namespace or CRD provides to other objects; undefined for other kinds. */
function infraKey(o: ApiObject): InfraKey | undefined {
  if (o.kind === 'Namespace' && groupOf(o.apiVersion) === '') return { kind: 'Namespace', key: o.name };
  if (o.kind === 'CustomResourceDefinition' && groupOf(o.apiVersion) === 'apiextensions.k8s.io') {
    const json = o.toJson() as { spec?: { group?: unknown; names?: { kind?: unknown } } };
    const group = json.spec?.group;
    const kind = json.spec?.names?.kind;
    if (typeof group === 'string' && typeof kind === 'string') return { kind: 'CustomResourceDefinition', key: `${group}/${kind}` };
  }
  return undefined;
}

function usesInfra(o: ApiObject, infra: InfraKey): boolean {
  if (infra.kind === 'Namespace') return o.metadata.namespace === infra.key;
  return `${groupOf(o.apiVersion)}/${o.kind}` === infra.key;
}
