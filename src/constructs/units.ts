/**
 * Units: which tier or hook each of the chart's objects belongs to (an object belongs to the unit of
 * its closest member, so a Service created inside a Deployment by `exposeViaService` can still go to
 * another tier), and lone objects made units of their own when an ordering needs them placed.
 */
import { ApiObject, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { ANNOTATION_SYNC_WAVE, annotationIn, HELM_HOOK_WEIGHT } from '../argo/annotations';
import { lostWithIt } from '../argo/hook-deletion-loss';
import { readHookIn } from '../argo/hooks';
import { groupOf } from '../argo/keys';
import { readWaveIn } from '../argo/waves';
import { OrderingError, OrderUnit, UnitPhase } from '../plan';

/** What a tier or hook tells the planner about itself. */
export interface UnitSource {
  readonly construct: IConstruct;
  readonly phase: UnitPhase;
  readonly pin?: number;
  /** Always wait in a later wave than whatever this unit waits for, even where kind order would do. */
  readonly separateWave?: boolean;
  /** The planner writes the hook annotations of the members' objects (a tier outside the Sync phase). */
  readonly writesHooks?: boolean;
  /** Units or constructs this unit waits for. */
  after(): readonly IConstruct[];
  /** Constructs whose ApiObjects belong to the unit. */
  members(): readonly IConstruct[];
}

/** One unit after resolution: its objects and whether the library writes its wave. */
export interface ResolvedUnit {
  readonly unit: OrderUnit;
  readonly objects: ApiObject[];
  /** False for objects that only anchor an edge at the wave they were given by hand or by default. */
  readonly write: boolean;
  /** The tier or hook that declared it; absent for lone objects. */
  readonly source?: UnitSource;
}

/** What planning needs to know of the chart besides its tree. */
export interface ChartView {
  /** The leading chart (messages name it). */
  readonly chart: Chart;
  /** The charts planned as one (one Argo CD Application): `chart` alone, or every chart of its ArgoApplication. */
  readonly group: ReadonlySet<Chart>;
  /** Annotations set by hand (the planner's own left out), as Argo CD reads them. */
  handAnnotations(o: ApiObject): Readonly<Record<string, string>>;
  /** A sync-wave annotation written by someone else than the planner, as stored. */
  handSetWave(o: ApiObject): unknown;
  /** The object rendered as its class does (nothing kept or served). */
  fresh(o: ApiObject): any;
}

/** A unit's claim on an object, through one of its members. */
interface Claim {
  readonly r: ResolvedUnit;
  readonly member: IConstruct;
}

export class UnitTable {
  public readonly resolved: ResolvedUnit[] = [];
  public readonly unitOf = new Map<ApiObject, ResolvedUnit>();
  /** The unit of each tier or hook construct. */
  public readonly byConstruct = new Map<IConstruct, ResolvedUnit>();
  /**
   * Members of a tier whose place Argo CD decides, not their unit's wave: a Namespace a PreSync hook
   * lives in, hoisted before that hook whatever its wave says, or one an object of a unit ordered
   * before its tier lives in, hoisted before that object (`infra.ts`). The library writes no
   * wave on them, and they decide no gap of their unit (`GapJudge.placedByUnit`). Each with the
   * objects that live in it, as `infra.ts` found them (orders before those are no intent to warn of).
   */
  public readonly hoisted = new Map<ApiObject, ReadonlySet<ApiObject>>();

  constructor(private readonly view: ChartView) {}

  /**
   * Declared units and the objects their members hold; an object claimed by two units fails, and so
   * does a member holding objects of a chart planned apart (`foreign`: the objects of the scanned
   * trees outside the planned charts, those of a chart nested in one of them).
   */
  public declare(sources: readonly UnitSource[], all: readonly ApiObject[], under: (c: IConstruct) => ApiObject[],
    foreign: readonly ApiObject[] = []): void {
    for (const s of sources) {
      const path = s.construct.node.path;
      const r: ResolvedUnit = {
        unit: { id: path, label: `${s.construct.constructor.name} ${path}`, phase: s.phase, pin: s.pin },
        objects: [],
        write: true,
        source: s,
      };
      this.resolved.push(r);
      this.byConstruct.set(s.construct, r);
    }
    // The first claim of each object, and the others of the few claimed more than once: no list
    // per object for tiers of thousands.
    const claims = new Map<ApiObject, Claim>();
    const more = new Map<ApiObject, Claim[]>();
    const foreignUnder = foreign.length > 0 ? foreignObjectUnder(foreign) : undefined;
    for (const s of sources) {
      const r = this.byConstruct.get(s.construct)!;
      for (const m of s.members()) {
        if (this.byConstruct.has(m) && m !== s.construct) {
          throw new OrderingError(`${m.node.path} is a tier or hook itself and cannot be a member of ${r.unit.label}; use \`after\` instead`);
        }
        const objects = under(m);
        if (objects.length === 0) this.checkSameChart(r, m);
        else if (foreignUnder?.has(m)) this.refuseNestedChart(r, m, foreignUnder.get(m)!);
        for (const o of objects) {
          const first = claims.get(o);
          if (first === undefined) claims.set(o, { r, member: m });
          else if (more.has(o)) more.get(o)!.push({ r, member: m });
          else more.set(o, [first, { r, member: m }]);
        }
      }
    }
    for (const o of all) {
      let claim = claims.get(o);
      if (claim === undefined) continue;
      const list = more.get(o);
      if (list !== undefined) {
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
      // Argo CD deletes a hook before the next sync creates it again (rule hook-deletes-data).
      const lost = claim.r.source?.writesHooks ? lostWithIt(groupOf(o.apiVersion), o.kind) : undefined;
      if (lost !== undefined) {
        throw new OrderingError(`${o.node.path} is a ${o.kind} and cannot be in ${claim.r.unit.label}, whose members become ${claim.r.unit.phase} hooks: `
          + `Argo CD deletes a hook before the next sync creates it again, and ${lost}; leave it out of the tier`
          + (o.kind === 'PersistentVolumeClaim' ? ' (a hook that mounts it can run in the Sync phase, in its wave: `phase: HookPhase.SYNC`)' : ''));
      }
      this.unitOf.set(o, claim.r);
      claim.r.objects.push(o);
    }
  }

  /**
   * A lone object as a unit of its own, in the phase and at the wave its own annotations give it
   * (read as Argo CD reads them). `write`: the library may write its wave; otherwise it anchors
   * the order at Argo CD's default wave 0.
   */
  public standalone(o: ApiObject, write: boolean): ResolvedUnit {
    const existing = this.unitOf.get(o);
    if (existing) return existing;
    const hand = this.view.handAnnotations(o);
    const phase = this.phaseOf(o, hand);
    let pin: number | undefined;
    // Placed by hand (a sync-wave, or a Helm hook-weight): at the wave Argo CD reads from it.
    if (annotationIn(hand, ANNOTATION_SYNC_WAVE) !== undefined || annotationIn(hand, HELM_HOOK_WEIGHT) !== undefined) pin = readWaveIn(hand).wave;
    else if (this.view.handSetWave(o) !== undefined) pin = 0; // a wave Argo CD cannot read (not a string): wave 0
    else if (!write) pin = 0; // Argo CD's default wave for unannotated objects
    const r: ResolvedUnit = {
      unit: { id: o.node.path, label: `${o.kind} ${o.node.path}`, phase, pin },
      objects: [o],
      write: write && pin === undefined,
    };
    this.add(r);
    return r;
  }

  /** The phase of an object: its unit's, or for a lone object the first its hook annotations give. */
  public phaseOf(o: ApiObject, hand = this.view.handAnnotations(o)): UnitPhase {
    const unit = this.unitOf.get(o);
    if (unit) return unit.unit.phase;
    const hook = readHookIn(hand);
    return hook.isHook && hook.phases.length > 0 ? hook.phases[0] : 'Sync';
  }

  /**
   * True when Argo CD runs `o` in the PreSync phase: as a hook its own annotations make it (set by
   * hand, as a vendored Helm `pre-install` Job in a Sync tier carries it), read as Argo CD reads
   * them, else in its unit's phase.
   */
  public runsInPreSync(o: ApiObject): boolean {
    const hook = readHookIn(this.view.handAnnotations(o));
    return hook.isHook ? hook.phases.includes('PreSync') : this.phaseOf(o) === 'PreSync';
  }

  /** A unit the library places itself (a Namespace or CRD before its users). */
  public add(r: ResolvedUnit): void {
    for (const o of r.objects) this.unitOf.set(o, r);
    this.resolved.push(r);
  }

  /**
   * A member holding objects of this chart and of a chart nested in it (planned apart, its own
   * Argo CD Application) would order only the first: say so, naming the nested chart.
   */
  private refuseNestedChart(r: ResolvedUnit, m: IConstruct, nested: ApiObject): void {
    const chart = this.view.chart.node.path;
    const other = Chart.of(nested).node.path;
    throw new OrderingError(`${r.unit.label} (chart ${chart}) has member ${m.node.path}, which also holds objects of chart ${other} (${nested.node.path}): `
      + 'sync waves order objects inside one chart (one Argo CD Application), so the order of those would be lost; sync both charts in one ArgoApplication, '
      + `or add to the tier only the constructs of chart ${chart} and order the two Applications (app-of-apps with the Application health check)`);
  }

  /** A member holding objects only in another chart orders nothing here: say so, naming both charts. */
  private checkSameChart(r: ResolvedUnit, m: IConstruct): void {
    const elsewhere = m.node.findAll().find((x): x is ApiObject => x instanceof ApiObject);
    if (!elsewhere) return; // nothing yet: it may still get objects
    const other = Chart.of(elsewhere);
    if (this.view.group.has(other)) return;
    const chart = this.view.chart.node.path;
    throw new OrderingError(`${r.unit.label} (chart ${chart}) has member ${m.node.path}, whose objects are in chart ${other.node.path}: `
      + `sync waves order objects inside one chart (one Argo CD Application), so this order would be lost; move ${m.node.path} into chart ${chart}, `
      + 'or keep it where it is and order the two Applications (app-of-apps with the Application health check)');
  }
}

/**
 * For each construct above an object of `foreign`, the first such object (in `foreign` order): one
 * walk up from each, stopped where an earlier walk already went.
 */
function foreignObjectUnder(foreign: readonly ApiObject[]): Map<IConstruct, ApiObject> {
  const out = new Map<IConstruct, ApiObject>();
  for (const o of foreign) {
    for (let s = o.node.scope; s !== undefined && !out.has(s); s = s.node.scope) out.set(s, o);
  }
  return out;
}

/** The chart a construct is in, if any. */
export function chartOf(c: IConstruct): Chart | undefined {
  // Up the scopes, not through `node.scopes` (an array from the root, built per call): asked of
  // every dependency, N² of them once cdk8s has copied a chart order onto every pair of objects.
  for (let s: IConstruct | undefined = c; s !== undefined; s = s.node.scope) if (Chart.isChart(s)) return s;
  return undefined;
}

/** True when `inner` is in `outer`'s subtree, below it (`outer.node.scopes`, without building them). */
export function isWithin(inner: IConstruct, outer: IConstruct): boolean {
  for (let s = inner.node.scope; s !== undefined; s = s.node.scope) if (s === outer) return true;
  return false;
}
