/**
 * `syncplan plan PARENT --repo-root DIR`: each child's objects its AppProject (applied by the parent)
 * does not permit, under the child's plan and in its JSON `findings` (rule resource-not-permitted).
 * Spawns the compiled CLI on test/fixtures/app-project.
 */
import { FIXTURE, PARENT, syncplan } from './app-project-fixture';

jest.setTimeout(30_000);

test('plan PARENT --repo-root: the finding under the child\'s plan (text) and in its JSON findings; the exit status stays the plan\'s', () => {
  const text = syncplan('plan', PARENT, '--repo-root', FIXTURE);
  expect(text.code).toBe(0);
  const web = text.stdout.slice(text.stdout.indexOf('Application web (parent wave 0'), text.stdout.indexOf('Parent Application'));
  expect(web).toContain('Findings (syncplan lint): 1 error, 0 warnings, 0 info');
  expect(web).toContain('error: Namespace/web (');
  const docs = text.stdout.slice(text.stdout.indexOf('Application docs (parent wave 0'), text.stdout.indexOf('Application web (parent wave 0'));
  expect(docs).not.toContain('Findings (syncplan lint)');
  const apps = JSON.parse(syncplan('plan', PARENT, '--repo-root', FIXTURE, '--format', 'json').stdout).applications;
  expect(apps.map((a: any) => [a.name, a.findings.map((f: any) => f.rule)])).toEqual([['docs', []], ['web', ['resource-not-permitted']]]);
});
