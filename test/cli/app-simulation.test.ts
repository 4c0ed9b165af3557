/**
 * `syncplan simulate PARENT --repo-root DIR`: each child Application is a unit whose health is the
 * result of its own simulated sync, so a child that stays Progressing holds the parent's wave and
 * every later child. The parent never syncs a child (argo-cd #1932): the fixture's children are
 * automated unless a test is about one that is not.
 */
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { stringify } from 'yaml';
import { tempDirEach } from './helpers';
import { cli } from './run-cli';

const dir = tempDirEach('syncplan-appsim');

const app = (name: string, wave: string, automated = true) => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Application',
  metadata: { name, namespace: 'argocd', annotations: { 'argocd.argoproj.io/sync-wave': wave } },
  spec: {
    project: 'default',
    source: { repoURL: 'https://git.example.com/r.git', path: `apps/${name}` },
    destination: { namespace: name },
    ...(automated ? { syncPolicy: { automated: {} } } : {}),
  },
});
const deployment = (name: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: `${name}:1` }] } } },
});
const configMap = (name: string, wave: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, annotations: { 'argocd.argoproj.io/sync-wave': wave } } });

/** The fixture; `manual` names the children without automated sync. */
function repo(manual: readonly string[] = []): string {
  const child = (name: string, wave: string) => app(name, wave, !manual.includes(name));
  const files: Record<string, object[]> = {
    'parent/apps.yaml': [child('db', '0'), child('api', '1'), child('web', '2')],
    'apps/db/db.yaml': [deployment('postgres'), configMap('db-ready', '1')],
    'apps/api/api.yaml': [deployment('api'), configMap('api-ready', '1')],
    'apps/web/web.yaml': [deployment('web')],
  };
  for (const [file, objects] of Object.entries(files)) {
    mkdirSync(join(dir(), file, '..'), { recursive: true });
    writeFileSync(join(dir(), file), objects.map(o => stringify(o)).join('---\n'));
  }
  return dir();
}

const simulate = (...args: string[]) => simulateWith([], ...args);
const simulateWith = (manual: readonly string[], ...args: string[]) => {
  const root = repo(manual);
  return cli('simulate', join(root, 'parent'), '--repo-root', root, ...args);
};

test('every child Healthy: the parent applies each in turn and succeeds', async () => {
  const r = await simulate('--format', 'json');
  const json = JSON.parse(r.stdout);
  expect(r.code).toBe(0);
  expect(json.operationPhase).toBe('Succeeded');
  expect(json.applications.map((a: any) => [a.name, a.wave, a.started, a.health, a.operationPhase])).toEqual([
    ['db', 0, true, 'Healthy', 'Succeeded'], ['api', 1, true, 'Healthy', 'Succeeded'], ['web', 2, true, 'Healthy', 'Succeeded'],
  ]);
});

test('a child that stays Progressing holds the parent\'s wave and every later child', async () => {
  const r = await simulate('--format', 'json', '--health', 'Deployment/postgres=Progressing');
  const json = JSON.parse(r.stdout);
  expect(r.code).toBe(1);
  expect(json.operationPhase).toBe('Running');
  expect(json.waitingOn).toEqual(['Application/db']);
  expect(json.neverApplied).toEqual(['Application/api', 'Application/web']);
  const [db, api, web] = json.applications;
  expect([db.started, db.health, db.operationPhase, db.neverApplied]).toEqual([true, 'Progressing', 'Running', ['ConfigMap/db-ready']]);
  expect([api.started, api.operationPhase, web.started, web.operationPhase]).toEqual([false, null, false, null]);
});

test('a later child held: the earlier ones ran, the parent waits in the held child\'s wave', async () => {
  const r = await simulate('--format', 'json', '--health', 'Deployment/api=Progressing');
  const json = JSON.parse(r.stdout);
  expect(json.applications.map((a: any) => [a.name, a.started, a.operationPhase])).toEqual([['db', true, 'Succeeded'], ['api', true, 'Running'], ['web', false, null]]);
  expect(json.waitingOn).toEqual(['Application/api']);
});

test('text: the application order with each child\'s outcome, then each child\'s sync, then the parent', async () => {
  const r = await simulate('--health', 'Deployment/postgres=Progressing');
  const out = r.stdout;
  expect(out.startsWith('Application order')).toBe(true);
  expect(out).toContain('wave 0: Application/db: Running (stalled), Progressing <- holds the parent');
  expect(out).toContain('wave 1: Application/api: never started (the parent is held before its wave)');
  expect(out.indexOf('Application db (parent wave 0)')).toBeLessThan(out.indexOf('Parent Application'));
  expect(out).toContain('the Application health check');
});

