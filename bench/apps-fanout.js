#!/usr/bin/env node
/**
 * A repository of many Applications planned in one call: `syncplan plan PARENT --repo-root DIR
 * --format json` on APPS child Applications of OBJECTS objects each, against a single-threaded
 * `yaml` parse of the same files (`parseAllDocuments` then `toJS()`), wall time, measured in the
 * same run, each in its own process; also with `--workers 0` (planning in one thread), so the
 * gain of the worker threads shows. The CLI measured is the installed one, the bundle
 * `lib/cli/syncplan.js` (its worker threads start from that same file). Each run's CPU time (all threads,
 * user + system) is read in the child at exit, so the report also says what the cores allow: the
 * best wall time on this machine's cores is the CPU time divided by them. Needs a compiled `lib/`.
 *
 *   node bench/apps-fanout.js [--apps 200] [--objects 100] [--rounds 3] [--json]
 */
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const APPS = arg('--apps', 200);
const OBJECTS = arg('--objects', 100);
const ROUNDS = arg('--rounds', 3);

if (process.argv[2] === '--parse') {
  // The baseline: every child's files parsed with yaml in one thread, the objects kept.
  const yaml = require('yaml');
  const files = process.argv.slice(3);
  const kept = [];
  for (const f of files) for (const d of yaml.parseAllDocuments(fs.readFileSync(f, 'utf8'))) kept.push(d.toJS());
  process.stdout.write(String(kept.length));
  process.exit(0);
}

function generate(root) {
  const yaml = require('yaml');
  const parent = [];
  const files = [];
  for (let a = 0; a < APPS; a++) {
    const name = `app-${String(a).padStart(3, '0')}`;
    parent.push(yaml.stringify({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name, namespace: 'argocd', annotations: { 'argocd.argoproj.io/sync-wave': String(a % 10) } },
      spec: { project: 'default', source: { repoURL: 'https://git.example.com/platform.git', path: `apps/${name}` }, destination: { namespace: name } },
    }));
    const dir = path.join(root, 'apps', name);
    fs.mkdirSync(dir, { recursive: true });
    const docs = [];
    for (let o = 0; o < OBJECTS; o++) {
      const wave = { 'argocd.argoproj.io/sync-wave': String(o % 4) };
      docs.push(yaml.stringify(o % 2 === 0
        ? { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `config-${o}`, annotations: wave }, data: { key: `value-${o}` } }
        : {
          apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: `web-${o}`, annotations: wave },
          spec: { selector: { matchLabels: { app: `web-${o}` } }, template: { metadata: { labels: { app: `web-${o}` } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } } },
        }));
    }
    const file = path.join(dir, 'all.k8s.yaml');
    fs.writeFileSync(file, docs.join('---\n'));
    files.push(file);
  }
  fs.mkdirSync(path.join(root, 'parent'));
  fs.writeFileSync(path.join(root, 'parent', 'apps.yaml'), parent.join('---\n'));
  return files;
}

function wall(args, cwd) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--require', path.join(__dirname, 'cpu-at-exit.js'), ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 30,
    env: { ...process.env, CDK8S_CHECK_UPGRADE: 'false', } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const cpu = /bench-cpu-ms ([\d.]+)/.exec(r.stderr);
  return { ms, cpuMs: cpu ? Number(cpu[1]) : NaN, bytes: r.stdout.length };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'syncplan-fanout-'));
try {
  const files = generate(root);
  // The installed CLI (the launcher of one bundled file; its workers start from it too); main.js if it is missing.
  const bundle = path.join(ROOT, 'lib/cli/syncplan.js');
  const cli = fs.existsSync(bundle) ? bundle : path.join(ROOT, 'lib/cli/main.js');
  const plan = ['plan', 'parent', '--repo-root', '.', '--format', 'json'];
  const variants = {
    parse: [__filename, '--parse', ...files],
    plan: [cli, ...plan],
    planOneThread: [cli, ...plan, '--workers', '0'],
  };
  const names = Object.keys(variants);
  const runs = Object.fromEntries(names.map((v) => [v, []]));
  let output;
  for (let r = 0; r < ROUNDS; r++) {
    // Rotate which goes first, so drift on a shared machine hits all alike.
    for (let k = 0; k < names.length; k++) {
      const v = names[(r + k) % names.length];
      const run = wall(variants[v], root);
      if (v !== 'parse') {
        if (output !== undefined && run.bytes !== output) throw new Error(`${v}: ${run.bytes} bytes of output, ${output} before: not the same output`);
        output = run.bytes;
      }
      runs[v].push(run);
    }
  }
  const m = Object.fromEntries(names.map((v) => [v, median(runs[v].map((x) => x.ms))]));
  const cpu = Object.fromEntries(names.map((v) => [v, median(runs[v].map((x) => x.cpuMs))]));
  const range = (v) => `${Math.min(...runs[v].map((x) => x.ms / m.parse)).toFixed(2)}-${Math.max(...runs[v].map((x) => x.ms / m.parse)).toFixed(2)}x`;
  const cores = os.availableParallelism();
  const result = {
    apps: APPS, objects: OBJECTS, cores, load: os.loadavg()[0], medianMs: m, cpuMs: cpu,
    ratios: { plan: m.plan / m.parse, planOneThread: m.planOneThread / m.parse },
    roundsMs: Object.fromEntries(names.map((v) => [v, runs[v].map((x) => x.ms)])),
    // What the cores allow at best: all the CPU time of the fanned-out run spread evenly over them,
    // against the parse's CPU time (on a quiet machine its wall time; CPU against CPU under load).
    bestRatio: cpu.plan / cores / cpu.parse,
  };
  if (!process.argv.includes('--json') || process.argv.includes('--verbose')) {
    console.log(`${APPS} Applications x ${OBJECTS} objects, ${cores} cores (load ${result.load.toFixed(1)}), median of ${ROUNDS} rotating rounds; ${path.relative(ROOT, cli)}`);
    console.log('                                   wall ms   CPU ms   wall vs parse (min-max)');
    const row = (label, v) => console.log(`  ${label.padEnd(31)} ${m[v].toFixed(0).padStart(7)}  ${cpu[v].toFixed(0).padStart(7)}   ${(m[v] / m.parse).toFixed(2)}x (${range(v)})`);
    row('yaml parse, one thread', 'parse');
    row('syncplan plan --repo-root', 'plan');
    row('the same with --workers 0', 'planOneThread');
    console.log(`  best the ${cores} cores allow: the fanned-out run's CPU / ${cores} = ${(cpu.plan / cores).toFixed(0)} ms (${result.bestRatio.toFixed(2)}x the parse's CPU)`);
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
