/**
 * The CI conventions run what they say: action.yml's shell steps (cdk8s synth, then syncplan lint
 * as SARIF) and .pre-commit-hooks.yaml's entry are read from the files and run, in a temporary
 * project whose `npx` finds cdk8s (this repository's install) and syncplan (lib/, compiled), on
 * the example manifests and on a synthesized app.
 */
import { spawnSync } from 'child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { parse } from 'yaml';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');
const EXAMPLES = join(ROOT, 'examples', 'manifests');
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
const hooks = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8'));

/** A plain cdk8s app with a ConfigMap and a Deployment reading it: nothing to report. */
const APP = `
const { App, Chart, ApiObject } = require('cdk8s');
const app = new App();
const chart = new Chart(app, 'shop');
new ApiObject(chart, 'config', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'shop-config' }, data: { A: '1' } });
app.synth();
`;

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-ci-'));
  const bin = join(dir, 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  for (const pkg of ['cdk8s', 'constructs']) symlinkSync(join(ROOT, 'node_modules', pkg), join(dir, 'node_modules', pkg), 'dir');
  const shim = (name: string, script: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\nexec "${process.execPath}" "${script}" "$@"\n`);
    chmodSync(join(bin, name), 0o755);
  };
  shim('cdk8s', join(ROOT, 'node_modules', 'cdk8s-cli', 'bin', 'cdk8s'));
  shim('syncplan', join(ROOT, 'lib', 'cli', 'main.js'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'ci-app', version: '1.0.0', private: true }));
  writeFileSync(join(dir, 'cdk8s.yaml'), 'app: node main.js\n');
  writeFileSync(join(dir, 'main.js'), APP);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs one of action.yml's steps as the runner would: bash, its env, the inputs' defaults. */
function runStep(name: string, inputs: Record<string, string> = {}) {
  const step = action.runs.steps.find((s: any) => s.name === name);
  expect(step.shell).toBe('bash');
  const defaults = Object.fromEntries(Object.entries(action.inputs).map(([k, v]: [string, any]) => [k, v.default]));
  const values: Record<string, string> = { ...defaults, ...inputs };
  const expr = (s: string) => s.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, k) => values[k]);
  const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expr(String(v))]));
  const output = join(dir, 'github-output');
  writeFileSync(output, '');
  const r = spawnSync('bash', ['-e', '-c', step.run], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ...env, GITHUB_OUTPUT: output, FORCE_COLOR: '0' },
  });
  return { ...r, outputs: Object.fromEntries(readFileSync(output, 'utf8').split('\n').filter(Boolean).map((l) => l.split('=') as [string, string])) };
}

describe('action.yml', () => {
  test('is a composite action: install, cdk8s synth, syncplan lint --format sarif, upload for code scanning, then fail', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps.map((s: any) => s.name)).toEqual(['Install', 'cdk8s synth', 'syncplan lint', 'Upload to code scanning', 'Fail on findings']);
    expect(action.runs.steps[3].uses).toMatch(/^github\/codeql-action\/upload-sarif@v\d+$/);
  });

  test('its synth and lint steps, on a synthesized app: SARIF with no results, status 0', () => {
    const synth = runStep('cdk8s synth');
    expect(synth.status).toBe(0);
    const lint = runStep('syncplan lint');
    expect(lint.stderr).toBe('');
    expect(lint.outputs.status).toBe('0');
    const sarif = JSON.parse(readFileSync(join(dir, 'syncplan.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results).toEqual([]);
  });

  test('its lint step on the example manifests (the article\'s YAML): the findings as SARIF, status 1 kept for the last step', () => {
    const lint = runStep('syncplan lint', { 'manifests': EXAMPLES, 'sarif-file': 'examples.sarif' });
    expect(lint.status).toBe(0); // the step itself succeeds, so the upload runs
    expect(lint.outputs.status).toBe('1');
    const sarif = JSON.parse(readFileSync(join(dir, 'examples.sarif'), 'utf8'));
    const results = sarif.runs[0].results.map((r: any) => `${r.ruleId} ${r.level}`);
    expect(results).toContain('reads-resource-created-later error');
    const fail = spawnSync('bash', ['-c', action.runs.steps[4].run], { encoding: 'utf8', env: { ...process.env, STATUS: lint.outputs.status } });
    expect(fail.status).toBe(1);
  });
});

describe('.pre-commit-hooks.yaml', () => {
  const hook = hooks.find((h: any) => h.id === 'syncplan-lint');
  const run = (args: string[]) => spawnSync('bash', ['-c', `${hook.entry} "$@"`, 'entry', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });

  test('runs syncplan lint on the whole folder, whenever a YAML or JSON file changes', () => {
    expect(hook.pass_filenames).toBe(false);
    expect(new RegExp(hook.files).test('dist/app.k8s.yaml')).toBe(true);
    expect(new RegExp(hook.files).test('src/main.ts')).toBe(false);
  });

  test('its entry fails the commit on the example manifests, naming the rule', () => {
    const r = run([EXAMPLES]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('reads-resource-created-later');
  });

  test('its entry with its default args (dist) passes on a clean synthesized app', () => {
    expect(runStep('cdk8s synth').status).toBe(0);
    const r = run(hook.args);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
