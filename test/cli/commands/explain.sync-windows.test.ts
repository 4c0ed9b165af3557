/**
 * `syncplan explain` with the Application's AppProject: which sync window holds the operation
 * ("Sync operation blocked by sync window", controller/sync.go syncWindowPreventsSync) or keeps
 * auto-sync from running (controller/appcontroller.go, which only logs it), and until when. The
 * AppProject comes beside the Application (JSON objects one after another, or a List) or with
 * --project. Spawns `node lib/cli/main.js` (compile first); `--now` keeps the answers fixed.
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..', '..', '..');
const BIN = join(ROOT, 'lib', 'cli', 'main.js');
const F = 'test/fixtures/explain';
const APP = `${F}/sync-window-blocked.json`;
const PROJECT = `${F}/sync-window-project.json`;
// 2026-12-01 is a Tuesday; the nightly deny window runs 22:00-06:00 UTC.
const NIGHT = ['--now', '2026-12-01T23:15:00Z'];

function syncplan(args: string[], input = '', node: string[] = []) {
  const r = spawnSync(process.execPath, [...node, BIN, ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function oneLineError(r: ReturnType<typeof syncplan>): string {
  expect([r.code, r.stdout]).toEqual([2, '']);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  return r.stderr;
}

const both = () => readFileSync(join(ROOT, APP), 'utf8') + readFileSync(join(ROOT, PROJECT), 'utf8');

test('the Application and its AppProject one after another (two kubectl get -o json): the deny window that holds the sync, and until when', () => {
  const r = syncplan(['explain', '-', ...NIGHT], both());
  expect([r.code, r.stderr]).toEqual([1, '']);
  const lines = r.stdout.split('\n');
  expect(lines[0]).toBe('Application shop: sync Running for 35m 0s; held by a sync window until 2026-12-02T06:00:00Z');
  expect(r.stdout).toContain([
    'Sync windows (AppProject shop): an automated sync is blocked by an active deny window',
    '  #0 deny "0 22 * * *" for 8h UTC: active, blocks; matched namespaces "shop"; nightly freeze',
    '  #1 allow "0 6 * * 1-5" for 14h Europe/Berlin (manualSync): inactive; matched applications "shop*"',
    '  can sync from 2026-12-02T06:00:00Z (in 6h 45m)',
  ].join('\n'));
  // The window for another application does not apply.
  expect(r.stdout).not.toContain('#2');
});

test('a List from kubectl get application/shop appproject/shop -o json, and --project: the same answer; JSON says it too', () => {
  const list = { apiVersion: 'v1', kind: 'List', items: [JSON.parse(readFileSync(join(ROOT, APP), 'utf8')), JSON.parse(readFileSync(join(ROOT, PROJECT), 'utf8'))] };
  const fromList = syncplan(['explain', '-', ...NIGHT, '-f', 'json'], JSON.stringify(list));
  const fromOption = syncplan(['explain', APP, '--project', PROJECT, ...NIGHT, '-f', 'json']);
  expect(fromList.code).toBe(1);
  expect(JSON.parse(fromList.stdout)).toEqual(JSON.parse(fromOption.stdout));
  const w = JSON.parse(fromOption.stdout).syncWindows;
  expect([w.sync, w.canSync, w.reason, w.nextChange]).toEqual(['automated', false, 'active-deny', '2026-12-02T06:00:00Z']);
  expect(w.windows.map((x: any) => [x.index, x.kind, x.active, x.blocks, x.matched])).toEqual([
    [0, 'deny', true, true, { applications: null, namespaces: 'shop', clusters: null }],
    [1, 'allow', false, false, { applications: 'shop*', namespaces: null, clusters: null }],
  ]);
});

test('a manual sync held by the deny window: manualSync on the allow window does not let it through a deny window', () => {
  const app = JSON.parse(readFileSync(join(ROOT, APP), 'utf8'));
  app.status.operationState.operation.initiatedBy = { username: 'admin' };
  const r = syncplan(['explain', '-', '--project', PROJECT, ...NIGHT], JSON.stringify(app));
  expect(r.stdout).toContain('Sync windows (AppProject shop): a manual sync is blocked by an active deny window without manualSync');
});

test('auto-sync on, OutOfSync, no sync running, outside every allow window on a Saturday: that is why nothing syncs, until Monday', () => {
  const r = syncplan(['explain', `${F}/sync-window-idle.yaml`, '--project', PROJECT, '--now', '2026-12-05T10:00:00Z']);
  expect([r.code, r.stderr]).toEqual([0, '']);
  expect(r.stdout).toContain('  #1 allow "0 6 * * 1-5" for 14h Europe/Berlin (manualSync): inactive, blocks; matched applications "shop*"');
  // Monday 06:00 Berlin is 05:00Z, but the nightly deny window holds until 06:00Z.
  expect(r.stdout).toContain('  can sync from 2026-12-07T06:00:00Z (in 44h 0m)');
  expect(r.stdout).toContain('auto-sync is on and the Application is OutOfSync, but an automated sync is blocked outside the allow windows, none of which is active: that is why nothing syncs');
  // On a Tuesday afternoon the allow window is open: the windows are listed, nothing is said to block.
  const open = syncplan(['explain', `${F}/sync-window-idle.yaml`, '--project', PROJECT, '--now', '2026-12-08T12:00:00Z']);
  expect(open.stdout).toContain('Sync windows (AppProject shop): an automated sync may run: an allow window is active and no deny window is');
  expect(open.stdout).toContain('  blocked from 2026-12-08T19:00:00Z');
  expect(open.stdout).not.toContain('that is why nothing syncs');
});

test('without the AppProject: say to give it, naming the project', () => {
  const r = syncplan(['explain', APP, ...NIGHT]);
  expect(r.stdout).toContain('a sync window of AppProject shop holds the operation: give the AppProject (kubectl get appproject shop -n argocd -o json, in the same input as the Application or with --project) to learn which window and until when');
  expect(r.stdout.split('\n')[0]).toBe('Application shop: sync Running for 35m 0s; held by a sync window');
  expect(JSON.parse(syncplan(['explain', APP, ...NIGHT, '-f', 'json']).stdout).syncWindows).toBeNull();
});

test('a window Argo CD cannot parse blocks every sync: the error as the controller words it', () => {
  const project = JSON.parse(readFileSync(join(ROOT, PROJECT), 'utf8'));
  project.spec.syncWindows[0].schedule = '0 22 * * 7';
  const dir = mkdtempSync(join(tmpdir(), 'syncplan-windows-'));
  writeFileSync(join(dir, 'project.json'), JSON.stringify(project));
  const r = syncplan(['explain', APP, '--project', join(dir, 'project.json'), ...NIGHT]);
  expect(r.stdout).toContain("an automated sync is blocked by a window Argo CD cannot read (invalid sync windows: cannot parse schedule '0 22 * * 7': end of range (7) above maximum (6): 7)");
  expect(r.stdout).toContain('  #0 deny "0 22 * * 7" for 8h UTC: unreadable, blocks');
});

test('bad input: one line naming the file and line, and what to give', () => {
  expect(oneLineError(syncplan(['explain', APP, '--project', `${F}/succeeded.yaml`]))).toMatch(/succeeded\.yaml:\d+: not an AppProject/);
  const other = JSON.parse(readFileSync(join(ROOT, PROJECT), 'utf8'));
  other.metadata.name = 'web';
  expect(oneLineError(syncplan(['explain', '-', ...NIGHT], readFileSync(join(ROOT, APP), 'utf8') + JSON.stringify(other))))
    .toMatch(/<stdin>:\d+: AppProject web given, but Application shop is in project shop \(spec\.project\).*kubectl get appproject shop -n argocd -o json/);
  const bad = JSON.parse(readFileSync(join(ROOT, PROJECT), 'utf8'));
  bad.spec.syncWindows[1].manualSync = 'yes';
  const text = readFileSync(join(ROOT, APP), 'utf8') + JSON.stringify(bad, null, 2);
  const line = text.split('\n').findIndex(l => l.includes('"manualSync": "yes"')) + 1;
  expect(oneLineError(syncplan(['explain', '-', ...NIGHT], text))).toContain(`<stdin>:${line}: spec.syncWindows[1].manualSync is "yes", not true or false`);
  expect(oneLineError(syncplan(['explain', PROJECT]))).toMatch(/an AppProject but no Application/);
});

test('croner is loaded only when windows are evaluated', () => {
  const dir = mkdtempSync(join(tmpdir(), 'syncplan-lazy-'));
  const hook = join(dir, 'hook.js');
  writeFileSync(hook, "process.on('exit', () => process.stderr.write('cron:' + Object.keys(require.cache).some(k => /node_modules[\\\\/]croner[\\\\/]/.test(k))));\n");
  expect(syncplan(['explain', APP, ...NIGHT], '', ['-r', hook]).stderr).toBe('cron:false');
  expect(syncplan(['explain', APP, '--project', PROJECT, ...NIGHT], '', ['-r', hook]).stderr).toBe('cron:true');
});
