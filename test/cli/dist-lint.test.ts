/**
 * A cdk8s dist holding the parent, its AppProject and the children's chart files: each file the
 * parent's Application syncs is checked against that Application's AppProject, as `cdk8s synth`
 * checks an ArgoApplication (rule resource-not-permitted). Fixture: test/fixtures/app-project/dist.
 */
import { readdirSync } from 'fs';
import { basename, join } from 'path';
import { cdk8sDist } from '../../src/cli/cdk8s-dist';
import { distAppReport } from '../../src/cli/dist-lint';
import { loadPaths } from '../../src/cli/load';
import { lintReport } from '../../src/rules';

const DIST = join(__dirname, '..', 'fixtures', 'app-project', 'dist');
const files = readdirSync(DIST).map(f => join(DIST, f));

test('each file is its own Application; web.k8s.yaml, synced by Application web of project team, is checked against it', () => {
  const dist = cdk8sDist(files, loadPaths(files))!;
  expect(dist.apps.map(a => [basename(a.file), a.project?.appProject.application ?? null])).toEqual([
    ['docs.k8s.yaml', null], // the default project: not among the manifests
    ['platform.k8s.yaml', null],
    ['web.k8s.yaml', 'web'],
  ]);
  const web = dist.apps.find(a => a.name === 'web')!;
  expect(web.project!.namespace).toBe('web');
  const found = distAppReport(web, {}).findings.filter(f => f.rule === 'resource-not-permitted');
  expect(found.map(f => `${f.kind}/${f.name}`)).toEqual(['Namespace/web']);
  // The other rules read the file as given, with the lint's own options (as the synth lints each chart).
  expect(distAppReport(web, {}).findings.filter(f => f.rule !== 'resource-not-permitted')).toEqual(lintReport(web.manifests, {}).findings);
});

test('the files no Application of the dist syncs, or one of a project not in the dist, are linted as before', () => {
  const dist = cdk8sDist(files, loadPaths(files))!;
  for (const name of ['docs', 'platform']) {
    expect(distAppReport(dist.apps.find(a => a.name === name)!, {}).findings.filter(f => f.rule === 'resource-not-permitted')).toEqual([]);
  }
});
