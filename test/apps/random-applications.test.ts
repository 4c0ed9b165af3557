/**
 * Property: one Application syncing several charts (an `ArgoApplication` of two or three charts,
 * one maybe nested in another), objects of mixed kinds, a Tier in some of the charts (`after` a
 * tier of another chart), and `node.addDependency` between objects of one chart or of two. cdk8s
 * orders a chart after the charts right in it and, for a dependency between objects of two charts,
 * every object of the one after every object of the other; the plan read back from all the
 * synthesized files as one sync must honour each of those and each dependency as written, with the
 * fewest waves, none later than needed, and `Testing.synth` must write the same waves as `app.synth`.
 * What the synth or the rule pack says about the library's own placement must be nothing. With
 * waves set by hand, the synth refuses exactly what no waves can honour (`wavesCanHonour`).
 */
import { mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ApiObject, App, Chart, Testing } from 'cdk8s';
import * as fc from 'fast-check';
import { brokenEdges, DeclaredEdge, minimumWaves, placementFindings, readPlan, slackWaves, wavesCanHonour, writtenWaves } from './harness';
import { ArgoApplication, Tier } from '../../src';
import type { Manifest } from '../../src/argo/types';
import { loadPaths } from '../../src/cli/load';
import { stderrOf, synthOutcome } from '../constructs/helpers';

jest.setTimeout(120_000);

const KINDS = ['ConfigMap', 'Secret', 'Service', 'Deployment', 'StatefulSet', 'Job'] as const;
type Kind = typeof KINDS[number];

interface Spec {
  /** Each chart's objects, by kind. */
  readonly charts: readonly Kind[][];
  /** Each chart nested in a later chart, or at the top (cdk8s orders a parent after the charts right in it). */
  readonly parents: ReadonlyArray<number | undefined>;
  /** [chart, object] depends on [chart, object], the first chart no earlier than the second (no cycle of charts); objects picked modulo the chart's. */
  readonly dependencies: ReadonlyArray<[number, number, number, number]>;
  /** How many of each chart's first objects are a Tier of it (0: none). */
  readonly tiers: readonly number[];
  /** The tier of one chart `after` the tier of an earlier one. */
  readonly tierAfter: ReadonlyArray<[number, number]>;
  /** Waves set by hand: [chart, object, wave], objects picked modulo the chart's. */
  readonly pins?: ReadonlyArray<[number, number, number]>;
}

const specs: fc.Arbitrary<Spec> = fc.integer({ min: 2, max: 3 }).chain((n) => fc.record({
  charts: fc.array(fc.array(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 4 }), { minLength: n, maxLength: n }),
  // A parent is a later chart: nesting agrees with the chart order (and may go two deep).
  parents: fc.tuple(...[...Array(n).keys()].map((i) => (i === n - 1 ? fc.constant(undefined)
    : fc.option(fc.integer({ min: i + 1, max: n - 1 }), { nil: undefined, freq: 2 })))),
  // A later chart after an earlier one (inside one chart, see build): a DAG.
  dependencies: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(3), fc.nat(n - 1), fc.nat(3)), { maxLength: 4 })
    .map((ds) => ds.map(([a, i, b, j]): [number, number, number, number] => (a >= b ? [a, i, b, j] : [b, j, a, i]))),
  tiers: fc.array(fc.nat(3), { minLength: n, maxLength: n }),
  tierAfter: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 2 })
    .map((ps) => ps.filter(([a, b]) => a !== b).map(([a, b]): [number, number] => (a > b ? [a, b] : [b, a]))),
}));

const API_VERSION: Record<Kind, string> = { ConfigMap: 'v1', Secret: 'v1', Service: 'v1', Deployment: 'apps/v1', StatefulSet: 'apps/v1', Job: 'batch/v1' };

interface Built {
  readonly charts: Chart[];
  readonly objects: ApiObject[][];
  /** The dependencies as written, [after, before]. */
  readonly written: Array<[ApiObject, ApiObject]>;
  /** Each chart's tier, if any, with its objects. */
  readonly tiers: Array<{ tier: Tier; objects: ApiObject[] } | undefined>;
  /** `after` as written, [later tier, earlier tier]. */
  readonly tierAfter: Array<[number, number]>;
}

