/// <reference lib="dom" />
/**
 * The HTML report in a real browser: Debian's headless Chromium driven by playwright-core. The
 * page must show its steps, resources and findings, and its screenshot must not be blank or
 * broken (the diagram's colours must actually be painted).
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { cli } from '../cli/run-cli';

const EXAMPLE = join(__dirname, '..', '..', 'examples', 'manifests', 'workflow-console.yaml');

jest.setTimeout(60_000);

let dir: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-browser-'));
  const out = join(dir, 'report.html');
  const r = await cli('report', EXAMPLE, '--namespace', 'workflow', '--out', out, '--health', 'Deployment/workflow-console=Progressing');
  expect(r.code).toBe(0);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(10_000);
  await page.goto(`file://${out}`);
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface PixelStats {
  /** Share of pixels that differ from the page background. */
  readonly nonBackground: number;
  /** Distinct colours (quantised to 4 bits per channel). */
  readonly colours: number;
  /** Pixels close to a given colour, by name. */
  readonly near: Record<string, number>;
}

/** Colours the diagram paints, with a tolerance for anti-aliasing: [r, g, b, tolerance]. */
const TARGETS: Record<string, [number, number, number, number]> = {
  holderStroke: [0xc6, 0x28, 0x28, 24],
  holderFill: [0xff, 0xe0, 0xe0, 4],
  doneFill: [0xe6, 0xf4, 0xea, 4],
};

/** Decodes a PNG in a fresh page (the browser does the PNG work) and counts its pixels. */
async function pixelStats(png: Buffer, background: [number, number, number]): Promise<PixelStats> {
  const scratch = await browser.newPage();
  try {
    return await scratch.evaluate(async ({ b64, bg, targets }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, img.width, img.height).data;
      const close = (i: number, c: number[], tol: number) =>
        Math.abs(data[i] - c[0]) <= tol && Math.abs(data[i + 1] - c[1]) <= tol && Math.abs(data[i + 2] - c[2]) <= tol;
      let other = 0;
      const colours = new Set<number>();
      const near: Record<string, number> = {};
      for (const name of Object.keys(targets)) near[name] = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (!close(i, bg, 3)) other++;
        colours.add(Math.floor(data[i] / 16) * 256 + Math.floor(data[i + 1] / 16) * 16 + Math.floor(data[i + 2] / 16));
        for (const [name, c] of Object.entries(targets)) if (close(i, c, c[3])) near[name]++;
      }
      return { nonBackground: other / (data.length / 4), colours: colours.size, near };
    }, { b64: png.toString('base64'), bg: background, targets: TARGETS });
  } finally {
    await scratch.close();
  }
}

describe('the HTML report in Chromium', () => {
  test('steps, resources and findings are visible', async () => {
    for (let i = 1; i <= 5; i++) await expectVisible(`#step-${i}`);
    expect(await page.locator('#step-3').innerText()).toBe('Step 3: Sync wave 1');
    const rows = page.locator('#plan tr.task');
    expect(await rows.count()).toBe(7);
    for (const name of ['Job/db-migrate', 'Secret/workflow-console-db', 'ConfigMap/workflow-console-config', 'Deployment/workflow-console', 'Service/workflow-console', 'Ingress/workflow-console', 'Job/smoke-test']) {
      await expectVisible(`#plan tr.task:has-text("${name}")`);
    }
    const findings = page.locator('#findings tr.finding');
    expect(await findings.count()).toBeGreaterThan(0);
    for (let i = 0; i < await findings.count(); i++) expect(await findings.nth(i).isVisible()).toBe(true);
    await expectVisible('#simulation .outcome');
    expect(await page.locator('#simulation .outcome').innerText()).toContain('waiting for healthy state of apps/Deployment/workflow-console');
    await expectVisible('#time li');
  });

  test('the diagram is painted: boxes laid out on the page, the holder highlighted', async () => {
    const svg = page.locator('#diagram svg');
    const box = await svg.boundingBox();
    expect(box!.width).toBeGreaterThan(600);
    expect(box!.height).toBeGreaterThan(300);
    expect(await page.locator('#diagram g.box').count()).toBe(7);
    const holder = await page.locator('#diagram g.box.waiting').boundingBox();
    expect(holder!.width).toBeGreaterThan(100);

    const stats = await pixelStats(await svg.screenshot(), [255, 255, 255]);
    expect(stats.nonBackground).toBeGreaterThan(0.05);
    expect(stats.colours).toBeGreaterThan(12);
    expect(stats.near.holderStroke).toBeGreaterThan(500);
    expect(stats.near.holderFill).toBeGreaterThan(5000);
    expect(stats.near.doneFill).toBeGreaterThan(5000);
  });

  test('screenshot: the page is neither blank nor broken (and a blank page would fail this check)', async () => {
    const background: [number, number, number] = [0xf5, 0xf7, 0xfa];
    const full = await pixelStats(await page.screenshot({ fullPage: true }), background);
    expect(full.nonBackground).toBeGreaterThan(0.2);
    expect(full.nonBackground).toBeLessThan(0.995);
    expect(full.colours).toBeGreaterThan(20);

    const blank = await browser.newPage({ viewport: { width: 400, height: 300 } });
    await blank.setContent(`<html><body style="margin:0;background:rgb(${background.join(',')})"></body></html>`);
    const control = await pixelStats(await blank.screenshot(), background);
    await blank.close();
    expect(control.nonBackground).toBeLessThan(0.01);
  });
});

async function expectVisible(selector: string): Promise<void> {
  const loc = page.locator(selector).first();
  expect(await loc.isVisible()).toBe(true);
  const box = await loc.boundingBox();
  expect(box!.width * box!.height).toBeGreaterThan(0);
}
