/**
 * `syncplan plan PARENT --repo-root DIR` end to end (spawns the compiled CLI) on the platform
 * example synthesized into a temporary checkout: the application order, then each child's plan;
 * Helm and kustomize sources named with their render command; a missing path is one line.
 */
import { spawnSync } from 'child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { App } from 'cdk8s';
import { stringify } from 'yaml';
import { tempDirEach } from './helpers';
import { appOfApps } from '../../examples/platform/app-of-apps';
import { applicationSet } from '../../examples/platform/application-set';

jest.setTimeout(60_000);
const BIN = join(__dirname, '..', '..', 'lib', 'cli', 'main.js');
const dir = tempDirEach('syncplan-apps');
const PATH = 'dist/platform/app-of-apps';

function synth(): string {
  appOfApps(new App({ outdir: join(dir(), PATH) }), PATH).app.synth();
  return join(PATH, 'platform.k8s.yaml');
}

function plan(parent: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, 'plan', parent, '--repo-root', '.', ...args], { cwd: dir(), encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('JSON: applications in sync order, each with its files and its own steps', () => {
  const r = plan(synth(), '--format', 'json');
  expect(r.stderr).toBe('');
  const apps = JSON.parse(r.stdout).applications;
  expect(apps.map((a: any) => [a.name, a.wave, a.destinationNamespace])).toEqual([['database', 0, 'db'], ['workflow-console', 1, 'workflow-console']]);
  expect(apps[0].source.files).toEqual([`${PATH}/database.k8s.yaml`]);
  // The child's own plan, with its destination namespace (CreateNamespace is the Argo model's business).
  const tasks = apps[0].steps.flatMap((s: any) => s.tasks.map((t: any) => `${t.kind}/${t.name} -n ${t.namespace}`));
  expect(tasks.filter((t: string) => !t.startsWith('Namespace/'))).toEqual(['Service/postgres -n db', 'Deployment/postgres -n db']);
  expect(apps[1].steps.map((s: any) => `${s.phase} ${s.wave}`)).toEqual(['PreSync 0', 'Sync 0', 'Sync 1', 'PostSync 0']);
});

test('text: the application order first, then each plan, then the parent', () => {
  const r = plan(synth());
  expect(r.code).toBe(0);
  const order = r.stdout.indexOf('Application order');
  expect(order).toBe(0);
  expect(r.stdout.indexOf('wave 0: Application/database')).toBeLessThan(r.stdout.indexOf('wave 1: Application/workflow-console'));
  expect(r.stdout.indexOf('Application database (parent wave 0')).toBeLessThan(r.stdout.indexOf('Application workflow-console (parent wave 1'));
  expect(r.stdout).toContain(`Application database (parent wave 0; 1 file: ${PATH}/database.k8s.yaml)`); // not '1 files'
  expect(r.stdout).toContain('Parent Application');
});

test('a dist holding an ApplicationSet parent: plan DIST --repo-root is the parent, exactly as plan PARENT --repo-root (its RollingSync steps), never the charts merged into it', () => {
  const app = new App({ outdir: join(dir(), PATH) });
  applicationSet(app, PATH);
  app.synth();
  const parent = plan(join(PATH, 'platform.k8s.yaml'));
  expect(parent.stdout).toContain('RollingSync steps');
  expect(plan(PATH)).toEqual(parent);
  expect(JSON.parse(plan(PATH, '--format', 'json').stdout)).toEqual(JSON.parse(plan(join(PATH, 'platform.k8s.yaml'), '--format', 'json').stdout));
});

test('Helm and kustomize sources are named with their render command; a missing path is one line', () => {
  mkdirSync(join(dir(), 'charts', 'redis'), { recursive: true });
  writeFileSync(join(dir(), 'charts', 'redis', 'Chart.yaml'), 'name: redis\nversion: 1.0.0\n');
  mkdirSync(join(dir(), 'overlays', 'prod'), { recursive: true });
  writeFileSync(join(dir(), 'overlays', 'prod', 'kustomization.yaml'), 'resources: []\n');
  const app = (name: string, wave: string, source: object) => ({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name, namespace: 'argocd', annotations: { 'argocd.argoproj.io/sync-wave': wave } },
    spec: { project: 'default', source, destination: { server: 'https://kubernetes.default.svc', namespace: name } },
  });
  writeFileSync(join(dir(), 'parent.yaml'), [
    app('redis', '0', { repoURL: 'https://git.example.com/r.git', path: 'charts/redis' }),
    app('web', '1', { repoURL: 'https://git.example.com/r.git', path: 'overlays/prod' }),
    app('ingress', '2', { repoURL: 'https://kubernetes.github.io/ingress-nginx', chart: 'ingress-nginx', targetRevision: '4.11.0' }),
  ].map(o => stringify(o)).join('---\n'));
  const apps = JSON.parse(plan('parent.yaml', '--format', 'json').stdout).applications;
  expect(apps.map((a: any) => a.source.render)).toEqual([
    'helm template redis charts/redis',
    'kustomize build overlays/prod',
    'helm template ingress ingress-nginx --repo https://kubernetes.github.io/ingress-nginx --version 4.11.0',
  ]);
  expect(apps.every((a: any) => a.steps === null)).toBe(true);
  writeFileSync(join(dir(), 'missing.yaml'), stringify(app('gone', '0', { repoURL: 'x', path: 'nowhere' })));
  const r = plan('missing.yaml');
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain('Application/gone: source path "nowhere" is no folder under the repo root');
});

