#!/usr/bin/env node
/**
 * Synth overhead of a whole-chart order: two charts synced by one ArgoApplication, `web` (N lone
 * ConfigMaps, Secrets and Services of cdk8s-plus-27, and a Deployment) and `db` (the same, and a
 * StatefulSet with its headless Service), joined by the Deployment's
 * dependency on the StatefulSet. cdk8s then orders every object of `web` after every object of
 * `db` (N² object dependencies it makes itself), and the plan must too. Against the same three
 * charts written without the library: the same objects, the annotations the library writes typed by
 * hand (taken from one library run, then checked byte for byte), and the Application as a plain
 * ApiObject. Each sample is a fresh child process; the variants rotate.
 * - `plain`: the baseline; `library`: the default synth-time checks; `waves`: `SynthChecks.NONE`.
 * Measured: building the charts plus `app.synth()`, CPU. Needs a compiled `lib/`.
 *
 *   node bench/joined-charts.js [--objects 500] [--rounds 5] [--json]
 *
 * Target: 1.20x for both (`bench/run-all.js`): cdk8s itself makes N² object dependencies for the
 * order, and the synth-time memo reads each once to know they are only its copies.
 */
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const LIB_CHECKS = { library: undefined, waves: 'NONE' };
const TARGETS = { waves: 1.20, library: 1.20 };
/** Between the files of one run's output (each file is one chart's, in the order cdk8s writes them). */
const FILE_SEPARATOR = '---\n';

/** The three charts; `hand`: per `kind/name` (unique here), the annotations to type in, and the Application (plain variant only). */
function buildApp(variant, n, outdir, hand) {
  const { App, Chart, ApiObject } = require(path.join(ROOT, 'node_modules/cdk8s'));
  const kplus = require(path.join(ROOT, 'node_modules/cdk8s-plus-27'));
  const lib = variant in LIB_CHECKS ? require(path.join(ROOT, 'lib')) : undefined;
  const app = new App({ outdir });
  const charts = ['db', 'web'].map((id) => new Chart(app, id, { namespace: 'shop', disableResourceNameHashes: true }));
  if (lib && LIB_CHECKS[variant]) for (const c of charts) lib.SyncWaves.enable(c, { checks: lib.SynthChecks[LIB_CHECKS[variant]] });
  const metadata = (kind, name) => {
    const annotations = hand?.[`${kind}/${name}`];
    return { name, ...(annotations ? { annotations } : {}) };
  };
  const container = (image, port = 8080) => ({ image, portNumber: port, securityContext: { ensureNonRoot: false }, readiness: kplus.Probe.fromTcpSocket({ port }) });
  for (const chart of charts) {
    for (let i = 0; i < n; i++) {
      const name = `${chart.node.id}-${String(i).padStart(5, '0')}`;
      if (i % 3 === 0) new kplus.ConfigMap(chart, name, { metadata: metadata('ConfigMap', name), data: { INDEX: String(i) } });
      else if (i % 3 === 1) new kplus.Secret(chart, name, { metadata: metadata('Secret', name), stringData: { INDEX: String(i) } });
      else new kplus.Service(chart, name, { metadata: metadata('Service', name), ports: [{ port: 80, targetPort: 8080 }] });
    }
  }
  const service = new kplus.Service(charts[0], 'pg-headless', { metadata: metadata('Service', 'pg-headless'), clusterIP: 'None', ports: [{ port: 5432 }] });
  const pg = new kplus.StatefulSet(charts[0], 'pg', { metadata: metadata('StatefulSet', 'pg'), service, containers: [container('postgres:16', 5432)] });
  new kplus.Deployment(charts[1], 'api', { metadata: metadata('Deployment', 'api'), containers: [container('registry.internal/api:1.0')] }).node.addDependency(pg);
  const platform = new Chart(app, 'platform', { disableResourceNameHashes: true });
  const source = { repoURL: 'https://git.example.com/shop.git', path: 'dist', destination: { namespace: 'shop' } };
  if (lib) new lib.ArgoApplication(platform, 'shop', { charts, ...source });
  else new ApiObject(platform, 'shop', hand.application);
  return app;
}

// Child: one measured run, result as JSON on stdout.
if (process.argv[2] === '--child') {
  const [variant, n] = [process.argv[3], Number(process.argv[4])];
  const handFile = arg('hand');
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), `syncplan-joined-${variant}-`));
  require(path.join(ROOT, 'node_modules/cdk8s'));
  require(path.join(ROOT, 'node_modules/cdk8s-plus-27'));
  if (variant in LIB_CHECKS) require(path.join(ROOT, 'lib'));
  const hand = handFile ? JSON.parse(fs.readFileSync(handFile, 'utf8')) : undefined;
  const c0 = process.cpuUsage();
  buildApp(variant, n, outdir, hand).synth();
  const c1 = process.cpuUsage();
  // The charts' manifests (the library also writes the argocd-cm patch its Application health check needs).
  const yaml = fs.readdirSync(outdir).filter((f) => f.endsWith('.k8s.yaml')).sort().map((f) => fs.readFileSync(path.join(outdir, f), 'utf8')).join(FILE_SEPARATOR);
  fs.rmSync(outdir, { recursive: true, force: true });
  process.stdout.write(JSON.stringify({ cpuMs: (c1.user + c1.system - c0.user - c0.system) / 1000, ...(process.argv.includes('--keep') ? { yaml } : {}) }) + '\n');
  return; // not process.exit: stdout to a pipe is written asynchronously
}

