/**
 * One self-contained HTML page for CI artifacts (`syncplan report`): the summary, the simulated
 * outcome when asked for, the diagram (inline SVG), the plan step by step, the findings and the
 * time estimate. No script, no external file, no timestamp: the same input gives the same bytes.
 */
import type { ApplicationOrder } from './application-order';
import { taskLabel, waitLine } from './plan-text';
import { escapeXml as esc } from './svg';
import type { TimeEstimate } from './timing';
import { formatSeconds } from './timing';
import type { HealthScript } from '../argo/argocd-cm';
import type { SimulationResult } from '../argo/simulate/types';
import { formatSource } from '../argo/tasks';
import type { ExcludedObject, PlanError, SyncPlan, SyncTask } from '../argo/types';
import type { Finding } from '../rules/types';

export interface HtmlReportInput {
  readonly plan: SyncPlan;
  /** The inputs as the user named them. */
  readonly sources: readonly string[];
  /** The diagram, already rendered (`renderSvg`). */
  readonly svg: string;
  readonly time: TimeEstimate;
  /** Findings of the rule pack; undefined when the rules were not run. */
  readonly findings?: readonly Finding[];
  /** The simulated sync, when simulate options were given. */
  readonly result?: SimulationResult;
  /** One line on why a simulated sync stalled or failed. */
  readonly explanation?: string;
  /** The health scripts of the operator's argocd-cm (`--argocd-cm`): each a health check a step waits for. @default none */
  readonly healthScripts?: readonly HealthScript[];
  /** The Argo CD version modelled (`--argocd-version`), whose built-in health checks a step waits for. @default the latest modelled */
  readonly argocdVersion?: string;
}

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;margin:0;background:#f5f7fa}
main{max-width:1400px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 10px;border-bottom:1px solid #d9e2ec;padding-bottom:4px}
.sub{color:#52606d;margin:0 0 16px}.cards{display:flex;flex-wrap:wrap;gap:12px}
.card{background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:10px 14px;min-width:130px}
.card b{display:block;font-size:20px}.card span{color:#52606d;font-size:12px}
section{background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:4px 16px 14px;margin-top:16px}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{text-align:left;padding:5px 8px;border-bottom:1px solid #eef2f7;vertical-align:top}
th{background:#f0f4f8;font-weight:600}code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
.diagram{overflow-x:auto;background:#fff}.gate{color:#52606d;font-size:12.5px;margin:2px 0 12px}
.step-title{font-weight:600;margin-top:12px}.tag{display:inline-block;border-radius:4px;padding:0 6px;font-size:11.5px;margin-right:4px;background:#e4e7eb}
.tag.hook{background:#fff3c4}.tag.prune{background:#e4e7eb}.tag.hoisted{background:#e3f2fd}
.level-error{color:#b00020;font-weight:700}.level-warning{color:#8a5a00;font-weight:700}.level-info{color:#1f5f99;font-weight:700}
.outcome{border-left:6px solid #c62828;padding:8px 12px;background:#fff5f5}.outcome.Succeeded{border-color:#2e7d32;background:#f1f8f3}
.outcome pre{white-space:pre-wrap;margin:4px 0}.muted{color:#7b8794}td.rule{white-space:nowrap}
.app-order{margin:0;padding-left:20px}.app-order>li{margin:6px 0}.app-order ul{margin:2px 0;padding-left:18px}
section.application{border-color:#9fb3c8;padding-bottom:18px}section.application section{border:none;padding:0;margin-top:8px}
`.trim();

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

function card(value: string, label: string, id: string): string {
  return `<div class="card" id="${id}"><b>${esc(value)}</b><span>${esc(label)}</span></div>`;
}

function tags(t: SyncTask): string {
  const out: string[] = [];
  if (t.hook) out.push(`<span class="tag hook">hook · ${esc(t.deletePolicies.join(', '))}</span>`);
  if (t.action === 'prune') out.push('<span class="tag prune">prune</span>');
  if (t.hoisted) out.push(`<span class="tag hoisted">hoisted from ${esc(t.annotatedPhase)} ${t.annotatedWave}</span>`);
  return out.join('');
}

function taskRow(t: SyncTask): string {
  return `<tr class="task"><td class="mono">${esc(`${t.kind}/${t.name}`)}</td><td class="mono">${esc(t.namespace)}</td>`
    + `<td>${tags(t)}</td><td class="mono">${esc(formatSource(t.manifest.source))}</td></tr>`;
}

const TASK_HEAD = '<tr><th>Resource</th><th>Namespace</th><th>Marks</th><th>Source</th></tr>';

function planSection(plan: SyncPlan, scripts: readonly HealthScript[] | undefined, version: string | undefined, prefix = ''): string {
  const parts: string[] = [];
  if (plan.steps.length === 0) parts.push('<p>Nothing to sync.</p>');
  plan.steps.forEach((step, i) => {
    parts.push(`<div class="step-title" id="${prefix}step-${i + 1}">Step ${i + 1}: ${esc(step.phase)} wave ${step.wave}</div>`);
    parts.push(`<table>${TASK_HEAD}${step.tasks.map(taskRow).join('')}</table>`);
    parts.push(`<p class="gate">→ ${esc(waitLine(step, i === plan.steps.length - 1, plan.steps.length, scripts, version))}</p>`);
  });
  if (plan.syncFail.length > 0) {
    parts.push('<div class="step-title">SyncFail hooks (only if the sync fails; all at once, waves ignored)</div>');
    parts.push(`<table>${TASK_HEAD}${plan.syncFail.map(taskRow).join('')}</table>`);
  }
  if (plan.excluded.length > 0) {
    const rows = plan.excluded.map((x: ExcludedObject) => `<tr><td class="mono">${esc(`${x.kind}/${x.name}`)}</td><td>${esc(x.reason)}</td><td class="mono">${esc(formatSource(x.manifest.source))}</td></tr>`);
    parts.push(`<div class="step-title">Excluded (not part of the sync)</div><table><tr><th>Object</th><th>Why</th><th>Source</th></tr>${rows.join('')}</table>`);
  }
  if (plan.errors.length > 0) {
    const rows = plan.errors.map((e: PlanError) => `<tr><td class="mono">${esc(`${e.kind}/${e.name}`)}</td><td>${esc(e.message)}</td><td class="mono">${esc(formatSource(e.source))}</td></tr>`);
    parts.push(`<div class="step-title">Errors (Argo CD would fail the sync)</div><table><tr><th>Object</th><th>Error</th><th>Source</th></tr>${rows.join('')}</table>`);
  }
  return `<section id="${prefix}plan"><h2>Plan</h2>${parts.join('\n')}</section>`;
}

function findingsSection(findings: readonly Finding[] | undefined, prefix = ''): string {
  if (findings === undefined) return '';
  const body = findings.length === 0
    ? `<p id="${prefix}no-findings">No findings.</p>`
    : `<table><tr><th>Level</th><th>Rule</th><th>Resource</th><th>Finding</th><th>Fix</th><th>Source</th></tr>${findings.map(f =>
      `<tr class="finding"><td class="level-${f.level}">${esc(f.level)}</td><td class="mono rule"><a href="${esc(f.docs)}">${esc(f.rule)}</a></td>`
      + `<td class="mono">${esc(`${f.kind}/${f.name}`)}</td><td>${esc(f.message)}</td><td>${esc(f.fix)}</td>`
      + `<td class="mono">${esc(formatSource(f.source))}</td></tr>`).join('')}</table>`;
  return `<section id="${prefix}findings"><h2>Findings</h2>${body}</section>`;
}

function outcomeSection(r: SimulationResult | undefined, explanation: string | undefined, prefix = ''): string {
  if (!r) return '';
  const rows = r.applied.map(a => `<tr><td>${a.step}</td><td>${esc(a.phase)} ${a.wave}</td><td>${esc(a.action)}</td>`
    + `<td class="mono">${esc(taskLabel(a))}</td><td>${esc(a.result)}</td></tr>`);
  const list = (title: string, items: readonly string[]) => items.length > 0
    ? `<p><b>${esc(title)}:</b> <span class="mono">${esc(items.join(', '))}</span></p>` : '';
  return `<section id="${prefix}simulation"><h2>Simulated sync</h2>`
    + `<div class="outcome ${esc(r.operationPhase)}"><b>${esc(r.operationPhase)}</b><pre class="mono">${esc(r.message)}</pre>`
    + `${explanation ? `<div>${esc(explanation)}</div>` : ''}</div>`
    + `${list('Waiting on', r.waitingOn)}${list('Never applied', r.neverApplied)}${list('Hooks left in cluster', r.hooksLeftInCluster)}`
    + `<p><b>Wave delays slept:</b> ${esc(formatSeconds(r.minimumSeconds))}</p>`
    + `<table><tr><th>Step</th><th>Phase, wave</th><th>Action</th><th>Resource</th><th>Result</th></tr>${rows.join('')}</table></section>`;
}

function timeSection(t: TimeEstimate, prefix = ''): string {
  const items = t.criticalPath.map(s => `<li><b>${esc(`${s.phase} wave ${s.wave}`)}</b>: `
    + `${s.waitsOn.length > 0 ? `waits for <span class="mono">${esc(s.waitsOn.join(', '))}</span>` : 'waits for nothing with a health check'}`
    + `${s.delaySeconds > 0 ? `, then ${s.delaySeconds} s` : ''}</li>`);
  const head = t.delays === 0
    ? 'No wave delay: a single step.'
    : `At least ${formatSeconds(t.minimumSeconds)}: ${count(t.delays, 'wave delay')} × ${t.waveDelaySeconds} s (${t.waveDelaySetting}), plus the time each awaited object takes to become ready.`;
  return `<section id="${prefix}time"><h2>Time estimate</h2><p>${esc(head)}</p><ol>${items.join('')}</ol></section>`;
}

/** One Application of several: its plan drawn like a single report's, or the command that renders it. */
export interface HtmlApplication {
  readonly title: string;
  readonly plan?: SyncPlan;
  readonly svg?: string;
  readonly time?: TimeEstimate;
  readonly findings?: readonly Finding[];
  readonly result?: SimulationResult;
  readonly explanation?: string;
  readonly render?: string;
  /** As `HtmlReportInput.healthScripts`. */
  readonly healthScripts?: readonly HealthScript[];
  /** As `HtmlReportInput.argocdVersion`. */
  readonly argocdVersion?: string;
}

export interface HtmlApplicationsInput {
  readonly sources: readonly string[];
  /** Why the input was split into Applications. */
  readonly note?: string;
  readonly orders: readonly ApplicationOrder[];
  /** Indexed by the orders' `plan`. */
  readonly applications: readonly HtmlApplication[];
  /** The app-of-apps parent, drawn after its children. */
  readonly parent?: HtmlApplication;
}

function orderSection(orders: readonly ApplicationOrder[]): string {
  const one = (o: ApplicationOrder, k: number) => `<p class="order-title" id="order-${k + 1}">${esc(o.title)}</p><ol class="app-order">${o.groups.map(g =>
    `<li class="app-group"><b>${esc(g.label)}</b>${g.detail !== undefined ? ` <span class="muted">${esc(g.detail)}</span>` : ''}<ul>${g.applications.map(a =>
      `<li class="app"><span class="mono">${a.plan !== undefined ? `<a href="#app-${a.plan + 1}">${esc(a.label)}</a>` : esc(a.label)}</span>`
      + `${a.detail ? ` <span class="muted">${esc(a.detail)}</span>` : ''}</li>`).join('')}</ul></li>`).join('')}</ol>`;
  return `<section id="application-order"><h2>Application order</h2>${orders.map(one).join('\n')}</section>`;
}

function applicationSection(a: HtmlApplication, id: string): string {
  const prefix = `${id}-`;
  const body = a.plan && a.time
    ? [outcomeSection(a.result, a.explanation, prefix),
      a.svg !== undefined ? `<section id="${prefix}diagram"><h2>Diagram</h2><div class="diagram">${a.svg}</div></section>` : '',
      planSection(a.plan, a.healthScripts, a.argocdVersion, prefix), findingsSection(a.findings, prefix), timeSection(a.time, prefix)].filter(x => x !== '').join('\n')
    : `<p>Not planned: Argo CD renders this source; render it with <code>${esc(a.render ?? '')}</code> and plan the output.</p>`;
  return `<section class="application" id="${id}"><h2>${esc(a.title)}</h2>${body}</section>`;
}

/** The document's opening lines, up to `<main>`: the same head for every report. */
function pageHead(sources: readonly string[]): string[] {
  const title = `syncplan report: ${sources.join(', ') || 'manifests'}`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title><style>${CSS}</style></head>`,
    '<body><main>',
  ];
}

function findingsCard(findings: readonly Finding[]): string {
  return card(String(findings.length), `findings (${count(findings.filter(f => f.level === 'error').length, 'error')})`, 'card-findings');
}

/** Several Applications on one page: the application order first, then each Application's plan. */
export function renderApplicationsHtml(input: HtmlApplicationsInput): string {
  const all = [...input.applications, ...(input.parent ? [input.parent] : [])];
  const findings = all.flatMap(a => a.findings ?? []);
  const cards = [
    card(String(input.applications.length), count(input.applications.length, 'application').replace(/^\d+ /, ''), 'card-applications'),
    card(String(all.reduce((n, a) => n + (a.plan?.steps.length ?? 0), 0)), 'steps in all', 'card-steps'),
    findingsCard(findings),
  ];
  return [
    ...pageHead(input.sources),
    `<h1>Argo CD sync plans of ${esc(count(input.applications.length, 'Application'))}</h1><p class="sub">${esc(input.sources.join(', '))}</p>`,
    input.note !== undefined ? `<p class="sub" id="note">Note: ${esc(input.note)}</p>` : '',
    `<div class="cards">${cards.join('')}</div>`,
    orderSection(input.orders),
    ...input.applications.map((a, i) => applicationSection(a, `app-${i + 1}`)),
    input.parent ? applicationSection(input.parent, 'parent') : '',
    '<p class="muted">Generated by syncplan from the manifests alone; Argo CD behaviour modelled from gitops-engine.</p>',
    '</main></body></html>',
    '',
  ].filter(s => s !== '').join('\n') + '\n';
}

export function renderHtml(input: HtmlReportInput): string {
  const { plan, time, findings, result } = input;
  const tasks = plan.steps.reduce((n, s) => n + s.tasks.length, 0);
  const hooks = plan.steps.reduce((n, s) => n + s.tasks.filter(t => t.hook).length, 0) + plan.syncFail.length;
  const cards = [
    card(String(plan.steps.length), count(plan.steps.length, 'step').replace(/^\d+ /, ''), 'card-steps'),
    card(String(tasks), `tasks (${count(hooks, 'hook')})`, 'card-tasks'),
    card(formatSeconds(time.minimumSeconds), 'minimum time', 'card-time'),
    ...(findings ? [findingsCard(findings)] : []),
    ...(result ? [card(result.operationPhase, 'simulated outcome', 'card-outcome')] : []),
  ];
  return [
    ...pageHead(input.sources),
    `<h1>Argo CD sync plan</h1><p class="sub">${esc(input.sources.join(', '))}</p>`,
    `<div class="cards">${cards.join('')}</div>`,
    outcomeSection(result, input.explanation),
    `<section id="diagram"><h2>Diagram</h2><div class="diagram">${input.svg}</div></section>`,
    planSection(plan, input.healthScripts, input.argocdVersion),
    findingsSection(findings),
    timeSection(time),
    '<p class="muted">Generated by syncplan from the manifests alone; Argo CD behaviour modelled from gitops-engine.</p>',
    '</main></body></html>',
    '',
  ].filter(s => s !== '').join('\n') + '\n';
}