test('a source path that leaves the repo root is refused, even into a folder whose name starts with the root\'s', () => {
  // `repo-other` begins with `repo` as a string: a prefix test took it for a folder under `repo`.
  for (const d of ['repo', 'repo-other']) mkdirSync(join(dir(), d), { recursive: true });
  writeFileSync(join(dir(), 'repo-other', 'cm.yaml'), stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } }));
  writeFileSync(join(dir(), 'repo', 'parent.yaml'), stringify({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'escape', namespace: 'argocd' },
    spec: { project: 'default', source: { repoURL: 'x', path: '../repo-other' }, destination: { server: 'https://kubernetes.default.svc', namespace: 'e' } },
  }));
  const r = spawnSync(process.execPath, [BIN, 'plan', 'repo/parent.yaml', '--repo-root', 'repo'], { cwd: dir(), encoding: 'utf8' });
  expect(r.status).toBe(2);
  expect(r.stderr).toContain('Application/escape: source path "../repo-other" is no folder under the repo root');
});

test('a child whose source reads the cdk8s CLI\'s construct-metadata.json: its plan leaves the file out and says on stderr that Argo CD fails that Application on it; an exclude that keeps it out says nothing', () => {
  // argo-cd reposerver/repository/repository.go getObjsFromYAMLOrJSON: every .json file findManifests keeps is one object, and this one has no kind.
  const metadata = JSON.stringify({ version: '1.0.0', resources: { 'web/settings': { path: 'web/settings' } } });
  const app = (name: string, directory?: object) => ({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name, namespace: 'argocd' },
    spec: { project: 'default', source: { repoURL: 'https://git.example.com/r.git', path: `apps/${name}`, ...(directory ? { directory } : {}) }, destination: { namespace: name } },
  });
  for (const name of ['web', 'docs']) {
    mkdirSync(join(dir(), 'apps', name), { recursive: true });
    writeFileSync(join(dir(), 'apps', name, `${name}.k8s.yaml`), stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } }));
    writeFileSync(join(dir(), 'apps', name, 'construct-metadata.json'), metadata);
  }
  writeFileSync(join(dir(), 'parent.yaml'), [app('web'), app('docs', { exclude: 'construct-metadata.json' })].map(o => stringify(o)).join('---\n'));
  const json = plan('parent.yaml', '--format', 'json');
  expect(json.code).toBe(0);
  expect(JSON.parse(json.stdout).applications.map((a: any) => [a.name, a.source.files])).toEqual([
    ['docs', ['apps/docs/docs.k8s.yaml']], ['web', ['apps/web/construct-metadata.json', 'apps/web/web.k8s.yaml']],
  ]);
  const note = 'syncplan: Application/web: apps/web/construct-metadata.json: not planned: the cdk8s CLI\'s construct metadata';
  expect(json.stderr.split('\n').filter(Boolean)).toEqual([expect.stringContaining(note)]);
  expect(json.stderr).toContain('Argo CD fails the Application on it');
  expect(json.stderr).toContain('spec.source.directory.exclude: construct-metadata.json');
  expect(plan('parent.yaml').stderr).toBe(json.stderr);
  // simulate and lint read the child the same way.
  const simulate = spawnSync(process.execPath, [BIN, 'simulate', 'parent.yaml', '--repo-root', '.'], { cwd: dir(), encoding: 'utf8' });
  expect(simulate.stderr).toBe(json.stderr);
});

