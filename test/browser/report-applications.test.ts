/// <reference lib="dom" />
/**
 * The HTML report of an app-of-apps parent (`report PARENT --repo-root DIR`) in headless
 * Chromium: the application order is painted above the Applications' plans, in the parent's
 * order, each entry links to its Application's plan, and each plan's diagram is laid out.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { App } from 'cdk8s';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { appOfApps } from '../../examples/platform/app-of-apps';
import { cli } from '../cli/run-cli';

const PATH = 'dist/platform/app-of-apps';

jest.setTimeout(60_000);

let dir: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-browser-apps-'));
  appOfApps(new App({ outdir: join(dir, PATH) }), PATH).app.synth();
  const out = join(dir, 'report.html');
  const r = await cli('report', join(dir, PATH, 'platform.k8s.yaml'), '--repo-root', dir, '--out', out);
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

async function boxOf(selector: string) {
  const loc = page.locator(selector).first();
  expect(await loc.isVisible()).toBe(true);
  const box = await loc.boundingBox();
  expect(box!.width * box!.height).toBeGreaterThan(0);
  return box!;
}

test('the application order is visible above every Application\'s plan, in the parent\'s order', async () => {
  const order = await boxOf('#application-order');
  const groups = page.locator('#application-order li.app-group');
  expect(await groups.count()).toBe(2);
  expect(await groups.nth(0).innerText()).toMatch(/^wave 0\s+Application\/database/);
  expect(await groups.nth(1).innerText()).toMatch(/^wave 1\s+Application\/workflow-console/);
  const db = await boxOf('#application-order li.app:has-text("Application/database")');
  const web = await boxOf('#application-order li.app:has-text("Application/workflow-console")');
  expect(db.y).toBeLessThan(web.y);
  const first = await boxOf('#app-1');
  const second = await boxOf('#app-2');
  const parent = await boxOf('#parent');
  expect(order.y + order.height).toBeLessThanOrEqual(first.y);
  expect(first.y + first.height).toBeLessThanOrEqual(second.y);
  expect(second.y + second.height).toBeLessThanOrEqual(parent.y);
  expect(await page.locator('#app-1 h2').first().innerText()).toContain('Application database');
});

test('an entry of the order links to its Application\'s plan, whose diagram is laid out', async () => {
  await page.locator('#application-order a[href="#app-2"]').click();
  expect(await page.evaluate(() => location.hash)).toBe('#app-2');
  const heading = await page.locator('#app-2 h2').first().boundingBox();
  expect(heading!.y).toBeGreaterThanOrEqual(-1);
  expect(heading!.y).toBeLessThan(200);
  const svg = await boxOf('#app-2-diagram svg');
  expect(svg.width).toBeGreaterThan(600);
  expect(await page.locator('#app-2-diagram g.box').count()).toBeGreaterThan(4);
  await boxOf('#app-2-step-1');
});
