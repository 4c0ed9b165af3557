/**
 * The sync as a standalone SVG, laid out on a computed grid (no browser, no layout engine): phases
 * are columns, and every step is a row of its own, in the order Argo CD runs them, so the picture
 * reads top to bottom as time: PostSync below the last Sync wave, the SyncFail hooks last (not
 * level with wave 0, which they never run beside). Resources are boxes stacked in the step's
 * cell, names too long for a box wrap (the box's tooltip has the whole text), and arrows run from
 * each step to the next with what the wait is for. Text is monospace so widths can be computed,
 * and every coordinate is an integer, so the same plan always gives the same bytes.
 */
import type { ApplicationOrder } from './application-order';
import type { BoxState, DiagramBox, DiagramModel, DiagramStep } from './diagram';

const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const CHAR_W = 7.2; // 12px monospace
const LINE_H = 15;
const BOX_W = 264;
const BOX_PAD = 7;
const BOX_GAP = 8;
const CELL_PAD = 12;
/** Space above and below the cells of a lane, where same-column arrows and their labels go. */
const LANE_PAD = 14;
const CELL_CAPTION = 20;
const COL_W = BOX_W + 2 * CELL_PAD;
const COL_GAP = 160;
const LANE_LABEL_W = 84;
const MARGIN = 16;
const MAX_CHARS = Math.floor((BOX_W - 2 * BOX_PAD) / CHAR_W);

const STYLE: Readonly<Record<BoxState | 'hook' | 'prune', { fill: string; stroke: string; width: number; dash?: string; text?: string }>> = {
  planned: { fill: '#ffffff', stroke: '#5f6b7a', width: 1 },
  hook: { fill: '#fff7e0', stroke: '#b8860b', width: 1.5, dash: '5 3' },
  prune: { fill: '#f4f4f4', stroke: '#888888', width: 1, dash: '2 2' },
  done: { fill: '#e6f4ea', stroke: '#2e7d32', width: 1.5 },
  waiting: { fill: '#ffe0e0', stroke: '#c62828', width: 3 },
  failed: { fill: '#f8d7da', stroke: '#842029', width: 2 },
  never: { fill: '#fafafa', stroke: '#bbbbbb', width: 1, dash: '3 3', text: '#999999' },
};

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A line cut into pieces that fit the box, each ending after a '/', '-', '.', ',' or space when
 * one is in its second half (Kubernetes names break well there), else at the width.
 */
export function wrap(s: string, max = MAX_CHARS): string[] {
  const pieces: string[] = [];
  let rest = s;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const at = Math.max(...['/', '-', '.', ',', ' '].map(c => window.lastIndexOf(c)));
    const cut = at >= Math.floor(max / 2) ? at + 1 : max;
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  pieces.push(rest);
  return pieces;
}

function boxText(b: DiagramBox): string[] {
  const lines = [b.prune ? `prune ${b.label}` : b.label, ...b.marks.filter(m => m !== 'prune')];
  if (b.state === 'waiting') lines.push(`→ ${b.result?.replace(/, waited on$/, '') ?? 'not applied'}: holds the sync`);
  else if (b.result !== undefined) lines.push(`→ ${b.result}`);
  return lines;
}

/** The box's lines as drawn, wrapped; `first` marks the pieces of its first (bold) line. */
function boxLines(b: DiagramBox): Array<{ text: string; first: boolean }> {
  return boxText(b).flatMap((line, i) => wrap(line).map(text => ({ text, first: i === 0 })));
}

function boxHeight(b: DiagramBox): number {
  return 2 * BOX_PAD + boxLines(b).length * LINE_H;
}

function cellHeight(step: DiagramStep): number {
  return CELL_CAPTION + CELL_PAD + step.boxes.reduce((h, b) => h + boxHeight(b) + BOX_GAP, 0) - BOX_GAP + CELL_PAD;
}

interface Cell { readonly step: DiagramStep; readonly x: number; readonly y: number; readonly h: number }

/** Run order: steps by number, the SyncFail hooks (step 0) after all of them. */
function rank(step: DiagramStep): number {
  return step.phase === 'SyncFail' ? Number.MAX_SAFE_INTEGER : step.step;
}

function styleOf(b: DiagramBox) {
  if (b.state !== 'planned') return STYLE[b.state];
  if (b.hook) return STYLE.hook;
  if (b.prune) return STYLE.prune;
  return STYLE.planned;
}

