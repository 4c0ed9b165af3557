/**
 * Synthesizing twice gives byte-identical YAML: two fresh Apps in one process (so no state left
 * over from the first synth, e.g. caches, counters or warned-once sets, can change the second),
 * through `synthYaml()` and through `synth()` to files.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { App } from 'cdk8s';
import { CHARTS } from '../fixtures/charts';

let dirs: string[] = [];
afterEach(() => {
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  dirs = [];
});

/** Every file `app.synth()` writes, by name. */
function synthFiles(build: (app: App) => unknown): Record<string, string> {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-determinism-'));
  dirs.push(outdir);
  const app = new App({ outdir });
  build(app);
  app.synth();
  return Object.fromEntries(readdirSync(outdir).sort().map((f) => [f, readFileSync(join(outdir, f), 'utf8')]));
}

function synthYaml(build: (app: App) => unknown): string {
  const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'syncplan-determinism-')) });
  dirs.push(app.outdir);
  build(app);
  return app.synthYaml();
}

describe.each(Object.entries(CHARTS))('%s', (_name, build) => {
  test('synth() twice: the same files, byte for byte', () => {
    const first = synthFiles(build);
    const second = synthFiles(build);
    expect(Object.keys(first).length).toBeGreaterThan(0);
    expect(second).toEqual(first);
    expect(Object.values(first).join('')).toContain('argocd.argoproj.io/sync-wave');
  });

  test('synthYaml() twice, and it matches the file synth() writes', () => {
    const a = synthYaml(build);
    expect(synthYaml(build)).toBe(a);
    expect(Object.values(synthFiles(build)).join('')).toBe(a);
  });
});

test('all charts in one App: the same bytes as each chart alone (no chart leaks into another)', () => {
  const alone = Object.values(CHARTS).map((build) => synthYaml(build)).join('---\n');
  const together = synthYaml((app) => Object.values(CHARTS).forEach((build) => build(app)));
  expect(together).toBe(alone);
});
