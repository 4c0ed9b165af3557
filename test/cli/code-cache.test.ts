/**
 * The installed `syncplan` loads the bundle from V8's code cache the compile step wrote, and only
 * a cache that is whole and made from that bundle: V8 trusts what it is given (a damaged cache
 * crashes the process). Without one it runs the bundle as a module, with the same output.
 */
import { spawnSync } from 'child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { launcherPackage, tempDirEach } from './helpers';
import { BUNDLE_FILE, checkedCodeCache, codeCacheBytes, codeCacheFile, compileBundle, writeCodeCache, writesCodeCache } from '../../src/cli/code-cache';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');
const LIB_CLI = join(ROOT, 'lib', 'cli');
const EXAMPLE = 'examples/manifests/workflow-console.yaml'; // relative to ROOT, where each run starts
const dir = tempDirEach('syncplan-code-cache');

function run(bin: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The size of V8's cache of the bundle's top level, compiled in a Node of its own: in this process
 * V8 may already hold the bundle compiled whole (Node 24 hands `compileBundle` the script it
 * deserialized from a cache a moment before, every function included).
 */
function topLevelCacheBytes(bundle: string): number {
  const script = `const { compileBundle } = require(${JSON.stringify(join(LIB_CLI, 'code-cache.js'))});
    const file = ${JSON.stringify(bundle)};
    process.stdout.write(String(compileBundle(file, require('fs').readFileSync(file, 'latin1')).createCachedData().length));`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`compiling the bundle in a child failed: ${r.stderr}`);
  return Number(r.stdout);
}

/** The installed CLI copied into this test's folder, with no code cache; returns its lib/cli. */
const copyOfPackage = (): string => launcherPackage(dir());

test('the compile step wrote a cache for this Node, made from the bundle beside it, and V8 accepts it', () => {
  const file = codeCacheFile(LIB_CLI);
  expect(existsSync(file)).toBe(true);
  const bundle = readFileSync(join(LIB_CLI, BUNDLE_FILE));
  // ASCII, so the launcher's latin1 read is the UTF-8 one (the compile step refuses a bundle that is not).
  expect(bundle.findIndex((b) => b > 0x7f)).toBe(-1);
  const cachedData = checkedCodeCache(readFileSync(file), bundle);
  expect(cachedData).toBeDefined();
  expect(compileBundle(join(LIB_CLI, BUNDLE_FILE), bundle.toString('latin1'), cachedData).cachedDataRejected).toBe(false);
});

test('the compile step leaves its own cache alone beside the bundle: those other Nodes wrote go, so npm pack ships one', () => {
  // The compile step's script and what it reads, laid out as in the repository.
  const cli = copyOfPackage();
  const root = dir();
  mkdirSync(join(root, 'scripts'));
  mkdirSync(join(root, 'examples', 'manifests'), { recursive: true });
  copyFileSync(join(ROOT, 'scripts', 'code-cache.js'), join(root, 'scripts', 'code-cache.js'));
  copyFileSync(join(ROOT, EXAMPLE), join(root, EXAMPLE));
  const others = ['syncplan-bundle.deadbeef.v8cache', 'syncplan-bundle.0.v8cache', 'syncplan-bundle.deadbeef.v8cache.12345.tmp'];
  for (const f of others) writeFileSync(join(cli, f), 'a cache of another Node');
  writeFileSync(join(cli, 'notes.txt'), 'not a cache');
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'code-cache.js')], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  expect(r.stderr).toBe('');
  // The plans it runs write nothing: every compile (so `npm run demo`) would print them.
  expect(r.stdout).toBe('');
  expect(r.status).toBe(0);
  const own = codeCacheFile(cli);
  expect(readdirSync(cli).sort()).toEqual(['code-cache.js', 'light-start.js', 'notes.txt', BUNDLE_FILE, 'syncplan.js', own.slice(cli.length + 1)].sort());
  expect(checkedCodeCache(readFileSync(own), readFileSync(join(cli, BUNDLE_FILE)))).toBeDefined();
});

