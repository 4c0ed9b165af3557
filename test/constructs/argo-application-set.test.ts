import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ApiObject, App, Chart, Testing } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { directoryReads } from '../../src/argo/directory-source';
import { listGeneratedLabels, rollingSyncSteps, stepOf } from '../../src/argo/progressive-sync';
import { ArgoApplicationSet, MaxUpdate } from '../../src/constructs/argo-application-set';
import { modelErrors } from '../validity/validators';

const REPO = 'https://git.example.com/platform.git';
const cm = (chart: Chart, id: string) => new ApiObject(chart, id, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: id } });

test('members get the fewest RollingSync steps; every generated Application is in its step; maxUpdate is an integer', () => {
  const app = Testing.app();
  const charts = ['db', 'cache', 'api', 'web'].map(n => {
    const c = new Chart(app, n);
    cm(c, `${n}-config`);
    return c;
  });
  const platform = new Chart(app, 'platform');
  const set = new ArgoApplicationSet(platform, 'platform', { repoURL: REPO, path: 'dist', maxUpdate: MaxUpdate.count(1), prune: true });
  const db = set.addApplication('db', { charts: [charts[0]], destinationNamespace: 'db' });
  const cache = set.addApplication('cache', { charts: [charts[1]] });
  const api = set.addApplication('api', { charts: [charts[2]], after: [db, cache] });
  const web = set.addApplication('web', { charts: [charts[3]], after: [api] });
  expect([db, cache, api, web].map(m => set.stepOf(m))).toEqual([0, 0, 1, 2]);
  const [json] = Testing.synth(platform);
  expect(modelErrors(json)).toEqual([]);
  const steps = rollingSyncSteps(json)!;
  expect(steps).toHaveLength(3);
  expect(steps.map(s => s.maxUpdate)).toEqual([1, 1, 1]);
  const generated = listGeneratedLabels(json)!;
  expect(generated.map(g => [g.name, stepOf(g.labels, steps)])).toEqual([['db', 0], ['cache', 0], ['api', 1], ['web', 2]]);
  expect(json.spec.template.spec.syncPolicy).toEqual({ automated: { prune: true } });
  expect(json.spec.generators[0].list.elements[0]).toEqual({ name: 'db', namespace: 'db', include: 'db.k8s.yaml', step: '0' });
});

test('percent maxUpdate is "N%", never a plain quoted number; bad values fail', () => {
  const app = Testing.app();
  const platform = new Chart(app, 'platform');
  const c = new Chart(app, 'db');
  const set = new ArgoApplicationSet(platform, 'set', { repoURL: REPO, path: 'dist', maxUpdate: MaxUpdate.percent(25) });
  set.addApplication('db', { charts: [c] });
  expect(Testing.synth(platform)[0].spec.strategy.rollingSync.steps[0].maxUpdate).toBe('25%');
  expect(() => MaxUpdate.percent(150)).toThrow(/0 to 100/);
  expect(() => MaxUpdate.count(1.5)).toThrow(/whole number/);
  expect(() => set.addApplication('Web', { charts: [c] })).toThrow(/not a valid Application name/);
  expect(() => set.addApplication('db', { charts: [c] })).toThrow(/added twice/);
  expect(() => new ArgoApplicationSet(platform, 'bad', { repoURL: REPO, path: 'dist', syncOptions: ['Replace=True'] })).toThrow(/^ArgoApplicationSet platform\/bad: /);
});

test('a member of another set cannot be waited for', () => {
  const app = Testing.app();
  const platform = new Chart(app, 'platform');
  const c = new Chart(app, 'db');
  const a = new ArgoApplicationSet(platform, 'a', { repoURL: REPO, path: 'dist' }).addApplication('x', { charts: [c] });
  const b = new ArgoApplicationSet(platform, 'b', { repoURL: REPO, path: 'dist' });
  expect(() => b.addApplication('y', { charts: [c], after: [a] })).toThrow(/another ApplicationSet/);
});

test('with real synthesized files (0000- prefixes) each generated Application reads its charts only', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-appset-'));
  try {
    const app = new App({ outdir });
    const db = new Chart(app, 'database');
    const dbConfig = cm(db, 'db-config');
    const web = new Chart(app, 'console');
    cm(web, 'web-config').node.addDependency(dbConfig);
    const platform = new Chart(app, 'platform');
    const set = new ArgoApplicationSet(platform, 'platform', { repoURL: REPO, path: 'dist' });
    set.addApplication('console', { charts: [web], after: [set.addApplication('database', { charts: [db] })] });
    app.synth();
    const files = readdirSync(outdir).sort();
    expect(files.some(f => f.startsWith('0000-'))).toBe(true);
    const docs = (f: string) => parseAllDocuments(readFileSync(join(outdir, f), 'utf8')).map(d => d.toJS()).filter(Boolean);
    const appset = files.flatMap(docs).find(o => o.kind === 'ApplicationSet');
    const read = Object.fromEntries(appset.spec.generators[0].list.elements.map((e: any) =>
      [e.name, files.filter(f => directoryReads(f, { include: e.include })).flatMap(docs).map((o: any) => o.metadata.name)]));
    expect(read).toEqual({ database: ['db-config'], console: ['web-config'] });
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
});