function build(app: App, spec: Spec): Built {
  const charts: Chart[] = [];
  // Parents (later charts) first.
  for (let i = spec.charts.length - 1; i >= 0; i--) {
    const parent = spec.parents[i];
    charts[i] = new Chart(parent === undefined ? app : charts[parent], `c${i}`, { namespace: 'app', disableResourceNameHashes: true });
  }
  const objects = spec.charts.map((kinds, i) => kinds.map((kind, j) => {
    const name = `c${i}-${kind.toLowerCase()}-${j}`;
    return new ApiObject(charts[i], name, { apiVersion: API_VERSION[kind], kind, metadata: { name }, ...(kind === 'Service' ? { spec: { ports: [{ port: 80 }] } } : {}) });
  }));
  // A tier of each chart's first objects: what comes later in the chart may depend on them, and
  // nothing in it on what comes later (no cycle through the tier).
  const tiers = spec.tiers.map((k, i) => {
    const members = objects[i].slice(0, Math.min(k, objects[i].length));
    return members.length > 0 ? { tier: new Tier(charts[i], 'tier').add(...members), objects: members } : undefined;
  });
  const tierAfter: Array<[number, number]> = [];
  for (const [a, b] of spec.tierAfter) {
    if (!tiers[a] || !tiers[b] || tierAfter.some(([x, y]) => x === a && y === b)) continue;
    tiers[a]!.tier.addAfter(tiers[b]!.tier);
    tierAfter.push([a, b]);
  }
  const written: Array<[ApiObject, ApiObject]> = [];
  for (const [a, i0, b, j0] of spec.dependencies) {
    // Inside one chart, a later object after an earlier one (a DAG).
    const [x, y] = [i0 % objects[a].length, j0 % objects[b].length];
    const [i, j] = a === b ? [Math.max(x, y), Math.min(x, y)] : [x, y];
    const after = objects[a][i];
    const before = objects[b][j];
    // Two members of one tier: one wave may not honour it, a refusal, not what this property is about.
    const inOneTier = a === b && tiers[a] !== undefined && tiers[a]!.objects.includes(after) && tiers[a]!.objects.includes(before);
    if (after === before || inOneTier || written.some(([p, q]) => p === after && q === before)) continue;
    after.node.addDependency(before);
    written.push([after, before]);
  }
  for (const [c, i, wave] of spec.pins ?? []) objects[c][i % objects[c].length].metadata.addAnnotation(WAVE, String(wave));
  new ArgoApplication(new Chart(app, 'platform'), 'one', { charts, repoURL: 'https://git.example.com/apps.git', path: 'dist', destination: { namespace: 'app' } });
  return { charts, objects, written, tiers, tierAfter };
}

/** What cdk8s orders: each dependency as written, a chart after the charts right in it, and chart after chart for a dependency between them. */
function cdk8sEdges(b: Built): DeclaredEdge[] {
  const own = (c: Chart) => b.objects[b.charts.indexOf(c)];
  const edges: DeclaredEdge[] = b.written.map(([after, before]) => ({ before: [before], after: [after], why: `${after.node.path} depends on ${before.node.path}` }));
  for (const [a, t] of b.tierAfter) edges.push({ before: b.tiers[t]!.objects, after: b.tiers[a]!.objects, why: `${b.tiers[a]!.tier.node.path} is after ${b.tiers[t]!.tier.node.path}` });
  for (const c of b.charts) {
    for (const nested of c.node.children.filter((x): x is Chart => x instanceof Chart)) {
      edges.push({ before: own(nested), after: own(c), why: `chart ${c.node.path} holds chart ${nested.node.path}` });
    }
  }
  const joined = new Set<string>();
  for (const [after, before] of b.written) {
    const [ca, cb] = [after.chart, before.chart];
    if (ca === cb || ca.node.scopes.includes(cb) || cb.node.scopes.includes(ca) || joined.has(`${ca.node.path}>${cb.node.path}`)) continue;
    joined.add(`${ca.node.path}>${cb.node.path}`);
    edges.push({ before: own(cb), after: own(ca), why: `chart ${ca.node.path} after chart ${cb.node.path} (${after.node.path} depends on ${before.node.path})` });
  }
  return edges;
}

const WAVE = 'argocd.argoproj.io/sync-wave';

