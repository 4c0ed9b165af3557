#!/usr/bin/env node
/**
 * A step of compile: writes V8's code cache of the bundled CLI (lib/cli/syncplan-bundle.js) for the
 * Node running it. It holds the bytecode of what `syncplan plan` of an example runs, in text and
 * JSON, so the installed `syncplan` deserializes that instead of compiling it (src/cli/code-cache.ts).
 */
'use strict';
const fs = require('fs');
const path = require('path');
const { BUNDLE_FILE, codeCacheFile, compileBundle, isCodeCacheName, runBundle, writeCodeCache } = require('../lib/cli/code-cache');

const dir = path.join(__dirname, '..', 'lib', 'cli');
const file = path.join(dir, BUNDLE_FILE);
const example = path.join(__dirname, '..', 'examples', 'manifests', 'workflow-console.yaml');

// Each run adds the bytecode of the functions it ran: the JSON output adds 4 kB to 620 kB.
const runs = [['plan', example], ['plan', example, '--format', 'json']];

const bundle = fs.readFileSync(file);
// The launcher reads the bundle as latin1, which is UTF-8 only for ASCII.
const wide = bundle.findIndex((b) => b > 0x7f);
if (wide >= 0) {
  const line = bundle.subarray(0, wide).toString('latin1').split('\n').length;
  console.error(`code-cache: ${path.relative(process.cwd(), file)}:${line} has a character outside ASCII; write it as a \\u escape in the source`);
  process.exit(1);
}
const script = compileBundle(file, bundle.toString('latin1'));
// The output is not wanted, only what running it compiled. A CLI run writes its result to fd 1
// with fs.writeSync (src/cli/stdout.ts), which the bundle looks up on the fs module at each call;
// anything else goes through process.stdout.
const write = process.stdout.write;
const writeSync = fs.writeSync;
process.stdout.write = () => true;
fs.writeSync = (fd, data, ...rest) => (fd === 1 ? (typeof rest[1] === 'number' ? rest[1] : Buffer.byteLength(data)) : writeSync(fd, data, ...rest));
function restoreOutput() {
  process.stdout.write = write;
  fs.writeSync = writeSync;
}
/** Runs the bundle with `args` (the same script, so the same compiled functions, each run). */
function next() {
  const args = runs.shift();
  process.argv = [process.execPath, path.join(dir, 'syncplan.js'), ...args];
  runBundle(script, file);
}
process.on('beforeExit', () => {
  if (process.exitCode) {
    restoreOutput();
    console.error(`code-cache: syncplan ${process.argv.slice(2).join(' ')} exited ${process.exitCode}; no cache written`);
    process.exit(1);
  }
  if (runs.length > 0) return void setImmediate(next); // work for the loop, so beforeExit comes again
  restoreOutput();
  // Caches other Nodes wrote beside the previous bundle (a first plan writes one, src/cli/code-cache.ts)
  // go: made from another bundle they would only be rejected, and `npm pack` would ship them all.
  const own = path.basename(codeCacheFile(dir));
  for (const name of fs.readdirSync(dir)) {
    if (name !== own && isCodeCacheName(name)) fs.rmSync(path.join(dir, name), { force: true });
  }
  writeCodeCache(codeCacheFile(dir), bundle, script, (err) => {
    console.error(`code-cache: could not write the cache: ${err.message}`);
    process.exit(1);
  });
  process.exit(0);
});
next();
