/**
 * `syncplan watch` end to end against a fake `kubectl` on PATH that replays recorded Application
 * states (test/fixtures/explain/watch), with a tiny interval so the tests stay fast.
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { delimiter, join } from 'path';

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..', '..', '..');
const BIN = join(ROOT, 'lib', 'cli', 'main.js');
const WATCH = join(ROOT, 'test', 'fixtures', 'explain', 'watch');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-watch-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The arguments each call of a fake got, in order (none when it was never called). */
function callsOf(counter: string): string[] {
  try {
    return readFileSync(`${counter}.args`, 'utf8').trim().split('\n');
  } catch {
    return [];
  }
}

/** `watch shop` replaying the Application states of `states` (and, for `fake-live`, the files of `live`). */
function watch(states: string, args: string[], live?: string) {
  const counter = join(dir, 'counter');
  const liveCounter = join(dir, 'live-counter');
  const r = spawnSync(process.execPath, [BIN, 'watch', 'shop', '--interval', '10ms', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
    env: {
      ...process.env,
      PATH: `${join(WATCH, 'bin')}${delimiter}${process.env.PATH}`,
      SYNCPLAN_FAKE_STATES: join(WATCH, states),
      SYNCPLAN_FAKE_COUNTER: counter,
      ...(live ? { SYNCPLAN_FAKE_LIVE: join(WATCH, live), SYNCPLAN_FAKE_LIVE_COUNTER: liveCounter } : {}),
    },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, calls: callsOf(counter), liveCalls: callsOf(liveCounter) };
}

const linesOf = (stdout: string) => stdout.trimEnd().split('\n').map(l => l.replace(/^\S+ shop: /, ''));

test('a sync that succeeds: plain lines when piped, one per transition, exit 0', () => {
  const r = watch('succeeds', []);
  expect([r.code, r.stderr]).toEqual([0, '']);
  expect(r.calls[0]).toBe('get application shop -n argocd -o json');
  const lines = r.stdout.trimEnd().split('\n').map(l => l.replace(/^\S+ shop: /, ''));
  expect(lines[0]).toBe('sync Running: waiting for completion of hook batch/Job/db-migrate');
  expect(lines).toContain('PreSync wave 0 started');
  expect(lines).toContain('Sync wave 1 started');
  expect(lines.some(l => /^stalled \d+ minutes on Deployment\/api \(Progressing: Waiting for rollout to finish/.test(l))).toBe(true);
  expect(lines.some(l => /^Deployment\/api Healthy after /.test(l))).toBe(true);
  expect(lines[lines.length - 1]).toBe('sync Succeeded in 3m 30s: successfully synced (no more tasks)');
  expect(r.stdout).not.toContain('\r');
});

test('a sync that fails: the hook failure and exit 1; ndjson events', () => {
  const r = watch('fails', ['--format', 'ndjson', '-n', 'apps']);
  expect(r.code).toBe(1);
  expect(r.calls[0]).toBe('get application shop -n apps -o json');
  const events = r.stdout.trimEnd().split('\n').map(l => JSON.parse(l));
  expect(events.map(e => e.event)).toEqual(['operation-started', 'wave-started', 'hook-failed', 'operation-finished']);
  expect(events[2]).toMatchObject({ app: 'shop', resource: 'Job/db-migrate', message: 'Job has reached the specified backoff limit' });
});

test('a sync Argo CD retries: each attempt\'s failure, the retry scheduled and started, then the final failure; exit 1', () => {
  const r = watch('retries', []);
  expect([r.code, r.stderr]).toEqual([1, '']);
  const lines = linesOf(r.stdout);
  expect(lines.filter(l => /^hook Job\/db-migrate failed: Job has reached the specified backoff limit; the Job reached its backoffLimit/.test(l))).toHaveLength(2);
  expect(lines).toContain('the attempt failed; Argo CD retries it: attempt #1 at 10:01AM (controller time)');
  expect(lines).toContain('sync Running: Retrying operation. Attempt #1');
  expect(lines.some(l => /^sync Failed in 3m 0s: .*\(retried 1 times\)\.$/.test(l))).toBe(true);
});

test('timeout: exit 1 with the blockers at that moment', () => {
  const r = watch('stuck', ['--timeout', '200ms']);
  expect(r.code).toBe(1);
  expect(r.calls.length).toBeGreaterThan(1);
  expect(r.stdout).toMatch(/shop: timed out after \d+s: 1 task\(s\) still awaited\n {2}Deployment\/api \(shop\): Progressing: Waiting for rollout to finish/);
});

test('--format prometheus prints the state every reading; --command runs another tool', () => {
  const r = watch('stuck', ['--timeout', '50ms', '-f', 'prometheus', '--command', 'kubectl get app {name} --namespace {namespace} -o json']);
  expect(r.code).toBe(1);
  expect(r.calls[0]).toBe('get app shop --namespace argocd -o json');
  expect(r.stdout).toContain('syncplan_wave_in_flight{app="shop",phase="Sync"} 1');
  expect(r.stdout).toMatch(/syncplan_blocked_seconds\{app="shop",kind="Deployment",namespace="shop",name="api",health="Progressing"\} \d+/);
});

test('--textfile: each reading replaces the file whole, no temporary left beside it', () => {
  const out = join(dir, 'syncplan.prom');
  const r = watch('stuck', ['--timeout', '50ms', '-f', 'prometheus', '--textfile', out]);
  expect([r.code, r.stdout, r.stderr]).toEqual([1, '', '']);
  expect(readFileSync(out, 'utf8')).toContain('syncplan_wave_in_flight{app="shop",phase="Sync"} 1');
  expect(readdirSync(dir).filter(f => f.includes('prom'))).toEqual(['syncplan.prom']);
});

test('--textfile that cannot be written, or without --format prometheus: exit 2, one line, before any reading', () => {
  const missing = join(dir, 'nope', 'syncplan.prom');
  const noFolder = watch('stuck', ['-f', 'prometheus', '--textfile', missing]);
  expect([noFolder.code, noFolder.stdout, noFolder.calls]).toEqual([2, '', []]);
  expect(noFolder.stderr).toBe(`syncplan: --textfile ${missing}: folder ${join(dir, 'nope')} does not exist; create it first or pick another path\n`);
  const text = watch('stuck', ['--textfile', join(dir, 'syncplan.prom')]);
  expect([text.code, text.stdout, text.calls]).toEqual([2, '', []]);
  expect(text.stderr).toBe('syncplan: --textfile writes the Prometheus text format: add --format prometheus, or drop --textfile to print text lines\n');
  expect(readdirSync(dir).filter(f => f.includes('prom'))).toEqual([]);
});

test('a command that fails or is missing: exit 2, one line', () => {
  const missing = watch('none', []);
  expect([missing.code, missing.stdout]).toEqual([2, '']);
  expect(missing.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(missing.stderr).toMatch(/kubectl get application shop -n argocd -o json failed: Error from server \(NotFound\)/);
  const absent = watch('succeeds', ['--command', 'no-such-tool-here get {name}']);
  expect(absent.code).toBe(2);
  expect(absent.stderr).toMatch(/cannot run it \(ENOENT\)/);
  const bad = watch('succeeds', ['--interval', 'soon']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/--interval/);
});

describe('Argo CD 3.0+: the Application as kubectl reads it carries no per-resource health', () => {
  const LIVE = ['--live-command', 'fake-live get deploy,rs,pod -n {destinationNamespace} -o json'];

  test('without a health source: no transition is invented, and the timeout names what to give', () => {
    const r = watch('v3-no-destination', ['--timeout', '50ms']);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(/stalled|Healthy/);
    expect(r.stdout).toMatch(/Deployment\/api \(shop\): no health source\n {4}why: .*resourceHealthSource: appTree.*\(watch: --tree-command or --live-command, run on every reading\)/);
  });

  test('--live-command runs on every reading with the destination namespace: the stall with its cause, then Healthy, then Succeeded', () => {
    const r = watch('v3', LIVE, 'v3-live');
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.liveCalls.length).toBe(r.calls.length);
    expect(new Set(r.liveCalls)).toEqual(new Set(['get deploy,rs,pod -n shop -o json']));
    const out = linesOf(r.stdout);
    const stalled = out.findIndex(l => /^stalled \d+ minutes on Deployment\/api \(Progressing: .*\); the image does not pull \(Pod api-7f9c8d6b5-q4m2z, container api: ImagePullBackOff/.test(l));
    const healthy = out.findIndex(l => /^Deployment\/api Healthy after /.test(l));
    expect(stalled).toBeGreaterThan(0);
    expect(healthy).toBeGreaterThan(stalled);
    expect(out[out.length - 1]).toBe('sync Succeeded in 3m 30s: successfully synced (no more tasks)');
  });

  test('--tree-command: the resource tree\'s health, with {name} filled in', () => {
    const r = watch('v3-no-destination', ['--timeout', '50ms', '--tree-command', 'fake-live tree {name}'], 'v3-tree');
    expect(r.code).toBe(1);
    expect(r.liveCalls[0]).toBe('tree shop');
    expect(r.stdout).toContain('Deployment/api (shop): Degraded: Deployment "api" exceeded its progress deadline');
  });

  test('--live files, as explain takes them, are read again on every reading', () => {
    const r = watch('v3-no-destination', ['--timeout', '50ms', '--live', 'test/fixtures/explain/watch/v3-live/1.json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Deployment\/api \(shop\): Progressing: Waiting for rollout to finish[^\n]*\n {4}why: the image does not pull/);
  });

  test('the app\'s manifests after the name place each blocker at its file and line', () => {
    const r = watch('stuck', ['test/fixtures/explain/manifests', '--timeout', '50ms']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Deployment\/api \(shop\): Progressing[^\n]*\n(?: {4}[^\n]*\n)* {4}from: test\/fixtures\/explain\/manifests\/shop\.yaml:\d+/);
  });

  test('an Application deploying to another cluster: --live-command without --context gets one note on stderr', () => {
    const r = watch('v3-remote', ['--timeout', '50ms', ...LIVE], 'v3-live');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('note: Application shop deploys to https://prod.example.com:6443, not the cluster Argo CD runs in, and --live-command runs in '
      + "kubectl's current context: give it --context (or --kubeconfig) for that cluster, or its objects' health is another cluster's\n");
    expect(r.calls.length).toBeGreaterThan(1); // said once, not per reading
    const picked = watch('v3-remote', ['--timeout', '50ms', '--live-command', 'fake-live --context prod get pods -n {destinationNamespace} -o json'], 'v3-live');
    expect(picked.stderr).toBe('');
    // The cluster Argo CD runs in: nothing to say.
    expect(watch('v3', LIVE, 'v3-live').stderr).toBe('');
  });

  test('a live command that cannot serve: exit 2 with one line naming it and the fix', () => {
    const cases: Array<[string[], RegExp]> = [
      [LIVE, /--live-command uses \{destinationNamespace\}, which is empty for this Application; write the value in the command instead/],
      [['--live-command', 'echo hello'], /echo hello printed no JSON: give a command that prints the objects with -o json/],
      [['--live-command', 'echo {"kind":1}'], /echo \{"kind":1\}: not a Kubernetes object \(no kind\)/],
      [['--tree-command', 'echo {}'], /echo \{\}: expected Argo CD's resource tree: an object with nodes\[\]/],
      [['--live-command', 'no-such-tool-here get pods'], /no-such-tool-here get pods: cannot run it \(ENOENT\); is no-such-tool-here on PATH\? --live-command sets another/],
    ];
    for (const [args, message] of cases) {
      const r = watch('v3-no-destination', args, 'v3-live');
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});

// `script` (util-linux) gives the CLI a terminal, where a progress line is redrawn in place.
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
(hasScript ? test : test.skip)('on a terminal: a progress line redrawn in place between the transitions', () => {
  const counter = join(dir, 'counter');
  const r = spawnSync('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} watch shop --interval 20ms --timeout 150ms`, '/dev/null'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, PATH: `${join(WATCH, 'bin')}${delimiter}${process.env.PATH}`, SYNCPLAN_FAKE_STATES: join(WATCH, 'stuck'), SYNCPLAN_FAKE_COUNTER: counter },
  });
  expect(r.stdout).toMatch(/\r\x1b\[2Kshop: Running Sync wave 1, waiting on Deployment\/api \(Progressing\) \d+/);
  expect(r.stdout).toMatch(/\r\x1b\[2K\S+ shop: timed out after/);
});

test('an Application being deleted: each stage of the deletion as it moves on, then "deleted" once kubectl finds it no more, exit 0', () => {
  const r = watch('deleting', []);
  expect([r.code, r.stderr]).toEqual([0, '']);
  const lines = linesOf(r.stdout);
  expect(lines).toEqual([
    'deletion at the cascade stage: Argo CD deletes the Application\'s objects one wave at a time, highest wave first; each wave must be gone (no object terminating) before the next',
    'deletion at the PostDelete hooks stage: every object is deleted; Argo CD creates the PostDelete hooks and waits for them',
    'deletion at the cleanup stage: Argo CD deletes the deletion hooks that ran whose delete policy matches their result, and waits until they are gone',
    'deleted: every finalizer removed, the Application is gone',
  ]);
  // The last sync's Succeeded is history: it neither ends the watch nor is reported.
  expect(r.stdout).not.toContain('sync Succeeded');
});

test.each([
  ['the argocd CLI (PermissionDenied, as the API answers for an Application that does not exist)', 'argocd app get {name} -o json'],
  ['a curl of the API (its error body, exit 0)', 'curl -s https://argocd.example.com/api/v1/applications/{name}'],
])('a deletion read with %s ends "deleted", exit 0', (_how, command) => {
  const r = watch('deleting', ['--command', command]);
  expect([r.code, r.stderr]).toEqual([0, '']);
  expect(linesOf(r.stdout).pop()).toBe('deleted: every finalizer removed, the Application is gone');
  expect(r.calls).toHaveLength(5);
});

test('outside a deletion, PermissionDenied is the error it is: exit 2 with the command\'s words', () => {
  const counter = join(dir, 'counter');
  const r = spawnSync(process.execPath, [BIN, 'watch', 'shop', '--interval', '10ms', '--command', 'argocd app get {name} -o json'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, PATH: `${join(WATCH, 'bin')}${delimiter}${process.env.PATH}`, SYNCPLAN_FAKE_STATES: join(dir, 'none'), SYNCPLAN_FAKE_COUNTER: counter },
  });
  expect(r.status).toBe(2);
  expect(r.stderr).toContain('argocd app get shop -o json failed: time="2026-12-04T05:00:00Z" level=fatal msg="rpc error: code = PermissionDenied desc = permission denied"');
});

test('a blocked deletion: the DeletionError once with its cause, then the timeout names the stage; ndjson carries the stage', () => {
  const r = watch('deleting-blocked', ['--timeout', '50ms']);
  expect(r.code).toBe(1);
  const lines = linesOf(r.stdout);
  expect(lines[1]).toMatch(/^deletion failed: namespaces "shop" not found; a deletion hook lives in namespace shop, which the cascade deleted/);
  expect(lines.filter(l => l.startsWith('deletion failed'))).toHaveLength(1);
  expect(lines[lines.length - 1]).toMatch(/^timed out after .*: the deletion is at the PostDelete hooks stage: namespaces "shop" not found$/);
  const events = watch('deleting-blocked', ['--timeout', '50ms', '--format', 'ndjson']).stdout.trim().split('\n').map(l => JSON.parse(l));
  expect(events.slice(0, 2).map(e => [e.event, e.stage])).toEqual([['deletion-stage', 'PostDelete hooks'], ['deletion-error', 'PostDelete hooks']]);
});

describe('--project: which sync window holds the sync, and until when, as explain says (controller/sync.go syncWindowPreventsSync)', () => {
  /** An AppProject whose one deny window for namespace shop opened ten minutes ago (UTC) for two hours, and that end. */
  function projectOpenNow(extra: Record<string, unknown> = {}): { path: string; until: string } {
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000);
    const project = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AppProject',
      metadata: { name: 'shop', namespace: 'argocd' },
      spec: { syncWindows: [{ kind: 'deny', schedule: `${start.getUTCMinutes()} ${start.getUTCHours()} * * *`, duration: '2h', namespaces: ['shop'], description: 'release freeze', ...extra }] },
    };
    const path = join(dir, 'project.json');
    writeFileSync(path, JSON.stringify(project));
    return { path, until: new Date(start.getTime() + 2 * 3_600_000).toISOString().replace(/\.000Z$/, 'Z') };
  }

  test('the window that holds the operation and until when, said once while it holds; the sync then runs to the end', () => {
    const { path, until } = projectOpenNow();
    const r = watch('window-held', ['--project', path]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const schedule = JSON.parse(readFileSync(path, 'utf8')).spec.syncWindows[0].schedule;
    const lines = linesOf(r.stdout);
    expect(lines.slice(0, 2)).toEqual([
      'sync Running: Sync operation blocked by sync window',
      `sync held by a sync window until ${until}: an automated sync is blocked by an active deny window (AppProject shop #0 deny "${schedule}" for 2h UTC, release freeze)`,
    ]);
    expect(lines.slice(2)).toEqual([expect.stringMatching(/^sync Succeeded in \S+.*: successfully synced \(all tasks run\)$/)]);
    rmSync(join(dir, 'counter')); // the fake kubectl replays the states from the first again
    const events = watch('window-held', ['--project', path, '-f', 'ndjson']).stdout.trim().split('\n').map(l => JSON.parse(l));
    expect(events.filter(e => e.event === 'sync-window-held').map(e => [e.hold, e.until])).toEqual([['operation', until]]);
  });

  test('timeout while held: the timeout says the window holds it, and until when', () => {
    const { path, until } = projectOpenNow({ manualSync: true });
    const r = watch('stuck-window', ['--project', path, '--timeout', '50ms']);
    expect(r.code).toBe(1);
    expect(linesOf(r.stdout).pop()).toMatch(new RegExp(`^timed out after \\S+: the sync is held by a sync window until ${until}$`));
  });

  test('without --project: the controller\'s message only, no window named', () => {
    const r = watch('window-held', []);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('held by a sync window');
  });

  test('a --project file that holds no AppProject, or another project: exit 2, one line, naming the file', () => {
    const notProject = watch('window-held', ['--project', 'test/fixtures/explain/succeeded.yaml']);
    expect([notProject.code, notProject.stdout, notProject.calls]).toEqual([2, '', []]);
    expect(notProject.stderr).toMatch(/^syncplan: test\/fixtures\/explain\/succeeded\.yaml:\d+: not an AppProject \(give kubectl get appproject NAME -n argocd -o json\)\n$/);
    const { path } = projectOpenNow();
    writeFileSync(path, readFileSync(path, 'utf8').replace('"name":"shop"', '"name":"web"'));
    const other = watch('window-held', ['--project', path]);
    expect([other.code, other.stdout]).toEqual([2, '']);
    expect(other.stderr).toMatch(/AppProject web given, but Application shop is in project shop \(spec\.project\)/);
  });
});
