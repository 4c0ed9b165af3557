/**
 * Planning many children fans out over worker threads (the compiled CLI; jest runs the sources, so
 * the end-to-end cases spawn lib/cli/main.js); the output is byte-identical with and without them.
 */
import { spawnSync } from 'child_process';
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { stringify } from 'yaml';
import { tempDirEach } from './helpers';
import { workerCount, WORKER_THRESHOLD } from '../../src/cli/child-plans';

jest.setTimeout(120_000);
const BIN = join(__dirname, '..', '..', 'lib', 'cli', 'main.js');
const dir = tempDirEach('syncplan-workers');

function repo(apps: number, objects: number, broken?: number): string {
  const root = dir();
  const parent = [];
  for (let a = 0; a < apps; a++) {
    const name = `app-${String(a).padStart(3, '0')}`;
    parent.push(stringify({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name, namespace: 'argocd', annotations: { 'argocd.argoproj.io/sync-wave': String(a % 5) } },
      spec: { project: 'default', source: { repoURL: 'https://git.example.com/r.git', path: `apps/${name}` }, destination: { namespace: name } },
    }));
    mkdirSync(join(root, 'apps', name), { recursive: true });
    const docs = Array.from({ length: objects }, (_, o) => stringify({
      apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${o}`, annotations: { 'argocd.argoproj.io/sync-wave': String(o % 3) } },
    }));
    writeFileSync(join(root, 'apps', name, 'all.yaml'), a === broken ? 'kind: [\n' : docs.join('---\n'));
  }
  mkdirSync(join(root, 'parent'));
  writeFileSync(join(root, 'parent', 'apps.yaml'), parent.join('---\n'));
  return root;
}

const plan = (root: string, ...args: string[]) => spawnSync(process.execPath, [BIN, 'plan', 'parent', '--repo-root', '.', ...args], { cwd: root, encoding: 'utf8' });

test('a small app never pays for workers; many children use one per core', () => {
  expect(workerCount(3)).toBe(0);
  expect(workerCount(WORKER_THRESHOLD - 1)).toBe(0);
  expect(workerCount(200)).toBeGreaterThan(0);
  expect(workerCount(200, 0)).toBe(0);
  expect(workerCount(2, 8)).toBe(2);
});

test('byte-identical output with and without workers (text and JSON)', () => {
  const root = repo(40, 6);
  for (const format of ['text', 'json']) {
    const none = plan(root, '--format', format, '--workers', '0');
    const three = plan(root, '--format', format, '--workers', '3');
    const auto = plan(root, '--format', format);
    expect(none.stderr).toBe('');
    expect(none.status).toBe(0);
    expect(three.stdout).toBe(none.stdout);
    expect(auto.stdout).toBe(none.stdout);
  }
  expect(JSON.parse(plan(root, '--format', 'json', '--workers', '3').stdout).applications).toHaveLength(40);
});

test('bad input in a worker is one line, exit 2', () => {
  const root = repo(40, 2, 37);
  const r = plan(root, '--workers', '2');
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain('app-037');
});
