/**
 * The Node lines users run (the README says Node 20 or later; 20 is past its end of life): the
 * same package on Node 22 and 24, installed by `scripts/ensure-node-lines.js` before the tests, against
 * the Node running them. The CLI prints byte for byte what it prints here, starting from the code cache
 * its first plan writes for that Node; a chart with tiers, hooks, cdk8s-plus objects and an
 * Application synthesizes to the same files, with the default synth-time checks.
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { launcherPackage } from '../cli/helpers';

jest.setTimeout(180_000);

const ROOT = join(__dirname, '..', '..');
const LIB_CLI = join(ROOT, 'lib', 'cli');
const EXAMPLE = 'examples/manifests/workflow-console.yaml'; // relative to ROOT, where each run starts

/** Node 22's and 24's binaries, where the ensure script put them (it runs before the tests). */
function nodeLines(): Record<string, string> {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'ensure-node-lines.js'), '--paths'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

function run(node: string, args: readonly string[], cwd = ROOT) {
  const r = spawnSync(node, args, { cwd, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CDK8S_CHECK_UPGRADE: 'false', FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const COMMANDS: readonly (readonly string[])[] = [
  ['--version'],
  ['plan', EXAMPLE],
  ['plan', EXAMPLE, '--format', 'json'],
  ['lint', EXAMPLE, '--format', 'json'],
  ['simulate', EXAMPLE, '--namespace', 'workflow', '--health', 'Deployment/workflow-console=Progressing'],
  ['diagram', EXAMPLE],
  ['plan', 'no-such-file.yaml'],
];

/** A chart written with the public API: tiers, a migration, a smoke test, cdk8s-plus objects, an Application. */
const SYNTH = `
const { App, Chart } = require(${JSON.stringify(join(ROOT, 'node_modules', 'cdk8s'))});
const kplus = require(${JSON.stringify(join(ROOT, 'node_modules', 'cdk8s-plus-27'))});
const lib = require(${JSON.stringify(join(ROOT, 'lib'))});
const app = new App({ outdir: process.argv[1] });
const chart = new Chart(app, 'shop', { namespace: 'shop' });
const config = new lib.Tier(chart, 'config');
const web = new lib.Tier(chart, 'web', { after: [config] });
for (let i = 0; i < 20; i++) {
  const cm = new kplus.ConfigMap(chart, 'config' + i, { data: { INDEX: String(i) } });
  config.add(cm);
  const d = new kplus.Deployment(chart, 'api' + i, { containers: [{ image: 'registry.example.com/api:1.' + i, portNumber: 8080,
    envFrom: [kplus.Env.fromConfigMap(cm)], securityContext: { ensureNonRoot: false } }] });
  web.add(d, d.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] }));
}
new lib.MigrationHook(chart, 'migrate', { image: 'registry.example.com/api:1.0', command: ['migrate', 'up'] });
new lib.SmokeTest(chart, 'smoke', { url: 'http://api0.shop.svc/healthz', image: 'curlimages/curl:8.10.1' });
new lib.ArgoApplication(new Chart(app, 'platform'), 'shop', { charts: [chart], repoURL: 'https://git.example.com/shop.git', path: 'dist',
  destination: { namespace: 'shop' } });
app.synth();
`;

/** The files a synth of SYNTH on `node` writes, by name. */
function synth(node: string): Record<string, string> {
  const out = mkdtempSync(join(tmpdir(), 'syncplan-node-lines-'));
  try {
    const r = run(node, ['-e', SYNTH, out]);
    if (r.code !== 0) throw new Error(`synth on ${node} exited ${r.code}: ${r.stderr}`);
    return Object.fromEntries(readdirSync(out).sort().map((f) => [f, readFileSync(join(out, f), 'utf8')]));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

describe.each(Object.entries(nodeLines()))('Node %s', (line, node) => {
  test('is the line it says', () => {
    expect(run(node, ['-p', 'process.versions.node']).stdout).toMatch(new RegExp(`^${line}\\.`));
  });

  test('the CLI prints what it prints on this Node, byte for byte, from the code cache its first plan writes', () => {
    // The installed CLI in a folder of its own, with no cache for that Node yet.
    const pkg = mkdtempSync(join(tmpdir(), 'syncplan-node-lines-pkg-'));
    try {
      const cli = launcherPackage(pkg);
      const caches = () => readdirSync(cli).filter((f) => f.endsWith('.v8cache'));
      expect(caches()).toEqual([]);
      for (const args of COMMANDS) expect([args, run(node, [join(cli, 'syncplan.js'), ...args])]).toEqual([args, run(process.execPath, [join(LIB_CLI, 'syncplan.js'), ...args])]);
      // The plans wrote one cache for that Node, and read it after: it is still the one the first wrote.
      expect(caches()).toHaveLength(1);
      const written = readFileSync(join(cli, caches()[0]));
      expect(run(node, [join(cli, 'syncplan.js'), 'plan', EXAMPLE])).toEqual(run(process.execPath, [join(LIB_CLI, 'syncplan.js'), 'plan', EXAMPLE]));
      expect(readFileSync(join(cli, caches()[0])).equals(written)).toBe(true);
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });

  test('a synth with the default checks writes the files it writes on this Node, byte for byte', () => {
    const here = synth(process.execPath);
    expect(Object.keys(here)).toEqual(['argocd-cm.application-health.patch.yaml', 'platform.k8s.yaml', 'shop.k8s.yaml']);
    expect(here['shop.k8s.yaml']).toContain('argocd.argoproj.io/sync-wave');
    expect(synth(node)).toEqual(here);
  });
});
