/**
 * `lint PARENT --repo-root DIR`: each child's directory source checked against the AppProject the
 * parent applies (rule resource-not-permitted; argo-cd `controller/sync.go` `validateSyncPermissions`),
 * on the fixture test/fixtures/app-project: AppProject team without clusterResourceWhitelist, child
 * web (project team) shipping its Namespace, child docs (the default project) shipping its own.
 */
import { join, relative } from 'path';
import { appOfAppsReports } from '../../src/cli/child-lint';
import { loadPaths } from '../../src/cli/load';

const ROOT = join(__dirname, '..', 'fixtures', 'app-project');
const PARENT = join(ROOT, 'dist', 'platform.k8s.yaml');

test('the parent\'s report, then one for the child whose AppProject the parent applies; the default project\'s child is not checked', () => {
  const reports = appOfAppsReports(loadPaths([PARENT]), {}, ROOT);
  expect(reports).toHaveLength(2);
  expect(reports[0].findings.filter(f => f.level === 'error')).toEqual([]);
  const [f] = reports[1].findings;
  expect(reports[1].findings).toHaveLength(1);
  expect([f.rule, f.level, `${f.kind}/${f.name}`, relative(ROOT, f.source.file), f.source.line]).toEqual(['resource-not-permitted', 'error', 'Namespace/web', 'dist/web.k8s.yaml', 3]);
  expect(f.message).toContain('AppProject team has no clusterResourceWhitelist (absent or empty)');
  expect(f.message).toContain('Argo CD fails the sync of Application web before it applies anything');
});

test('levels apply to the children too: off leaves the rule out', () => {
  const reports = appOfAppsReports(loadPaths([PARENT]), { levels: { 'resource-not-permitted': 'off' } }, ROOT);
  expect(reports[1].findings).toEqual([]);
});
