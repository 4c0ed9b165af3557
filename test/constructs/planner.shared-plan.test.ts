/**
 * The charts of one ArgoApplication are one Argo CD Application: they are planned as one (waves
 * span them, and the synth-time proof reads the union of their rendered manifests), so a
 * `node.addDependency` between their objects is an ordinary edge ordered by waves.
 */
import { ApiObject, App, Chart, JsonPatch, Testing } from 'cdk8s';
import { stderrOf } from './helpers';
import { ANNOTATION_SYNC_WAVE } from '../../src/argo/annotations';
import { ArgoApplication } from '../../src/constructs/argo-application';
import { SyncWaves } from '../../src/constructs/sync-waves';
import { Tier } from '../../src/constructs/tier';

const REPO = 'https://git.example.com/platform.git';

function obj(chart: Chart, kind: string, apiVersion: string, name: string, annotations?: Record<string, string>): ApiObject {
  const spec = kind === 'ConfigMap' ? {} : { spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: 'nginx:1.27' }] } } } };
  return new ApiObject(chart, name, { apiVersion, kind, metadata: { name, annotations }, ...spec });
}

function build(opts: { beforeKind?: 'ConfigMap' | 'StatefulSet'; wave?: string; beforeWave?: string; oneApp?: boolean } = {}) {
  const app = Testing.app();
  const a = new Chart(app, 'a', { disableResourceNameHashes: true });
  const b = new Chart(app, 'b', { disableResourceNameHashes: true });
  const kind = opts.beforeKind ?? 'StatefulSet';
  const before = obj(a, kind, kind === 'ConfigMap' ? 'v1' : 'apps/v1', 'db', opts.beforeWave === undefined ? undefined : { [ANNOTATION_SYNC_WAVE]: opts.beforeWave });
  const after = obj(b, 'Deployment', 'apps/v1', 'web', opts.wave === undefined ? undefined : { [ANNOTATION_SYNC_WAVE]: opts.wave });
  after.node.addDependency(before);
  const platform = new Chart(app, 'platform', { disableResourceNameHashes: true });
  if (opts.oneApp !== false) new ArgoApplication(platform, 'app', { charts: [a, b], repoURL: REPO, path: 'dist' });
  return { app, a, b, before, after };
}

const waveIn = (chart: Chart, name: string): string | undefined =>
  Testing.synth(chart).find((o) => o.metadata.name === name)?.metadata.annotations?.[ANNOTATION_SYNC_WAVE];

test('a Deployment of chart B depending on a StatefulSet of chart A (one ArgoApplication) gets the next wave', () => {
  const { a, b } = build();
  let waves: Array<string | undefined> = [];
  const err = stderrOf(() => { waves = [waveIn(a, 'db'), waveIn(b, 'web')]; });
  expect(Number(waves[1] ?? '0')).toBe(Number(waves[0] ?? '0') + 1);
  expect(err).not.toMatch(/depend on chart/);
});

test('a Deployment of chart B depending on a ConfigMap of chart A: kind order keeps it, so one wave', () => {
  const { a, b } = build({ beforeKind: 'ConfigMap' });
  const [db, web] = [waveIn(a, 'db'), waveIn(b, 'web')];
  expect(web ?? '0').toBe(db ?? '0');
});

test('tiers in two charts of one ArgoApplication order each other by waves', () => {
  const app = Testing.app();
  const a = new Chart(app, 'a', { disableResourceNameHashes: true });
  const b = new Chart(app, 'b', { disableResourceNameHashes: true });
  const data = new Tier(a, 'data-tier').add(obj(a, 'StatefulSet', 'apps/v1', 'db'));
  new Tier(b, 'web-tier', { after: [data] }).add(obj(b, 'Deployment', 'apps/v1', 'web'));
  new ArgoApplication(new Chart(app, 'platform'), 'app', { charts: [a, b], repoURL: REPO, path: 'dist' });
  expect(Number(waveIn(b, 'web'))).toBe(Number(waveIn(a, 'db') ?? '0') + 1);
});

const patchWave = (o: ApiObject, wave: string) => o.addJsonPatch(JsonPatch.add(`/metadata/annotations/${ANNOTATION_SYNC_WAVE.replace('/', '~1')}`, wave));

test('hand-set waves across the two charts that contradict the dependency fail the synth', () => {
  const { app } = build({ wave: '0', beforeWave: '3' });
  expect(() => app.synth()).toThrow(/StatefulSet a\/db is pinned to wave 3 but must be applied before Deployment b\/web, pinned to wave 0/);
});

test('the proof reads the union of the charts: a patched wave on chart B that breaks the order fails the synth, naming both objects', () => {
  const { app, after } = build();
  patchWave(after, '0');
  expect(() => app.synth()).toThrow(/sync order broken \(b\/web depends on a\/db \(node\.addDependency\)\): b\/web \(Deployment web, Sync wave 0\) must start after a\/db \(StatefulSet db, Sync wave 0\)/);
});

test('a hand-set wave that keeps the order passes', () => {
  const { app } = build({ wave: '5', beforeWave: '3' });
  expect(() => stderrOf(() => app.synth())).not.toThrow();
});

test('each error of the shared plan is reported once (by the leading chart), not once per chart', () => {
  const { app, after } = build();
  patchWave(after, '0');
  let message = '';
  try { app.synth(); } catch (e) { message = (e as Error).message; }
  expect(message.match(/sync order broken/g)).toHaveLength(1);
});

test('a chart in no ArgoApplication is planned alone, as before', () => {
  const app = Testing.app();
  const a = new Chart(app, 'a', { disableResourceNameHashes: true });
  const db = obj(a, 'StatefulSet', 'apps/v1', 'db');
  const web = obj(a, 'Deployment', 'apps/v1', 'web');
  web.node.addDependency(db);
  SyncWaves.enable(a);
  expect([waveIn(a, 'db'), waveIn(a, 'web')]).toEqual(['0', '1']);
});

test('one ArgoApplication of one chart: planned alone', () => {
  const app = new App();
  const a = new Chart(app, 'a', { disableResourceNameHashes: true });
  const db = obj(a, 'StatefulSet', 'apps/v1', 'db');
  obj(a, 'Deployment', 'apps/v1', 'web').node.addDependency(db);
  SyncWaves.enable(a);
  new ArgoApplication(new Chart(app, 'platform'), 'app', { charts: [a], repoURL: REPO, path: 'dist' });
  expect(waveIn(a, 'web')).toBe('1');
});

test('a chart of the shared plan depending on a chart outside it: the error names the depending chart, not the leading one', () => {
  const { app, b } = build();
  const outside = new Chart(app, 'outside');
  const other = obj(outside, 'ConfigMap', 'v1', 'other');
  b.node.findChild('web').node.addDependency(other);
  expect(() => stderrOf(() => app.synth())).toThrow(/objects of chart b depend on chart outside \(b\/web depends on outside\/other, node\.addDependency\)/);
});
