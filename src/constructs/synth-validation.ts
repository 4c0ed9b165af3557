/**
 * What a chart checks at synth, and the memo that makes cdk8s's repeated validations cost one.
 *
 * cdk8s validates the whole app once per `app.synth()` and again in every `chart.toJson()` (N
 * charts: N+1 validations of each), each a full render, plan, proof and lint. A validation is
 * reused, never recomputed, while both hold:
 * - the same synchronous job (`sync-job.ts`): `App.synth` and `chart.toJson()` are synchronous, so
 *   changes made after an `await` or in a later test are always seen;
 * - the same fingerprint: what can change between two synths in one job without telling the
 *   planner (constructs added or removed, `node.addDependency`, annotations, labels and JSON
 *   patches of any object, `tree-scan.ts`), plus the planner's own change counter (tiers,
 *   members, `after`). The dependencies cdk8s itself adds between the two validations of
 *   `App.synth` (of a chart on the charts nested in it and on the charts its constructs depend on,
 *   and their copies onto the objects) are not a change: they join objects already joined, and the
 *   plan is the same (`tree-scan.ts`).
 * Not covered: changing an object's spec in place through an L2 method between two synths in
 * one synchronous job; the second synth still renders the new spec, only the rule pack is not
 * run again on it.
 */
import { ApiObject, Chart } from 'cdk8s';
import { IConstruct } from 'constructs';
import { orderedAsApplications } from './application-registry';
import type { PlannerResult } from './chart-plan';
import type { CrossChart } from './intent';
import { hoistedWarnings, proveOrder, readBack } from './read-back';
import { currentJob } from './sync-job';
import { SynthChecks } from './synth-checks';
import { TreeScan } from './tree-scan';
import { Manifest, SyncPlan } from '../argo/types';
import { ALL_RULES, ArgocdCm, Finding, findingText, LevelSetting, LintOptions, lintReport } from '../rules';

/** A validation done in the current synchronous job, and what it saw. */
interface Validated {
  /** The synchronous job it was done in (`currentJob`). */
  readonly job: number;
  /** The planner's change counter then. */
  readonly changes: number;
  /** The trees then, and the fingerprint of what the planner is not told about (`TreeScan`). */
  readonly tree: TreeScan;
  readonly errors: readonly string[];
}

/** What a validation asks of the chart's planner. */
export interface Validatable {
  readonly chart: Chart;
  /** Bumped by every change the planner is told about (units, members, `after`). */
  readonly changes: number;
  readonly checks: SynthChecks;
  /** The charts planned as one (the chart, or its ArgoApplication's charts): their trees are what a validation reads. */
  roots(): readonly IConstruct[];
  /** Renders for the read-back; kept for cdk8s's render right after. */
  render(o: ApiObject): any;
  /** Forget kept renders (cdk8s will not render after a failed validation). */
  clearRenders(): void;
  /** Forget the cached plan, so dependencies added since the last look are seen. */
  forgetPlan(): void;
  /** The plan; throws an OrderingError for impossible intent. */
  result(tree: TreeScan): PlannerResult;
  /** The tier and hook constructs planned. */
  units(): ReadonlySet<IConstruct>;
}

/** How many validations are running (one, or none: cdk8s validates one construct at a time). */
let running = 0;

/**
 * True while a chart is being validated: what renders then is read back, not written out, so a
 * render's side effect on the output (the Application health patch file) must wait for cdk8s's own
 * render, which comes only after every validation of the app passed.
 */
export function isValidating(): boolean {
  return running > 0;
}

/** Runs `read` as a validation: what it renders is read back, not written out (see `isValidating`). */
export function whileValidating<T>(read: () => T): T {
  running++;
  try {
    return read();
  } finally {
    running--;
  }
}

export class SynthValidation {
  private validated?: Validated;

  constructor(private readonly planner: Validatable, private readonly check: (tree: TreeScan) => string[]) {}

