/**
 * The children of an app-of-apps parent planned for output: in this thread for a few, fanned out
 * across CPU cores with `worker_threads` for many (a repository of hundreds of Applications). A plan
 * holds functions (a manifest's lazy line lookup), so a worker returns what the output needs: each
 * child's JSON steps and errors and its text sections. The same function renders them in either
 * place, so the output is byte-identical with and without workers.
 */
import { existsSync } from 'fs';
import { availableParallelism } from 'os';
import { join } from 'path';
import { Worker } from 'worker_threads';
import type { ChildApplication, ChildPlanJob } from './applications';
import { planChild } from './applications';
import { InputError } from './errors';
import { planToJson } from '../report/plan-json';
import { planTextSections } from '../report/plan-text';

/** What `plan --repo-root` prints of one child's plan. */
export interface ChildPlanView {
  readonly steps: readonly unknown[];
  readonly errors: readonly unknown[];
  readonly text: readonly (readonly string[])[];
}

/** Fewer children than this are planned in this thread: starting a worker costs ~40 ms. */
export const WORKER_THRESHOLD = 32;

/** Plans and renders one child (in a worker or here). */
export function childPlanView(job: ChildPlanJob): ChildPlanView {
  const plan = planChild(job);
  const { steps, errors } = planToJson(plan);
  return { steps, errors, text: planTextSections(plan) };
}

/** How many workers plan `count` children: `requested` when given, else one per core once there are many. */
export function workerCount(count: number, requested?: number): number {
  if (requested !== undefined) return Math.min(requested, count);
  if (count < WORKER_THRESHOLD) return 0;
  return Math.min(availableParallelism(), Math.ceil(count / (WORKER_THRESHOLD / 2)));
}

const WORKER_FILE = join(__dirname, 'child-plan-worker.js');

/** Each child's view (undefined when it has no directory source), in the children's order. */
export async function childPlanViews(children: readonly ChildApplication[], requestedWorkers?: number): Promise<(ChildPlanView | undefined)[]> {
  const jobs = children.map(c => c.job);
  const todo = jobs.flatMap((job, i) => (job ? [{ i, job }] : []));
  const workers = existsSync(WORKER_FILE) ? workerCount(todo.length, requestedWorkers) : 0; // no compiled worker (ts-node, jest): here
  const views: (ChildPlanView | undefined)[] = jobs.map(() => undefined);
  if (workers <= 0) {
    for (const { i, job } of todo) views[i] = childPlanView(job);
    return views;
  }
  // Contiguous slices, one per worker, so each message is one list and the order is the children's.
  const size = Math.ceil(todo.length / workers);
  const slices = Array.from({ length: workers }, (_, w) => todo.slice(w * size, (w + 1) * size)).filter(s => s.length > 0);
  const results = await Promise.all(slices.map(slice => runWorker(slice.map(t => t.job))));
  slices.forEach((slice, w) => slice.forEach((t, k) => { views[t.i] = results[w][k]; }));
  return views;
}

interface InputErrorData { readonly file: string; readonly line: number; readonly reason: string; readonly hint: string }
type WorkerReply = { readonly views: ChildPlanView[] } | { readonly inputError: InputErrorData } | { readonly error: string };

function runWorker(jobs: readonly ChildPlanJob[]): Promise<ChildPlanView[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: jobs });
    worker.once('message', (reply: WorkerReply) => {
      void worker.terminate();
      if ('views' in reply) resolve(reply.views);
      else if ('inputError' in reply) reject(new InputError(reply.inputError.file, reply.inputError.line, reply.inputError.reason, reply.inputError.hint));
      else reject(new Error(reply.error));
    });
    worker.once('error', reject);
  });
}