/** `run` with an App that writes to a temporary folder, removed after. */
function inApp<T>(run: (app: App, outdir: string) => T): T {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-apps-'));
  try {
    return run(new App({ outdir }), outdir);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** The charts' files in `outdir` (not the Application's) read as one sync, with the orders cdk8s makes of `built`. */
function readBack(built: Built, outdir: string): { manifests: Manifest[]; read: ReturnType<typeof readPlan> } {
  const manifests = loadPaths(readdirSync(outdir).filter((f) => !f.includes('platform')).map((f) => join(outdir, f)));
  const unitOf = (o: ApiObject) => built.tiers.find((t) => t?.objects.includes(o))?.tier ?? o;
  return { manifests, read: readPlan(built.charts[0], manifests, cdk8sEdges(built), unitOf) };
}

function holds(spec: Spec): void {
  inApp((app, outdir) => {
    const built = build(app, spec);
    expect(stderrOf(() => app.synth())).toBe('');
    const { manifests, read } = readBack(built, outdir);
    expect(brokenEdges(read)).toEqual([]);
    expect(`Sync: ${writtenWaves(read, 'Sync')}`).toBe(`Sync: ${minimumWaves(read, 'Sync')}`);
    expect(slackWaves(read, 'Sync', new Map())).toEqual([]);
    expect(placementFindings(read)).toEqual([]);

    // Testing.synth of each chart writes the waves app.synth wrote.
    const waves = (objects: any[]) => Object.fromEntries(objects.map((o) => [o.metadata.name, o.metadata.annotations?.[WAVE]]));
    const written = waves(manifests.map((m) => m.object));
    const testing = build(Testing.app(), spec);
    let again: any[] = [];
    expect(stderrOf(() => { again = testing.charts.flatMap((c) => Testing.synth(c)); })).toBe('');
    expect(waves(again)).toEqual(written);
  });
}

test('random Applications of several charts: cdk8s\'s chart orders and every dependency hold, in the fewest waves, none later than needed, as Testing.synth writes them', () => {
  fc.assert(fc.property(specs, holds), { numRuns: 100, examples: [[{ charts: [['ConfigMap', 'ConfigMap', 'ConfigMap'], ['ConfigMap'], ['ConfigMap']], parents: [undefined, undefined, undefined], dependencies: [[0, 3, 0, 2], [0, 2, 0, 0]], tiers: [0, 0, 0], tierAfter: [] }]] });
});

/** Random Applications with some objects' waves set by hand (kept as written, so they may contradict what cdk8s orders). */
const pinnedSpecs: fc.Arbitrary<Spec> = specs.chain((spec) => fc.record({
  spec: fc.constant(spec),
  pins: fc.array(fc.tuple(fc.nat(spec.charts.length - 1), fc.nat(3), fc.integer({ min: -2, max: 3 })), { minLength: 1, maxLength: 3 }),
}).map(({ spec: s, pins }) => ({ ...s, pins })));

/** The waves `spec` sets by hand, by the path of the object (the same in every build of it). */
function pinnedWaves(built: Built, spec: Spec): Map<string, number> {
  return new Map(spec.pins!.map(([c, i, wave]) => [built.objects[c][i % built.objects[c].length].node.path, wave]));
}

/** Whether some waves honour every order cdk8s makes of `spec` with its waves set by hand kept (`wavesCanHonour`). */
function pinsCanHold(spec: Spec): boolean {
  return inApp((app, outdir) => {
    const built = build(app, { ...spec, pins: undefined });
    app.synth();
    return wavesCanHonour(readBack(built, outdir).read, 'Sync', pinnedWaves(built, spec));
  });
}

test('random Applications with objects placed by hand: refused, as a wave pin conflict, exactly when no waves honour every order cdk8s makes with them, and else no wave later than needed', () => {
  let held = 0;
  fc.assert(fc.property(pinnedSpecs, (spec) => inApp((app, outdir) => {
    const built = build(app, spec);
    const { error } = synthOutcome(() => app.synth());
    const possible = pinsCanHold(spec);
    if (error !== '') {
      // A wave set by hand (on a lone object or a tier's member) is a pin the plan is made around:
      // only pins no waves can honour together refuse it, never the proof of the waves written.
      expect(error).toMatch(/wave pin conflict: .*is pinned to wave/);
      expect(error).not.toContain('sync order broken');
      expect(`possible: ${possible}; ${error}`).toBe(`possible: false; ${error}`);
      return;
    }
    held++;
    const { read } = readBack(built, outdir);
    expect(brokenEdges(read)).toEqual([]);
    expect(possible).toBe(true);
    expect(slackWaves(read, 'Sync', pinnedWaves(built, spec))).toEqual([]);
  })), { numRuns: 100 });
  // About 60 of 100 runs keep an order the synth writes: the property is about those.
  expect(held).toBeGreaterThan(30);
});
