/**
 * `syncplan lint` of an app-of-apps parent with its children (`--repo-root`, or the cdk8s dist that
 * holds them all): a child's object its AppProject does not permit is an error, as at `cdk8s synth`
 * (rule resource-not-permitted). Spawns the compiled CLI on test/fixtures/app-project.
 */
import { join } from 'path';
import { FIXTURE, PARENT, syncplan } from './app-project-fixture';

jest.setTimeout(30_000);

test('lint PARENT --repo-root: the child\'s Namespace fails it (exit 1), named with its file and line; without --repo-root the parent alone passes', () => {
  const r = syncplan('lint', PARENT, '--repo-root', FIXTURE);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(1);
  // Named as a lint of the child's folder names it: relative to the working directory, as typed.
  expect(r.stdout).toContain(`error: Namespace/web (${join(FIXTURE, 'dist', 'web.k8s.yaml')}:3): is cluster-scoped, and AppProject team has no clusterResourceWhitelist`);
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
