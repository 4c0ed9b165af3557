/**
 * `syncplan explain` end to end: spawns `node lib/cli/main.js` (compile with jsii first) on each
 * fixture scenario; exit 0 Succeeded, 1 Running or Failed, 2 bad input with one line naming the file.
 */
import { spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..', '..', '..');
const BIN = join(ROOT, 'lib', 'cli', 'main.js');
const F = 'test/fixtures/explain';
const NOW = ['--now', '2026-12-01T16:00:00Z'];

function syncplan(args: string[], input = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function expectOneLineError(r: ReturnType<typeof syncplan>, pattern: RegExp) {
  expect([r.code, r.stdout]).toEqual([2, '']);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
}

test('Running in a Sync wave on a Progressing Deployment, with live Pods and the manifests: exit 1', () => {
  const r = syncplan(['explain', `${F}/running-sync-wave.yaml`, `${F}/manifests`, '--live', `${F}/running-sync-wave-live.yaml`, '--now', '2026-12-01T10:04:10Z']);
  expect([r.code, r.stderr]).toEqual([1, '']);
  expect(r.stdout.split('\n')[0]).toBe('Application shop: sync Running for 4m 10s; Sync wave 1 in flight waiting on Deployment/api (Progressing)');
  expect(r.stdout).toContain('why: the readiness probe fails (Pod api-6d4cf56db6-x7k2p, container api runs but is not ready)');
  expect(r.stdout).toContain(`from: ${F}/manifests/shop.yaml:`);
  expect(r.stdout).toContain('Next\n  Sync wave 2: Ingress/api\n  PostSync wave 0: Job/smoke-test');
});

test('several blockers behind "and 2 more": all in JSON', () => {
  const r = syncplan(['explain', `${F}/and-more.json`, ...NOW, '-f', 'json']);
  expect(r.code).toBe(1);
  const j = JSON.parse(r.stdout);
  expect(j.blockers.map((b: any) => `${b.kind}/${b.name}`)).toEqual(['Deployment/api', 'StatefulSet/db', 'Ingress/web']);
  expect(j).toMatchObject({ operationPhase: 'Running', waitingSeconds: 22200, inFlight: { phase: 'Sync', wave: 1 } });
});

test('a PreSync hook "Pending deletion"', () => {
  const r = syncplan(['explain', `${F}/presync-pending-deletion.yaml`, ...NOW]);
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('Job/db-migrate (billing) [hook]: Progressing: Pending deletion');
  expect(r.stdout).toMatch(/why: the hook's previous run is still being deleted \(delete policy BeforeHookCreation/);
});

test('a failed sync with SyncFail hooks: exit 1, what failed, SyncFail ran, hooks left', () => {
  const r = syncplan(['explain', `${F}/failed-syncfail.yaml`, ...NOW, '--format', 'json']);
  expect(r.code).toBe(1);
  const j = JSON.parse(r.stdout);
  expect(j.blockers.map((b: any) => [b.name, b.health])).toEqual([['db-migrate', 'Degraded']]);
  expect(j.syncFail).toMatchObject({ ran: true, hooks: [{ name: 'notify-failure', hookPhase: 'Succeeded' }] });
  expect(j.hooksLeftInCluster).toEqual(['Job/db-migrate', 'Job/notify-failure']);
});

test('Succeeded: exit 0, from standard input too', () => {
  const r = syncplan(['explain', '-', ...NOW], readFileSync(join(ROOT, F, 'succeeded.yaml'), 'utf8'));
  expect([r.code, r.stderr]).toEqual([0, '']);
  expect(r.stdout.split('\n')[0]).toBe('Application shop: sync Succeeded');
});

test('a 3.0+ Application without persisted health, plus live objects and an argocd-cm Lua check', () => {
  const without = syncplan(['explain', `${F}/v3-no-health.yaml`, ...NOW]);
  expect(without.stdout.match(/: no health source$/gm)).toHaveLength(3);
  const live = syncplan(['explain', `${F}/v3-no-health.yaml`, ...NOW, '--live', `${F}/v3-live.yaml`]);
  expect(live.stdout).toContain('PersistentVolumeClaim/data (reports): Progressing');
  expect(live.stdout).toContain('Deployment/reports (reports): Suspended: Deployment is paused');
  expect(live.stdout).toContain('Certificate/reports-tls (reports): health by Argo CD\'s built-in Lua (not known here)');
  const lua = syncplan(['explain', `${F}/v3-no-health.yaml`, ...NOW, '--live', `${F}/v3-live.yaml`, '--argocd-cm', `${F}/argocd-cm.yaml`]);
  expect(lua.stdout).toContain('Certificate/reports-tls (reports): Progressing: Issuing certificate as Secret does not exist');
});

test('health from --tree', () => {
  const tree = JSON.stringify({ nodes: [{ version: 'v1', kind: 'PersistentVolumeClaim', namespace: 'reports', name: 'data', health: { status: 'Healthy' } }] });
  const r = syncplan(['explain', `${F}/v3-no-health.yaml`, ...NOW, '--tree', '-'], tree);
  expect(r.stdout).toContain('PersistentVolumeClaim/data (reports): Healthy');
  expect(r.stdout).toContain('Deployment/reports (reports): no health source');
});

test('a prune step waiting for deletion', () => {
  const r = syncplan(['explain', `${F}/prune-waiting.yaml`, ...NOW, '--live', `${F}/prune-live.yaml`]);
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('ConfigMap/old-config (legacy): Progressing: Pending deletion');
  expect(r.stdout).toMatch(/why: the object is being deleted and a finalizer holds it/);
});

test('an ApplicationSet mid-rollout with the blocked Application', () => {
  const r = syncplan(['explain', `${F}/appset-rolling.yaml`, ...NOW]);
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('ApplicationSet shop-envs: RollingSync step 2 of 3 is rolling');
  expect(r.stdout).toContain('--- shop-staging ---\nApplication shop-staging: sync Running for 1h 0m; Sync wave 0 in flight waiting on Deployment/api (Progressing)');
  expect(JSON.parse(syncplan(['explain', `${F}/appset-rolling.yaml`, ...NOW, '-f', 'json']).stdout)).toMatchObject({ rollingStep: 2 });
});

test('states Argo CD writes outside a wave: a failed attempt waiting for its retry, a sync terminated by the timeout, a ComparisonError', () => {
  const retry = syncplan(['explain', `${F}/retry-backoff.yaml`, '--now', '2026-12-01T10:00:40Z']);
  expect(retry.code).toBe(1);
  expect(retry.stdout.split('\n')[0]).toBe('Application shop: sync Running for 40s; the attempt failed, retry #1 at 10:01AM (controller time)');
  expect(retry.stdout).toContain('What failed it (1)\n  Deployment/api (shop): no health source: Deployment.apps "api" is invalid');
  const json = JSON.parse(syncplan(['explain', `${F}/retry-backoff.yaml`, '--now', '2026-12-01T10:00:40Z', '-f', 'json']).stdout);
  expect(json).toMatchObject({ operationPhase: 'Running', inFlight: null, waitingSeconds: 40, retryCount: 1, next: [], blockers: [{ kind: 'Deployment', name: 'api' }] });
  const terminated = syncplan(['explain', `${F}/terminated-timeout.yaml`, ...NOW]);
  expect(terminated.code).toBe(1);
  expect(terminated.stdout).toContain('the operation was terminated by the controller\'s sync timeout (controller.sync.timeout.seconds)');
  expect(terminated.stdout).not.toContain('no format this tool knows');
  const condition = syncplan(['explain', `${F}/error-condition.yaml`, ...NOW, '-f', 'json']);
  expect(condition.code).toBe(1);
  expect(JSON.parse(condition.stdout).notes[0]).toMatch(/^Argo CD did not start the sync: the Application has an error condition/);
});

test('bad input: exit 2, one line naming the file', () => {
  expectOneLineError(syncplan(['explain', `${F}/manifests/shop.yaml`]), /manifests\/shop\.yaml:1: .*objects where one Application was expected|shop\.yaml.*Application/);
  expectOneLineError(syncplan(['explain', `${F}/argocd-cm.yaml`]), /argocd-cm\.yaml:\d+: expected an argoproj\.io Application, got v1 ConfigMap/);
  expectOneLineError(syncplan(['explain', `${F}/nope.yaml`]), /nope\.yaml/);
  expectOneLineError(syncplan(['explain', '-'], '{ not: json: ['), /<stdin>:\d+: not valid YAML or JSON/);
  expectOneLineError(syncplan(['explain', `${F}/succeeded.yaml`, '--now', 'yesterday']), /--now.*RFC 3339/);
  expectOneLineError(syncplan(['explain', `${F}/v3-no-health.yaml`, '--tree', `${F}/succeeded.yaml`]), /succeeded\.yaml:\d+: expected Argo CD's resource tree/);
});

test('--version stays fast: explain and watch modules are not loaded for it', () => {
  const r = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(BIN)}); console.log(Object.keys(require.cache).filter(k => /argo.live|lua|fengari|watch-events|read-object/.test(k)).length)`], { encoding: 'utf8' });
  expect(r.stdout.trim()).toBe('0');
});
