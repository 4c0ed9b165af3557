/**
 * ApplicationSet progressive syncs (`argo-cd applicationset/progressivesync/progressive_sync.go`,
 * `argo-cd docs/operator-manual/applicationset/Progressive-Syncs.md`): which RollingSync step a generated
 * Application belongs to, and what `maxUpdate` Argo CD reads. An Application in no step is never
 * synced by the controller; a quoted plain number is not a valid IntOrString.
 */

export interface MatchExpression {
  readonly key?: string;
  readonly operator?: string;
  readonly values?: readonly string[];
}

export interface RolloutStep {
  readonly matchExpressions?: readonly MatchExpression[];
  readonly maxUpdate?: unknown;
}

/** True when RollingSync is on (`RollingSyncStrategyEnabled`): type RollingSync with at least one step. */
export function rollingSyncSteps(appset: Record<string, any>): RolloutStep[] | undefined {
  const strategy = appset?.spec?.strategy;
  if (strategy?.type !== 'RollingSync') return undefined;
  const steps = strategy?.rollingSync?.steps;
  return Array.isArray(steps) && steps.length > 0 ? steps : undefined;
}

/**
 * `buildAppDependencyList`: the index of the first step whose expressions all select the labels
 * (values OR, expressions AND; only In and NotIn; a missing key deselects for In only), or -1.
 */
export function stepOf(labels: Readonly<Record<string, string>>, steps: readonly RolloutStep[]): number {
  return steps.findIndex(step => (step.matchExpressions ?? []).every((e) => {
    const value = labels[e.key ?? ''];
    if (value === undefined) return e.operator !== 'In';
    if (e.operator !== 'In' && e.operator !== 'NotIn') return false;
    return (e.values ?? []).includes(value) === (e.operator === 'In');
  }));
}

/** A `maxUpdate` written as a quoted plain number (`"2"`): Argo CD treats it as 1 and raises InvalidRolloutConfig. */
export function isQuotedNumber(maxUpdate: unknown): boolean {
  return typeof maxUpdate === 'string' && /^\s*[+-]?\d+\s*$/.test(maxUpdate);
}

/**
 * The labels of the Applications a list generator makes from the template, when that can be told
 * without running Argo CD's templating in full: `{{key}}` (fasttemplate) or `{{.key}}` (goTemplate)
 * placeholders. Undefined when the ApplicationSet has other generators or other template syntax.
 */
export interface GeneratedApplication {
  readonly name: string;
  readonly labels: Record<string, string>;
}

export function listGeneratedLabels(appset: Record<string, any>): GeneratedApplication[] | undefined {
  const generated = listGeneratedApplications(appset, { metadataOnly: true });
  if (generated === undefined) return undefined;
  const out: GeneratedApplication[] = [];
  for (const app of generated) {
    const metadata = (app.metadata ?? {}) as { name?: unknown; labels?: Record<string, unknown> };
    if (typeof metadata.name !== 'string') return undefined;
    const labels: Record<string, string> = {};
    for (const [k, v] of Object.entries(metadata.labels ?? {})) {
      if (typeof v !== 'string') return undefined;
      labels[k] = v;
    }
    out.push({ name: metadata.name, labels });
  }
  return out;
}

/**
 * The Applications a list generator makes from the template (`spec.template`, each string's
 * placeholders rendered from one element), under the same limits as `listGeneratedLabels`; with
 * `metadataOnly`, only the name and labels (what the rollout steps read).
 */
export function listGeneratedApplications(appset: Record<string, any>,
  options: { metadataOnly?: boolean } = {}): Array<Record<string, unknown>> | undefined {
  const generators = appset?.spec?.generators;
  const template = appset?.spec?.template ?? {};
  if (!Array.isArray(generators) || generators.length === 0 || !generators.every(g => Array.isArray(g?.list?.elements))) return undefined;
  const goTemplate = appset?.spec?.goTemplate === true;
  const out: Array<Record<string, unknown>> = [];
  for (const g of generators) {
    for (const element of g.list.elements as Array<Record<string, unknown>>) {
      let unknown = false;
      const render = (v: unknown): unknown => {
        if (typeof v === 'string') {
          const r = renderPlaceholders(v, element, goTemplate);
          if (r === undefined) unknown = true;
          return r;
        }
        if (Array.isArray(v)) return v.map(render);
        if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, render(x)]));
        return v;
      };
      const meta = (template.metadata ?? {}) as Record<string, unknown>;
      const metadata = render(options.metadataOnly ? { name: meta.name, labels: meta.labels ?? {} } : meta);
      const spec = options.metadataOnly ? undefined : render(template.spec ?? {});
      if (unknown) return undefined;
      out.push({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata, ...(spec !== undefined ? { spec } : {}) });
    }
  }
  return out;
}

function renderPlaceholders(s: string, params: Record<string, unknown>, goTemplate: boolean): string | undefined {
  let unknown = false;
  const rendered = s.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_m, expr: string) => {
    const key = goTemplate ? (expr.startsWith('.') ? expr.slice(1) : undefined) : expr;
    const v = key === undefined || !/^[\w.-]+$/.test(key) ? undefined : params[key];
    if (v === undefined || typeof v === 'object') {
      unknown = true;
      return '';
    }
    return String(v);
  });
  return unknown ? undefined : rendered;
}