export function renderSvg(model: DiagramModel): string {
  const out: string[] = [];
  const headerLines = [model.title, ...(model.outcome ? [`Simulated: ${model.outcome.phase} · ${model.outcome.message.split('\n')[0]}`] : [])];
  const top = MARGIN + headerLines.length * 20 + 8;
  const colTop = top + 24; // below the phase titles

  // Rows: one per step, in the order Argo CD runs them; the SyncFail hooks last.
  const columnOf = new Map<string, number>();
  model.columns.forEach((col, i) => col.steps.forEach(step => columnOf.set(step.id, i)));
  const ordered = model.columns.flatMap(c => c.steps).sort((a, b) => rank(a) - rank(b));
  const rows: Array<{ step: DiagramStep; y: number; h: number }> = [];
  const cells = new Map<string, Cell>();
  let y = colTop;
  for (const step of ordered) {
    const h = cellHeight(step);
    rows.push({ step, y, h: h + 2 * LANE_PAD });
    cells.set(step.id, { step, x: MARGIN + LANE_LABEL_W + columnOf.get(step.id)! * (COL_W + COL_GAP), y: y + LANE_PAD, h });
    y += h + 2 * LANE_PAD;
  }
  const bottom = y;

  const width = MARGIN * 2 + LANE_LABEL_W + Math.max(1, model.columns.length) * (COL_W + COL_GAP) - COL_GAP;
  const legendY = bottom + 16;
  const height = legendY + 40 + MARGIN;

  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" font-size="12" role="img" aria-label="${escapeXml(model.title)}">`);
  out.push(`<title>${escapeXml(model.title)}</title>`);
  out.push('<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#37474f"/></marker></defs>');
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);
  headerLines.forEach((line, i) => {
    const weight = i === 0 ? ' font-weight="bold" font-size="14"' : ` fill="${model.outcome?.phase === 'Succeeded' ? '#2e7d32' : '#c62828'}"`;
    out.push(`<text x="${MARGIN}" y="${MARGIN + 14 + i * 20}"${weight}>${escapeXml(line)}</text>`);
  });

  // Row bands and labels.
  rows.forEach(({ step, y: ly, h: lh }, i) => {
    const label = step.phase === 'SyncFail' ? 'on failure' : `wave ${step.wave}`;
    out.push(`<rect class="lane" x="${MARGIN}" y="${ly}" width="${width - 2 * MARGIN}" height="${lh}" fill="${i % 2 === 0 ? '#f5f7fa' : '#ffffff'}"/>`);
    out.push(`<text x="${MARGIN + 8}" y="${ly + 18}" fill="#455a64" font-weight="bold">${label}</text>`);
  });

  // Phase titles.
  model.columns.forEach((col, i) => {
    const x = MARGIN + LANE_LABEL_W + i * (COL_W + COL_GAP);
    out.push(`<text class="phase" x="${x + Math.round(COL_W / 2)}" y="${top + 14}" text-anchor="middle" font-weight="bold" font-size="13">${escapeXml(col.title)}</text>`);
  });

  // Arrows first, so boxes sit on top of them.
  for (const e of model.edges) {
    const a = cells.get(e.from)!;
    const b = cells.get(e.to)!;
    let path: string;
    let lx: number;
    let ly: number;
    // Same column: straight down to the next lane. Next column: along the source's middle, then
    // down or up just before the target, so the label has the whole gap to itself.
    if (a.x === b.x) {
      const cx = a.x + Math.round(COL_W / 2);
      path = `M${cx},${a.y + a.h} V${b.y}`;
      lx = cx + 8;
      ly = Math.round((a.y + a.h + b.y) / 2) + 4;
    } else {
      const x1 = a.x + COL_W;
      const y1 = a.y + Math.min(Math.round(a.h / 2), 40);
      const x2 = b.x;
      const y2 = b.y + Math.min(Math.round(b.h / 2), 40);
      const xm = x2 - 20;
      path = y1 === y2 ? `M${x1},${y1} H${x2}` : `M${x1},${y1} H${xm} V${y2} H${x2}`;
      lx = x1 + 6;
      ly = y1 - 20;
    }
    out.push(`<path class="wait" d="${path}" fill="none" stroke="#37474f" stroke-width="1.5" marker-end="url(#arrow)"/>`);
    const [wait, delay] = e.label.split(' + ');
    const labelLines = delay !== undefined && a.x !== b.x ? [wait, `+ ${delay}`] : [e.label];
    const w = Math.round(Math.max(...labelLines.map(l => l.length)) * 6.7) + 8;
    out.push(`<rect x="${lx - 4}" y="${ly - 11}" width="${w}" height="${labelLines.length * 13 + 4}" rx="3" fill="#ffffff" fill-opacity="0.9"/>`);
    labelLines.forEach((line, i) => {
      out.push(`<text class="wait-label" x="${lx}" y="${ly + i * 13}" font-size="11" fill="#37474f">${escapeXml(line)}</text>`);
    });
  }

  // Cells and boxes.
  for (const { step, x, y: cy, h } of cells.values()) {
    const caption = step.phase === 'SyncFail' ? 'only if the sync fails' : `step ${step.step} · ${step.phase} ${step.wave}`;
    out.push(`<g class="step" id="${step.id}">`);
    out.push(`<rect x="${x}" y="${cy}" width="${COL_W}" height="${h}" rx="6" fill="none" stroke="#90a4ae" stroke-dasharray="${step.phase === 'SyncFail' ? '6 4' : '0'}"/>`);
    out.push(`<text x="${x + CELL_PAD}" y="${cy + 15}" fill="#607d8b" font-size="11">${escapeXml(caption)}</text>`);
    let by = cy + CELL_CAPTION + CELL_PAD;
    for (const b of step.boxes) {
      const s = styleOf(b);
      const bh = boxHeight(b);
      const lines = boxLines(b);
      out.push(`<g class="box ${b.state}${b.hook ? ' hook' : ''}" id="${b.id}">`);
      out.push(`<title>${escapeXml(boxText(b).join('\n'))}</title>`);
      out.push(`<rect x="${x + CELL_PAD}" y="${by}" width="${BOX_W}" height="${bh}" rx="4" fill="${s.fill}" stroke="${s.stroke}" stroke-width="${s.width}"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`);
      lines.forEach((line, i) => {
        const attrs = line.first ? ' font-weight="bold"' : ' font-size="11"';
        out.push(`<text x="${x + CELL_PAD + BOX_PAD}" y="${by + BOX_PAD + 12 + i * LINE_H}" fill="${s.text ?? '#263238'}"${attrs}>${escapeXml(line.text)}</text>`);
      });
      out.push('</g>');
      by += bh + BOX_GAP;
    }
    out.push('</g>');
  }

  // Legend.
  const legend: Array<[string, BoxState | 'hook' | 'prune']> = [['resource', 'planned'], ['hook', 'hook'], ['prune', 'prune']];
  if (model.outcome) legend.push(['done', 'done'], ['holds the sync', 'waiting'], ['failed', 'failed'], ['never applied', 'never']);
  let lx = MARGIN;
  for (const [label, key] of legend) {
    const s = STYLE[key];
    out.push(`<rect x="${lx}" y="${legendY}" width="18" height="14" rx="3" fill="${s.fill}" stroke="${s.stroke}" stroke-width="${s.width}"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`);
    out.push(`<text x="${lx + 24}" y="${legendY + 11}" font-size="11" fill="#37474f">${escapeXml(label)}</text>`);
    lx += 24 + Math.round(label.length * CHAR_W) + 18;
  }
  out.push(`<text x="${MARGIN}" y="${legendY + 32}" font-size="11" fill="#607d8b">arrow: the next step starts after this wait (Argo CD sleeps the wave delay after every step but the last)</text>`);
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** One Application of several: its plan's picture, or the command that renders its source. */
export interface SvgApplication {
  readonly title: string;
  readonly model?: DiagramModel;
  readonly render?: string;
}

