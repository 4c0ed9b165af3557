/**
 * Planning many children fans out over worker threads (the compiled CLI; jest runs the sources, so
 * the end-to-end cases spawn lib/cli/main.js, and the installed lib/cli/syncplan.js whose workers
 * start from it too and run the bundle); the output is byte-identical with and without them.
 */
import { spawnSync } from 'child_process';
import { existsSync, mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { Worker } from 'worker_threads';
import * as fc from 'fast-check';
import { stringify } from 'yaml';
import { tempDirEach } from './helpers';
import type { ChildPlanJob } from '../../src/cli/applications';
import { ChildPlanReply, ChildPlanRequest, chunkSize, runChunks, workerCount, WORKER_THRESHOLD } from '../../src/cli/child-plans';

jest.setTimeout(120_000);
const BIN = join(__dirname, '..', '..', 'lib', 'cli', 'main.js');
const INSTALLED = join(__dirname, '..', '..', 'lib', 'cli', 'syncplan.js');
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
    writeFileSync(join(root, 'apps', name, 'all.yaml'), a === broken ? 'apiVersion: v1\nkind: [\nmetadata: {}\n' : docs.join('---\n'));
  }
  mkdirSync(join(root, 'parent'));
  writeFileSync(join(root, 'parent', 'apps.yaml'), parent.join('---\n'));
  return root;
}

const plan = (root: string, ...args: string[]) => planWith(BIN, root, ...args);
const planWith = (bin: string, root: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, 'plan', 'parent', '--repo-root', '.', ...args], { cwd: root, encoding: 'utf8' });

test('a small app never pays for workers; many children use one per core', () => {
  expect(workerCount(3)).toBe(0);
  expect(workerCount(WORKER_THRESHOLD - 1)).toBe(0);
  expect(workerCount(200)).toBeGreaterThan(0);
  expect(workerCount(WORKER_THRESHOLD)).toBeGreaterThanOrEqual(1); // this thread plans too: a core for it
  expect(chunkSize(200, 2)).toBe(4);
  expect(chunkSize(3, 4)).toBe(1);
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
    if (existsSync(INSTALLED)) {
      // The installed CLI: its workers start from it too, and run the bundle from its code cache.
      expect(planWith(INSTALLED, root, '--format', format, '--workers', '2').stdout).toBe(none.stdout);
      expect(planWith(INSTALLED, root, '--format', format).stdout).toBe(none.stdout);
    }
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

/**
 * The queue in itself, with stand-in workers: each chunk is answered by whichever thread is free
 * (workers answer after a random delay, so chunks finish out of order), yet the views come back in
 * the children's order, and a failing chunk's error is thrown only when no chunk before it failed.
 */
describe('runChunks', () => {
  const scripts = tempDirEach('syncplan-chunks');
  // A job stands for `{ id, bad, delay }` in its namespace; a worker answers it like `standIn`.
  const STAND_IN = `
    const { parentPort } = require('worker_threads');
    parentPort.on('message', (r) => {
      const jobs = r.jobs.map((j) => JSON.parse(j.namespace));
      const bad = jobs.find((j) => j.bad);
      const reply = bad ? { chunk: r.chunk, error: 'bad ' + bad.id } : { chunk: r.chunk, views: jobs.map((j) => ({ steps: [j.id], errors: [], findings: [], text: [], notes: [] })) };
      setTimeout(() => parentPort.postMessage(reply), Math.max(...jobs.map((j) => j.delay)));
    });`;
  const standIn = (r: ChildPlanRequest): ChildPlanReply => {
    const jobs = r.jobs.map(j => JSON.parse(j.namespace) as { id: number; bad: boolean });
    const bad = jobs.find(j => j.bad);
    return bad ? { chunk: r.chunk, error: `bad ${bad.id}` } : { chunk: r.chunk, views: jobs.map(j => ({ steps: [j.id], errors: [], findings: [], text: [], notes: [] })) };
  };

  test('views in order, the first failure in order, with any number of workers and chunk sizes', async () => {
    const script = join(scripts(), 'stand-in.js');
    writeFileSync(script, STAND_IN);
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ bad: fc.integer({ min: 0, max: 5 }).map(n => n === 0), delay: fc.integer({ min: 0, max: 8 }) }),
        { minLength: 1, maxLength: 40 }),
      fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 3 }),
      async (children, size, workers) => {
        const jobs: ChildPlanJob[] = children.map((c, id) => ({ application: `app-${id}`, files: [], namespace: JSON.stringify({ id, ...c }), syncOptions: [] }));
        const requests = Array.from({ length: Math.ceil(jobs.length / size) },
          (_, chunk) => ({ chunk, jobs: jobs.slice(chunk * size, (chunk + 1) * size), text: false }));
        const run = runChunks(requests, Array.from({ length: workers }, () => new Worker(script)), standIn);
        const firstBad = children.findIndex(c => c.bad);
        if (firstBad >= 0) {
          await expect(run).rejects.toThrow(new RegExp(`^bad ${firstBad}$`));
        } else {
          expect((await run).flat().map(v => v.steps[0])).toEqual(children.map((_, id) => id));
        }
      }), { numRuns: 25 });
  });
});
