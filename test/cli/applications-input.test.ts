/**
 * `report` and `diagram` across Applications (src/cli/applications-input.ts): an app-of-apps parent
 * with --repo-root and a cdk8s dist are read as `plan` reads them, and every picture draws the
 * application order above each Application's plan; the same input gives the same bytes.
 */
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { App } from 'cdk8s';
import { stringify } from 'yaml';
import { tempDirEach } from './helpers';
import { cli } from './run-cli';
import { appOfApps } from '../../examples/platform/app-of-apps';
import { applicationSet } from '../../examples/platform/application-set';

jest.setTimeout(60_000);
const dir = tempDirEach('syncplan-apps-view');
const PATH = 'dist/platform/app-of-apps';

function synth(): string {
  appOfApps(new App({ outdir: join(dir(), PATH) }), PATH).app.synth();
  return join(dir(), PATH, 'platform.k8s.yaml');
}

/** Positions of `needles` in `text`, each found. */
function positions(text: string, ...needles: string[]): number[] {
  return needles.map((n) => {
    const at = text.indexOf(n);
    expect(at).toBeGreaterThanOrEqual(0);
    return at;
  });
}

const ascending = (xs: number[]) => expect([...xs].sort((a, b) => a - b)).toEqual(xs);

test('report --repo-root: the application order, then each child, then the parent; deterministic', async () => {
  const parent = synth();
  const out = join(dir(), 'r.html');
  const r = await cli('report', parent, '--repo-root', dir(), '--out', out);
  expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  const html = readFileSync(out, 'utf8');
  ascending(positions(html, '<section id="application-order">', 'wave 0</b>', 'Application/database</a>', 'wave 1</b>',
    'Application/workflow-console</a>', '<section class="application" id="app-1"><h2>Application database',
    '<section class="application" id="app-2"><h2>Application workflow-console', '<section class="application" id="parent">'));
  // Each child's own plan, diagram and findings, with ids of its own.
  for (const id of ['app-1-plan', 'app-1-diagram', 'app-1-findings', 'app-2-plan', 'app-2-time', 'parent-plan']) expect(html).toContain(`id="${id}"`);
  expect(html).toContain('href="#app-2"');
  expect(html.match(/<section id="app-2-plan">[\s\S]*?<\/section>/)![0]).toContain('Job/');
  const again = join(dir(), 'r2.html');
  await cli('report', parent, '--repo-root', dir(), '--out', again);
  expect(readFileSync(again, 'utf8')).toBe(html);
});

test('report --repo-root --simulate: a child held before its wave is drawn without a sync of its own (the parent never applied it)', async () => {
  const parent = synth();
  const out = join(dir(), 'r.html');
  // The database's last (only) step is never waited for, so its sync Succeeds; its Deployment keeps the child Progressing.
  const r = await cli('report', parent, '--repo-root', dir(), '--out', out, '--health', 'Deployment/postgres=Progressing');
  expect(r.code).toBe(0);
  const html = readFileSync(out, 'utf8');
  expect(html.match(/<section id="app-1-simulation">[\s\S]*?<\/section>/)![0]).toContain('<b>Succeeded</b>');
  expect(html).toContain('<section class="application" id="app-2">');
  expect(html).not.toContain('id="app-2-simulation"');
});

test('report --repo-root --simulate: a child that stays Progressing is coloured in its own plan', async () => {
  const parent = synth();
  const out = join(dir(), 'r.html');
  const r = await cli('report', parent, '--repo-root', dir(), '--out', out, '--health', 'Deployment/workflow-console=Progressing');
  expect(r.code).toBe(0);
  const html = readFileSync(out, 'utf8');
  expect(html.match(/<section id="app-1-simulation">[\s\S]*?<\/section>/)![0]).toContain('<b>Succeeded</b>');
  expect(html.match(/<section id="app-2-simulation">[\s\S]*?<\/section>/)![0]).toContain('<b>Running</b>');
  expect(html.match(/<section id="app-2-diagram">[\s\S]*?<\/section>/)![0]).toContain('class="box waiting"');
});

