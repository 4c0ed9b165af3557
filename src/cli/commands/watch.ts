/**
 * `syncplan watch APP_NAME`: reads the Application every interval (`kubectl get application NAME
 * -n NS -o json`, or any command that prints it, e.g. `argocd app get {name} -o json`) and prints
 * transitions as they happen. Exit status 0 Succeeded, 1 Failed or timed out (with the blockers at
 * that moment), 2 bad input or a command that fails.
 */
import { spawnSync } from 'child_process';
import { renameSync, writeFileSync } from 'fs';
import { InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';
import type { Explanation } from '../../argo/live/explanation';
import type * as TransitionsModule from '../../argo/live/transitions';
import type * as TextModule from '../../report/explain-text';
import type * as EventsModule from '../../report/watch-events';
import type * as ErrorsModule from '../errors';
import type { ExplainFlags } from '../live-input';

/* eslint-disable @typescript-eslint/no-require-imports */

export interface WatchFlags extends ExplainFlags {
  readonly namespace: string;
  readonly interval: number;
  readonly timeout: number;
  readonly command?: string;
  readonly textfile?: string;
}

/** `500ms`, `5s`, `2m`, `1h` (or plain seconds) → milliseconds. */
export function parseDuration(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value.trim());
  if (!m) throw new InvalidArgumentError('expected a duration such as 500ms, 5s, 2m or 1h');
  const n = Number(m[1]) * ({ ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] ?? 's'] ?? 1000);
  if (n <= 0) throw new InvalidArgumentError('expected a duration above zero');
  return n;
}

/** The command to run, as argv: `--command` with {name} and {namespace} filled in, split on spaces (no shell). */
export function commandArgv(name: string, namespace: string, command?: string): string[] {
  if (!command) return ['kubectl', 'get', 'application', name, '-n', namespace, '-o', 'json'];
  return command.trim().split(/\s+/).map(w => w.replace(/\{name\}/g, name).replace(/\{namespace\}/g, namespace));
}

function readApplicationOnce(argv: readonly string[]): unknown {
  const { UsageError }: typeof ErrorsModule = require('../errors');
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 2 ** 20 });
  if (r.error) throw new UsageError(`${argv.join(' ')}: cannot run it (${(r.error as NodeJS.ErrnoException).code ?? r.error.message}); is ${argv[0]} on PATH? --command sets another`);
  if (r.status !== 0) {
    const why = (r.stderr || r.stdout || '').trim().split('\n')[0] || `exit status ${r.status}`;
    throw new UsageError(`${argv.join(' ')} failed: ${why}`);
  }
  try {
    return JSON.parse(r.stdout);
  } catch {
    throw new UsageError(`${argv.join(' ')} printed no JSON: give a command that prints the Application with -o json`);
  }
}

const sleep = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms));

export function register(program: Command): void {
  const cmd = program
    .command('watch')
    .summary('follow a live Application\'s sync and print each transition: wave started, resource Healthy, stalled, failed, finished')
    .description('Read the Application every --interval with kubectl (or --command) and print transitions as they happen: '
      + 'a wave started, a resource became Healthy, stalled for N minutes on X, a hook failed, the operation finished. '
      + 'A progress line on a terminal, plain lines when piped; --format ndjson for a log shipper, prometheus for a '
      + 'textfile collector. Exit status: 0 Succeeded, 1 Failed or timed out (the blockers at that moment are printed), 2 bad input.')
    .argument('<app-name>', 'the Application\'s name')
    .option('-n, --namespace <ns>', 'the namespace the Application lives in', 'argocd')
    .option('--interval <duration>', 'time between readings (500ms, 5s, 1m)', parseDuration, 5000)
    .option('--timeout <duration>', 'give up after this long (exit 1)', parseDuration, 30 * 60_000)
    .option('--command <command>', 'the command that prints the Application as JSON; {name} and {namespace} are filled in '
      + '(default: kubectl get application {name} -n {namespace} -o json; e.g. "argocd app get {name} -o json")')
    .option('--textfile <path>', 'with --format prometheus: write each reading to this file atomically (for node_exporter\'s textfile collector) instead of stdout')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'ndjson', 'prometheus']).default('text'));
  cmd.action(async (name: string, flags: WatchFlags) => {
    process.exitCode = await watch(name, flags);
  });
}

