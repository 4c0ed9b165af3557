/**
 * The order Argo CD syncs several Applications in, as every output draws it above the
 * per-application plans: the waves of an app-of-apps parent's child Applications, the RollingSync
 * steps of an ApplicationSet (`argo/progressive-sync.ts`), or the chart files of a cdk8s dist,
 * which nothing orders. Text, HTML, Mermaid and SVG all render this one model.
 */
import { listGeneratedLabels, rollingSyncSteps, stepOf } from '../argo/progressive-sync';
import type { RolloutStep } from '../argo/progressive-sync';

export interface OrderedApplication {
  /** `Application/name`. */
  readonly label: string;
  /** What follows the label, e.g. `-> db, 3 steps`. */
  readonly detail: string;
  /** Index into the per-application plans drawn below, when the application has one. */
  readonly plan?: number;
}

export interface ApplicationOrderGroup {
  /** `wave 0`, `step 1`, `in no step`. */
  readonly label: string;
  /** What selects the group, e.g. a step's match expressions and maxUpdate. */
  readonly detail?: string;
  readonly applications: readonly OrderedApplication[];
}

export interface ApplicationOrder {
  /** One line saying what orders the groups. */
  readonly title: string;
  readonly groups: readonly ApplicationOrderGroup[];
  /** Whether each group waits for the one before (false: nothing orders them). */
  readonly ordered: boolean;
}

/** A child Application of an app-of-apps parent, as the order shows it. */
export interface OrderedChild {
  readonly name: string;
  readonly wave: number;
  readonly destinationNamespace: string;
  /** Steps of its own plan, when its source was read. */
  readonly steps?: number;
  /** The command that renders its source, when Argo CD renders it. */
  readonly render?: string;
  readonly plan?: number;
}

export const APP_OF_APPS_TITLE = 'Application order (the parent syncs them wave by wave; each waits for the one before only with the Application health check)';

/** The children grouped by the parent's wave, in sync order. */
export function applicationWaves(children: readonly OrderedChild[]): ApplicationOrder {
  const groups: { label: string; applications: OrderedApplication[] }[] = [];
  for (const c of children) {
    const label = `wave ${c.wave}`;
    if (groups[groups.length - 1]?.label !== label) groups.push({ label, applications: [] });
    const detail = `-> ${c.destinationNamespace || '(no namespace)'}${c.steps !== undefined ? `, ${c.steps} step${c.steps === 1 ? '' : 's'}` : `, rendered by: ${c.render}`}`;
    groups[groups.length - 1].applications.push({ label: `Application/${c.name}`, detail, ...(c.plan !== undefined ? { plan: c.plan } : {}) });
  }
  return { title: APP_OF_APPS_TITLE, groups, ordered: true };
}

/**
 * The order of a parent that applies no Application: none, and why. Its ApplicationSets' Applications
 * are the ApplicationSet controller's, which orders them only with a RollingSync strategy (whose steps
 * are then drawn instead): otherwise each syncs by its own sync policy.
 */
export function noApplicationOrder(appSets: readonly string[]): ApplicationOrder {
  const generated = appSets.length === 0 ? ''
    : `: the ApplicationSet controller generates those of ${appSets.map(n => `ApplicationSet/${n}`).join(', ')}, `
      + 'and without a RollingSync strategy each syncs by its own sync policy, in no order';
  return { title: `Application order: none (the parent applies no Application${generated})`, groups: [], ordered: false };
}

/** The lines of the order in `syncplan plan`'s text: the title, then one line per application. */
export function applicationOrderLines(order: ApplicationOrder): string[] {
  return [order.title, ...order.groups.flatMap(g => [
    ...(g.detail !== undefined ? [`  ${g.label}: ${g.detail}`] : []),
    ...g.applications.map(a => `  ${g.detail !== undefined ? '  ' : `${g.label}: `}${a.label}${a.detail ? ` ${a.detail}` : ''}`),
  ])];
}