test('diagram --repo-root: Mermaid and SVG draw the order above the plans', async () => {
  const parent = synth();
  const m = await cli('diagram', parent, '--repo-root', dir());
  expect(m.code).toBe(0);
  ascending(positions(m.stdout, 'subgraph order1["Application order', 'subgraph order1_g1["wave 0"]', 'Application/database', 'subgraph order1_g2["wave 1"]',
    'subgraph app1["Application database', 'subgraph app2["Application workflow-console', 'subgraph app3["Parent Application"]'));
  expect(m.stdout).toContain('order1_g1 -->|"Healthy"| order1_g2');
  expect(m.stdout).toContain('order1 ~~~ app1');
  // Every node id is defined once: the plans' ids are prefixed per Application.
  const ids = [...m.stdout.matchAll(/^\s*(\w+)\["/gm)].map(x => x[1]);
  expect(new Set(ids).size).toBe(ids.length);
  const s = await cli('diagram', parent, '--repo-root', dir(), '--format', 'svg');
  expect(s.code).toBe(0);
  ascending(positions(s.stdout, 'class="order-title"', 'Application/database', 'class="app-title"', '<svg x="0" y='));
  const svgIds = [...s.stdout.matchAll(/ id="([^"]+)"/g)].map(x => x[1]);
  expect(new Set(svgIds).size).toBe(svgIds.length);
  expect((await cli('diagram', parent, '--repo-root', dir(), '--format', 'svg')).stdout).toBe(s.stdout);
});

test('a cdk8s dist: one Application per chart file, unordered, with the note; --single-app keeps one picture', async () => {
  const obj = (kind: string, name: string) => ({ apiVersion: kind === 'Service' ? 'v1' : 'apps/v1', kind, metadata: { name } });
  writeFileSync(join(dir(), 'db.k8s.yaml'), stringify(obj('Service', 'db')));
  writeFileSync(join(dir(), 'web.k8s.yaml'), stringify(obj('Service', 'web')));
  const out = join(dir(), 'r.html');
  expect((await cli('report', dir(), '--out', out)).code).toBe(0);
  const html = readFileSync(out, 'utf8');
  expect(html).toContain('<p class="sub" id="note">Note: 2 cdk8s chart files');
  ascending(positions(html, 'Applications (one per chart file; no parent orders them)', '<b>unordered</b>', 'Application ' + 'db (', 'Application web ('));
  const m = await cli('diagram', dir());
  expect(m.stdout).toContain('subgraph app2["Application web');
  expect(m.stdout).not.toContain('-->|"Healthy"| order1_g');
  const single = await cli('diagram', dir(), '--single-app');
  expect(single.stdout).not.toContain('order1');
});

test('an ApplicationSet with RollingSync: its steps, and the generated Applications in each', async () => {
  const path = 'dist/platform/application-set';
  const app = new App({ outdir: join(dir(), path) });
  applicationSet(app, path);
  app.synth();
  const m = await cli('diagram', join(dir(), path, 'platform.k8s.yaml'), '--repo-root', dir());
  expect(m.stderr).toBe('');
  // No child Application: the RollingSync steps are the only order.
  expect(m.stdout).toMatch(/subgraph order1\["ApplicationSet\/platform: RollingSync steps/);
  ascending(positions(m.stdout, 'subgraph order1_g1["step 1: syncplan.cdk8s.io/rollout-step In (0)', 'Application/database',
    'subgraph order1_g2["step 2: ', 'Application/workflow-console', 'subgraph app1["Parent Application"]'));
  expect(m.stdout).toContain('order1_g1 -->|"Healthy"| order1_g2');
  const p = await cli('plan', join(dir(), path, 'platform.k8s.yaml'), '--repo-root', dir());
  expect(p.stdout.startsWith('ApplicationSet/platform: RollingSync steps')).toBe(true);
  expect(p.stdout).toContain('  step 2: syncplan.cdk8s.io/rollout-step In (1), maxUpdate 1\n    Application/workflow-console\n');
});