test('a parent that applies no Application: plan and simulate both show its ApplicationSets\' RollingSync steps, or say why there is no order, never an empty heading', () => {
  const app = new App({ outdir: join(dir(), PATH) });
  applicationSet(app, PATH);
  app.synth();
  const simulate = (parent: string) => spawnSync(process.execPath, [BIN, 'simulate', parent, '--repo-root', '.'], { cwd: dir(), encoding: 'utf8' }).stdout;
  const orderOf = (out: string) => out.slice(0, out.indexOf('\n\nParent Application'));
  const parent = join(PATH, 'platform.k8s.yaml');
  // RollingSync: the steps, in plan and simulate alike.
  expect(orderOf(plan(parent).stdout)).toMatch(/^ApplicationSet\/\S+: RollingSync steps/);
  expect(orderOf(simulate(parent))).toBe(orderOf(plan(parent).stdout));
  // No strategy: no order, and why.
  const set = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: 'platform', namespace: 'argocd' },
    spec: {
      generators: [{ list: { elements: [{ name: 'db' }] } }],
      template: { metadata: { name: '{{name}}' }, spec: { project: 'default', source: { repoURL: 'https://git.example.com/r.git', path: 'apps/{{name}}' }, destination: { namespace: '{{name}}' } } },
    },
  };
  writeFileSync(join(dir(), 'appset.yaml'), stringify(set));
  const none = 'Application order: none (the parent applies no Application: the ApplicationSet controller generates those of ApplicationSet/platform, '
    + 'and without a RollingSync strategy each syncs by its own sync policy, in no order)';
  expect(orderOf(plan('appset.yaml').stdout)).toBe(none);
  expect(orderOf(simulate('appset.yaml'))).toBe(none);
});

test('a child is planned with the parent run\'s Argo CD version and tracking method: its steps and errors are those of a plan of its folder with the same flags', () => {
  // A number as an annotation value (non-string-annotation.ts): with annotation tracking, the default since 3.0 (SINCE.hookFinalizer),
  // the repo server fails the whole Application; with label tracking, the default before, the object's annotations go unread.
  mkdirSync(join(dir(), 'apps', 'web'), { recursive: true });
  writeFileSync(join(dir(), 'apps', 'web', 'web.yaml'), stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web', annotations: { owner: 1 } } }));
  // Its destination's Namespace: Argo CD 3.1+ creates it before the dry run (SINCE.namespaceBeforeDryRun), so its step goes without it.
  writeFileSync(join(dir(), 'apps', 'web', 'namespace.yaml'), stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'web' } }));
  writeFileSync(join(dir(), 'parent.yaml'), stringify({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'web', namespace: 'argocd' },
    spec: { project: 'default', source: { repoURL: 'https://git.example.com/r.git', path: 'apps/web' }, destination: { namespace: 'web' } },
  }));
  writeFileSync(join(dir(), 'live.yaml'), stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'elsewhere', namespace: 'kube-system' } }));
  const view = (r: { stdout: string }) => {
    const { steps, errors } = JSON.parse(r.stdout);
    return { steps, errors };
  };
  const runs = [['--argocd-version', '2.14'], ['--argocd-version', '3.6'], ['--live', 'live.yaml', '--tracking-method', 'label']].map((flags) => {
    const child = JSON.parse(plan('parent.yaml', '--format', 'json', ...flags).stdout).applications[0];
    const folder = spawnSync(process.execPath, [BIN, 'plan', 'apps/web', '-n', 'web', '--format', 'json', ...flags], { cwd: dir(), encoding: 'utf8' });
    // A child's sources are named as the folder's plan names them (relative to the working directory), not by absolute path.
    expect({ steps: child.steps, errors: child.errors }).toEqual(view(folder));
    return child.errors.map((e: any) => e.message).join('\n');
  });
  expect(runs[0]).toContain('with label tracking (the default before Argo CD 3.0)');
  expect(runs[1]).toContain('with annotation tracking (the default since Argo CD 3.0) Argo CD\'s repo server fails to generate the manifests');
  expect(runs[2]).toContain('with label tracking Argo CD reads no annotation');
  const before = 'Before the steps (first sync only: the destination namespace is missing, Argo CD 3.1+)';
  expect(plan('parent.yaml', '--argocd-version', '3.1').stdout).toContain(before);
  expect(plan('parent.yaml', '--argocd-version', '3.0').stdout).not.toContain(before);
});