test('a child without automated sync is not synced (the parent never syncs a child): it stays Progressing and holds the parent', async () => {
  const r = await simulateWith(['db'], '--format', 'json');
  const json = JSON.parse(r.stdout);
  expect(r.code).toBe(1);
  expect([json.operationPhase, json.waitingOn, json.neverApplied]).toEqual(['Running', ['Application/db'], ['Application/api', 'Application/web']]);
  const [db, api, web] = json.applications;
  expect([db.started, db.automated, db.health, db.operationPhase, db.applied]).toEqual([true, false, 'Progressing', null, undefined]);
  expect(db.note).toContain('no automated sync');
  expect(db.note).toContain('argo-cd #1932');
  expect(db.note).toContain('argocd app sync db');
  expect(db.note).toContain('--health Application/db=Healthy');
  expect([api.started, api.automated, api.operationPhase, api.note]).toEqual([false, true, null, undefined]);
  expect([web.started, web.operationPhase]).toEqual([false, null]);
  expect(json.note).toContain('a child without automated sync is not synced by the parent');
});

test('--health Application/NAME=STATUS stands for syncing a child by hand: its sync is simulated and the parent goes on', async () => {
  const r = await simulateWith(['db'], '--format', 'json', '--health', 'Application/db=Healthy');
  const json = JSON.parse(r.stdout);
  expect(r.code).toBe(0);
  expect(json.operationPhase).toBe('Succeeded');
  expect(json.applications.map((a: any) => [a.name, a.automated, a.started, a.health, a.operationPhase, a.note])).toEqual([
    ['db', false, true, 'Healthy', 'Succeeded', undefined], ['api', true, true, 'Healthy', 'Succeeded', undefined], ['web', true, true, 'Healthy', 'Succeeded', undefined],
  ]);
  // A sync by hand has no auto-sync retries (the child has no spec.syncPolicy.retry).
  const failed = JSON.parse((await simulateWith(['db'], '--format', 'json', '--health', 'Application/db=Healthy', '--apply-error', 'Deployment/postgres=denied')).stdout);
  expect([failed.applications[0].operationPhase, failed.applications[0].attempts]).toEqual(['Failed', undefined]);
});

test('text: a child without automated sync is not synced and holds the parent; no sync of its own is shown', async () => {
  const r = await simulateWith(['db']);
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('  wave 0: Application/db: not synced (no automated sync: the parent never syncs a child), Progressing <- holds the parent\n');
  expect(r.stdout).toContain('  wave 1: Application/api: never started (the parent is held before its wave)\n');
  expect(r.stdout).not.toContain('Application db (parent wave 0)');
  expect(r.stdout).toContain('a child without automated sync is not synced by the parent');
});

test('a child without automated sync in the parent\'s last wave: the parent Succeeded, yet the child never deploys (exit 1)', async () => {
  const r = await simulateWith(['web'], '--format', 'json');
  const json = JSON.parse(r.stdout);
  expect(json.operationPhase).toBe('Succeeded');
  expect(json.applications.map((a: any) => [a.name, a.started, a.health, a.operationPhase])).toEqual([
    ['db', true, 'Healthy', 'Succeeded'], ['api', true, 'Healthy', 'Succeeded'], ['web', true, 'Progressing', null],
  ]);
  expect(r.code).toBe(1);
});

test('a child Argo CD renders (Helm) is Healthy when automated, not synced (Progressing) when not', async () => {
  const root = dir();
  const helm = (name: string, wave: string, automated: boolean) => ({
    ...app(name, wave, automated),
    spec: { ...app(name, wave, automated).spec, source: { repoURL: 'https://charts.example.com', chart: name, targetRevision: '1.0.0' } },
  });
  mkdirSync(join(root, 'parent'), { recursive: true });
  writeFileSync(join(root, 'parent', 'apps.yaml'), [helm('ingress', '0', true), helm('cache', '1', false), helm('web', '2', true)].map(o => stringify(o)).join('---\n'));
  const r = await cli('simulate', join(root, 'parent'), '--repo-root', root);
  expect(r.code).toBe(1);
  expect(r.stdout).toContain('  wave 0: Application/ingress: not simulated (rendered by: helm template ingress ingress --repo https://charts.example.com --version 1.0.0), Healthy\n');
  expect(r.stdout).toContain('  wave 1: Application/cache: not synced (no automated sync: the parent never syncs a child), Progressing <- holds the parent\n');
  expect(r.stdout).toContain('  wave 2: Application/web: never started (the parent is held before its wave)\n');
});

