/**
 * A cdk8s dist holding the parent, its AppProject and the children's chart files: each file the
 * parent's Application syncs is checked against that Application's AppProject, as `cdk8s synth`
 * checks an ArgoApplication (rule resource-not-permitted). Fixture: test/fixtures/app-project/dist.
 */
import { mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { basename, join } from 'path';
import { ApiObject, App, Chart } from 'cdk8s';
import { ArgoApplicationSet, argocd, SynthChecks, SyncWaves } from '../../src';
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

test('a dist an ArgoApplicationSet of the AppProject syncs: each member\'s file is checked against it, as the synth checks the member', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-appset-dist-'));
  try {
    const app = new App({ outdir });
    const web = new Chart(app, 'web', { namespace: 'web' });
    new ApiObject(web, 'reader', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'reader' }, rules: [] });
    const docs = new Chart(app, 'docs', { namespace: 'docs' });
    new ApiObject(docs, 'settings', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' } });
    const parent = new Chart(app, 'platform');
    // The rule pack left to syncplan lint: the synth writes the dist, and the lint must find what the synth would have.
    SyncWaves.enable(parent, { checks: SynthChecks.PROOF });
    new argocd.AppProject(parent, 'team', { metadata: { name: 'team', namespace: 'argocd' }, spec: { sourceRepos: ['*'], destinations: [{ server: '*', namespace: '*' }] } });
    const set = new ArgoApplicationSet(parent, 'tenants', { repoURL: 'https://git.example.com/platform.git', path: basename(outdir), project: 'team' });
    set.addApplication('docs', { charts: [docs], destinationNamespace: 'docs' });
    set.addApplication('web', { charts: [web], destinationNamespace: 'web' });
    app.synth();
    const written = readdirSync(outdir).map(f => join(outdir, f));
    const dist = cdk8sDist(written, loadPaths(written))!;
    const refused = dist.apps.flatMap(a => distAppReport(a, {}).findings.filter(f => f.rule === 'resource-not-permitted').map(f => `${a.name}: ${f.kind}/${f.name}`));
    expect(refused).toEqual(['web: ClusterRole/reader']);
    expect(dist.apps.find(a => a.name === 'web')!.project!.namespace).toBe('web');
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});
