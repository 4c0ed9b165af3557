/**
 * The children of an app-of-apps parent planned for output: in this thread for a few, fanned out
 * across CPU cores with `worker_threads` for many (a repository of hundreds of Applications). A plan
 * holds functions (a manifest's lazy line lookup), so a worker returns what the output needs: each
 * child's JSON steps and errors, and its text sections only when the output is text. The same
 * function renders them in either place, so the output is byte-identical with and without workers.
 *
 * The work is a queue of small contiguous chunks of children: each worker takes the next chunk when
 * it replies, and this thread plans chunks too between replies, so a worker that starts late or a
 * core another process holds (a shared CI runner) costs its share, not the whole run's tail. Workers
 * run the CLI's own bundled file when the CLI is the bundle (`worker-script.ts`): one file to read
 * instead of resolving ~100 modules per worker.
 */
import { existsSync } from 'fs';
import { availableParallelism } from 'os';
import { join } from 'path';
import { Worker } from 'worker_threads';
import type { ChildApplication, ChildPlanJob } from './applications';
import { childProjectReport, planChildManifests } from './applications';
import { InputError } from './errors';
import { CHILD_PLANS_WORKER_ARG, workerScript } from './worker-script';
import type { HealthScript } from '../argo/argocd-cm';
import { findingsTextSection } from '../report/findings-text';
import { planToJson } from '../report/plan-json';
import { planTextSections } from '../report/plan-text';
import { findingToJson } from '../rules';
import type { FindingJson } from '../rules';

/** What `plan --repo-root` prints of one child's plan. */
export interface ChildPlanView {
  readonly steps: readonly unknown[];
  readonly errors: readonly unknown[];
  /** Its objects the AppProject does not permit, when the parent holds the AppProject (rule resource-not-permitted). */
  readonly findings: readonly FindingJson[];
  /** The text sections; empty when the output is JSON (`text: false`). */
  readonly text: readonly (readonly string[])[];
  /** What `loadChild` says of files its source reads but syncplan left out, for stderr (in the children's order, workers or not). */
  readonly notes: readonly string[];
}

/** Fewer children than this are planned in this thread: starting a worker costs ~40 ms. */
export const WORKER_THRESHOLD = 32;

/**
 * Plans and renders one child (in a worker or here); `text`: with its text sections, where the
 * argocd-cm's health scripts (`scripts`, `--argocd-cm`) and the Argo CD `version` modelled say what each step waits for.
 */
export function childPlanView(job: ChildPlanJob, text = true, scripts?: readonly HealthScript[], version?: string): ChildPlanView {
  const notes: string[] = [];
  const { manifests, plan } = planChildManifests(job, note => notes.push(note));
  const { steps, errors } = planToJson(plan);
  const project = childProjectReport(job, manifests);
  const findings = project ? project.findings.map(f => findingToJson(f)) : [];
  if (!text) return { steps, errors, findings, text: [], notes };
  const sections = planTextSections(plan, scripts, version);
  return { steps, errors, findings, text: project ? [...sections, findingsTextSection(project.findings, project.suppressed)] : sections, notes };
}

/**
 * How many worker threads plan `count` children: `requested` when given, else once there are many,
 * one per core but the one this thread plans on.
 */
export function workerCount(count: number, requested?: number): number {
  if (requested !== undefined) return Math.min(requested, count);
  if (count < WORKER_THRESHOLD) return 0;
  return Math.max(1, Math.min(availableParallelism() - 1, Math.ceil(count / (WORKER_THRESHOLD / 2))));
}

/**
 * Children per chunk: about 32 chunks per thread, so the last chunks are short (the run ends at most
 * one small chunk after the slowest thread's last start).
 */
export function chunkSize(count: number, threads: number): number {
  return Math.max(1, Math.ceil(count / (threads * 32)));
}

/** The compiled worker beside this file (`node lib/cli/main.js`); the bundle runs itself instead. */
const WORKER_FILE = join(__dirname, 'child-plan-worker.js');

/** What a worker is sent: a chunk of children, whether to render their text sections, the argocd-cm's health scripts and the version modelled. */
export interface ChildPlanRequest {
  readonly chunk: number;
  readonly jobs: readonly ChildPlanJob[];
  readonly text: boolean;
  readonly healthScripts?: readonly HealthScript[];
  readonly argocdVersion?: string;
}

interface InputErrorData { readonly file: string; readonly line: number; readonly reason: string; readonly hint: string }
/** A worker's reply to one request. */
export type ChildPlanReply = { readonly chunk: number }
  & ({ readonly views: ChildPlanView[] } | { readonly inputError: InputErrorData } | { readonly error: string });