test('a handle that is a task of no sync is refused (exit 2)', async () => {
  const r = await simulate('--health', 'Deployment/nope=Progressing');
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('Deployment/nope is not a task of this sync');
});

test('each child retries by its own spec.syncPolicy.retry; an automated child without one retries 5 times (autoSync)', async () => {
  const root = dir();
  const withPolicy = (name: string, wave: string, syncPolicy: object) => ({ ...app(name, wave), spec: { ...app(name, wave).spec, syncPolicy } });
  const files: Record<string, object[]> = {
    'parent/apps.yaml': [withPolicy('db', '0', { automated: {}, retry: { limit: 1, backoff: { duration: '30s' } } }), withPolicy('api', '0', { automated: {} })],
    'apps/db/db.yaml': [deployment('postgres')],
    'apps/api/api.yaml': [deployment('api')],
  };
  for (const [file, objects] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), objects.map(o => stringify(o)).join('---\n'));
  }
  const r = await cli('simulate', join(root, 'parent'), '--repo-root', root, '--format', 'json',
    '--apply-error', 'Deployment/postgres=denied', '--apply-error', 'Deployment/api=denied');
  const apps = JSON.parse(r.stdout).applications;
  const [db, api] = ['db', 'api'].map(n => apps.find((a: any) => a.name === n));
  expect([db.attempts.length, db.retryBackoffSeconds, db.message]).toEqual([2, 30, 'one or more objects failed to apply, reason: denied (retried 1 times).']);
  expect([api.attempts.length, api.retryBackoffSeconds]).toEqual([6, 5 + 10 + 20 + 40 + 80]);
});

test('a child retry Argo CD cannot read is one line naming the Application, exit 2', async () => {
  const root = dir();
  // Not automated, so it does not sync: its spec is read all the same.
  const bad = { ...app('db', '0'), spec: { ...app('db', '0').spec, syncPolicy: { retry: { limit: 2, backoff: { duration: 'soon' } } } } };
  mkdirSync(join(root, 'parent'), { recursive: true });
  mkdirSync(join(root, 'apps', 'db'), { recursive: true });
  writeFileSync(join(root, 'parent', 'apps.yaml'), stringify(bad));
  writeFileSync(join(root, 'apps', 'db', 'db.yaml'), stringify(deployment('postgres')));
  const r = await cli('simulate', join(root, 'parent'), '--repo-root', root);
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(/Application\/db: spec\.syncPolicy\.retry\.backoff\.duration "soon"/);
});

describe('a child whose sync succeeds is as healthy as its resources (its last wave is never waited for)', () => {
  /** db: a ConfigMap, then postgres alone in its last wave; api after db in the parent. */
  function lastWaveRepo(postgresAnnotations: Record<string, string> = {}): string {
    const pg = deployment('postgres') as { metadata: Record<string, unknown> };
    const files: Record<string, object[]> = {
      'parent/apps.yaml': [app('db', '0'), app('api', '1')],
      'apps/db/db.yaml': [configMap('db-config', '0'), { ...pg, metadata: { ...pg.metadata, annotations: { 'argocd.argoproj.io/sync-wave': '1', ...postgresAnnotations } } }],
      'apps/api/api.yaml': [deployment('api')],
    };
    for (const [file, objects] of Object.entries(files)) {
      mkdirSync(join(dir(), file, '..'), { recursive: true });
      writeFileSync(join(dir(), file), objects.map(o => stringify(o)).join('---\n'));
    }
    return dir();
  }
  const run = async (root: string, health: string) => JSON.parse((await cli('simulate', join(root, 'parent'), '--repo-root', root, '--health', health, '--format', 'json')).stdout);

  test('its last wave still Progressing: the child is Progressing and holds the parent, though its sync Succeeded', async () => {
    const json = await run(lastWaveRepo(), 'Deployment/postgres=Progressing');
    const [db, api] = json.applications;
    expect([db.operationPhase, db.health]).toEqual(['Succeeded', 'Progressing']);
    expect(json.waitingOn).toEqual(['Application/db']);
    expect([api.started, json.operationPhase]).toEqual([false, 'Running']);
  });

  test('Degraded there: the child is Degraded and the parent fails at its wave', async () => {
    const json = await run(lastWaveRepo(), 'Deployment/postgres=Degraded');
    expect(json.applications[0].health).toBe('Degraded');
    expect(json.operationPhase).toBe('Failed');
  });

  test('argocd.argoproj.io/ignore-healthcheck leaves the object out of the child\'s health', async () => {
    const json = await run(lastWaveRepo({ 'argocd.argoproj.io/ignore-healthcheck': 'true' }), 'Deployment/postgres=Progressing');
    expect(json.applications.map((a: any) => [a.name, a.health, a.started])).toEqual([['db', 'Healthy', true], ['api', 'Healthy', true]]);
    expect(json.operationPhase).toBe('Succeeded');
  });
});