function stepDetail(step: RolloutStep): string {
  const exprs = (step.matchExpressions ?? []).map(e => `${e.key ?? ''} ${e.operator ?? ''} (${(e.values ?? []).join(', ')})`);
  const max = step.maxUpdate === undefined ? '' : `, maxUpdate ${JSON.stringify(step.maxUpdate)}`;
  return `${exprs.length > 0 ? exprs.join(' and ') : 'every application'}${max}`;
}

/**
 * An ApplicationSet's RollingSync steps with the Applications a list generator makes in each, or
 * undefined when RollingSync is off. Generated Applications are named, not planned: their sources
 * are templates Argo CD renders.
 */
export function rollingSyncOrder(name: string, appset: Record<string, any>): ApplicationOrder | undefined {
  const steps = rollingSyncSteps(appset);
  if (!steps) return undefined;
  const generated = listGeneratedLabels(appset);
  const app = (n: string): OrderedApplication => ({ label: `Application/${n}`, detail: '' });
  const groups: ApplicationOrderGroup[] = steps.map((step, i) => ({
    label: `step ${i + 1}`,
    detail: stepDetail(step),
    applications: (generated ?? []).filter(g => stepOf(g.labels, steps) === i).map(g => app(g.name)),
  }));
  const lost = (generated ?? []).filter(g => stepOf(g.labels, steps) < 0);
  if (lost.length > 0) groups.push({ label: 'in no step', detail: 'never synced by the controller', applications: lost.map(g => app(g.name)) });
  const which = generated ? '' : '; the generated Applications need Argo CD\'s templating to be named';
  return {
    title: `ApplicationSet/${name}: RollingSync steps (each step starts when every Application of the one before is Healthy${which})`,
    groups,
    ordered: true,
  };
}

/** The chart files of a cdk8s dist: one Application each, nothing between them. */
export function unorderedApplications(names: readonly string[], detail: (i: number) => string): ApplicationOrder {
  return {
    title: 'Applications (one per chart file; no parent orders them)',
    groups: [{ label: 'unordered', applications: names.map((n, i) => ({ label: `Application/${n}`, detail: detail(i), plan: i })) }],
    ordered: false,
  };
}

/** An ApplicationSet's RollingSync steps in `plan --repo-root -f json` (`applicationSets[]`). */
export interface RollingSyncJson {
  readonly name: string;
  readonly namespace: string;
  readonly steps: readonly {
    readonly step: number;
    readonly matchExpressions: readonly { readonly key: string; readonly operator: string; readonly values: readonly string[] }[];
    readonly maxUpdate: number | string | null;
    /** The Applications a list generator makes in this step; null when Argo CD's templating must name them. */
    readonly applications: readonly string[] | null;
  }[];
  /** Generated Applications no step selects (never synced by the controller); null when they cannot be named. */
  readonly inNoStep: readonly string[] | null;
}

/** The same steps `rollingSyncOrder` draws, as data; undefined when RollingSync is off. */
export function rollingSyncJson(name: string, namespace: string, appset: Record<string, any>): RollingSyncJson | undefined {
  const steps = rollingSyncSteps(appset);
  if (!steps) return undefined;
  const generated = listGeneratedLabels(appset);
  const text = (v: unknown) => typeof v === 'string' ? v : '';
  return {
    name,
    namespace,
    steps: steps.map((step, i) => ({
      step: i + 1,
      matchExpressions: (step.matchExpressions ?? [])
        .map(e => ({ key: text(e.key), operator: text(e.operator), values: (e.values ?? []).map(text) })),
      // As written: a quoted number stays a string (rule max-update-quoted-number says why that matters).
      maxUpdate: typeof step.maxUpdate === 'number' || typeof step.maxUpdate === 'string' ? step.maxUpdate : null,
      applications: generated ? generated.filter(g => stepOf(g.labels, steps) === i).map(g => g.name) : null,
    })),
    inNoStep: generated ? generated.filter(g => stepOf(g.labels, steps) < 0).map(g => g.name) : null,
  };
}
