/**
 * The cdk8s CLI validation plugin, end to end with the real cdk8s CLI: a temporary cdk8s app
 * (offline: the plugin is a local path, cdk8s comes from this repository's node_modules) lists
 * SyncPlanValidation under `validations:` in cdk8s.yaml. A trap written in plain cdk8s (no tier,
 * no hook construct) fails `cdk8s synth` naming the rule and the construct; a clean app passes.
 * Runs the compiled package (lib/), as the CLI loads it with require().
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { Validation } from 'cdk8s-cli/plugins';
import { SyncPlanValidation } from '../../src';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');
const CDK8S = join(ROOT, 'node_modules', 'cdk8s-cli', 'bin', 'cdk8s');

/** A plain cdk8s app: a ConfigMap, and a Job annotated by hand as a PreSync hook reading it. */
const APP = (hookReadsConfig: boolean) => `
const { App, Chart, ApiObject } = require('cdk8s');
const app = new App();
const chart = new Chart(app, 'shop');
new ApiObject(chart, 'config', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'shop-config' }, data: { A: '1' } });
new ApiObject(chart, 'migrate', {
  apiVersion: 'batch/v1', kind: 'Job',
  metadata: { name: 'shop-migrate', annotations: { 'argocd.argoproj.io/hook': 'PreSync', 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation' } },
  spec: { activeDeadlineSeconds: 600, backoffLimit: 0, template: { spec: { restartPolicy: 'Never', containers: [{
    name: 'migrate', image: 'registry.internal/shop:1',
    ${hookReadsConfig ? "envFrom: [{ configMapRef: { name: 'shop-config' } }]," : ''}
  }] } } },
});
app.synth();
`;

function synth(app: string, properties?: object): { status: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'syncplan-plugin-'));
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'main.js'), app);
    const validation = { package: ROOT, class: 'SyncPlanValidation', version: '0.1.0', ...(properties ? { properties } : {}) };
    writeFileSync(join(dir, 'cdk8s.yaml'), `app: node main.js\nvalidations:\n  - ${JSON.stringify(validation)}\n`);
    const r = spawnSync(process.execPath, [CDK8S, 'synth'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, CDK8S_CHECK_UPGRADE: 'false', FORCE_COLOR: '0' },
    });
    return { status: r.status, out: r.stdout + r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('SyncPlanValidation in cdk8s synth', () => {
  test('a PreSync hook reading a ConfigMap the app creates later fails the synth, naming the rule and the construct', () => {
    const { status, out } = synth(APP(true));
    expect(status).not.toBe(0);
    expect(out).toContain('reads-resource-created-later (error)');
    expect(out).toContain('Construct Path: shop/migrate');
    expect(out).toContain('Resource Name: shop-migrate');
    expect(out).toMatch(/Locations:\s+> \S*shop\.k8s\.yaml:\d+/);
    expect(out).toContain('Validation failed');
  });

  test('a clean app passes', () => {
    const { status, out } = synth(APP(false));
    expect(out).toContain('Validations ended succesfully'); // sic: cdk8s-cli's spelling
    expect(status).toBe(0);
  });

  test('levels from properties apply: the rule turned to a warning lets the synth pass, still reported', () => {
    const { status, out } = synth(APP(true), { levels: { 'reads-resource-created-later': 'warning' } });
    expect(out).toContain('reads-resource-created-later (warning)');
    expect(status).toBe(0);
  });

  test('a misspelled property fails the synth naming it', () => {
    const { status, out } = synth(APP(false), { installedCRDs: ['example.com/Widget'] });
    expect(status).not.toBe(0);
    expect(out).toContain('SyncPlanValidation properties: unknown property "installedCRDs"');
    // The cdk8s CLI prints a plugin's error with its stack: bad input in cdk8s.yaml is one line.
    expect(out).not.toMatch(/^\s+at /m);
  });
});

describe('SyncPlanValidation properties', () => {
  test('fits the cdk8s CLI contract (type-checked against cdk8s-cli)', () => {
    const plugin: Validation = new SyncPlanValidation();
    expect(typeof plugin.validate).toBe('function');
  });

  test.each([
    [{ levels: { 'no-such-rule': 'off' } }, 'levels: "no-such-rule" is not a rule id'],
    [{ levels: { 'wave-invalid': 'fatal' } }, 'levels: wave-invalid must be error, warning, info or off'],
    [{ syncOptions: ['prunelast=true'] }, 'syncOptions: prunelast=true: not an Application sync option'],
    [{ installedCrds: 'example.com/Widget' }, 'installedCrds must be a list of strings'],
    [{ strict: 'yes' }, 'strict must be true or false'],
  ])('%j is refused', (props, message) => {
    expect(() => new SyncPlanValidation(props as any)).toThrow(message);
  });
});
