/**
 * `syncplan watch APP_NAME [MANIFESTS...]`: reads the Application every interval (`kubectl get
 * application NAME -n NS -o json`, or any command that prints it, e.g. `argocd app get {name} -o
 * json`) and prints transitions as they happen. Since Argo CD 3.0 the Application as kubectl reads
 * it carries no per-resource health, so each reading can also run commands that print the app's
 * live objects or Argo CD's resource tree (`--live-command`, `--tree-command`), as `explain` reads
 * them from files. With the AppProject (`--project`), a sync held by a sync window says which window
 * and until when. An Application being deleted is followed stage by stage until it is gone. Exit
 * status 0 Succeeded (or deleted), 1 Failed or timed out (with the blockers at that moment), 2 bad
 * input or a command that fails.
 */
import { InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';
import type * as ApplicationModule from '../../argo/live/application';
import type { Explanation } from '../../argo/live/explanation';
import type * as SyncWindowModule from '../../argo/live/sync-window-block';
import type * as TransitionsModule from '../../argo/live/transitions';
import type * as TextModule from '../../report/explain-text';
import type * as EventsModule from '../../report/watch-events';
import type * as ErrorsModule from '../errors';
import type * as JsonCommandModule from '../json-command';
import { addLiveOptions, addProjectOption, explainLive, healthSources, liveObjectsOf, planSource, projectValues, projectWindowsFor, readLiveApplication, resourceTreeOf } from '../live-input';
import type { ExplainFlags, HealthSources } from '../live-input';
import { collect } from '../options';
import type * as ReadModule from '../read-object';
import { stdoutStream } from '../stdout';
import type * as WriteModule from '../write-atomically';

/* eslint-disable @typescript-eslint/no-require-imports */

export interface WatchFlags extends ExplainFlags {
  readonly namespace: string;
  readonly interval: number;
  readonly timeout: number;
  readonly command?: string;
  readonly liveCommand?: string[];
  readonly treeCommand?: string;
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

/** The Application's command, as argv: `--command` with {name} and {namespace} filled in, split on spaces (no shell). */
export function applicationArgv(name: string, namespace: string, command?: string): string[] {
  if (!command) return ['kubectl', 'get', 'application', name, '-n', namespace, '-o', 'json'];
  const { commandArgv }: typeof JsonCommandModule = require('../json-command');
  return commandArgv(command, { name, namespace }, '--command');
}

/**
 * The health sources of one reading: the `--live` and `--tree` files read again (another process
 * may refresh them), and what `--live-command` and `--tree-command` print now, with {name},
 * {namespace} and {destinationNamespace} filled in from the Application just read.
 */
function readingSources(app: ApplicationModule.ApplicationView, flags: WatchFlags, argocdCm: HealthSources): HealthSources {
  const { commandArgv, runJson }: typeof JsonCommandModule = require('../json-command');
  const { valuesOf }: typeof ReadModule = require('../read-object');
  const fill = { name: app.name, namespace: app.namespace, destinationNamespace: app.destinationNamespace };
  const run = (template: string, option: string, hint: string): ReadModule.ReadValue => {
    const argv = commandArgv(template, fill, option);
    return { value: runJson(argv, option, hint), file: argv.join(' '), line: 0 };
  };
  const files = healthSources({ live: flags.live, tree: flags.tree });
  const live = files.live ?? [];
  for (const command of flags.liveCommand ?? []) {
    const out = run(command, '--live-command', 'give a command that prints the objects with -o json');
    for (const o of liveObjectsOf(valuesOf(out.value, out.file, out.line))) live.push(o);
  }
  const tree = files.tree ?? [];
  if (flags.treeCommand) {
    for (const n of resourceTreeOf(run(flags.treeCommand, '--tree-command', "give a command that prints Argo CD's resource tree as JSON"))) tree.push(n);
  }
  return { ...argocdCm, ...(live.length > 0 ? { live } : {}), ...(flags.tree || flags.treeCommand ? { tree } : {}) };
}

/** A kubectl flag that picks the cluster: without one, a command reads kubectl's current context. */
const PICKS_CLUSTER = /(?:^|\s)(?:--context|--kubeconfig|--server|-s|--cluster)(?:[=\s]|$)/;

/**
 * Said once when `--live-command` reads kubectl's current context while the Application deploys to
 * another cluster than Argo CD's own: the objects it prints would be another cluster's (a staging
 * Deployment of the same name, or none), and their health would be reported as this sync's.
 */
export function otherClusterNote(app: ApplicationModule.ApplicationView, liveCommands: readonly string[]): string | undefined {
  if (liveCommands.length === 0) return undefined;
  const { deploysInCluster }: typeof ApplicationModule = require('../../argo/live/application');
  if (deploysInCluster(app) || liveCommands.every(c => PICKS_CLUSTER.test(c))) return undefined;
  const where = app.destinationName !== '' ? `cluster ${app.destinationName}` : app.destinationServer;
  return `note: Application ${app.name} deploys to ${where}, not the cluster Argo CD runs in, and --live-command runs in kubectl's current context: `
    + 'give it --context (or --kubeconfig) for that cluster, or its objects\' health is another cluster\'s';
}

const sleep = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms));

