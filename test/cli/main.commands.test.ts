/**
 * A run registers only the commands its arguments can reach (`commandsFor`), and prints exactly
 * what the program with every command registered prints: stdout, stderr and exit status.
 */
import * as fc from 'fast-check';
import { captured } from './run-cli';
import { buildProgram, commandsFor, execute } from '../../src/cli/main';

jest.setTimeout(120_000);

const EXAMPLE = 'examples/manifests/workflow-console.yaml';

/** A run of `args` in-process, with the commands they reach or with all of them. */
function outcome(allCommands: boolean, args: readonly string[]) {
  return captured(() => execute(allCommands ? buildProgram() : buildProgram(args), ['node', 'syncplan', ...args]));
}

test('the commands registered: the one the first argument names, none for --version, else all', () => {
  const names = (args: string[]) => commandsFor(args).map(([name]) => name);
  expect(names(['plan', EXAMPLE])).toEqual(['plan']);
  expect(names(['lint', '--strict'])).toEqual(['lint']);
  expect(names(['--version'])).toEqual([]);
  expect(names(['-V'])).toEqual([]);
  const all = ['plan', 'simulate', 'diagram', 'report', 'lint', 'explain', 'watch'];
  expect(names([])).toEqual(all);
  expect(names(['--help'])).toEqual(all);
  expect(names(['help', 'plan'])).toEqual(all);
  expect(names(['pla'])).toEqual(all);
  expect(names([EXAMPLE, 'plan'])).toEqual(all);
});

test.each([
  [[]], [['--help']], [['-h']], [['help']], [['help', 'lint']], [['--version']], [['-V', 'plan']], [['--version', '--bogus']],
  [['pla']], [['plan', '--help']], [['watch', '--help']], [['explain', '--help']], [['lint', '--list-rules']],
  [['plan', EXAMPLE]], [['plan', EXAMPLE, '--bogus']], [['plan', '--format', 'yaml', EXAMPLE]], [['simulate', 'no-such-file.yaml']],
])('syncplan %j prints the same with only the commands it reaches', async (args) => {
  expect(await outcome(false, args)).toEqual(await outcome(true, args));
});

test('on random arguments, a run prints the same with only the commands it reaches as with all', async () => {
  // watch and explain ask a cluster: only their help and usage errors run here.
  const first = fc.constantFrom('plan', 'simulate', 'diagram', 'report', 'lint', 'explain', 'watch', 'help', 'pla', '--help', '-V', '--version', '--bogus', EXAMPLE);
  const rest = fc.array(fc.constantFrom(EXAMPLE, 'no-such.yaml', '--format', 'json', 'sarif', 'mermaid', '--strict', '--bogus', '-h', '--version', 'plan'), { maxLength: 3 });
  await fc.assert(fc.asyncProperty(first, rest, async (command, more) => {
    const args = ['explain', 'watch'].includes(command) ? [command, ...more.filter((a) => a.startsWith('-')), '--help'] : [command, ...more];
    expect(await outcome(false, args)).toEqual(await outcome(true, args));
  }), { numRuns: 60 });
});