const APP_BOX_W = 300;
const APP_BOX_H = 2 * BOX_PAD + 2 * LINE_H;
const APP_GAP = 12;

/** The application order as rows of Application boxes, one row per wave or RollingSync step. */
function orderBand(orders: readonly ApplicationOrder[], y0: number): { lines: string[]; height: number; width: number } {
  const lines: string[] = [];
  let y = y0;
  let width = 0;
  for (const order of orders) {
    lines.push(`<text class="order-title" x="${MARGIN}" y="${y + 14}" font-weight="bold" font-size="13">${escapeXml(order.title)}</text>`);
    width = Math.max(width, MARGIN * 2 + Math.round(order.title.length * 7.8));
    y += 24;
    order.groups.forEach((g, j) => {
      const caption = g.detail !== undefined ? `${g.label}: ${g.detail}` : g.label;
      lines.push(`<text class="app-group" x="${MARGIN}" y="${y + 14}" fill="#455a64" font-weight="bold">${escapeXml(caption)}</text>`);
      width = Math.max(width, MARGIN * 2 + Math.round(caption.length * CHAR_W));
      const by = y + 22;
      const items = g.applications.length > 0 ? g.applications : [{ label: 'no Application', detail: '' }];
      items.forEach((a, i) => {
        const x = MARGIN + LANE_LABEL_W + i * (APP_BOX_W + APP_GAP);
        const text = [a.label, a.detail].filter(t => t !== '').map(t => wrap(t, Math.floor((APP_BOX_W - 2 * BOX_PAD) / CHAR_W))[0]);
        lines.push(`<g class="app"><title>${escapeXml([a.label, a.detail].filter(t => t !== '').join('\n'))}</title>`);
        lines.push(`<rect x="${x}" y="${by}" width="${APP_BOX_W}" height="${APP_BOX_H}" rx="4" fill="#e3f2fd" stroke="#1f5f99" stroke-width="1.5"/>`);
        text.forEach((t, k) => lines.push(`<text x="${x + BOX_PAD}" y="${by + BOX_PAD + 12 + k * LINE_H}" fill="#263238"${k === 0 ? ' font-weight="bold"' : ' font-size="11"'}>${escapeXml(t)}</text>`));
        lines.push('</g>');
        width = Math.max(width, x + APP_BOX_W + MARGIN);
      });
      y = by + APP_BOX_H;
      if (order.ordered && j < order.groups.length - 1) {
        const cx = MARGIN + LANE_LABEL_W + Math.round(APP_BOX_W / 2);
        lines.push(`<path class="wait" d="M${cx},${y} V${y + 24}" fill="none" stroke="#37474f" stroke-width="1.5" marker-end="url(#order-arrow)"/>`);
        lines.push(`<text class="wait-label" x="${cx + 8}" y="${y + 16}" font-size="11" fill="#37474f">Healthy</text>`);
        y += 24;
      } else {
        y += 8;
      }
    });
    y += 16;
  }
  return { lines, height: y - y0, width };
}