export function register(program: Command): void {
  const cmd = program
    .command('watch')
    .summary('follow a live Application\'s sync and print each transition: wave started, resource Healthy, stalled, failed, finished')
    .description('Read the Application every --interval with kubectl (or --command) and print transitions as they happen: '
      + 'a wave started, a resource became Healthy, stalled for N minutes on X, a hook failed, the operation finished. '
      + 'A progress line on a terminal, plain lines when piped; --format ndjson for a log shipper, prometheus for a '
      + 'textfile collector. Give the AppProject with --project to learn which sync window holds a sync and until when. '
      + 'An Application being deleted is followed stage by stage until it is gone. '
      + 'Exit status: 0 Succeeded (or deleted), 1 Failed or timed out (the blockers at that moment are printed), 2 bad input.')
    .argument('<app-name>', 'the Application\'s name')
    .argument('[manifests...]', "the app's manifests (files or folders), to place what Argo CD reports in the plan")
    .option('-n, --namespace <ns>', 'the namespace the Application lives in', 'argocd')
    .option('--interval <duration>', 'time between readings (500ms, 5s, 1m)', parseDuration, 5000)
    .option('--timeout <duration>', 'give up after this long (exit 1)', parseDuration, 30 * 60_000)
    .option('--command <command>', 'the command that prints the Application as JSON; {name} and {namespace} are filled in '
      + '(default: kubectl get application {name} -n {namespace} -o json; e.g. "argocd app get {name} -o json")')
    .option('--live-command <command>', 'run on every reading: prints the app\'s live objects as JSON, whose health is computed with Argo CD\'s checks '
      + 'when the Application does not carry it (Argo CD 3.0+ read with kubectl); {name}, {namespace} and {destinationNamespace} are filled in '
      + '(e.g. "kubectl get deploy,sts,ds,job,pod,pvc,svc,ing,events -n {destinationNamespace} -o json"; repeatable)', collect)
    .option('--tree-command <command>', 'run on every reading: prints Argo CD\'s resource tree JSON (nodes[] with health), '
      + 'e.g. a curl of the API\'s /api/v1/applications/{name}/resource-tree')
    .option('--textfile <path>', 'with --format prometheus: write each reading to this file atomically (for node_exporter\'s textfile collector) instead of stdout')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'ndjson', 'prometheus']).default('text'));
  addLiveOptions(cmd);
  addProjectOption(cmd, ' (read once, at the start)');
  cmd.action(async (name: string, manifests: string[], flags: WatchFlags) => {
    process.exitCode = await watch(name, flags, manifests);
  });
}

