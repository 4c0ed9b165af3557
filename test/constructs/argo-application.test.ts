import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ApiObject, App, Chart, Duration, YamlOutputType } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { ANNOTATION_SYNC_WAVE } from '../../src/argo/annotations';
import { APPLICATION_HEALTH_KEY, APPLICATION_HEALTH_LUA } from '../../src/argo/application-health';
import { directoryReads } from '../../src/argo/directory-source';
import { ArgoApplication, ArgoApplicationProps } from '../../src/constructs/argo-application';
import { MigrationHook } from '../../src/constructs/migration-hook';
import { Tier } from '../../src/constructs/tier';
import { modelErrors } from '../validity/validators';

const REPO = 'https://git.example.com/platform.git';

function withOutdir<T>(fn: (outdir: string) => T): T {
  const outdir = mkdtempSync(join(tmpdir(), 'syncplan-argoapp-'));
  try {
    return fn(outdir);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

function cm(chart: Chart, id: string): ApiObject {
  return new ApiObject(chart, id, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: id } });
}

/** Every file under `dir`, `/`-separated and relative. */
function files(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap(e =>
    e.isDirectory() ? files(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`]).sort();
}

function docsOf(path: string): any[] {
  return parseAllDocuments(readFileSync(path, 'utf8')).map(d => d.toJS()).filter(Boolean);
}

/** Synthesize to a temp dir; the objects Argo CD would read for each Application, by file. */
function synthPlatform(appProps: { yamlOutputType?: YamlOutputType; outputFileExtension?: string; depend?: boolean }) {
  return withOutdir(outdir => {
    const app = new App({ outdir, ...appProps });
    const db = new Chart(app, 'database');
    const dbConfig = cm(db, 'db-config');
    const consoleChart = new Chart(app, 'console');
    const web = cm(consoleChart, 'web-config');
    cm(consoleChart, 'web-extra');
    if (appProps.depend) web.node.addDependency(dbConfig);
    const platform = new Chart(app, 'platform');
    const database = new ArgoApplication(platform, 'database', { charts: [db], repoURL: REPO, path: 'dist', destination: { namespace: 'db' } });
    new ArgoApplication(platform, 'console', { charts: [consoleChart], repoURL: REPO, path: 'dist', destination: { namespace: 'web' }, after: [database] });
    app.synth();
    const all = files(outdir);
    const apps = all.filter(f => f.endsWith(appProps.outputFileExtension ?? '.k8s.yaml'))
      .flatMap(f => docsOf(join(outdir, f))).filter(o => o.kind === 'Application');
    const reads = new Map(apps.map(a => [a, all.filter(f => directoryReads(f, a.spec.source.directory))
      .flatMap(f => docsOf(join(outdir, f)).map(o => o.metadata.name)).sort()]));
    const read = (a: any) => reads.get(a);
    return { all, apps, read, patch: readFileSync(join(outdir, ArgoApplication.HEALTH_PATCH_FILE), 'utf8') };
  });
}

describe.each([
  ['FILE_PER_CHART', {}],
  ['FILE_PER_CHART with dependent charts (0000- prefixes)', { depend: true }],
  ['FILE_PER_CHART, .yaml', { outputFileExtension: '.yaml', depend: true }],
  ['FILE_PER_RESOURCE', { yamlOutputType: YamlOutputType.FILE_PER_RESOURCE }],
  ['FOLDER_PER_CHART_FILE_PER_RESOURCE', { yamlOutputType: YamlOutputType.FOLDER_PER_CHART_FILE_PER_RESOURCE, depend: true }],
])('charts select exactly their synthesized files: %s', (_name, props) => {
  const r = synthPlatform(props);
  test('each Application reads its charts\' objects and nothing else', () => {
    const [database, console] = ['database', 'console'].map(n => r.apps.find(a => a.metadata.name === n));
    expect(r.read(database)).toEqual(['db-config']);
    expect(r.read(console)).toEqual(['web-config', 'web-extra']);
    if ((props as any).depend) expect(r.all.some(f => f.startsWith('0000-'))).toBe(true);
  });
  test('the Applications are valid and ordered by one wave', () => {
    for (const a of r.apps) expect(modelErrors(a)).toEqual([]);
    const wave = (n: string) => r.apps.find(a => a.metadata.name === n).metadata.annotations?.[ANNOTATION_SYNC_WAVE] ?? '0';
    expect(Number(wave('console'))).toBe(Number(wave('database')) + 1);
  });
  test('the health patch is written beside the output, and no directory source reads it', () => {
    expect(r.all).toContain(ArgoApplication.HEALTH_PATCH_FILE);
    expect(r.patch).toContain('+argocd:skip-file-rendering');
    const patch = parseAllDocuments(r.patch)[0].toJS();
    expect(patch).toEqual({ data: { [APPLICATION_HEALTH_KEY]: APPLICATION_HEALTH_LUA } });
    expect(r.patch).toContain('kubectl -n argocd patch configmap argocd-cm --type merge');
  });
});

test('a failed synth of an app-of-apps writes nothing, the health patch included', () => {
  withOutdir((outdir) => {
    const app = new App({ outdir });
    const chart = new Chart(app, 'db');
    const first = new Tier(chart, 'first').add(cm(chart, 'one'));
    new Tier(chart, 'second', { after: [first] }).add(cm(chart, 'two'));
    first.addAfter(chart.node.findChild('second') as Tier);
    new ArgoApplication(new Chart(app, 'platform'), 'db', { charts: [chart], repoURL: REPO, path: 'dist' });
    // The parent's planner reads its Application back (and passes) before the child's fails.
    expect(() => app.synth()).toThrow('dependency cycle');
    expect(files(outdir)).toEqual([]);
  });
});

function appIn(props: Partial<ArgoApplicationProps> = {}, id = 'db') {
  const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'syncplan-argoapp-')) });
  const platform = new Chart(app, 'platform');
  return new ArgoApplication(platform, id, { repoURL: REPO, path: 'dist', ...props });
}

test('typed sync policy and retry become Argo CD fields', () => {
  const a = appIn({
    syncPolicy: {
      automated: true,
      prune: true,
      selfHeal: true,
      retry: { limit: 3, backoffDuration: Duration.seconds(10), backoffFactor: 3, maxBackoffDuration: Duration.minutes(5) },
    },
    syncOptions: ['CreateNamespace=true', 'PruneLast=true'],
    cascadeDelete: true,
  });
  const json = a.resource.toJson();
  expect(json.spec.syncPolicy).toEqual({
    automated: { prune: true, selfHeal: true },
    syncOptions: ['CreateNamespace=true', 'PruneLast=true'],
    retry: { limit: 3, backoff: { duration: '10s', factor: 3, maxDuration: '300s' } },
  });
  expect(json.metadata.finalizers).toEqual(['resources-finalizer.argocd.argoproj.io']);
  expect(json.spec.destination).toEqual({ server: 'https://kubernetes.default.svc' });
  expect(json.spec.project).toBe('default');
  expect(modelErrors(json)).toEqual([]);
});

test.each([
  [{ syncOptions: ['CreateNamespace=True'] }, /CreateNamespace=True.*write "CreateNamespace=true"/],
  [{ syncOptions: ['Prunelast=true'] }, /matched exactly and case-sensitively/],
  [{ syncOptions: ['FooBar=true'] }, /not one Argo CD knows/],
  [{ syncPolicy: { prune: true } }, /prune acts on automated syncs only/],
  [{ syncPolicy: { automated: true, allowEmpty: true } }, /allowEmpty.*without `prune: true`/],
  [{ syncPolicy: { retry: { limit: 1.5 } } }, /retry.limit must be an integer/],
  [{ syncPolicy: { retry: { backoffDuration: Duration.millis(500) } } }, /backoffDuration must be a whole number of seconds/],
  [{ name: 'Database' }, /not a valid Application name/],
])('bad props fail with one line naming the construct: %j', (props, message) => {
  expect(() => appIn(props as Partial<ArgoApplicationProps>)).toThrow(message);
  expect(() => appIn(props as Partial<ArgoApplicationProps>)).toThrow(/^ArgoApplication platform\/db: /);
});

test('app-only options are fine on an Application', () => {
  expect(() => appIn({ syncOptions: ['CreateNamespace=true', 'ApplyOutOfSyncOnly=true'] })).not.toThrow();
});

test('an Application cannot sync its own parent, nor wait for one in another parent', () => {
  const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'syncplan-argoapp-')) });
  const platform = new Chart(app, 'platform');
  expect(() => new ArgoApplication(platform, 'self', { charts: [platform], repoURL: REPO, path: 'dist' })).toThrow(/cannot sync its own parent/);
  const other = new Chart(app, 'other');
  const a = new ArgoApplication(other, 'a', { repoURL: REPO, path: 'dist' });
  expect(() => new ArgoApplication(platform, 'b', { repoURL: REPO, path: 'dist', after: [a] })).toThrow(/in another parent chart/);
});

test('FILE_PER_APP cannot select charts: the synth fails naming the Application', () => {
  withOutdir(outdir => {
    const app = new App({ outdir, yamlOutputType: YamlOutputType.FILE_PER_APP });
    const db = new Chart(app, 'database');
    cm(db, 'x');
    const platform = new Chart(app, 'platform');
    new ArgoApplication(platform, 'database', { charts: [db], repoURL: REPO, path: 'dist' });
    expect(() => app.synth()).toThrow(/ArgoApplication platform\/database: the App writes every chart into one file/);
  });
});

test('a chain of three Applications takes three waves; two after one share the next', () => {
  const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'syncplan-argoapp-')) });
  const platform = new Chart(app, 'platform');
  const a = new ArgoApplication(platform, 'a', { repoURL: REPO, path: 'dist' });
  const b = new ArgoApplication(platform, 'b', { repoURL: REPO, path: 'dist', after: [a] });
  const c = new ArgoApplication(platform, 'c', { repoURL: REPO, path: 'dist', after: [a] });
  const d = new ArgoApplication(platform, 'd', { repoURL: REPO, path: 'dist', after: [b, c] });
  const waves = [a, b, c, d].map(x => Number(x.resource.toJson().metadata.annotations?.[ANNOTATION_SYNC_WAVE] ?? 0));
  expect(waves[1]).toBe(waves[0] + 1);
  expect(waves[2]).toBe(waves[1]);
  expect(waves[3]).toBe(waves[1] + 1);
});

test('the parent never syncs a child: an ordered child without automated sync warns at synth, naming it; with it, nothing', () => {
  const synth = (automated: boolean | undefined) => withOutdir((outdir) => {
    const app = new App({ outdir });
    const platform = new Chart(app, 'platform');
    const policy = automated === undefined ? {} : { syncPolicy: { automated } };
    const db = new ArgoApplication(platform, 'db', { repoURL: REPO, path: 'dist', ...policy });
    new ArgoApplication(platform, 'web', { repoURL: REPO, path: 'dist', after: [db], ...policy });
    return stderrOf(() => app.synth());
  });
  for (const manual of [synth(undefined), synth(false)]) {
    expect(manual).toMatch(/\[platform\] warning: Application\/db \(platform\/db\/Resource\): has no automated sync.*parent's Sync wave 1 waits until someone syncs this child/);
    expect(manual).toMatch(/Application\/web \(platform\/web\/Resource\): has no automated sync.*parent's sync ends after Sync wave 1/);
  }
  expect(synth(true)).toBe('');
  // One Application alone: nothing orders it, so syncing it by hand is a choice.
  expect(withOutdir((outdir) => {
    const app = new App({ outdir });
    new ArgoApplication(new Chart(app, 'platform'), 'db', { repoURL: REPO, path: 'dist' });
    return stderrOf(() => app.synth());
  })).toBe('');
});

/** What `fn` writes to stderr (where the synth prints its warnings). */
function stderrOf(fn: () => void): string {
  const chunks: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => { chunks.push(String(chunk)); return true; });
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
  return chunks.join('');
}

describe('a Tier or hook `after` a unit of another ArgoApplication\'s chart', () => {
  /** database and console charts, console's tier after database's tier (`how`), and the parents given. */
  function platform(how: 'prop' | 'addAfter' | 'hook', parents: 0 | 1 | 2) {
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'syncplan-argoapp-')) });
    const db = new Chart(app, 'database');
    const schema = new Tier(db, 'schema').add(cm(db, 'db-schema'));
    const web = new Chart(app, 'console');
    if (how === 'prop') new Tier(web, 'web', { after: [schema] }).add(cm(web, 'web-config'));
    else if (how === 'addAfter') new Tier(web, 'web').add(cm(web, 'web-config')).addAfter(schema);
    else new MigrationHook(web, 'migrate', { image: 'registry.example.com/migrate:1', command: ['migrate'], after: [schema] });
    const p1 = parents > 0 ? new Chart(app, 'platform') : undefined;
    const p2 = parents > 1 ? new Chart(app, 'other-platform') : p1;
    const apps = p1 && p2 ? [
      new ArgoApplication(p1, 'console', { charts: [web], repoURL: REPO, path: 'dist' }),
      new ArgoApplication(p2, 'database', { charts: [db], repoURL: REPO, path: 'dist' }),
    ] : [];
    return { app, apps };
  }
  const wave = (a: ArgoApplication) => Number(a.resource.toJson().metadata.annotations?.[ANNOTATION_SYNC_WAVE] ?? 0);

  test.each(['prop', 'addAfter', 'hook'] as const)('(%s) is lifted to application order, as node.addDependency is', (how) => {
    const { app, apps: [consoleApp, database] } = platform(how, 1);
    const written = stderrOf(() => app.synth());
    expect(consoleApp.after).toEqual([database]);
    expect(database.after).toEqual([]);
    expect(wave(consoleApp)).toBe(wave(database) + 1);
    expect(written).not.toContain('depend on chart');
  });

  test('with no parent it fails the synth with the fix', () => {
    const { app } = platform('prop', 0);
    expect(() => stderrOf(() => app.synth())).toThrow(/objects of chart console depend on chart database \(Tier console\/web is after database\/schema, after\).*give each chart an ArgoApplication in one app-of-apps chart \(the `after` then orders the Applications\)/s);
  });

  test('tiers after each other across two Applications: a cycle between the Applications fails the synth, naming both', () => {
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'syncplan-argoapp-')) });
    const db = new Chart(app, 'database');
    const web = new Chart(app, 'console');
    const schema = new Tier(db, 'schema').add(cm(db, 'db-schema'));
    const front = new Tier(web, 'web', { after: [schema] }).add(cm(web, 'web-config'));
    schema.addAfter(front);
    const parent = new Chart(app, 'platform');
    new ArgoApplication(parent, 'console', { charts: [web], repoURL: REPO, path: 'dist' });
    new ArgoApplication(parent, 'database', { charts: [db], repoURL: REPO, path: 'dist' });
    expect(() => stderrOf(() => app.synth())).toThrow('dependency cycle: ArgoApplication platform/console → ArgoApplication platform/database → ArgoApplication platform/console');
  });

  test('Applications of two different parents do not order each other: still an error', () => {
    const { app, apps: [consoleApp] } = platform('addAfter', 2);
    expect(consoleApp.after).toEqual([]);
    expect(() => stderrOf(() => app.synth())).toThrow(/objects of chart console depend on chart database \(Tier console\/web is after database\/schema, after\)/);
  });
});

describe('node.addDependency between charts of two Applications of one parent', () => {
  function platform(withApps: boolean) {
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'syncplan-argoapp-')) });
    const db = new Chart(app, 'database');
    const dbConfig = cm(db, 'db-config');
    const web = new Chart(app, 'console');
    const webConfig = cm(web, 'web-config');
    new Tier(web, 'web').add(webConfig);
    webConfig.node.addDependency(dbConfig);
    const parent = new Chart(app, 'platform');
    const apps = withApps ? [
      new ArgoApplication(parent, 'console', { charts: [web], repoURL: REPO, path: 'dist' }),
      new ArgoApplication(parent, 'database', { charts: [db], repoURL: REPO, path: 'dist' }),
    ] : [];
    return { app, apps };
  }

  test('is lifted to application order: the depending Application gets the later wave, and nothing warns', () => {
    const { app, apps: [console, database] } = platform(true);
    const written = stderrOf(() => app.synth());
    const wave = (a: ArgoApplication) => Number(a.resource.toJson().metadata.annotations?.[ANNOTATION_SYNC_WAVE] ?? 0);
    expect(console.after).toEqual([database]);
    expect(wave(console)).toBe(wave(database) + 1);
    expect(written).not.toContain('depend on chart');
  });

  test('without Applications it fails the synth, naming the fix', () => {
    const { app } = platform(false);
    expect(() => stderrOf(() => app.synth())).toThrow(/depend on chart database.*give each chart an ArgoApplication in one app-of-apps chart \(the dependency then orders the Applications\)/s);
  });

  test('a chart synced by two Applications fails, naming both', () => {
    const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'syncplan-argoapp-')) });
    const db = new Chart(app, 'database');
    const parent = new Chart(app, 'platform');
    new ArgoApplication(parent, 'a', { charts: [db], repoURL: REPO, path: 'dist' });
    expect(() => new ArgoApplication(parent, 'b', { charts: [db], repoURL: REPO, path: 'dist' })).toThrow(/already synced by ArgoApplication platform\/a/);
  });
});

test('file names follow the charts\' order as it changes, finding it once while nothing changes', () => {
  const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'syncplan-argoapp-')) });
  const web = new Chart(app, 'web');
  const webConfig = cm(web, 'web-config');
  const db = new Chart(app, 'database');
  const dbConfig = cm(db, 'db-config');
  // Nested: cdk8s numbers the files from the start (a chart depends on the charts in it).
  const inner = new Chart(web, 'inner');
  cm(inner, 'inner-config');
  const a = new ArgoApplication(new Chart(app, 'platform'), 'shop', { charts: [db, web], repoURL: REPO, path: 'dist' });
  // Finding the order lists the app's constructs (`app-charts.ts`); a render while nothing changed
  // only counts them (`chart-files.ts`), listing nothing.
  const walks = jest.spyOn(app.node, 'findAll');
  try {
    const include = () => a.resource.toJson().spec.source.directory.include;
    const first = include();
    const finding = walks.mock.calls.length;
    expect(finding).toBeGreaterThan(0);
    expect(include()).toBe(first);
    expect(walks.mock.calls.length).toBe(finding);
    // web after database (as cdk8s makes of a dependency between their constructs when it renders):
    // cdk8s reorders the files, and the next render says so.
    webConfig.node.addDependency(dbConfig);
    web.addDependency(db);
    const order = app.charts.map((c) => c.node.id);
    const after = include();
    expect(after).not.toBe(first);
    expect(after).toBe(`{${['database', 'web'].map((id) => `${String(order.indexOf(id)).padStart(4, '0')}-${id}.k8s.yaml`).join(',')}}`);
  } finally {
    walks.mockRestore();
  }
});
