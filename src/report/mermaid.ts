/**
 * The sync as a Mermaid flowchart, which GitHub renders in Markdown (paste it into a PR comment
 * inside a ```mermaid fence): top to bottom in the order Argo CD runs it, one subgraph per phase,
 * one per step inside it, a box per resource, an arrow per wait between steps, the SyncFail hooks
 * last. The chart's own direction is top to bottom and no subgraph sets one: Mermaid ignores a
 * subgraph's `direction` once an edge crosses its border, which every step arrow does, and a
 * left-to-right chart of many waves rendered as one long strip. A step lays its boxes out in rows
 * of at most BOXES_PER_ROW (invisible links stack the rows), so a wide wave stays narrow too.
 */
import type { ApplicationOrder } from './application-order';
import type { DiagramBox, DiagramModel } from './diagram';

/** Mermaid labels are quoted strings: only `"` needs escaping, as an entity. */
function text(s: string): string {
  return s.replace(/"/g, '#quot;');
}

function boxLabel(b: DiagramBox): string {
  const lines = [b.prune ? `prune ${b.label}` : b.label, ...b.marks.filter(m => m !== 'prune')];
  if (b.state === 'waiting') lines.push(`${b.result?.replace(/, waited on$/, '') ?? 'not applied'}: holds the sync`);
  else if (b.result !== undefined) lines.push(b.result);
  return text(lines.join('<br/>'));
}

const CLASSES: ReadonlyArray<[string, string]> = [
  ['hook', 'fill:#fff7e0,stroke:#b8860b,stroke-dasharray:4 2'],
  ['prune', 'fill:#f4f4f4,stroke:#888,stroke-dasharray:2 2'],
  ['done', 'fill:#e6f4ea,stroke:#2e7d32'],
  ['waiting', 'fill:#ffe0e0,stroke:#c62828,stroke-width:3px'],
  ['failed', 'fill:#f8d7da,stroke:#842029,stroke-width:2px'],
  ['never', 'fill:#fafafa,stroke:#bbb,color:#999'],
];

const BOXES_PER_ROW = 3;

/** The lines of one plan's chart, every id prefixed and every line indented (several plans share a chart). */
function planLines(model: DiagramModel, prefix: string, indent: string, classOf: Map<string, string[]>): string[] {
  const lines: string[] = [];
  const id = (x: string) => `${prefix}${x}`;
  if (model.outcome) {
    lines.push(`  ${id('outcome')}[["${text(`Simulated: ${model.outcome.phase}<br/>${model.outcome.message.replace(/\n/g, '<br/>')}`)}"]]`);
  }
  for (const col of model.columns) {
    lines.push(`  subgraph ${id(col.phase)}["${text(col.title)}"]`);
    for (const step of col.steps) {
      const title = col.phase === 'SyncFail' ? 'all at once' : `wave ${step.wave} · step ${step.step}`;
      lines.push(`    subgraph ${id(step.id)}["${text(title)}"]`);
      for (const b of step.boxes) {
        lines.push(`      ${id(b.id)}["${boxLabel(b)}"]`);
        const cls = b.state !== 'planned' ? b.state : b.hook ? 'hook' : b.prune ? 'prune' : undefined;
        if (cls) classOf.set(cls, [...(classOf.get(cls) ?? []), id(b.id)]);
      }
      for (let i = BOXES_PER_ROW; i < step.boxes.length; i++) lines.push(`      ${id(step.boxes[i - BOXES_PER_ROW].id)} ~~~ ${id(step.boxes[i].id)}`);
      lines.push('    end');
    }
    lines.push('  end');
  }
  for (const e of model.edges) lines.push(`  ${id(e.from)} -->|"${text(e.label)}"| ${id(e.to)}`);
  // SyncFail hooks start when any step fails; drawn after the last step.
  const steps = model.columns.filter(c => c.phase !== 'SyncFail').flatMap(c => c.steps);
  const syncFail = model.columns.find(c => c.phase === 'SyncFail')?.steps[0];
  if (syncFail && steps.length > 0) lines.push(`  ${id(steps[steps.length - 1].id)} -.->|"if any step fails"| ${id(syncFail.id)}`);
  const holders = model.columns.flatMap(c => c.steps.flatMap(s => s.boxes)).filter(b => b.state === 'waiting');
  for (const b of holders) lines.push(`  ${id('outcome')} -.-> ${id(b.id)}`);
  return lines.map(l => indent + l);
}

function classLines(classOf: ReadonlyMap<string, string[]>): string[] {
  const lines: string[] = [];
  for (const [name, style] of CLASSES) {
    const ids = classOf.get(name);
    if (ids) lines.push(`  classDef ${name} ${style}`, `  class ${ids.join(',')} ${name}`);
  }
  return lines;
}

export function renderMermaid(model: DiagramModel): string {
  const classOf = new Map<string, string[]>();
  return ['flowchart TB', ...planLines(model, '', '', classOf), ...classLines(classOf)].join('\n') + '\n';
}

/** One Application of several: its plan's picture, or the command that renders its source. */
export interface MermaidApplication {
  readonly title: string;
  readonly model?: DiagramModel;
  readonly render?: string;
}

/**
 * Several Applications in one chart: the application order on top (one subgraph per wave or
 * RollingSync step, an arrow where one waits for the one before), then each Application's plan in
 * a subgraph of its own, stacked below by invisible links.
 */
export function renderApplicationsMermaid(orders: readonly ApplicationOrder[], apps: readonly MermaidApplication[]): string {
  const lines = ['flowchart TB'];
  const classOf = new Map<string, string[]>();
  const blocks: string[] = [];
  orders.forEach((order, k) => {
    const o = `order${k + 1}`;
    blocks.push(o);
    lines.push(`  subgraph ${o}["${text(order.title)}"]`);
    order.groups.forEach((g, j) => {
      lines.push(`    subgraph ${o}_g${j + 1}["${text(g.detail !== undefined ? `${g.label}: ${g.detail}` : g.label)}"]`);
      g.applications.forEach((a, i) => lines.push(`      ${o}_g${j + 1}_a${i + 1}["${text(a.detail ? `${a.label}<br/>${a.detail}` : a.label)}"]`));
      if (g.applications.length === 0) lines.push(`      ${o}_g${j + 1}_none["${text('no Application')}"]`);
      lines.push('    end');
    });
    lines.push('  end');
    if (order.ordered) order.groups.slice(1).forEach((_g, j) => lines.push(`  ${o}_g${j + 1} -->|"Healthy"| ${o}_g${j + 2}`));
  });
  apps.forEach((a, i) => {
    const id = `app${i + 1}`;
    blocks.push(id);
    lines.push(`  subgraph ${id}["${text(a.title)}"]`);
    if (a.model) lines.push(...planLines(a.model, `${id}_`, '  ', classOf));
    else lines.push(`    ${id}_render["${text(`rendered by: ${a.render ?? ''}`)}"]`);
    lines.push('  end');
  });
  for (let i = 1; i < blocks.length; i++) lines.push(`  ${blocks[i - 1]} ~~~ ${blocks[i]}`);
  return [...lines, ...classLines(classOf)].join('\n') + '\n';
}