/** The watch loop; resolves to the exit status. */
export async function watch(name: string, flags: WatchFlags, manifests: readonly string[] = []): Promise<number> {
  const { CommandFailedError, runJson }: typeof JsonCommandModule = require('../json-command');
  const { goneByBody, goneByError }: typeof import('../../argo/live/application-gone') = require('../../argo/live/application-gone');
  const { transitions, INITIAL_WATCH_STATE, isFinished }: typeof TransitionsModule = require('../../argo/live/transitions');
  const events: typeof EventsModule = require('../../report/watch-events');
  const { refKey }: typeof import('../../argo/live/application') = require('../../argo/live/application');
  const { holdEnd }: typeof SyncWindowModule = require('../../argo/live/sync-window-block');
  const { checkWritable, writeAtomically }: typeof WriteModule = require('../write-atomically');
  if (flags.textfile !== undefined) {
    const { UsageError }: typeof ErrorsModule = require('../errors');
    if (flags.format !== 'prometheus') throw new UsageError(`--textfile writes the Prometheus text format: add --format prometheus, or drop --textfile to print ${flags.format} lines`);
    checkWritable(flags.textfile, '--textfile'); // before the first reading
  }
  const argv = applicationArgv(name, flags.namespace, flags.command);
  const shown = argv.join(' ');
  const stdout = stdoutStream(); // a stream: progress lines are rewritten in place on a terminal
  const tty = flags.format === 'text' && stdout.isTTY === true;
  const started = Date.now();
  let state = INITIAL_WATCH_STATE;
  let progress = false;
  const out = (line: string) => {
    if (progress) stdout.write('\r\x1b[2K');
    progress = false;
    stdout.write(line + '\n');
  };
  /** An event as the format writes it (prometheus writes states, not events). */
  const emit = (ev: TransitionsModule.WatchEvent) => {
    if (flags.format === 'ndjson') out(events.eventJson(ev));
    else if (flags.format === 'text') out(events.eventLine(ev));
  };
  // Its Lua scripts compiled once; the version judges every reading's live objects.
  const argocdCm = healthSources({ argocdCm: flags.argocdCm, ...(flags.argocdVersion !== undefined ? { argocdVersion: flags.argocdVersion } : {}) });
  const plans = planSource(manifests); // read and planned once
  const projects = projectValues(flags.project); // before the first reading
  let noted = false;
  for (;;) {
    const now = Date.now();
    // A deletion being watched ends when the Application is gone, in the words of kubectl, argocd or the API.
    const deleting = state.last?.deletion ? state.last.app.name : undefined;
    let read: unknown;
    let gone: boolean;
    try {
      read = runJson(argv, '--command', 'give a command that prints the Application with -o json');
      gone = goneByBody(read);
    } catch (err) {
      if (!(deleting && err instanceof CommandFailedError && goneByError(err.output))) throw err;
      gone = true;
    }
    if (deleting && gone) {
      emit({ event: 'deleted', time: now, app: deleting, message: 'every finalizer removed, the Application is gone' });
      return 0;
    }
    const app = readLiveApplication(read, shown, 0);
    const note = noted ? undefined : otherClusterNote(app, flags.liveCommand ?? []);
    if (note) process.stderr.write(`${note}\n`);
    noted = true;
    const e: Explanation = explainLive(app, { ...flags, now }, plans, readingSources(app, flags, argocdCm), projectWindowsFor(app, projects, true));
    const step = transitions(state, e, now);
    state = step.state;
    for (const ev of step.events) emit(ev);
    if (flags.format === 'prometheus') {
      const text = events.prometheusText(e, now, state.firstSeen, refKey);
      if (flags.textfile !== undefined) {
        writeAtomically(flags.textfile, text, '--textfile');
      } else {
        stdout.write(text + '\n');
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
      const waiting = e.deletion ? `the deletion is ${events.deletionSummary(e.deletion)}`
        : e.windowHold && e.syncWindows ? `${e.windowHold === 'auto-sync' ? 'auto-sync' : 'the sync'} is held by a sync window${holdEnd(e.syncWindows)}`
          : `${e.blockers.length} task(s) still awaited`;
      const timeout = { event: 'timeout' as const, time: now, app: e.app.name, ...(e.operationPhase ? { operationPhase: e.operationPhase } : {}), secondsWaiting: Math.floor((now - started) / 1000), message: waiting };
      emit(timeout);
      if (flags.format === 'ndjson') {
        for (const b of e.blockers) {
          emit({ event: 'stalled', time: now, app: e.app.name, resource: `${b.kind}/${b.name}`, namespace: b.namespace, ...(b.health ? { health: b.health } : {}), ...(b.message ? { message: b.message } : {}), ...(b.reason ? { reason: b.reason } : {}), ...(b.warning ? { warning: b.warning } : {}), secondsWaiting: Math.floor((now - (state.firstSeen.get(refKey(b)) ?? now)) / 1000) });
        }
      } else if (flags.format === 'text') {
        const { blockerLines }: typeof TextModule = require('../../report/explain-text');
        for (const b of e.blockers) for (const l of blockerLines(b)) out(l);
      }
      return 1;
    }
    if (tty) {
      stdout.write(`\r\x1b[2K${events.progressLine(e, now, state.firstSeen, refKey)}`);
      progress = true;
    }
    await sleep(Math.min(flags.interval, Math.max(0, flags.timeout - (Date.now() - started))));
  }
}
