/// <reference lib="dom" />
/**
 * The diagrams as people see them, in Debian's headless Chromium (as report.test.ts): the Mermaid
 * text of a many-wave app rendered by the `mermaid` package itself (GitHub's renderer), and the SVG.
 * A readable picture of a long sync is taller than wide, and its text keeps a readable size at
 * the width of a GitHub comment.
 */
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { diagramModel } from '../../src/report/diagram';
import { renderMermaid } from '../../src/report/mermaid';
import { renderSvg } from '../../src/report/svg';
import { planOf } from '../argo/simulate/helpers';
import { m as obj } from '../fixtures/manifests';

const MERMAID = join(__dirname, '..', '..', 'node_modules', 'mermaid', 'dist', 'mermaid.min.js');
/** GitHub's Markdown column is about this wide. */
const COMMENT_WIDTH = 880;

jest.setTimeout(90_000);

/** Seven Sync waves with two to four objects each, two PreSync hooks, a smoke test and a SyncFail hook. */
function manyWaves() {
  const objects = [
    obj({ kind: 'Job', name: 'schema-migrate', hook: 'PreSync', wave: -1 }),
    obj({ kind: 'Job', name: 'search-index-migrate', hook: 'PreSync', wave: 0 }),
  ];
  const kinds = ['ConfigMap', 'Deployment', 'Service', 'StatefulSet'];
  for (let wave = 0; wave < 7; wave++) {
    for (let i = 0; i < 2 + (wave % 3); i++) objects.push(obj({ kind: kinds[(wave + i) % kinds.length], name: `tier-${wave}-component-${i}`, wave }));
  }
  objects.push(obj({ kind: 'Job', name: 'smoke-test-checkout-frontend', hook: 'PostSync' }));
  objects.push(obj({ kind: 'Job', name: 'notify-on-call', hook: 'SyncFail' }));
  return planOf(objects);
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: COMMENT_WIDTH + 40, height: 1000 } });
  page.setDefaultTimeout(30_000);
});

afterAll(async () => {
  await browser?.close();
});

interface Rendered {
  readonly width: number;
  readonly height: number;
  /** The smallest rendered height of a node label's text, in CSS pixels. */
  readonly minLabelPx: number;
  readonly labels: number;
}

async function renderWithMermaid(text: string): Promise<Rendered> {
  await page.setContent(`<html><body style="margin:0"><div id="c" style="width:${COMMENT_WIDTH}px"></div></body></html>`);
  await page.addScriptTag({ path: MERMAID });
  return page.evaluate(async (src) => {
    const m = (window as any).mermaid;
    m.initialize({ startOnLoad: false, securityLevel: 'strict' });
    const { svg } = await m.render('diagram', src);
    const c = document.getElementById('c')!;
    c.innerHTML = svg;
    const el = c.querySelector('svg')!;
    const box = el.viewBox.baseVal;
    const labels = [...c.querySelectorAll('.nodeLabel')].map((l) => l.getBoundingClientRect().height).filter((h) => h > 0);
    return { width: box.width, height: box.height, minLabelPx: Math.min(...labels), labels: labels.length };
  }, text);
}

describe('Mermaid, rendered by mermaid', () => {
  test('a 7-wave app is taller than wide, with every box drawn and its text at a readable size', async () => {
    const plan = manyWaves();
    const text = renderMermaid(diagramModel(plan));
    const r = await renderWithMermaid(text);
    const tasks = plan.steps.reduce((n, s) => n + s.tasks.length, 0) + plan.syncFail.length;
    expect(r.labels).toBeGreaterThanOrEqual(tasks);
    expect(r.height).toBeGreaterThan(r.width);
    // Shown at the width of a comment (scaled down if wider), labels stay at least 11 px tall.
    expect(r.minLabelPx).toBeGreaterThanOrEqual(11);
  });
});

describe('SVG, as the browser lays it out', () => {
  async function boxes(svg: string) {
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    return page.evaluate(() => {
      const rect = (id: string) => document.getElementById(id)!.getBoundingClientRect();
      const steps = [...document.querySelectorAll('g.step')].map((g) => ({ id: g.id, caption: g.querySelector('text')!.textContent!, top: rect(g.id).top, bottom: rect(g.id).bottom }));
      const overflow = [...document.querySelectorAll('g.box')].filter((g) => {
        const r = g.querySelector('rect')!.getBoundingClientRect();
        return [...g.querySelectorAll('text')].some((t) => t.getBoundingClientRect().right > r.right + 0.5);
      }).map((g) => g.id);
      return { steps, overflow };
    });
  }

  test('PostSync runs after the last Sync wave and SyncFail after everything: drawn below them, not level with wave 0', async () => {
    const { steps } = await boxes(renderSvg(diagramModel(manyWaves())));
    for (let i = 1; i < steps.length; i++) expect(steps[i].top).toBeGreaterThanOrEqual(steps[i - 1].bottom);
    expect(steps[steps.length - 2].caption).toMatch(/PostSync/);
    expect(steps[steps.length - 1].caption).toBe('only if the sync fails');
  });

  test('long names wrap inside their box (the tooltip has the whole name)', async () => {
    const name = 'a-very-long-deployment-name-for-the-checkout-frontend-service-in-eu-west-1';
    const svg = renderSvg(diagramModel(planOf([obj({ kind: 'Deployment', name, wave: 0 })])));
    const { overflow } = await boxes(svg);
    expect(overflow).toEqual([]);
    expect(svg).toContain(`<title>Deployment/${name}</title>`);
    const drawn = [...svg.matchAll(/<text [^>]*font-weight="bold">([^<]*)<\/text>/g)].map((m) => m[1]).filter((t) => !t.startsWith('Sync plan') && !t.startsWith('wave '));
    expect(drawn.join('')).toBe(`Deployment/${name}`);
  });
});
