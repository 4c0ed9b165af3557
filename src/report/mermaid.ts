/**
 * The sync as a Mermaid flowchart, which GitHub renders in Markdown (paste it into a PR comment
 * inside a ```mermaid fence): top to bottom in the order Argo CD runs it, one subgraph per phase,
 * one per step inside it, a box per resource, an arrow per wait between steps, the SyncFail hooks
 * last. The chart's own direction is top to bottom and no subgraph sets one: Mermaid ignores a
 * subgraph's `direction` once an edge crosses its border, which every step arrow does, and a
 * left-to-right chart of many waves rendered as one long strip. A step lays its boxes out in rows
 * of at most BOXES_PER_ROW (invisible links stack the rows), so a wide wave stays narrow too.
 */
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

export function renderMermaid(model: DiagramModel): string {
  const lines = ['flowchart TB'];
  if (model.outcome) {
    lines.push(`  outcome[["${text(`Simulated: ${model.outcome.phase}<br/>${model.outcome.message.replace(/\n/g, '<br/>')}`)}"]]`);
  }
  const classOf = new Map<string, string[]>();
  for (const col of model.columns) {
    lines.push(`  subgraph ${col.phase}["${text(col.title)}"]`);
    for (const step of col.steps) {
      const title = col.phase === 'SyncFail' ? 'all at once' : `wave ${step.wave} · step ${step.step}`;
      lines.push(`    subgraph ${step.id}["${text(title)}"]`);
      for (const b of step.boxes) {
        lines.push(`      ${b.id}["${boxLabel(b)}"]`);
        const cls = b.state !== 'planned' ? b.state : b.hook ? 'hook' : b.prune ? 'prune' : undefined;
        if (cls) classOf.set(cls, [...(classOf.get(cls) ?? []), b.id]);
      }
      for (let i = BOXES_PER_ROW; i < step.boxes.length; i++) lines.push(`      ${step.boxes[i - BOXES_PER_ROW].id} ~~~ ${step.boxes[i].id}`);
      lines.push('    end');
    }
    lines.push('  end');
  }
  for (const e of model.edges) lines.push(`  ${e.from} -->|"${text(e.label)}"| ${e.to}`);
  // SyncFail hooks start when any step fails; drawn after the last step.
  const steps = model.columns.filter(c => c.phase !== 'SyncFail').flatMap(c => c.steps);
  const syncFail = model.columns.find(c => c.phase === 'SyncFail')?.steps[0];
  if (syncFail && steps.length > 0) lines.push(`  ${steps[steps.length - 1].id} -.->|"if any step fails"| ${syncFail.id}`);
  const holders = model.columns.flatMap(c => c.steps.flatMap(s => s.boxes)).filter(b => b.state === 'waiting');
  for (const b of holders) lines.push(`  outcome -.-> ${b.id}`);
  for (const [name, style] of CLASSES) {
    const ids = classOf.get(name);
    if (ids) lines.push(`  classDef ${name} ${style}`, `  class ${ids.join(',')} ${name}`);
  }
  return lines.join('\n') + '\n';
}
