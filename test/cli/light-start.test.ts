/**
 * `--version` and `--help` start from Node's compile cache, not V8's code cache of a plan
 * (`light-start.ts`): the same output, fewer modules. This Node may have no compile cache (Node 20),
 * so the child processes below give the launcher one that does nothing, to take the light start.
 */
import { spawnSync } from 'child_process';
import { join } from 'path';
import { printsOnlyHelp } from '../../src/cli/light-start';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');
const LIB_CLI = join(ROOT, 'lib', 'cli');
const EXAMPLE = 'examples/manifests/workflow-console.yaml';

test.each([
  [[], true],
  [['--version'], true],
  [['-V'], true],
  [['--help'], true],
  [['help', 'plan'], true],
  [['plan', '--help'], true],
  [['lint', 'dist/', '-h'], true],
  [['plan', EXAMPLE], false],
  [['lint', '--list-rules'], false],
  [['plan', '--', '--help'], false], // a file named --help
  [['plan', EXAMPLE, '--format', 'json'], false],
])('syncplan %j prints only help or the version: %s', (args, expected) => {
  expect(printsOnlyHelp(['node', 'syncplan', ...args])).toBe(expected);
});

/** Runs the installed launcher with `args` where Node has a compile cache; its output and the launcher modules it loaded. */
function launch(args: readonly string[], compileCache = true) {
  const script = `${compileCache ? "require('module').enableCompileCache = () => undefined;" : "delete require('module').enableCompileCache;"}
    process.argv = ['node', 'syncplan', ...${JSON.stringify(args)}];
    process.on('exit', () => process.stderr.write('\\u0000' + JSON.stringify(Object.keys(require.cache).map((f) => require('path').basename(f)))));
    require(${JSON.stringify(join(LIB_CLI, 'syncplan.js'))});`;
  const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  const [stderr, modules] = r.stderr.split('\u0000');
  return { code: r.status, stdout: r.stdout, stderr, modules: JSON.parse(modules) as string[] };
}

function direct(args: readonly string[]) {
  const r = spawnSync(process.execPath, [join(LIB_CLI, 'main.js'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test.each([[['--version']], [['--help']], [['plan', '--help']], [[]]])('syncplan %j: the bundle required as a module, neither V8\'s cache nor its loader; the same output', (args) => {
  const { modules, ...out } = launch(args);
  expect(modules).toEqual(['syncplan.js', 'light-start.js', 'syncplan-bundle.js']);
  expect(out).toEqual(direct(args));
});

test('a plan, and --version where Node has no compile cache, load the bundle from V8\'s code cache', () => {
  expect(launch(['plan', EXAMPLE]).modules).toEqual(['syncplan.js', 'light-start.js', 'code-cache.js']);
  const noCache = launch(['--version'], false);
  expect(noCache.modules).toEqual(['syncplan.js', 'light-start.js', 'code-cache.js']);
  expect(noCache.stdout).toBe(direct(['--version']).stdout);
});
