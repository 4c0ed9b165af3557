/**
 * The acceptance harness for realistic apps: synthesize an app as `cdk8s synth` does (`app.synth()`
 * into a folder), read each chart's YAML back with the CLI's own loader and `buildPlan` (exactly
 * what `syncplan plan dist/<chart>.k8s.yaml` reads), and judge the result against the intent the
 * app declared through the public API, independently of the planner:
 * - every declared edge holds in the read-back plan (an earlier step Argo CD waits on, or the same
 *   step applied first by kind order with nothing to wait for: `src/argo/same-wave.ts`);
 * - the waves are the fewest: the longest path over the object-level edges, an edge costing a wave
 *   only when `minimumGap` of that one object pair says so, per phase;
 * - the rule pack (`lintReport`, as `syncplan lint`) finds nothing, and the synth printed nothing.
 *
 * Declared intent is read from the public API only: `Tier.members`/`Tier.after`, `HookJob.after`,
 * cdk8s's `node.dependencies` (a construct stands for its whole subtree, as cdk8s's
 * `addDependency` means), a Namespace before what lives in it, a CRD before its custom resources.
 */
import { mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ApiObject, App, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { HookJob, Tier } from '../../src';
import { isPlainObject } from '../../src/argo/annotations';
import { keyString, resourceKeyOf } from '../../src/argo/keys';
import { buildPlan } from '../../src/argo/plan';
import { KindOrderVerdict, placements, proveBefore } from '../../src/argo/proof';
import { independentInStep, minimumGap, runsPods, whyNotByKindOrder } from '../../src/argo/same-wave';
import type { Manifest, SyncPhase, SyncPlan, SyncTask } from '../../src/argo/types';
import { loadPaths } from '../../src/cli/load';
import { lintReport } from '../../src/rules';
import type { Finding } from '../../src/rules/types';

/** A function that builds a realistic app: one or more charts in `app`. */
export type AppBuilder = (app: App) => void;

/** Every object of `before` done before any object of `after` starts, and why the app says so. */
export interface DeclaredEdge {
  readonly before: readonly ApiObject[];
  readonly after: readonly ApiObject[];
  readonly why: string;
}

export interface ChartReadBack {
  readonly chart: Chart;
  /** The synthesized file, as the CLI loaded it. */
  readonly manifests: readonly Manifest[];
  readonly plan: SyncPlan;
  readonly findings: readonly Finding[];
  readonly edges: readonly DeclaredEdge[];
  /** The tier an object belongs to (a tier is one wave), else the object itself. */
  unitOf(o: ApiObject): Tier | ApiObject;
  /** The task of each of the chart's objects (undefined: not in the sync). */
  taskOf(o: ApiObject): SyncTask | undefined;
}

export interface AppReadBack {
  readonly charts: readonly ChartReadBack[];
  /** Everything the synth wrote to stderr or the console. */
  readonly output: string;
}

/** Synthesizes the app into a temporary folder and reads every chart back as `syncplan` would. */
export function synthAndRead(build: AppBuilder): AppReadBack {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-apps-'));
  try {
    const app = new App({ outdir });
    build(app);
    // The dependencies the app wrote: cdk8s adds one per object pair before it renders.
    const written = new Map(app.node.findAll().map((c) => [c, c.node.dependencies]));
    const output = captureOutput(() => app.synth());
    const files = readdirSync(outdir);
    const charts = app.charts.map((chart) => {
      const file = files.find((f) => f === `${chart.node.id}.k8s.yaml` || f.endsWith(`-${chart.node.id}.k8s.yaml`));
      if (!file) throw new Error(`no file for chart ${chart.node.id} in ${files.join(', ')}`);
      return readChart(chart, loadPaths([join(outdir, file)]), (c) => written.get(c) ?? []);
    });
    return { charts, output };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

function captureOutput(run: () => void): string {
  const out: string[] = [];
  const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => {
    out.push(String(chunk));
    return true;
  });
  const consoles = (['log', 'warn', 'error', 'info'] as const).map((m) =>
    jest.spyOn(console, m).mockImplementation((...args: unknown[]) => {
      out.push(`${args.map(String).join(' ')}\n`);
    }));
  try {
    run();
  } finally {
    write.mockRestore();
    for (const c of consoles) c.mockRestore();
  }
  return out.join('');
}

/**
 * Rules about the waves the library chose, which its own output must never draw; not the rules
 * about a hazard the declared intent itself makes (a claim a dependency makes a wave wait for: the
 * synth warns of that, naming the construct).
 */
export const LIBRARY_PLACEMENT_RULES: readonly string[] = ['wave-unneeded', 'namespace-after-resource', 'wave-invalid', 'wave-not-canonical',
  'syncfail-hook-wave', 'crd-not-before-custom-resource', 'reads-resource-created-later'];

/** The findings of those rules, one line each. */
export function placementFindings(r: ChartReadBack): string[] {
  return r.findings.filter((f) => LIBRARY_PLACEMENT_RULES.includes(f.rule)).map((f) => `${f.rule}: ${f.kind}/${f.name}: ${f.message}`);
}

function objectKey(o: ApiObject): string {
  return keyString(resourceKeyOf({ apiVersion: o.apiVersion, kind: o.kind, metadata: { name: o.name, namespace: o.metadata.namespace } }));
}

function readChart(chart: Chart, manifests: Manifest[], dependencies: (c: IConstruct) => readonly IConstruct[]): ChartReadBack {
  const tierOf = new Map<ApiObject, Tier>();
  for (const [tier, objects] of tierObjects(chart, chart.node.findAll())) for (const o of objects) tierOf.set(o, tier);
  return readPlan(chart, manifests, declaredEdges(chart, manifests, dependencies), (o) => tierOf.get(o) ?? o);
}

/**
 * Manifests read back as one sync, judged against `edges` (a tier is one unit: `unitOf`). `chart`
 * names the read-back in messages; the manifests may come from several charts of one Application.
 */
export function readPlan(chart: Chart, manifests: Manifest[], edges: readonly DeclaredEdge[],
  unitOf: (o: ApiObject) => Tier | ApiObject): ChartReadBack {
  const plan = buildPlan(manifests);
  const tasks = new Map<string, SyncTask>();
  for (const t of [...plan.steps.flatMap((s) => s.tasks), ...plan.syncFail]) if (!tasks.has(keyString(t))) tasks.set(keyString(t), t);
  return {
    chart,
    manifests,
    plan,
    findings: lintReport(manifests, {}, plan).findings,
    edges,
    unitOf,
    taskOf: (o) => tasks.get(objectKey(o)),
  };
}

/**
 * The chart's ApiObjects under a construct (its subtree, as cdk8s's `addDependency` means); a tier
 * stands for the objects of its members, an object two members claim (the Service of
 * `exposeViaService`, put in an edge tier) belonging to the deeper claim.
 */
function objectsUnder(c: IConstruct, chart: Chart): ApiObject[] {
  return c.node.findAll().filter((x): x is ApiObject => x instanceof ApiObject && x.chart === chart);
}

function tierObjects(chart: Chart, all: readonly IConstruct[]): Map<Tier, ApiObject[]> {
  const claim = new Map<ApiObject, { tier: Tier; depth: number }>();
  const tiers = all.filter((c): c is Tier => c instanceof Tier);
  for (const t of tiers) {
    for (const m of t.members) {
      const depth = m.node.scopes.length;
      for (const o of objectsUnder(m, chart)) {
        const known = claim.get(o);
        if (!known || depth > known.depth) claim.set(o, { tier: t, depth });
      }
    }
  }
  const out = new Map<Tier, ApiObject[]>(tiers.map((t) => [t, []]));
  for (const [o, { tier }] of claim) out.get(tier)!.push(o);
  return out;
}

/** The intent the app wrote with the public API, as object groups (`dependencies`: as written, before cdk8s resolves them). */
export function declaredEdges(chart: Chart, manifests: readonly Manifest[],
  dependencies: (c: IConstruct) => readonly IConstruct[] = (c) => c.node.dependencies): DeclaredEdge[] {
  const edges: DeclaredEdge[] = [];
  const all = chart.node.findAll();
  const ofTier = tierObjects(chart, all);
  const objectsOf = (c: IConstruct) => (c instanceof Tier ? ofTier.get(c) ?? [] : objectsUnder(c, chart));
  // Construct-level intent first: an ordering through a unit with no objects (an empty tier)
  // still holds between what comes before it and what comes after it (#10 §1).
  let stated: Array<{ before: IConstruct; after: IConstruct; why: string }> = [];
  for (const c of all) {
    if (c instanceof Tier || c instanceof HookJob) for (const u of c.after) stated.push({ before: u, after: c, why: `${c.node.path} is after ${u.node.path}` });
    if (c instanceof Chart) continue;
    for (const d of dependencies(c)) {
      if (!(d instanceof Chart)) stated.push({ before: d, after: c, why: `${c.node.path} depends on ${d.node.path}` });
    }
  }
  const empty = new Set([...stated.flatMap((e) => [e.before, e.after])].filter((c) => objectsOf(c).length === 0));
  for (const hollow of empty) {
    const into = stated.filter((e) => e.after === hollow);
    const out = stated.filter((e) => e.before === hollow);
    stated = stated.filter((e) => e.after !== hollow && e.before !== hollow);
    for (const a of into) for (const b of out) stated.push({ before: a.before, after: b.after, why: `${a.why}, and ${b.why}` });
  }
  for (const e of stated) edges.push({ before: objectsOf(e.before), after: objectsOf(e.after), why: e.why });
  // Namespaces and CRDs, read from the rendered YAML: what lives in a Namespace, what a CRD defines.
  const objects = all.filter((x): x is ApiObject => x instanceof ApiObject && x.chart === chart);
  const rendered = new Map(manifests.map((m) => [keyString(resourceKeyOf(m.object)), m.object]));
  for (const o of objects) {
    const json = rendered.get(objectKey(o));
    if (o.kind === 'Namespace' && o.apiVersion === 'v1') {
      // As Argo CD keys them: a cluster-scoped kind's own namespace does not count.
      const users = objects.filter((u) => u !== o && u.metadata.namespace === o.name && resourceKeyOf(rendered.get(objectKey(u)) ?? {}).namespace !== '');
      if (users.length > 0) edges.push({ before: [o], after: users, why: `${o.name} holds what lives in it` });
    }
    if (o.kind === 'CustomResourceDefinition' && json && isPlainObject(json.spec)) {
      const spec = json.spec as { group?: string; names?: { kind?: string } };
      const users = objects.filter((u) => u.kind === spec.names?.kind && u.apiVersion.split('/')[0] === spec.group);
      if (users.length > 0) edges.push({ before: [o], after: users, why: `CRD ${o.name} defines them` });
    }
  }
  return edges;
}

function label(t: SyncTask | undefined, o: ApiObject): string {
  return t ? `${o.kind}/${o.name} (${t.phase} wave ${t.wave})` : `${o.kind}/${o.name} (not in the sync)`;
}

/**
 * Kind order as `same-wave.ts` judges it: hooks and resources of one step are created in one kind
 * order (gitops-engine `pkg/sync/sync_context.go` `runTasks`: `createTasks`, hooks included, go out
 * kind by kind), and a hook Job before something must complete, which only a later step waits for.
 */
const kindOrder: KindOrderVerdict = whyNotByKindOrder;

/**
 * Every declared edge that the read-back plan breaks, one line per object pair, by the project's
 * proof (`src/argo/proof.ts`). An edge into a SyncFail hook holds by construction (it runs only
 * after a failure).
 */
export function brokenEdges(r: ChartReadBack): string[] {
  const placed = placements(r.plan);
  const broken: string[] = [];
  for (const e of r.edges) {
    const afterTasks = e.after.map((x) => r.taskOf(x));
    // Pods hold a claim's order for the objects of their own step only (a member may be placed by hand elsewhere).
    const podSteps = new Set(afterTasks.filter((t): t is SyncTask => t !== undefined && runsPods(t)).map((t) => placed.get(t.manifest)?.index));
    for (const b of e.before) {
      const tb = r.taskOf(b);
      e.after.forEach((x, i) => {
        const tx = afterTasks[i];
        if (x === b || tx?.phase === 'SyncFail') return;
        const pb = tb && placed.get(tb.manifest);
        const px = tx && placed.get(tx.manifest);
        const proof = pb && px ? proveBefore(pb, px, `${b.kind}/${b.name}`, kindOrder, podSteps.has(px.index)) : { holds: false as const, why: 'one of them is not in the sync' };
        if (!proof.holds) broken.push(`${e.why}: ${label(tx, x)} must start after ${label(tb, b)} is done, but ${proof.why}`);
      });
    }
  }
  return broken;
}

/**
 * The fewest waves of a phase the declared edges need: 1 + the heaviest path, a pair of objects
 * costing a wave when `minimumGap` of the two alone says so (a claim before a group that runs Pods
 * costs none for the group's other objects, which need nothing of it). A tier is one wave, so its
 * objects are one node; every other object (a hook, a lone object, a Namespace) is its own.
 */
export function minimumWaves(r: ChartReadBack, phase: SyncPhase): number {
  const inPhase = r.plan.steps.filter((s) => s.phase === phase).flatMap((s) => s.tasks);
  if (inPhase.length === 0) return 0;
  const objectOf = new Map<SyncTask, ApiObject>();
  for (const e of r.edges) for (const o of [...e.before, ...e.after]) { const t = r.taskOf(o); if (t) objectOf.set(t, o); }
  const nodeOf = (t: SyncTask): object => { const o = objectOf.get(t); return o ? r.unitOf(o) : t; };
  const succ = new Map<object, Array<{ to: object; gap: number }>>();
  for (const e of r.edges) {
    const afterTasks = e.after.map((x) => r.taskOf(x)).filter((t): t is SyncTask => t?.phase === phase);
    const podsAfter = e.after.some((x) => { const t = r.taskOf(x); return t !== undefined && runsPods(t); });
    for (const b of e.before) {
      const tb = r.taskOf(b);
      if (tb?.phase !== phase) continue;
      for (const tx of afterTasks) {
        // Inside one tier kind order must hold (the edge check says whether it does).
        if (nodeOf(tx) === nodeOf(tb)) continue;
        // Argo CD hoists a late Namespace or CRD right before its first user: no wave of its own.
        const gap = tb.hoisted || independentInStep(tb, tx, podsAfter) ? 0 : minimumGap([tb], [tx]).gap;
        let list = succ.get(nodeOf(tb));
        if (!list) succ.set(nodeOf(tb), list = []);
        list.push({ to: nodeOf(tx), gap });
      }
    }
  }
  const memo = new Map<object, number>();
  const onPath = new Set<object>();
  const depth = (n: object): number => {
    const known = memo.get(n);
    if (known !== undefined) return known;
    if (onPath.has(n)) throw new Error('declared edges form a cycle');
    onPath.add(n);
    const d = Math.max(0, ...(succ.get(n) ?? []).map((x) => x.gap + depth(x.to)));
    onPath.delete(n);
    memo.set(n, d);
    return d;
  };
  return 1 + Math.max(...inPhase.map((t) => depth(nodeOf(t))));
}

/** The waves the plan has in a phase. */
export function writtenWaves(r: ChartReadBack, phase: SyncPhase): number {
  return r.plan.steps.filter((s) => s.phase === phase).length;
}

/** The rule pack's findings, one line each (empty when there are none). */
export function findingLines(r: ChartReadBack): string[] {
  return r.findings.map((f) => `${f.level} ${f.rule}: ${f.kind}/${f.name}: ${f.message}`);
}

/** The task of the object `kind/name` in a chart's plan (steps, then SyncFail hooks). */
export function taskNamed(r: ChartReadBack, kind: string, name: string): SyncTask {
  const t = [...r.plan.steps.flatMap((s) => s.tasks), ...r.plan.syncFail].find((x) => x.kind === kind && x.name === name);
  if (!t) throw new Error(`${kind}/${name} is not in the plan of chart ${r.chart.node.id}`);
  return t;
}

/** One constraint of `waveConstraints`: wave(to) ≥ wave(from) + gap. A node is a tier, an object, or a fixed object's path. */
interface WaveConstraint {
  readonly from: object | string;
  readonly to: object | string;
  readonly gap: number;
}

/**
 * The declared edges of a phase as difference constraints, wave(after) ≥ wave(before) + the pair's
 * `minimumGap`: each tier one variable and each other object its own, but an object of `fixed` (by
 * path) its own node. Orders inside one tier hold by kind order (the chart synthesized); a Namespace
 * or CRD Argo CD hoists holds whatever its wave. Claims are not modelled (whether Pods share their
 * step decides), nor is anything but the waves: `r`'s objects, tasks and phases are taken as they are.
 */
function waveConstraints(r: ChartReadBack, phase: SyncPhase, fixed: ReadonlyMap<string, number>):
{ nodeOf: (o: ApiObject) => object | string; constraints: WaveConstraint[] } {
  const nodeOf = (o: ApiObject): object | string => (fixed.has(o.node.path) ? o.node.path : r.unitOf(o));
  const constraints: WaveConstraint[] = [];
  for (const e of r.edges) {
    for (const b of e.before) {
      const tb = r.taskOf(b);
      if (tb?.phase !== phase || tb.hoisted) continue;
      for (const x of e.after) {
        const tx = r.taskOf(x);
        if (tx?.phase !== phase || nodeOf(x) === nodeOf(b)) continue;
        if (b.kind === 'PersistentVolumeClaim') throw new Error('waveConstraints does not model claims');
        constraints.push({ from: nodeOf(b), to: nodeOf(x), gap: minimumGap([tb], [tx]).gap });
      }
    }
  }
  return { nodeOf, constraints };
}

/**
 * Whether some waves honour every declared edge of a phase (`waveConstraints`) with the objects of
 * `fixed` at their waves. Read from `r`, the chart synthesized without those waves (which changes no
 * object, task or phase). It has a solution exactly when no cycle of the constraints, each fixed
 * wave a pair of constraints against a node at 0, adds up to more than 0 (Bellman-Ford).
 */
export function wavesCanHonour(r: ChartReadBack, phase: SyncPhase, fixed: ReadonlyMap<string, number>): boolean {
  const { constraints } = waveConstraints(r, phase, fixed);
  const zero = 'the reference wave 0';
  for (const [path, w] of fixed) constraints.push({ from: zero, to: path, gap: w }, { from: path, to: zero, gap: -w });
  const nodes = new Set(constraints.flatMap((c) => [c.from, c.to]));
  const wave = new Map([...nodes].map((n) => [n, 0]));
  for (let round = 0; round <= nodes.size; round++) {
    let relaxed = false;
    for (const c of constraints) {
      if (wave.get(c.to)! < wave.get(c.from)! + c.gap) {
        wave.set(c.to, wave.get(c.from)! + c.gap);
        relaxed = true;
      }
    }
    if (!relaxed) return true;
  }
  return false; // still rising after |nodes| rounds: a cycle of positive weight
}

/**
 * The tiers and objects of a phase whose wave (written in `r`, the chart as synthesized, with the
 * objects of `fixed` set by hand) is later than it needs to be: after wave 0 (where the library
 * starts a chart's waves), and not right after something it must wait for. Each tier must also be
 * one wave. One line each; empty when no wave is later than needed.
 */
export function slackWaves(r: ChartReadBack, phase: SyncPhase, fixed: ReadonlyMap<string, number>): string[] {
  const { nodeOf, constraints } = waveConstraints(r, phase, fixed);
  const waves = new Map<object | string, Set<number>>();
  const chartObjects = r.chart.node.findAll().filter((c): c is ApiObject => c instanceof ApiObject && c.chart === r.chart);
  for (const o of new Set([...chartObjects, ...r.edges.flatMap((e) => [...e.before, ...e.after])])) {
    const t = r.taskOf(o);
    if (t?.phase !== phase || t.hoisted) continue;
    const n = nodeOf(o);
    if (!waves.has(n)) waves.set(n, new Set());
    waves.get(n)!.add(t.wave);
  }
  const name = (n: object | string) => (typeof n === 'string' ? n : (n as IConstruct).node.path);
  const waveOf = (n: object | string) => [...waves.get(n)!][0];
  const out: string[] = [];
  for (const [n, ws] of waves) {
    if (ws.size > 1) out.push(`${name(n)} is in waves ${[...ws].join(', ')}, not one`);
    if (typeof n === 'string' || ws.size > 1) continue; // set by hand, or said above
    const w = waveOf(n);
    const tight = w <= 0 || constraints.some((c) => c.to === n && waveOf(c.from) + c.gap === w);
    if (!tight) out.push(`${name(n)} is in wave ${w}, which nothing it waits for or must be done by needs`);
  }
  return out;
}
