#!/usr/bin/env node
/**
 * A repository of many Applications planned in one call: `syncplan plan PARENT --repo-root DIR
 * --format json` on APPS child Applications of OBJECTS objects each, against a single-threaded
 * `yaml` parse of the same files (`parseAllDocuments` then `toJS()`), wall time, measured in the
 * same run, each in its own process; also with `--workers 0` (planning in one thread), so the
 * gain of the worker threads shows. Needs a compiled `lib/`.
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
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, CDK8S_CHECK_UPGRADE: 'false' } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, bytes: r.stdout.length };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'syncplan-fanout-'));
try {
  const files = generate(root);
  const main = path.join(ROOT, 'lib/cli/main.js');
  const times = { parse: [], plan: [], planOneThread: [] };
  for (let r = 0; r < ROUNDS; r++) {
    times.parse.push(wall([__filename, '--parse', ...files], root).ms);
    times.plan.push(wall([main, 'plan', 'parent', '--repo-root', '.', '--format', 'json'], root).ms);
    times.planOneThread.push(wall([main, 'plan', 'parent', '--repo-root', '.', '--format', 'json', '--workers', '0'], root).ms);
  }
  const m = { parse: median(times.parse), plan: median(times.plan), planOneThread: median(times.planOneThread) };
  const result = { apps: APPS, objects: OBJECTS, cores: os.availableParallelism(), medianMs: m, ratios: { plan: m.plan / m.parse, planOneThread: m.planOneThread / m.parse } };
  if (!process.argv.includes('--json') || process.argv.includes('--verbose')) {
    console.log(`${APPS} Applications x ${OBJECTS} objects, ${result.cores} cores, median of ${ROUNDS}`);
    console.log(`  yaml parse, one thread          ${m.parse.toFixed(0)} ms`);
    console.log(`  syncplan plan --repo-root       ${m.plan.toFixed(0)} ms  (${result.ratios.plan.toFixed(2)}x the parse)`);
    console.log(`  the same with --workers 0       ${m.planOneThread.toFixed(0)} ms  (${result.ratios.planOneThread.toFixed(2)}x the parse)`);
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
