#!/usr/bin/env node
/**
 * The `syncplan` CLI. Exit status: 0 a result, 1 the result has errors, 2 unreadable input or bad
 * usage (one line on stderr naming file and line; never a stack trace).
 *
 * Each command lives in `commands/<name>.ts` and exports `register(program)`; adding one is one
 * line below. Commands import their heavy modules inside their action, so startup stays fast.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { Command, CommanderError } from 'commander';
import * as diagramCommand from './commands/diagram';
import * as explainCommand from './commands/explain';
import * as lintCommand from './commands/lint';
import * as planCommand from './commands/plan';
import * as reportCommand from './commands/report';
import * as simulateCommand from './commands/simulate';
import * as watchCommand from './commands/watch';
import { oneLine } from './errors';
import { writeDirectly } from './stdout';

function version(): string {
  try {
    return JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

/** Every command, in the order `--help` lists them. */
const COMMANDS: ReadonlyArray<readonly [string, (program: Command) => void]> = [
  ['plan', planCommand.register],
  ['simulate', simulateCommand.register],
  ['diagram', diagramCommand.register],
  ['report', reportCommand.register],
  ['lint', lintCommand.register],
  ['explain', explainCommand.register],
  ['watch', watchCommand.register],
];

/**
 * The commands a run with `args` (the arguments after the program's name) can reach: the one its
 * first argument names, none for `--version` (commander prints it before reading any command), else
 * all of them (help, suggestions for a misspelt command). Registering all 130 options of the seven
 * commands took 5 ms of a small plan's start-up; the output is the same (`main.test.ts` checks it).
 */
export function commandsFor(args: readonly string[]): ReadonlyArray<readonly [string, (program: Command) => void]> {
  const first = args[0];
  if (first === '-V' || first === '--version') return [];
  const named = COMMANDS.filter(([name]) => name === first);
  return named.length > 0 ? named : COMMANDS;
}

/** The program with the commands registered that `args` can reach (all when not given); errors surface as exceptions, not exits. */
export function buildProgram(args?: readonly string[]): Command {
  const program = new Command('syncplan')
    .description('Plan, check and draw the order Argo CD syncs Kubernetes manifests in.')
    .version(version(), '-V, --version')
    .addHelpText('after', '\nExit status: 0 a result, 1 the result has errors (Argo CD would fail the sync), '
      + '2 unreadable input or bad usage (one line on stderr naming file and line).')
    .showSuggestionAfterError(true)
    .exitOverride()
    // Commander's own errors (unknown option, bad choice, suggestions) as one line, like ours.
    .configureOutput({ outputError: (text, write) => write(`syncplan: ${text.replace(/^error: /, '').trim().replace(/\s*\n\s*/g, ' ')}\n`) });
  // Subcommands inherit the settings above, so register them after.
  for (const [, register] of args ? commandsFor(args) : COMMANDS) register(program);
  return program;
}

/** Runs the CLI; resolves to the exit status. */
export async function main(argv: readonly string[] = process.argv): Promise<number> {
  return execute(buildProgram(argv.slice(2)), argv);
}

/** @internal runs `program` on `argv` as `main` does (the test of `commandsFor` runs it with every command too) */
export async function execute(program: Command, argv: readonly string[]): Promise<number> {
  try {
    process.exitCode = 0;
    await program.parseAsync([...argv]);
    return Number(process.exitCode ?? 0);
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? 0 : 2; // --help and --version exit 0; commander already printed
    }
    process.stderr.write(oneLine(err) + '\n');
    if (process.env.SYNCPLAN_DEBUG) process.stderr.write(`${(err as Error)?.stack}\n`);
    return 2;
  }
}

/** Runs the CLI as a process: `process.argv` in, exit status out. */
export function run(): void {
  writeDirectly();
  void main().then((code) => {
    process.exitCode = code;
  });
}

// `node lib/cli/main.js`; the installed `syncplan` is the bundle of `bin.ts`.
if (require.main === module) run();
