/**
 * #10 §7: an error reaches the user of the example's main.ts as one line, whether a constructor
 * threw it or `app.synth()` did, and a failed synth writes nothing.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ApiObject, Chart } from 'cdk8s';
import { synthApp } from '../../examples/workflow-console/synth-app';
import { MigrationHook, Tier } from '../../src';

function run(build: Parameters<typeof synthApp>[0]): { printed: string[]; exitCode: number | undefined; files: string[] } {
  const outdir = join(mkdtempSync(join(tmpdir(), 'syncplan-main-')), 'dist');
  const printed: string[] = [];
  const error = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => { printed.push(args.map(String).join(' ')); });
  const before = process.exitCode;
  process.exitCode = undefined; // another test file in this worker may have set it
  try {
    synthApp(build, { outdir });
    const exitCode = process.exitCode === undefined ? undefined : Number(process.exitCode);
    return { printed, exitCode, files: existsSync(outdir) ? readdirSync(outdir) : [] };
  } finally {
    process.exitCode = before;
    error.mockRestore();
    rmSync(join(outdir, '..'), { recursive: true, force: true });
  }
}

test('a bad prop thrown by a constructor prints as its one-line message, exit status 1', () => {
  const r = run((app) => new Tier(new Chart(app, 'shop'), 'web', { wave: 1.5 }));
  expect(r.printed).toEqual(['Tier shop/web: wave must be an integer, got 1.5']);
  expect(r.exitCode).toBe(1);
});

test('a failed check at synth prints as its message, and nothing is written', () => {
  const r = run((app) => {
    const chart = new Chart(app, 'shop');
    const web = new Tier(chart, 'web');
    new MigrationHook(chart, 'migrate', { image: 'i', command: ['m'], after: [web] });
  });
  expect(r.printed).toHaveLength(1);
  expect(r.printed[0]).toMatch(/MigrationHook shop\/migrate \(PreSync\) is ordered after Tier shop\/web/);
  expect(r.printed[0]).not.toMatch(/\n\s+at /); // no stack
  expect(r.exitCode).toBe(1);
  expect(r.files).toEqual([]);
});

test('a good app is written, nothing printed', () => {
  const r = run((app) => {
    const chart = new Chart(app, 'shop');
    new Tier(chart, 'web').add(new ApiObject(chart, 'config', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'config' } }));
  });
  expect(r).toEqual({ printed: [], exitCode: undefined, files: ['shop.k8s.yaml'] });
});
