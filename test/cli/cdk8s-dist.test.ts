/**
 * A cdk8s `dist/` (several `*.k8s.yaml` chart files, an app-of-apps parent's among them or not) is
 * planned one Application per file, with a note; a folder of hand-written manifests stays one Application.
 */
import { mkdirSync, writeFileSync } from 'fs';
import { join, relative } from 'path';
import { stringify } from 'yaml';
import { tempDirEach } from './helpers';
import { cli } from './run-cli';
import { cdk8sDist } from '../../src/cli/cdk8s-dist';
import { loadPaths } from '../../src/cli/load';

const dir = tempDirEach('syncplan-dist');

const deployment = (name: string, wave?: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, ...(wave ? { annotations: { 'argocd.argoproj.io/sync-wave': wave } } : {}) },
  spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: `${name}:1` }] } } },
});
const application = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Application',
  metadata: { name: 'db', namespace: 'argocd' },
  spec: { project: 'default', source: { repoURL: 'https://git.example.com/r.git', path: 'dist' }, destination: { namespace: 'db' } },
};

function write(files: Record<string, object[]>): string {
  const out = join(dir(), 'dist');
  mkdirSync(out, { recursive: true });
  for (const [name, objects] of Object.entries(files)) writeFileSync(join(out, name), objects.map(o => stringify(o)).join('---\n'));
  return out;
}

describe('cdk8sDist', () => {
  const detect = (paths: string[]) => cdk8sDist(paths, loadPaths(paths));

  test('several chart files (0000- prefixed too) and no Application: one app per file, named after the chart', () => {
    const out = write({ '0000-database.k8s.yaml': [deployment('db')], '0001-web.k8s.yaml': [deployment('web', '1')] });
    const dist = detect([out])!;
    expect(dist.apps.map(a => [a.name, a.manifests.map(m => (m.object.metadata as { name: string }).name)])).toEqual([['database', ['db']], ['web', ['web']]]);
    expect(dist.note).toMatch(/2 cdk8s chart files .* no Application: each file is planned as its own Application/);
  });

  test('hand-written manifests, or one chart file: one app', () => {
    expect(detect([write({ 'a.yaml': [deployment('a')], 'b.yaml': [deployment('b')] })])).toBeUndefined();
    expect(detect([join(write({ 'only.k8s.yaml': [deployment('a')] }), 'only.k8s.yaml')])).toBeUndefined();
  });

  test('an app-of-apps parent among the chart files: still one app per file (each is its own Application), the note naming the parent', () => {
    const out = write({ 'db.k8s.yaml': [deployment('db')], 'platform.k8s.yaml': [application] });
    const dist = detect([out])!;
    expect(dist.apps.map(a => a.name)).toEqual(['db', 'platform']);
    // The Application's source path is `dist`, the end of this folder's path: the checkout is its parent folder.
    expect(dist.note).toBe('2 cdk8s chart files (*.k8s.yaml, one per chart), platform.k8s.yaml holding Applications (an app-of-apps parent): '
      + 'each file is planned as its own Application, as Argo CD syncs Applications separately and waves never order one Application\'s objects after another\'s; '
      + `plan, simulate, report and diagram order the children under the parent with --repo-root ${relative(process.cwd(), dir())}`);
    // With --repo-root, it is the parent with its children (applications.ts).
    expect(cdk8sDist([out], loadPaths([out]), dir())).toBeUndefined();
  });

  test('a parent whose source path names another folder: the note asks for the checkout', () => {
    const elsewhere = { ...application, spec: { ...application.spec, source: { ...application.spec.source, path: 'manifests/prod' } } };
    const dist = detect([write({ 'db.k8s.yaml': [deployment('db')], 'platform.k8s.yaml': [elsewhere] })])!;
    expect(dist.note).toMatch(/--repo-root CHECKOUT \(the checkout of their repoURL\)$/);
  });

  test('an ApplicationSet parent among the chart files (ArgoApplicationSet): the note names it and the --repo-root that shows its steps; with it, the parent', () => {
    const set = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name: 'platform', namespace: 'argocd' },
      spec: {
        generators: [{ list: { elements: [{ name: 'db', file: 'db.k8s.yaml' }] } }],
        template: {
          metadata: { name: '{{name}}' },
          spec: { project: 'default', source: { repoURL: 'https://git.example.com/r.git', path: 'dist', directory: { include: '{{file}}' } }, destination: { namespace: 'db' } },
        },
      },
    };
    const out = write({ 'db.k8s.yaml': [deployment('db')], 'platform.k8s.yaml': [set] });
    const dist = detect([out])!;
    expect(dist.apps.map(a => a.name)).toEqual(['db', 'platform']);
    expect(dist.note).toBe('2 cdk8s chart files (*.k8s.yaml, one per chart), platform.k8s.yaml holding ApplicationSets (the parent of the Applications they generate): '
      + 'each file is planned as its own Application, as Argo CD syncs Applications separately and waves never order one Application\'s objects after another\'s; '
      + `plan, simulate, report and diagram order the children under the parent with --repo-root ${relative(process.cwd(), dir())}`);
    expect(cdk8sDist([out], loadPaths([out]), dir())).toBeUndefined();
  });

  test('a chart file beside a hand-written one is not per-chart output', () => {
    expect(detect([write({ 'a.k8s.yaml': [deployment('a')], 'b.k8s.yaml': [deployment('b')], 'extra.yaml': [deployment('x')] })])).toBeUndefined();
  });
});