/** Plans one request (in a worker); an error becomes a reply, so the caller rethrows it in order. */
export function answer(request: ChildPlanRequest): ChildPlanReply {
  try {
    return { chunk: request.chunk, views: request.jobs.map(j => childPlanView(j, request.text, request.healthScripts, request.argocdVersion)) };
  } catch (e) {
    if (e instanceof InputError) return { chunk: request.chunk, inputError: { file: e.file, line: e.line, reason: e.reason, hint: e.hint } };
    return { chunk: request.chunk, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

function replyError(reply: ChildPlanReply): Error | undefined {
  if ('inputError' in reply) return new InputError(reply.inputError.file, reply.inputError.line, reply.inputError.reason, reply.inputError.hint);
  if ('error' in reply) return new Error(reply.error);
  return undefined;
}

/** Workers started ahead of need (`startChildPlanWorkers`), not yet given work. */
let started: Worker[] = [];

function spawn(script: string): Worker {
  const worker = new Worker(script, { argv: [CHILD_PLANS_WORKER_ARG], workerData: { syncplanChildPlans: true } });
  worker.unref(); // an idle worker never keeps the CLI alive (a parent that fails to read exits at once)
  return worker;
}

/**
 * Starts the worker threads a large fan-out would use, before the parent's manifests are read:
 * a worker takes ~150 ms to start, which then overlaps the parent's read instead of following it.
 * `childPlanViews` uses them, and stops those it does not need (a parent of few children).
 */
export function startChildPlanWorkers(requested?: number): void {
  const script = scriptFile();
  if (!script) return;
  const count = requested ?? Math.max(1, availableParallelism() - 1);
  while (started.length < count) started.push(spawn(script));
}

/** `count` workers: those started ahead first; the started ones left over are stopped. */
function takeWorkers(count: number, script: string): Worker[] {
  const out = started.slice(0, count);
  for (const idle of started.slice(count)) void idle.terminate();
  started = [];
  while (out.length < count) out.push(spawn(script));
  return out;
}

function scriptFile(): string | undefined {
  return workerScript() ?? (existsSync(WORKER_FILE) ? WORKER_FILE : undefined); // neither under ts-node or jest: here
}

/** Options of `childPlanViews`. */
export interface ChildPlanOptions {
  /** Worker threads (default: `workerCount`). */
  readonly workers?: number;
  /** Render each child's text sections (the text output); JSON needs only steps and errors. @default true */
  readonly text?: boolean;
  /** The health scripts of the operator's argocd-cm (`--argocd-cm`), for the text. @default none (built-in checks only) */
  readonly healthScripts?: readonly HealthScript[];
  /** The Argo CD version modelled (`--argocd-version`), whose built-in health checks the text's steps wait for. @default the latest */
  readonly argocdVersion?: string;
}

/** Each child's view (undefined when it has no directory source), in the children's order. */
export async function childPlanViews(children: readonly ChildApplication[], options: ChildPlanOptions = {}): Promise<(ChildPlanView | undefined)[]> {
  const text = options.text ?? true;
  const jobs = children.map(c => c.job);
  const todo = jobs.flatMap((job, i) => (job ? [{ i, job }] : []));
  const script = scriptFile();
  const workers = script ? workerCount(todo.length, options.workers) : 0;
  const views: (ChildPlanView | undefined)[] = jobs.map(() => undefined);
  if (workers <= 0) {
    takeWorkers(0, script ?? '');
    for (const { i, job } of todo) views[i] = childPlanView(job, text, options.healthScripts, options.argocdVersion);
    return views;
  }
  const size = chunkSize(todo.length, workers + 1);
  const chunks = Array.from({ length: Math.ceil(todo.length / size) }, (_, k) => todo.slice(k * size, (k + 1) * size));
  const scripts = options.healthScripts ? { healthScripts: options.healthScripts } : {};
  const version = options.argocdVersion !== undefined ? { argocdVersion: options.argocdVersion } : {};
  const requests = chunks.map((c, chunk) => ({ chunk, jobs: c.map(t => t.job), text, ...scripts, ...version }));
  const replies = await runChunks(requests, takeWorkers(workers, script!));
  chunks.forEach((c, k) => c.forEach((t, j) => { views[t.i] = replies[k][j]; }));
  return views;
}

/**
 * Runs the requests on the worker threads and this one (`here`), each taking the next request when
 * free, and stops the workers. Errors are thrown in the children's order: the first failed chunk's
 * error (every chunk before it completed, and a chunk stops at its first bad child), as one thread
 * would have thrown it.
 */
export function runChunks(requests: readonly ChildPlanRequest[], workers: readonly Worker[],
  here: (request: ChildPlanRequest) => ChildPlanReply = answer): Promise<ChildPlanView[][]> {
  const results: ChildPlanView[][] = new Array(requests.length);
  let next = 0;
  let failed: { chunk: number; error: Error } | undefined;
  const take = (): ChildPlanRequest | undefined => {
    // Nothing after a failed chunk is needed: its error is thrown whatever they hold.
    if (next >= requests.length || (failed && next > failed.chunk)) return undefined;
    return requests[next++];
  };
  const settle = (reply: ChildPlanReply): void => {
    const error = replyError(reply);
    if (!error) results[reply.chunk] = (reply as { views: ChildPlanView[] }).views;
    else if (!failed || reply.chunk < failed.chunk) failed = { chunk: reply.chunk, error };
  };
  const pool = workers.map(worker => new Promise<void>((resolve, reject) => {
    worker.ref();
    let done = false;
    let inFlight = 0;
    // Two requests in flight: a worker's next chunk is already in its queue when it replies, since
    // this thread, busy with a chunk of its own, hands out work only between its chunks.
    const feed = (): void => {
      while (inFlight < 2) {
        const request = take();
        if (!request) break;
        worker.postMessage(request);
        inFlight++;
      }
      if (inFlight > 0 || done) return;
      done = true;
      void worker.terminate().then(() => resolve());
    };
    worker.on('message', (reply: ChildPlanReply) => {
      inFlight--;
      settle(reply);
      feed();
    });
    worker.once('error', reject);
    worker.once('exit', code => {
      if (!done) reject(new Error(`a worker thread planning child Applications stopped (exit code ${code})`));
    });
    feed();
  }));
  // This thread plans a chunk at a time, yielding between chunks so replies are answered with new work.
  const mine = (async () => {
    for (let request = take(); request; request = take()) {
      settle(here(request));
      await new Promise<void>(resolve => setImmediate(resolve));
    }
  })();
  return Promise.all([...pool, mine]).then(() => {
    if (failed) throw failed.error;
    return results;
  });
}