/** The watch loop; resolves to the exit status. */
export async function watch(name: string, flags: WatchFlags): Promise<number> {
  const { explainValue }: typeof import('../live-input') = require('../live-input');
  const { transitions, INITIAL_WATCH_STATE, isFinished }: typeof TransitionsModule = require('../../argo/live/transitions');
  const events: typeof EventsModule = require('../../report/watch-events');
  const { refKey }: typeof import('../../argo/live/application') = require('../../argo/live/application');
  const argv = commandArgv(name, flags.namespace, flags.command);
  const tty = flags.format === 'text' && process.stdout.isTTY === true;
  const started = Date.now();
  let state = INITIAL_WATCH_STATE;
  let progress = false;
  const out = (line: string) => {
    if (progress) process.stdout.write('\r\x1b[2K');
    progress = false;
    process.stdout.write(line + '\n');
  };
  const sources = {};
  for (;;) {
    const now = Date.now();
    const value = readApplicationOnce(argv);
    const e: Explanation = explainValue(value, argv.join(' '), 0, { ...flags, now }, [], sources);
    const step = transitions(state, e, now);
    state = step.state;
    for (const ev of step.events) {
      if (flags.format === 'ndjson') out(events.eventJson(ev));
      else if (flags.format === 'text') out(events.eventLine(ev));
    }
    if (flags.format === 'prometheus') {
      const text = events.prometheusText(e, now, state.firstSeen, refKey);
      if (flags.textfile) {
        writeFileSync(`${flags.textfile}.tmp`, text);
        renameSync(`${flags.textfile}.tmp`, flags.textfile);
      } else {
        process.stdout.write(text + '\n');
      }
    }
    if (isFinished(e)) {
      if (tty && progress) out('');
      if (e.operationPhase !== 'Succeeded' && flags.format === 'text') {
        const { blockerLines }: typeof TextModule = require('../../report/explain-text');
        for (const b of e.blockers) for (const l of blockerLines(b)) out(l);
      }
      return e.operationPhase === 'Succeeded' ? 0 : 1;
    }
    if (now - started >= flags.timeout) {
      const timeout = { event: 'timeout' as const, time: now, app: e.app.name, ...(e.operationPhase ? { operationPhase: e.operationPhase } : {}), secondsWaiting: Math.floor((now - started) / 1000), message: `${e.blockers.length} task(s) still awaited` };
      if (flags.format === 'ndjson') {
        out(events.eventJson(timeout));
        for (const b of e.blockers) {
          out(events.eventJson({ event: 'stalled', time: now, app: e.app.name, resource: `${b.kind}/${b.name}`, namespace: b.namespace, ...(b.health ? { health: b.health } : {}), ...(b.message ? { message: b.message } : {}), ...(b.reason ? { reason: b.reason } : {}), secondsWaiting: Math.floor((now - (state.firstSeen.get(refKey(b)) ?? now)) / 1000) }));
        }
      } else if (flags.format === 'text') {
        const { blockerLines }: typeof TextModule = require('../../report/explain-text');
        out(events.eventLine(timeout));
        for (const b of e.blockers) for (const l of blockerLines(b)) out(l);
      }
      return 1;
    }
    if (tty) {
      process.stdout.write(`\r\x1b[2K${events.progressLine(e, now, state.firstSeen, refKey)}`);
      progress = true;
    }
    await sleep(Math.min(flags.interval, Math.max(0, flags.timeout - (Date.now() - started))));
  }
}