test('a child\'s own spec.syncPolicy.managedNamespaceMetadata plans its CreateNamespace task as a step, as --managed-namespace-metadata does for a folder', () => {
  mkdirSync(join(dir(), 'apps', 'web'), { recursive: true });
  writeFileSync(join(dir(), 'apps', 'web', 'web.yaml'), stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web' } }));
  const parent = (managed: boolean) => stringify({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'web', namespace: 'argocd' },
    spec: {
      project: 'default',
      source: { repoURL: 'https://git.example.com/r.git', path: 'apps/web' },
      destination: { namespace: 'web' },
      syncPolicy: { syncOptions: ['CreateNamespace=true'], ...(managed ? { managedNamespaceMetadata: { labels: { team: 'web' } } } : {}) },
    },
  });
  const stepsOf = (managed: boolean) => {
    writeFileSync(join(dir(), 'parent.yaml'), parent(managed));
    const child = JSON.parse(plan('parent.yaml', '--format', 'json').stdout).applications[0];
    const folder = spawnSync(process.execPath, [BIN, 'plan', 'apps/web', '-n', 'web', '--format', 'json', '--sync-option', 'CreateNamespace=true',
      ...(managed ? ['--managed-namespace-metadata'] : [])], { cwd: dir(), encoding: 'utf8' });
    const steps = child.steps.map((s: any) => `${s.phase} ${s.wave}: ${s.tasks.map((t: any) => `${t.kind}/${t.name}`).join(', ')}`);
    expect(steps).toEqual(JSON.parse(folder.stdout).steps.map((s: any) => `${s.phase} ${s.wave}: ${s.tasks.map((t: any) => `${t.kind}/${t.name}`).join(', ')}`));
    return steps;
  };
  expect(stepsOf(true)).toEqual(['PreSync 0: Namespace/web', 'Sync 0: ConfigMap/web']);
  expect(stepsOf(false)).toEqual(['Sync 0: ConfigMap/web']);
});

test('a child\'s sources read as a plan of its folder names them (relative to the working directory, as typed), in text and JSON, with and without workers, in lint and the report', () => {
  mkdirSync(join(dir(), 'apps', 'web'), { recursive: true });
  writeFileSync(join(dir(), 'apps', 'web', 'web.yaml'), stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web', annotations: { owner: 1 } } }));
  // Cluster-scoped, and its AppProject (in the parent) whitelists no cluster-scoped kind: resource-not-permitted names it.
  writeFileSync(join(dir(), 'apps', 'web', 'ns.yaml'), stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'web' } }));
  writeFileSync(join(dir(), 'parent.yaml'), [
    { apiVersion: 'argoproj.io/v1alpha1', kind: 'AppProject', metadata: { name: 'web', namespace: 'argocd' }, spec: { sourceRepos: ['*'], destinations: [{ namespace: '*', server: '*' }] } },
    { apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'web', namespace: 'argocd' }, spec: { project: 'web', source: { repoURL: 'https://git.example.com/r.git', path: 'apps/web' }, destination: { namespace: 'web' } } },
  ].map(o => stringify(o)).join('---\n'));
  const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: dir(), encoding: 'utf8' }).stdout;
  const errorLines = (text: string) => text.split('\n').filter(l => /^ {2}\S+\.yaml:\d+: /.test(l));
  const folderErrors = errorLines(run('plan', 'apps/web', '-n', 'web'));
  expect(folderErrors).toEqual([expect.stringMatching(/^ {2}apps\/web\/web\.yaml:6: ConfigMap\/web: annotation owner is number 1/)]);
  const folderJson = JSON.parse(run('plan', 'apps/web', '-n', 'web', '--format', 'json')).errors;
  for (const workers of ['0', '1']) {
    const text = run('plan', 'parent.yaml', '--repo-root', '.', '--workers', workers);
    expect(errorLines(text)).toEqual(folderErrors);
    expect(text).toContain('error: Namespace/web (apps/web/ns.yaml:2): is cluster-scoped');
    expect(text).not.toContain(dir());
    expect(JSON.parse(run('plan', 'parent.yaml', '--repo-root', '.', '--workers', workers, '--format', 'json')).applications[0].errors).toEqual(folderJson);
  }
  const lint = JSON.parse(run('lint', 'parent.yaml', '--repo-root', '.', '--format', 'json'));
  expect(lint.findings.filter((f: any) => f.rule === 'resource-not-permitted').map((f: any) => f.source)).toEqual(['apps/web/ns.yaml:2']);
  run('report', 'parent.yaml', '--repo-root', '.', '-o', 'r.html');
  const html = readFileSync(join(dir(), 'r.html'), 'utf8');
  expect(html).toContain('apps/web/web.yaml:6');
  expect(html).not.toContain(dir());
  // A repo root given absolute, outside the working directory (this test's folder), stays absolute, as plan /abs/apps/web names it.
  const elsewhere = spawnSync(process.execPath, [BIN, 'plan', join(dir(), 'parent.yaml'), '--repo-root', dir()], { cwd: __dirname, encoding: 'utf8' }).stdout;
  const folderElsewhere = spawnSync(process.execPath, [BIN, 'plan', join(dir(), 'apps', 'web'), '-n', 'web'], { cwd: __dirname, encoding: 'utf8' }).stdout;
  expect(errorLines(elsewhere)).toEqual(errorLines(folderElsewhere));
  expect(errorLines(elsewhere)[0]).toContain(`${join(dir(), 'apps', 'web', 'web.yaml')}:6`);
});