describe('commands on a cdk8s dist', () => {
  test('plan: one plan per file, with the note; never merged', async () => {
    const out = write({ 'database.k8s.yaml': [deployment('db')], 'web.k8s.yaml': [deployment('web', '1')] });
    const json = JSON.parse((await cli('plan', out, '--format', 'json')).stdout);
    expect(json.note).toMatch(/each file is planned as its own Application/);
    expect(json.applications.map((a: any) => [a.name, a.steps.map((s: any) => `${s.phase} ${s.wave}`)])).toEqual([['database', ['Sync 0']], ['web', ['Sync 1']]]);
    const text = (await cli('plan', out)).stdout;
    expect(text.startsWith('Note: ')).toBe(true);
    expect(text.indexOf('Application database')).toBeLessThan(text.indexOf('Application web'));
  });

  test('plan --single-app keeps the merged plan', async () => {
    const out = write({ 'database.k8s.yaml': [deployment('db')], 'web.k8s.yaml': [deployment('web', '1')] });
    const json = JSON.parse((await cli('plan', out, '--format', 'json', '--single-app')).stdout);
    expect(json.applications).toBeUndefined();
    expect(json.steps.map((s: any) => s.wave)).toEqual([0, 1]);
  });

  test('lint: findings that depend on the plan use each file\'s own plan (each file has its own last wave)', async () => {
    const out = write({ 'database.k8s.yaml': [deployment('db')], 'web.k8s.yaml': [deployment('web', '1')] });
    const json = JSON.parse((await cli('lint', out, '--format', 'json')).stdout);
    expect(json.note).toMatch(/each file is planned as its own Application/);
    expect(json.findings.filter((f: any) => f.rule === 'last-wave-unchecked').map((f: any) => f.name)).toEqual(['db', 'web']);
  });

  test('simulate: each file simulated as its own sync (a Progressing db holds its own file only)', async () => {
    const config = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'after-db', annotations: { 'argocd.argoproj.io/sync-wave': '1' } } };
    const out = write({ 'database.k8s.yaml': [deployment('db'), config], 'web.k8s.yaml': [deployment('web', '1')] });
    const r = await cli('simulate', out, '--format', 'json', '--health', 'Deployment/db=Progressing');
    const json = JSON.parse(r.stdout);
    expect(json.applications.map((a: any) => [a.name, a.operationPhase])).toEqual([['database', 'Running'], ['web', 'Succeeded']]);
    expect(r.code).toBe(1);
    expect(json.applications[0].neverApplied).toEqual(['ConfigMap/after-db']);
  });
});