test('the cache is named by V8\'s version tag, so another Node or other V8 flags do not find it', () => {
  expect(codeCacheFile('/x', 0x839dbe75)).toBe(join('/x', 'syncplan-bundle.839dbe75.v8cache'));
  const tag = spawnSync(process.execPath, ['--no-opt', '-p', 'require("v8").cachedDataVersionTag()'], { encoding: 'utf8' }).stdout.trim();
  expect(codeCacheFile('/x', Number(tag))).not.toBe(codeCacheFile('/x'));
});

describe.each([
  ['no cache', (_cli: string) => undefined],
  ['a damaged cache', (cli: string) => {
    const bytes = readFileSync(codeCacheFile(LIB_CLI));
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] + 1) % 256;
    writeFileSync(codeCacheFile(cli), bytes);
  }],
  ['the cache of another bundle', (cli: string) => {
    const data = checkedCodeCache(readFileSync(codeCacheFile(LIB_CLI)), readFileSync(join(LIB_CLI, BUNDLE_FILE)))!;
    writeFileSync(codeCacheFile(cli), codeCacheBytes(Buffer.from('another bundle'), data));
  }],
])('with %s, the launcher runs the bundle as a module', (_name, prepare) => {
  test.each([[['--version']], [['plan', EXAMPLE]], [['plan', 'no-such-file.yaml']]])('syncplan %j prints what the installed one prints', (args) => {
    const cli = copyOfPackage();
    prepare(cli);
    expect(run(join(cli, 'syncplan.js'), args)).toEqual(run(join(LIB_CLI, 'syncplan.js'), args));
  });
});

test('without a cache, Node\'s own compile cache is enabled where Node has one (22.1 on)', () => {
  const cli = copyOfPackage();
  const preload = join(dir(), 'node22.js');
  writeFileSync(preload, 'require("module").enableCompileCache = () => process.stderr.write("compile cache enabled\\n");');
  const r = run(join(cli, 'syncplan.js'), ['--version'], { ...process.env, NODE_OPTIONS: `--require ${preload}` });
  expect(r).toEqual({ code: 0, stdout: `${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n`, stderr: 'compile cache enabled\n' });
});

test('checkedCodeCache returns V8\'s data only from a whole file made from the same bundle', () => {
  const bytes = fc.uint8Array({ minLength: 1, maxLength: 64 });
  fc.assert(fc.property(bytes, bytes, fc.nat(), fc.integer({ min: 1, max: 255 }), (bundle, data, at, flip) => {
    const file = codeCacheBytes(bundle, data);
    expect(checkedCodeCache(file, bundle)).toEqual(Buffer.from(data));
    const damaged = Buffer.from(file);
    damaged[at % damaged.length] = (damaged[at % damaged.length] + flip) % 256;
    expect(checkedCodeCache(damaged, bundle)).toBeUndefined();
    expect(checkedCodeCache(file.subarray(0, file.length - 1), bundle)).toBeUndefined();
    const other = Uint8Array.from(bundle);
    other[at % other.length] = (other[at % other.length] + flip) % 256;
    expect(checkedCodeCache(file, other)).toBeUndefined();
  }));
});

