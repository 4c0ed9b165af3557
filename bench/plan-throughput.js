#!/usr/bin/env node
/**
 * Plan and lint throughput: `syncplan plan|lint --format json` on N documents against parsing the same files
 * with `yaml` alone, measured in the same run, each in its own child process (so peak RSS is
 * per run). Needs a compiled `lib/` (`npx projen compile`).
 *
 *   node bench/plan-throughput.js [--sizes 10000,20000] [--rounds 3] [--json]   (--json: medians as a last line)
 *   node bench/plan-throughput.js --generate 10000     (only writes the documents, prints the folder)
 *
 * Baselines: `yaml.parseAllDocuments(text)` then `toJS()` per document (the plain way to read a
 * multi-document file), and the fastest way `yaml` offers (Parser + Composer streaming one
 * document at a time). Targets (issue #15): CPU <= 1.15x and peak RSS <= 1.3x the plain parse.
 */
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.join(__dirname, '..');

// ---------------------------------------------------------------------------------------------
// Child: one measured run, result as JSON on file descriptor 3 (stdout is the command's, /dev/null).
if (process.argv[2] === '--child') {
  const [mode, dir] = process.argv.slice(3);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort().map((f) => path.join(dir, f));
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  const kept = []; // parsing yields the objects: keep them, as the plan keeps its manifests
  if (mode === 'plan' || mode === 'lint') {
    // The installed `syncplan` (the `bin`, as `npx syncplan` runs it), writing its output to
    // /dev/null (discarded, as a pipe's reader would); measured once it is done.
    const bin = path.join(ROOT, require(path.join(ROOT, 'package.json')).bin.syncplan);
    process.argv = [process.execPath, bin, mode, dir, '--format', 'json'];
    process.once('beforeExit', () => {
      if (process.exitCode > 1) throw new Error(`syncplan ${mode} exited ${process.exitCode}`); // 1: findings at error level
      process.exitCode = 0;
      done(0);
    });
    require(bin);
  } else {
    const YAML = require(path.join(ROOT, 'node_modules/yaml'));
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      if (mode === 'parse') {
        for (const doc of YAML.parseAllDocuments(text)) kept.push(doc.toJS());
      } else {
        const composer = new YAML.Composer();
        for (const doc of composer.compose(new YAML.Parser().parse(text))) kept.push(doc.toJS());
      }
    }
    done(kept.length);
  }
  function done(n) {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const cpu = process.cpuUsage(cpuStart);
    fs.writeSync(3, JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, maxRssMiB: process.resourceUsage().maxRSS / 1024, n }) + '\n');
  }
  return;
}

// ---------------------------------------------------------------------------------------------
// Parent: generate, run rounds, print a table.
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const sizes = arg('sizes', '10000,20000').split(',').map(Number);
const rounds = Number(arg('rounds', '3'));

/** One service: ConfigMap, Secret, Deployment, Service in waves 0/1/2 (4 documents). */
function service(i) {
  const name = `svc-${String(i).padStart(5, '0')}`;
  const labels = `app.kubernetes.io/name: ${name}\n    app.kubernetes.io/part-of: bench\n    tier: t${i % 4}`;
  return `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}-config
  labels:
    ${labels}
  annotations:
    argocd.argoproj.io/sync-wave: "0"
data:
  LOG_LEVEL: info
  FEATURE_FLAGS: "a,b,c"
  UPSTREAM: http://svc-${String((i + 1) % 1000).padStart(5, '0')}.bench.svc:8080
---
apiVersion: v1
kind: Secret
metadata:
  name: ${name}-db
  annotations:
    argocd.argoproj.io/sync-wave: "0"
type: Opaque
stringData:
  DATABASE_URL: postgresql://${name}@postgres.db.svc/${name}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  labels:
    ${labels}
  annotations:
    argocd.argoproj.io/sync-wave: "1"
spec:
  replicas: 2
  selector:
    matchLabels:
      app.kubernetes.io/name: ${name}
  template:
    metadata:
      labels:
        app.kubernetes.io/name: ${name}
    spec:
      containers:
        - name: app
          image: registry.internal/${name}:1.${i % 10}.0
          ports:
            - containerPort: 8080
          envFrom:
            - configMapRef:
                name: ${name}-config
            - secretRef:
                name: ${name}-db
          resources:
            requests: { cpu: 100m, memory: 128Mi }
            limits: { memory: 256Mi }
          readinessProbe:
            httpGet: { path: /healthz, port: 8080 }
---
apiVersion: v1
kind: Service
metadata:
  name: ${name}
  annotations:
    argocd.argoproj.io/sync-wave: "2"
spec:
  selector:
    app.kubernetes.io/name: ${name}
  ports:
    - port: 80
      targetPort: 8080
`;
}

