/**
 * The installed `syncplan` is `lib/cli/syncplan.js`, a launcher of one file esbuild bundles from
 * `bin.ts` at the compile step (start-up: one file read instead of ~170 modules resolved), from the
 * V8 code cache the compile step writes (`code-cache.test.ts`). It must be the same program as
 * `node lib/cli/main.js`, which the other CLI tests run: same stdout, stderr and exit status, byte
 * for byte, for every command.
 */
import { spawnSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { BUNDLE_FILE } from '../../src/cli/code-cache';

// Every case spawns node twice; on a busy machine that is slow, never hung.
jest.setTimeout(300_000);

const ROOT = join(__dirname, '..', '..');
const MAIN = join(ROOT, 'lib', 'cli', 'main.js');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const BIN = join(ROOT, packageJson.bin.syncplan);
const EXAMPLE = 'examples/manifests/workflow-console.yaml';

function run(bin: string, args: readonly string[], input: string) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function expectSame(args: readonly string[], input = ''): void {
  const installed = run(BIN, args, input);
  expect(installed).toEqual(run(MAIN, args, input));
}

test('bin launches the bundle from its code cache, and loads none of the modules it bundles', () => {
  expect(packageJson.bin.syncplan).toBe('lib/cli/syncplan.js');
  expect(existsSync(join(ROOT, 'lib', 'cli', BUNDLE_FILE))).toBe(true);
  // What a plan loads as modules: the launcher and its loader, then only Node's own modules (the
  // bundle is compiled from the cache, not required; fengari, not used here, stays external).
  const script = `process.argv = ['node', 'syncplan', 'plan', ${JSON.stringify(EXAMPLE)}]; require(${JSON.stringify(BIN)});
    process.on('exit', () => process.stderr.write(JSON.stringify(Object.keys(require.cache))));`;
  const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status).toBe(0);
  expect(JSON.parse(r.stderr)).toEqual([BIN, join(ROOT, 'lib', 'cli', 'light-start.js'), join(ROOT, 'lib', 'cli', 'code-cache.js')]);
});

test('a plan writes its result without opening process.stdout (a pipe here: Node would load net for it)', () => {
  // Reported through fd 2 directly, so the probe itself opens no stream either.
  const script = `process.argv = ['node', 'syncplan', 'plan', ${JSON.stringify(EXAMPLE)}]; require(${JSON.stringify(BIN)});
    process.on('exit', () => require('fs').writeSync(2, JSON.stringify(process.moduleLoadList)));`;
  const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status).toBe(0);
  expect(r.stdout).toEqual(run(MAIN, ['plan', EXAMPLE], '').stdout);
  expect(JSON.parse(r.stderr).filter((m: string) => /^(NativeModule net|Internal Binding (pipe|tty)_wrap)$/.test(m))).toEqual([]);
});

test('a plan loads no child_process (nor dgram with it): commander asks for it at its top, and gets it only when it spawns', () => {
  const modules = (args: readonly string[]) => {
    const script = `process.argv = ['node', 'syncplan', ...${JSON.stringify(args)}]; require(${JSON.stringify(BIN)});
      process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList)));`;
    const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBeLessThan(2); // lint's findings exit 1
    return JSON.parse(r.stderr) as string[];
  };
  for (const args of [['plan', EXAMPLE], ['--version'], ['lint', EXAMPLE, '-f', 'json']]) {
    expect(modules(args).filter((m) => /^NativeModule (child_process|dgram)$/.test(m))).toEqual([]);
  }
  // What it is served when it does ask: Node's own functions.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const served = require('../../lib/cli/commander-child-process.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const real = require('child_process');
  expect(served.spawn).toBe(real.spawn);
  expect(Object.keys(served).sort()).toEqual(Object.keys(real).sort());
  expect('spawn' in served).toBe(true);
});

test.each([
  [['--version']],
  [['--help']],
  [['plan', '--help']],
  [['plan', EXAMPLE]],
  [['plan', EXAMPLE, '-f', 'json', '--namespace', 'workflow']],
  [['lint', EXAMPLE, '-f', 'sarif']],
  [['lint', '--list-rules']],
  [['simulate', EXAMPLE]],
  [['diagram', EXAMPLE, '-f', 'mermaid']],
  [['plan', 'no-such-file.yaml']],
  [['plan', EXAMPLE, '--bogus']],
  [['no-such-command']],
])('syncplan %j: the installed bin and lib/cli/main.js print the same', (args) => {
  expectSame(args);
});

/** Objects with random kinds, waves, hooks and delete policies (some invalid, so findings and errors show). */
const manifest = fc.record({
  kind: fc.constantFrom('ConfigMap', 'Job', 'Deployment', 'Namespace', 'Service'),
  name: fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/),
  wave: fc.option(fc.constantFrom('-1', '0', '1', '2', 'x'), { nil: undefined }),
  hook: fc.option(fc.constantFrom('PreSync', 'Sync', 'PostSync', 'SyncFail', 'Skip', 'Bogus'), { nil: undefined }),
  policy: fc.option(fc.constantFrom('HookSucceeded', 'BeforeHookCreation', 'HookFailed'), { nil: undefined }),
});

function toYaml(m: { kind: string; name: string; wave?: string; hook?: string; policy?: string }): string {
  const apiVersion = m.kind === 'Job' ? 'batch/v1' : m.kind === 'Deployment' ? 'apps/v1' : 'v1';
  const annotations = [
    m.wave !== undefined ? `    argocd.argoproj.io/sync-wave: "${m.wave}"` : '',
    m.hook !== undefined ? `    argocd.argoproj.io/hook: ${m.hook}` : '',
    m.policy !== undefined ? `    argocd.argoproj.io/hook-delete-policy: ${m.policy}` : '',
  ].filter(Boolean);
  return `apiVersion: ${apiVersion}\nkind: ${m.kind}\nmetadata:\n  name: ${m.name}\n${annotations.length ? `  annotations:\n${annotations.join('\n')}\n` : ''}`;
}

test('on random manifests, every command prints the same from the installed bin as from lib/cli/main.js', () => {
  fc.assert(fc.property(
    fc.array(manifest, { minLength: 0, maxLength: 8 }),
    fc.constantFrom(['plan'], ['plan', '-f', 'json'], ['lint', '-f', 'json'], ['lint', '--strict'], ['simulate', '-f', 'json'], ['diagram']),
    (objects, command) => {
      expectSame([...command, '-'], objects.map(toYaml).join('---\n'));
    },
  ), { numRuns: 12 });
});