/** A plan's SVG with its ids (and the references to them) prefixed, to sit beside other plans'. */
function prefixIds(svg: string, prefix: string): string {
  return svg.replace(/ id="/g, ` id="${prefix}`).replace(/url\(#/g, `url(#${prefix}`);
}

/**
 * Several Applications in one picture: the application order on top, then each Application's
 * plan below it, each drawn by `renderSvg` and placed as a nested SVG.
 */
export function renderApplicationsSvg(orders: readonly ApplicationOrder[], apps: readonly SvgApplication[]): string {
  const band = orderBand(orders, MARGIN);
  const parts: string[] = [];
  let y = MARGIN + band.height;
  let width = band.width;
  apps.forEach((a, i) => {
    parts.push(`<text class="app-title" x="${MARGIN}" y="${y + 16}" font-weight="bold" font-size="15">${escapeXml(a.title)}</text>`);
    width = Math.max(width, MARGIN * 2 + Math.round(a.title.length * 8.6));
    y += 28;
    if (a.model) {
      const inner = renderSvg(a.model).trimEnd();
      const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(inner)!;
      parts.push(prefixIds(inner, `app${i + 1}-`).replace('<svg xmlns="http://www.w3.org/2000/svg" ', `<svg x="0" y="${y}" `));
      y += Number(h);
      width = Math.max(width, Number(w));
    } else {
      parts.push(`<text x="${MARGIN}" y="${y + 14}" fill="#52606d">${escapeXml(`rendered by: ${a.render ?? ''} (Argo CD renders this source; not planned)`)}</text>`);
      y += 28;
    }
    y += 12;
  });
  const height = y + MARGIN;
  const title = `${apps.length} Applications: ${orders.map(o => o.title).join('; ')}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" font-size="12" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    '<defs><marker id="order-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#37474f"/></marker></defs>',
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    ...band.lines,
    ...parts,
    '</svg>',
  ].join('\n') + '\n';
}