/** A PreSync migration and a PostSync smoke test, one pair per 100 services. */
function hooks(i) {
  const job = (name, hook) => `apiVersion: batch/v1
kind: Job
metadata:
  name: ${name}
  annotations:
    argocd.argoproj.io/hook: ${hook}
    argocd.argoproj.io/hook-delete-policy: BeforeHookCreation
spec:
  backoffLimit: 1
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: run
          image: registry.internal/tools:1.0
          command: ["/bin/run", "${name}"]
`;
  return `${job(`migrate-${i}`, 'PreSync')}---\n${job(`smoke-${i}`, 'PostSync')}`;
}

/** Writes `docs` documents into a fresh temp folder, one file per service; returns the folder. */
function generate(docs) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `syncplan-bench-${docs}-`));
  let written = 0;
  for (let i = 0; written < docs; i++) {
    let text = service(i);
    let n = 4;
    if (i % 100 === 0 && written + 6 <= docs) {
      text += `---\n${hooks(i / 100)}`;
      n += 2;
    }
    if (written + n > docs) text = text.split('\n---\n').slice(0, docs - written).join('\n---\n');
    fs.writeFileSync(path.join(dir, `svc-${String(i).padStart(5, '0')}.yaml`), text);
    written += Math.min(n, docs - written);
  }
  return dir;
}

function run(mode, dir) {
  const r = spawnSync(process.execPath, [__filename, '--child', mode, dir], { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${mode} run failed: ${r.stderr}`);
  return JSON.parse(r.output[3]);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x, d = 0) => x.toFixed(d).padStart(7);

if (process.argv[2] === '--generate') {
  // `--generate N`: write the documents into a temp folder and print its path, for profiling.
  console.log(generate(Number(process.argv[3])));
  process.exit(0);
}
if (!fs.existsSync(path.join(ROOT, 'lib/cli/syncplan.js'))) {
  console.error('bench: lib/ is missing; run `npx projen compile` first');
  process.exit(2);
}
console.log(`plan throughput: node ${process.version}, ${os.cpus().length} x ${os.cpus()[0].model.trim()}, load ${os.loadavg()[0].toFixed(1)}; median of ${rounds} rounds`);
console.log('time = CPU time (user+sys) of the measured work, robust on a shared machine; wall-clock ratio in brackets');
console.log('   docs |   MB | parseAll ms | stream ms | plan ms | plan/parseAll |   plan/stream | lint ms | lint/parseAll | RSS parseAll | RSS plan | RSS ratio');
const results = []; // medians per size, for `--json` (bench/run-all.js)
for (const docs of sizes) {
  const dir = generate(docs);
  try {
    const mb = fs.readdirSync(dir).reduce((s, f) => s + fs.statSync(path.join(dir, f)).size, 0) / 2 ** 20;
    const res = { parse: [], stream: [], plan: [], lint: [] };
    for (let r = 0; r < rounds; r++) for (const mode of Object.keys(res)) res[mode].push(run(mode, dir));
    if (res.parse[0].n !== docs) throw new Error(`generated ${res.parse[0].n} documents, wanted ${docs}`);
    const cpu = (m) => median(res[m].map((x) => x.cpuMs));
    const wall = (m) => median(res[m].map((x) => x.ms));
    const rss = (m) => median(res[m].map((x) => x.maxRssMiB));
    const ratio = (a, b) => `${(cpu(a) / cpu(b)).toFixed(2)}x [${(wall(a) / wall(b)).toFixed(2)}x]`;
    const per = (f) => Object.fromEntries(Object.keys(res).map((m) => [m, f(m)]));
    // Each round's figures too, in round order (bench/run-all.js prints the range of the per-round ratios).
    const perRound = (f) => Object.fromEntries(Object.keys(res).map((m) => [m, res[m].map(f)]));
    results.push({ docs, mb, cpuMs: per(cpu), wallMs: per(wall), maxRssMiB: per(rss), roundsCpuMs: perRound((x) => x.cpuMs), roundsRssMiB: perRound((x) => x.maxRssMiB) });
    console.log(`${String(docs).padStart(7)} | ${mb.toFixed(1).padStart(4)} | ${fmt(cpu('parse')).padStart(11)} | ${fmt(cpu('stream')).padStart(9)} | ${fmt(cpu('plan'))} | `
      + `${ratio('plan', 'parse').padStart(13)} | ${ratio('plan', 'stream').padStart(13)} | ${fmt(cpu('lint'))} | ${ratio('lint', 'parse').padStart(13)} | `
      + `${fmt(rss('parse')).padStart(8)} MiB | ${fmt(rss('plan')).padStart(4)} MiB | ${(rss('plan') / rss('parse')).toFixed(2).padStart(8)}x`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
console.log('targets: plan/parseAll and lint/parseAll <= 1.15x; RSS plan/parseAll <= 1.3x (parse keeps the parsed objects, as the plan keeps its manifests)');
if (process.argv.includes('--json')) console.log(JSON.stringify({ results }));