  /** Forget the last validation (a setting changed). */
  public forget(): void {
    this.validated = undefined;
  }

  public validate(): string[] {
    return whileValidating(() => this.validateOnce());
  }

  private validateOnce(): string[] {
    const p = this.planner;
    const roots = p.roots();
    const last = this.validated;
    // A memo hit (cdk8s's second validation of every synth) compares as it walks the trees.
    const job = currentJob();
    if (last && last.job === job && last.changes === p.changes && last.tree.matches(roots, () => p.units())) return [...last.errors];
    // One walk of the trees serves the fingerprint and the planning of this validation.
    const tree = TreeScan.of(roots);
    const changes = p.changes;
    p.clearRenders();
    p.forgetPlan();
    let errors: string[];
    try {
      errors = this.check(tree);
    } catch (e) {
      p.clearRenders();
      throw e;
    }
    if (errors.length > 0) p.clearRenders(); // cdk8s will not render after a failed validation
    // After the check: annotations it wrote (waves of lone objects a dependency orders, the declared
    // dependencies) are part of what it saw; nothing else the fingerprint holds changes during it.
    tree.printMetadata();
    this.validated = { job, changes, tree, errors };
    return [...errors];
  }
}

/**
 * The checks of one validation: the proof, then the rule pack on the same manifests `syncplan
 * lint` would read from the synthesized YAML. Errors are returned; warnings print once.
 */
export function checkChart(result: PlannerResult, checks: SynthChecks, render: (o: ApiObject) => any, chart: Chart, argocdCm?: ArgocdCm): string[] {
  warnEmptyTiers(chart, result);
  // Intent nothing would honour fails whatever is checked, as a cycle does.
  const crossChart = crossChartErrors(result.crossChart);
  if (checks === SynthChecks.NONE) return crossChart;
  const read = readBack(result.objects, render);
  const errors = [...crossChart, ...read.unreadable, ...proveOrder(result, read)];
  for (const w of hoistedWarnings(result, read)) warnOnce(chart, `[${chart.node.path}] warning: ${w}`);
  if (checks === SynthChecks.PROOF) return errors;
  for (const f of lint(read.manifests, { levels: SYNTH_LEVELS, argocdCm }, read.plan)) {
    if (f.level === 'error') errors.push(findingText(f).join('\n  ')); // the fix nested under cdk8s's list entry
    else if (f.level === 'warning') warnOnce(chart, `[${chart.node.path}] ${findingText(f).join('\n')}`);
  }
  return errors;
}

/**
 * Dependencies on objects of a chart no sync of this one includes: unless both charts are synced by
 * ArgoApplications of one parent (the dependency is lifted to their order), nothing honours them,
 * so they fail, once per chart pair, naming the first dependency and the fix.
 */
function crossChartErrors(crossChart: ReadonlyMap<string, CrossChart>): string[] {
  const errors: string[] = [];
  for (const [, { from, to, first, via }] of [...crossChart].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (orderedAsApplications(from, to.node.path)) continue; // lifted to the order of their ArgoApplications
    errors.push(`objects of chart ${from.node.path} depend on chart ${to.node.path} (${first}, ${via}), `
      + 'but sync waves order objects inside one Argo CD Application only, so Argo CD would not honour this order; '
      + `put both in one chart, or give each chart an ArgoApplication in one app-of-apps chart (the ${via === 'after' ? '`after`' : 'dependency'} then orders the Applications)`);
  }
  return errors;
}

/** A tier with no members orders nothing of its own: say so, naming it (what it joins still holds). */
function warnEmptyTiers(chart: Chart, result: PlannerResult): void {
  for (const r of result.units) {
    if (!r.source || r.objects.length > 0) continue;
    warnOnce(chart, `[${chart.node.path}] warning: ${r.unit.label} holds no Kubernetes objects, so it orders nothing itself `
      + '(what comes after it still waits for what it comes after); add members with `add()`, or remove it');
  }
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
