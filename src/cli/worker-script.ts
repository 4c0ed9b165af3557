/**
 * The script worker threads run. The installed CLI is one bundled file (`bin.ts`), so its workers
 * run that same file, which serves as a worker when it is not the main thread: each worker then
 * reads one file instead of resolving and loading ~100 modules (`child-plan-worker.js` beside the
 * compiled sources, what `node lib/cli/main.js` uses). Kept apart from `child-plans.ts` so the
 * bundle's entry can set it without loading the planner at start-up.
 */
let script: string | undefined;

/** The argument a worker of child plans is started with (`process.argv[2]` in the worker), which `bin.ts` looks for. */
export const CHILD_PLANS_WORKER_ARG = '--syncplan-child-plans-worker';

/** Workers run `file` (the bundle sets itself). */
export function useWorkerScript(file: string): void {
  script = file;
}

/** The script set by the bundle, if any. */
export function workerScript(): string | undefined {
  return script;
}
