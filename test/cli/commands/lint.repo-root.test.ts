/**
 * `syncplan lint` of an app-of-apps parent with its children (`--repo-root`, or the cdk8s dist that
 * holds them all): a child's object its AppProject does not permit is an error, as at `cdk8s synth`
 * (rule resource-not-permitted). Spawns the compiled CLI on test/fixtures/app-project.
 */
import { spawnSync } from 'child_process';
import { join } from 'path';

jest.setTimeout(30_000);

const ROOT = join(__dirname, '..', '..', '..');
const BIN = join(ROOT, 'lib', 'cli', 'main.js');
const FIXTURE = join('test', 'fixtures', 'app-project');
const PARENT = join(FIXTURE, 'dist', 'platform.k8s.yaml');

function syncplan(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('lint PARENT --repo-root: the child\'s Namespace fails it (exit 1), named with its file and line; without --repo-root the parent alone passes', () => {
  const r = syncplan('lint', PARENT, '--repo-root', FIXTURE);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(1);
  expect(r.stdout).toContain(`error: Namespace/web (${join(ROOT, FIXTURE, 'dist', 'web.k8s.yaml')}:3): is cluster-scoped, and AppProject team has no clusterResourceWhitelist`);
  expect(r.stdout).toContain('  fix: add {group: \'\', kind: Namespace} to AppProject team\'s spec.clusterResourceWhitelist');
  expect(r.stdout).not.toContain('Namespace/docs');
  expect(syncplan('lint', PARENT).code).toBe(0);
});

test('lint of the cdk8s dist (parent, AppProject and chart files): the same error, from the file the Application syncs', () => {
  const r = syncplan('lint', join(FIXTURE, 'dist'), '--format', 'json');
  expect(r.code).toBe(1);
  const found = JSON.parse(r.stdout).findings.filter((f: any) => f.rule === 'resource-not-permitted');
  expect(found.map((f: any) => [f.kind, f.name, f.source.endsWith(join('dist', 'web.k8s.yaml:3'))])).toEqual([['Namespace', 'web', true]]);
});
