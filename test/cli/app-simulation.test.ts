/**
 * `syncplan simulate PARENT --repo-root DIR`: each child Application is a unit whose health is the
 * result of its own simulated sync, so a child that stays Progressing holds the parent's wave and
 * every later child.
 */
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { stringify } from 'yaml';
import { tempDirEach } from './helpers';
import { cli } from './run-cli';

const dir = tempDirEach('syncplan-appsim');

const app = (name: string, wave: string) => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Application',
  metadata: { name, namespace: 'argocd', annotations: { 'argocd.argoproj.io/sync-wave': wave } },
  spec: { project: 'default', source: { repoURL: 'https://git.example.com/r.git', path: `apps/${name}` }, destination: { namespace: name } },
});
const deployment = (name: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name },
  spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: `${name}:1` }] } } },
});
const configMap = (name: string, wave: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, annotations: { 'argocd.argoproj.io/sync-wave': wave } } });

function repo(): string {
  const files: Record<string, object[]> = {
    'parent/apps.yaml': [app('db', '0'), app('api', '1'), app('web', '2')],
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

const simulate = (...args: string[]) => {
  const root = repo();
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