const n = Number(arg('objects', '500'));
const rounds = Number(arg('rounds', '5'));
function run(variant, extra = []) {
  const r = spawnSync(process.execPath, [__filename, '--child', variant, String(n), ...extra],
    { encoding: 'utf8', maxBuffer: 1 << 30, cwd: ROOT, env: { ...process.env, CDK8S_CHECK_UPGRADE: 'false' } });
  if (r.status !== 0) throw new Error(`${variant} run failed: ${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

/** JSON with every map's keys sorted. */
const canonical = (v) => JSON.stringify(v, (_, x) => (x && typeof x === 'object' && !Array.isArray(x)
  ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x));

if (!fs.existsSync(path.join(ROOT, 'lib/index.js'))) {
  console.error('bench: lib/ is missing; run `npx projen compile` first');
  process.exit(2);
}
// The annotations the library writes, and its Application, typed in for the plain charts.
const YAML = require(path.join(ROOT, 'node_modules/yaml'));
const library = run('library', ['--keep']).yaml;
const hand = {};
for (const doc of YAML.parseAllDocuments(library).map((d) => d.toJS())) {
  if (doc.kind === 'Application') hand.application = doc;
  else if (doc.metadata.annotations) hand[`${doc.kind}/${doc.metadata.name}`] = doc.metadata.annotations;
}
const handFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'syncplan-joined-hand-')), 'hand.json');
fs.writeFileSync(handFile, JSON.stringify(hand));
const plainArgs = ['--hand', handFile];
try {
  // What is measured must be the same YAML: byte for byte for the two charts ordered; the Application
  // as the same object (a plain ApiObject writes its keys in another order).
  const split = (yaml) => {
    const files = yaml.split(FILE_SEPARATOR);
    return { charts: files.slice(0, -1).join(FILE_SEPARATOR), application: canonical(YAML.parse(files[files.length - 1])) };
  };
  for (const variant of Object.keys(LIB_CHECKS)) {
    const [x, y] = [split(run(variant, ['--keep']).yaml), split(run('plain', ['--keep', ...plainArgs]).yaml)];
    if (x.application !== y.application) throw new Error(`the ${variant} variant and the plain charts write different Applications`);
    const [a, b] = [x.charts, y.charts];
    if (a !== b) {
      const [x, y] = [a.split('\n'), b.split('\n')];
      const i = x.findIndex((line, k) => line !== y[k]);
      throw new Error(`the ${variant} variant and the hand-annotated charts render different YAML; first difference at line ${i + 1}:\n  ${variant}: ${x[i]}\n  plain: ${y[i]}`);
    }
  }
  const VARIANTS = ['plain', ...Object.keys(LIB_CHECKS)];
  const cpu = Object.fromEntries(VARIANTS.map((v) => [v, []]));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < VARIANTS.length; k++) {
      const v = VARIANTS[(r + k) % VARIANTS.length];
      cpu[v].push(run(v, v === 'plain' ? plainArgs : []).cpuMs);
    }
  }
  const median = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
  const medians = Object.fromEntries(VARIANTS.map((v) => [v, median(cpu[v])]));
  const ratios = Object.fromEntries(Object.keys(LIB_CHECKS).map((v) => [v, medians[v] / medians.plain]));
  console.log(`joined charts: node ${process.version}, ${os.cpus().length} x ${os.cpus()[0].model.trim()}, load ${os.loadavg()[0].toFixed(1)}; `
    + `two charts of ${n} objects and a workload, one after the other, in one Application; median of ${rounds} rotating rounds, each a fresh process`);
  for (const v of VARIANTS) {
    const per = cpu[v].map((c, i) => c / cpu.plain[i]);
    const target = TARGETS[v] ? ` (target <= ${TARGETS[v].toFixed(2)}x: ${ratios[v] <= TARGETS[v] ? 'pass' : 'FAIL'})` : '';
    console.log(`  ${v.padEnd(8)} ${medians[v].toFixed(0).padStart(7)} ms CPU  ${v === 'plain' ? '' : `${ratios[v].toFixed(2)}x, rounds ${Math.min(...per).toFixed(2)}–${Math.max(...per).toFixed(2)}x`}${target}`);
  }
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify({ objects: n, rounds, medians, roundsCpuMs: cpu, ratios, targets: TARGETS }) + '\n');
} finally {
  fs.rmSync(path.dirname(handFile), { recursive: true, force: true });
}
