/**
 * `syncplan report` (src/cli/commands/report.ts) through the CLI: a self-contained page, written
 * atomically.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { cli } from '../run-cli';

const EXAMPLE = join(__dirname, '..', '..', '..', 'examples', 'manifests', 'workflow-console.yaml');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-report-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('syncplan report', () => {
  test('one self-contained page: plan, diagram, findings, time estimate, simulated outcome', async () => {
    const out = join(dir, 'report.html');
    const r = await cli('report', EXAMPLE, '--out', out, '--namespace', 'workflow', '--health', 'Deployment/workflow-console=Progressing');
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    const html = readFileSync(out, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    // Nothing loaded from elsewhere: no scripts, stylesheets or images by URL.
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|url\((?!#)/i);
    for (const id of ['simulation', 'diagram', 'plan', 'findings', 'time']) expect(html).toContain(`<section id="${id}">`);
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(html).toContain('waiting for healthy state of apps/Deployment/workflow-console');
    expect(html).toContain('At least 8 s: 4 wave delays × 2 s');
    expect(html.match(/<tr class="task">/g)).toHaveLength(7);
    expect(html).toMatch(/<tr class="finding">/);
    expect(readdirSync(dir)).toEqual(['report.html']);
  });

  test('same input, same bytes (no timestamp)', async () => {
    await cli('report', EXAMPLE, '--out', join(dir, 'a.html'));
    await cli('report', EXAMPLE, '--out', join(dir, 'b.html'));
    expect(readFileSync(join(dir, 'a.html'), 'utf8')).toBe(readFileSync(join(dir, 'b.html'), 'utf8'));
  });

  test('without simulate options there is no simulated section', async () => {
    const out = join(dir, 'r.html');
    await cli('report', EXAMPLE, '--out', out);
    expect(readFileSync(out, 'utf8')).not.toContain('<section id="simulation">');
  });

  test('atomic: a failure leaves no file and no temporary behind, an existing report untouched', async () => {
    const missing = join(dir, 'nope', 'report.html');
    const r = await cli('report', EXAMPLE, '--out', missing);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^syncplan: --out .*folder .* does not exist/);
    expect(existsSync(join(dir, 'nope'))).toBe(false);

    const out = join(dir, 'report.html');
    writeFileSync(out, 'previous');
    const bad = await cli('report', EXAMPLE, '--out', out, '--health', 'Deployment/missing=Degraded');
    expect(bad.code).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe('previous');
    expect(readdirSync(dir)).toEqual(['report.html']);
  });

  test('--out is required', async () => {
    const r = await cli('report', EXAMPLE);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--out/);
  });
});