describe('a Node the compile step wrote no cache for', () => {
  test('the first plan writes one beside the bundle, made from it and whole; the next plan loads it and leaves it as it is', () => {
    const cli = copyOfPackage();
    const file = codeCacheFile(cli);
    const first = run(join(cli, 'syncplan.js'), ['plan', EXAMPLE]);
    expect(first).toEqual(run(join(LIB_CLI, 'syncplan.js'), ['plan', EXAMPLE]));
    const bundle = readFileSync(join(cli, BUNDLE_FILE));
    const written = readFileSync(file);
    const cachedData = checkedCodeCache(written, bundle);
    expect(cachedData).toBeDefined();
    expect(compileBundle(join(cli, BUNDLE_FILE), bundle.toString('latin1'), cachedData).cachedDataRejected).toBe(false);
    // What the plan compiled is in it: more than the bundle's top level (Node's own compile cache holds only that).
    expect(cachedData!.length).toBeGreaterThan(2 * topLevelCacheBytes(join(cli, BUNDLE_FILE)));
    expect(run(join(cli, 'syncplan.js'), ['lint', EXAMPLE])).toEqual(run(join(LIB_CLI, 'syncplan.js'), ['lint', EXAMPLE]));
    expect(readFileSync(file).equals(written)).toBe(true); // accepted, so not written again
    expect(readdirSync(cli).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  test.each([
    ['--version', ['--version']],
    ['a plan refused (exit 2)', ['plan', 'no-such-file.yaml']],
    ['another command', ['diagram', EXAMPLE]],
  ])('%s writes none', (_name, args) => {
    const cli = copyOfPackage();
    expect(run(join(cli, 'syncplan.js'), args)).toEqual(run(join(LIB_CLI, 'syncplan.js'), args));
    expect(readdirSync(cli).sort()).toEqual(['code-cache.js', 'light-start.js', BUNDLE_FILE, 'syncplan.js'].sort());
  });

  test('NODE_DISABLE_COMPILE_CACHE turns it off: nothing written, nothing read', () => {
    const cli = copyOfPackage();
    const env = { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' };
    expect(run(join(cli, 'syncplan.js'), ['plan', EXAMPLE], env)).toEqual(run(join(LIB_CLI, 'syncplan.js'), ['plan', EXAMPLE]));
    expect(existsSync(codeCacheFile(cli))).toBe(false);
  });

  test('a place it cannot write leaves the plan as it was, with no word and no half-written file', () => {
    const cli = copyOfPackage();
    mkdirSync(join(codeCacheFile(cli), 'in-the-way'), { recursive: true }); // the rename onto a folder fails, as in a read-only package
    expect(run(join(cli, 'syncplan.js'), ['plan', EXAMPLE])).toEqual(run(join(LIB_CLI, 'syncplan.js'), ['plan', EXAMPLE]));
    expect(readdirSync(cli).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  test('the build step hears why a cache could not be written (onError), and nothing is left half-written', () => {
    const cli = copyOfPackage();
    const file = codeCacheFile(cli);
    mkdirSync(join(file, 'in-the-way'), { recursive: true });
    const bundle = readFileSync(join(cli, BUNDLE_FILE));
    const errors: unknown[] = [];
    writeCodeCache(file, bundle, compileBundle(join(cli, BUNDLE_FILE), bundle.toString('latin1')), (err) => errors.push(err));
    expect(errors).toHaveLength(1);
    expect((errors[0] as NodeJS.ErrnoException).code).toMatch(/^E/);
    expect(readdirSync(cli).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  test('the first plan removes what a killed write left behind, not the file of a write still running', () => {
    const cli = copyOfPackage();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid; // a process that has exited
    const abandoned = `${codeCacheFile(cli)}.${gone}.tmp`;
    const running = `${codeCacheFile(cli)}.${process.pid}.tmp`; // this test's own process runs
    writeFileSync(abandoned, 'half a cache');
    writeFileSync(running, 'a cache being written');
    expect(run(join(cli, 'syncplan.js'), ['plan', EXAMPLE]).code).toBe(0);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(checkedCodeCache(readFileSync(codeCacheFile(cli)), readFileSync(join(cli, BUNDLE_FILE)))).toBeDefined();
  });

  test('a cache V8 would crash on by a whole one at the next plan', () => {
    const cli = copyOfPackage();
    writeFileSync(codeCacheFile(cli), Buffer.from('not a cache'));
    expect(run(join(cli, 'syncplan.js'), ['plan', EXAMPLE]).code).toBe(0);
    expect(checkedCodeCache(readFileSync(codeCacheFile(cli)), readFileSync(join(cli, BUNDLE_FILE)))).toBeDefined();
  });
});

test('only a plan or lint of the main thread writes it: plan --repo-root runs this launcher in its workers too', async () => {
  expect(writesCodeCache(['node', 'syncplan', 'plan'])).toBe(true);
  expect(writesCodeCache(['node', 'syncplan', 'lint'])).toBe(true);
  expect(writesCodeCache(['node', 'syncplan', 'explain'])).toBe(false);
  expect(writesCodeCache(['node', 'syncplan', '--version'])).toBe(false);
  const { Worker } = await import('worker_threads');
  const inWorker = await new Promise((resolve, reject) => {
    const w = new Worker(`require('worker_threads').parentPort.postMessage(require(${JSON.stringify(join(LIB_CLI, 'code-cache.js'))}).writesCodeCache(['node', 'syncplan', 'plan']))`, { eval: true });
    w.once('message', resolve);
    w.once('error', reject);
  });
  expect(inWorker).toBe(false);
});
