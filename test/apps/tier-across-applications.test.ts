/**
 * A Tier `after` a tier of another ArgoApplication of one parent (test/apps/tier-across-applications.ts):
 * synthesized as `cdk8s synth` does and read back as `syncplan` reads the files. The intent is
 * application order: the parent applies the cache's Application a wave before the orders', each
 * child chart's own plan keeps its own proof, and `syncplan plan PARENT --repo-root` shows that order.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join, relative } from 'path';
import { App } from 'cdk8s';
import { brokenEdges, findingLines, synthAndRead } from './harness';
import { tierAcrossApplicationsApp } from './tier-across-applications';
import { cli } from '../cli/run-cli';

jest.setTimeout(30_000);

test('the tier\'s after orders the Applications: cache first, then orders; each child chart is proven and clean', () => {
  let shop: ReturnType<typeof tierAcrossApplicationsApp> | undefined;
  const r = synthAndRead((app) => { shop = tierAcrossApplicationsApp(app); });
  expect(r.output).toBe('');
  expect(shop!.orders.after).toEqual([shop!.cache]);
  const parent = r.charts.find(c => c.chart.node.id === 'shop')!;
  expect(parent.plan.steps.map(s => s.tasks.map(t => `${t.kind}/${t.name}`))).toEqual([['Application/cache'], ['Application/orders']]);
  for (const id of ['cache', 'orders']) {
    const c = r.charts.find(x => x.chart.node.id === id)!;
    expect(brokenEdges(c)).toEqual([]);
    // Info only: the cache's sync does not wait for Redis in its last step; the parent does (the Application health check).
    expect(findingLines(c).filter(l => !l.startsWith('info last-wave-unchecked:'))).toEqual([]);
  }
  // Inside orders, its own tiers still order config before the API.
  const orders = r.charts.find(x => x.chart.node.id === 'orders')!;
  expect(orders.plan.steps.map(s => s.tasks.map(t => t.kind))).toEqual([['ConfigMap', 'Deployment']]);
});

test('syncplan plan PARENT --repo-root: the application order says cache, then orders', async () => {
  const root = mkdtempSync(join(tmpdir(), 'syncplan-shop-'));
  try {
    const app = new App({ outdir: join(root, 'dist') });
    tierAcrossApplicationsApp(app, 'dist');
    app.synth();
    const r = await cli('plan', join(root, 'dist', 'shop.k8s.yaml'), '--repo-root', root);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('  wave 0: Application/cache -> cache');
    expect(r.stdout).toContain('  wave 1: Application/orders -> orders');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

describe('the whole dist folder (the parent chart beside the charts its Applications sync)', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'syncplan-shop-dist-'));
    const app = new App({ outdir: join(root, 'dist') });
    tierAcrossApplicationsApp(app, 'dist');
    app.synth();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('with --repo-root: the same plan as the parent file alone (the children\'s files are theirs, not merged into the parent)', async () => {
    const dist = join(root, 'dist');
    for (const command of ['plan', 'simulate']) {
      const folder = await cli(command, dist, '--repo-root', root, '-f', 'json');
      const parent = await cli(command, join(dist, 'shop.k8s.yaml'), '--repo-root', root, '-f', 'json');
      expect([folder.stderr, folder.code]).toEqual([parent.stderr, parent.code]);
      expect(JSON.parse(folder.stdout)).toEqual(JSON.parse(parent.stdout));
    }
    const json = JSON.parse((await cli('plan', dist, '--repo-root', root, '-f', 'json')).stdout);
    expect(json.steps.map((s: any) => s.tasks.map((t: any) => `${t.kind}/${t.name}`))).toEqual([['Application/cache'], ['Application/orders']]);
  });

  test('without it: one plan per file, and the note names the parent and the --repo-root that orders its children', async () => {
    const r = await cli('plan', join(root, 'dist'), '-f', 'json');
    const json = JSON.parse(r.stdout);
    expect(json.applications.map((a: any) => a.name).sort()).toEqual(['cache', 'orders', 'shop']);
    expect(json.note).toContain('shop.k8s.yaml holding Applications (an app-of-apps parent): each file is planned as its own Application');
    expect(json.note).toContain(`order the children under the parent with --repo-root ${relative(process.cwd(), root)}`);
  });
});