describe('a child whose AppProject (applied by the parent) refuses one of its objects: its sync fails before anything is applied', () => {
  /** db of AppProject `team` (no clusterResourceWhitelist), shipping its Namespace; api after db. */
  function projectRepo(clusterResourceWhitelist?: object[]): string {
    const db = app('db', '0') as { spec: Record<string, unknown> };
    const project = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AppProject',
      metadata: { name: 'team', namespace: 'argocd', annotations: { 'argocd.argoproj.io/sync-wave': '-1' } },
      spec: { sourceRepos: ['*'], destinations: [{ server: '*', namespace: '*' }], ...(clusterResourceWhitelist ? { clusterResourceWhitelist } : {}) },
    };
    const files: Record<string, object[]> = {
      'parent/apps.yaml': [project, { ...db, spec: { ...db.spec, project: 'team' } }, app('api', '1')],
      'apps/db/db.yaml': [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'db' } }, deployment('postgres')],
      'apps/api/api.yaml': [deployment('api')],
    };
    for (const [file, objects] of Object.entries(files)) {
      mkdirSync(join(dir(), file, '..'), { recursive: true });
      writeFileSync(join(dir(), file), objects.map(o => stringify(o)).join('---\n'));
    }
    return dir();
  }
  const run = async (root: string) => cli('simulate', join(root, 'parent'), '--repo-root', root, '--format', 'json');

  test('Failed with Argo CD\'s words, nothing of it applied, the parent fails at its wave (exit 1)', async () => {
    const r = await run(projectRepo());
    const json = JSON.parse(r.stdout);
    expect(r.code).toBe(1);
    const [db, api] = json.applications;
    expect([db.operationPhase, db.health]).toEqual(['Failed', 'Degraded']);
    expect(db.message).toContain('one or more synchronization tasks are not valid: resource :Namespace is not permitted in project team');
    expect(db.neverApplied).toEqual(['Namespace/db', 'Deployment/postgres']);
    expect(api.started).toBe(false);
    expect(json.operationPhase).toBe('Failed');
  });

  test('the project permits the Namespace: the child syncs and the parent goes on', async () => {
    const json = JSON.parse((await run(projectRepo([{ group: '', kind: 'Namespace' }]))).stdout);
    expect(json.applications.map((a: any) => [a.name, a.operationPhase, a.health])).toEqual([['db', 'Succeeded', 'Healthy'], ['api', 'Succeeded', 'Healthy']]);
    expect(json.operationPhase).toBe('Succeeded');
  });
});

// argo-cd controller/health.go setApplicationHealth: TestSetApplicationHealth_MissingResource at v3.3.0 (Missing) and since 3.4 (Healthy, PR #25962).
test('a child whose last-wave Deployment is missing after its sync succeeded: Healthy since 3.4 (the parent goes on), Missing before (it holds the parent)', async () => {
  const root = dir();
  const withWave = (o: Record<string, any>, w: string) => ({ ...o, metadata: { ...o.metadata, annotations: { 'argocd.argoproj.io/sync-wave': w } } });
  const files: Record<string, object[]> = {
    'parent/apps.yaml': [app('jobs', '0'), app('web', '1')],
    'apps/jobs/jobs.yaml': [deployment('worker'), withWave(deployment('reporter'), '1')],
    'apps/web/web.yaml': [deployment('web')],
  };
  for (const [file, objects] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), objects.map(o => stringify(o)).join('---\n'));
  }
  const run = async (version: string) => JSON.parse((await cli('simulate', join(root, 'parent'), '--repo-root', root, '--format', 'json',
    '--health', 'Deployment/reporter=Missing', '--argocd-version', version)).stdout);
  const now = await run('3.4');
  expect([now.operationPhase, now.applications.map((a: any) => [a.name, a.operationPhase, a.health])]).toEqual(['Succeeded', [['jobs', 'Succeeded', 'Healthy'], ['web', 'Succeeded', 'Healthy']]]);
  const before = await run('3.3');
  expect([before.operationPhase, before.waitingOn, before.applications[0].health]).toEqual(['Running', ['Application/jobs'], 'Progressing']);
});
