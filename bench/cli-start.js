#!/usr/bin/env node
/**
 * CLI start: `syncplan --version` and `syncplan plan <one small file>` against `node -e 0`, wall
 * time of the whole process, alternating runs, median. Needs a compiled `lib/`.
 *
 *   node bench/cli-start.js [--rounds 15] [--json]   (--json: medians as a last line)
 *
 * Targets (issue #15): `--version` at most 1.3x and a small plan at most 1.8x `node -e 0`. Also lists the packages a plan loads (never cdk8s).
 * A reference, not a target: a fresh Node reading the same file with `yaml` (required from node_modules,
 * `parseAllDocuments`, `toJS`), the floor under any command that reads YAML, started as a plan starts.
 */
'use strict';
const { spawnSync } = require('child_process');
const os = require('os');
const path = require('path');

const ROOT = path.join(__dirname, '..');
// What users run (the `bin`: the launcher of the bundle), and the modules it is bundled from.
const BIN = path.join(ROOT, require(path.join(ROOT, 'package.json')).bin.syncplan);
const MAIN = path.join(ROOT, 'lib/cli/main.js');
const EXAMPLE = path.join(ROOT, 'examples/manifests/workflow-console.yaml');
const i = process.argv.indexOf('--rounds');
const rounds = i > 0 ? Number(process.argv[i + 1]) : 15;

const cases = {
  'node -e 0': ['-e', '0'],
  'syncplan --version': [BIN, '--version'],
  'syncplan plan <example>': [BIN, 'plan', EXAMPLE],
  'syncplan plan <example> -f json': [BIN, 'plan', EXAMPLE, '--format', 'json'],
  'yaml read of <example>': ['-e', `require(${JSON.stringify(path.join(ROOT, 'node_modules/yaml'))})
    .parseAllDocuments(require('fs').readFileSync(${JSON.stringify(EXAMPLE)}, 'utf8')).forEach((d) => d.toJS())`],
};

function time(args) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let r = 0; r < rounds; r++) for (const [name, args] of Object.entries(cases)) samples[name].push(time(args));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(samples['node -e 0']);

console.log(`cli start: node ${process.version}, ${os.cpus().length} x ${os.cpus()[0].model.trim()}, load ${os.loadavg()[0].toFixed(1)}; median of ${rounds} runs`);
for (const [name, xs] of Object.entries(samples)) {
  console.log(`  ${name.padEnd(34)} ${median(xs).toFixed(0).padStart(5)} ms  ${(median(xs) / base).toFixed(2)}x`);
}

// What a plan loads: packages only, by name.
const script = `require(${JSON.stringify(MAIN)}).main(['node', 'syncplan', 'plan', ${JSON.stringify(EXAMPLE)}]).then(() =>
  process.stderr.write(JSON.stringify(Object.keys(require.cache))))`;
const loaded = JSON.parse(spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] }).stderr);
const packages = [...new Set(loaded.filter((p) => p.includes('node_modules/')).map((p) => p.split('node_modules/').pop().split('/')[0]))];
console.log(`  packages a plan loads: ${packages.sort().join(', ')}`);
const floor = median(samples['yaml read of <example>']);
console.log(`  small plan vs the yaml read (reference): ${(median(samples['syncplan plan <example>']) / floor).toFixed(2)}x`);
console.log('targets: --version at most 1.3x, a small plan at most 1.8x node -e 0');
if (process.argv.includes('--json')) {
  // Medians, and each round's times in round order, as a last line for bench/run-all.js.
  console.log(JSON.stringify({ medianMs: Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, median(xs)])), roundsMs: samples, packages }));
}
