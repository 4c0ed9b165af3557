/**
 * The bundled CLI: the compile step bundles this file with everything it requires into
 * `lib/cli/syncplan-bundle.js` (esbuild, see .projenrc.ts), so start-up reads one file instead of
 * resolving and reading ~170 modules; the installed `syncplan` (`syncplan.ts`) loads it with V8's
 * code cache. The same code as `node lib/cli/main.js`. The bundle also serves its own worker threads
 * (`plan --repo-root` over many children, `child-plans.ts`): a worker starts from `syncplan.js` too,
 * so it reads the same one file and cache, then serves child plans.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { join } from 'path';
import { CHILD_PLANS_WORKER_ARG, useWorkerScript } from './worker-script';

// Only a worker of child plans is started with this argument, so the main thread of every other
// run never loads worker_threads (1 ms of start-up); the thread and its workerData make sure.
const threads = process.argv[2] === CHILD_PLANS_WORKER_ARG ? (require('worker_threads') as typeof import('worker_threads')) : undefined;
if (!threads || threads.isMainThread) {
  useWorkerScript(join(__dirname, 'syncplan.js'));
  (require('./main') as typeof import('./main')).run();
} else if ((threads.workerData as { syncplanChildPlans?: boolean } | null)?.syncplanChildPlans) {
  (require('./child-plan-worker') as typeof import('./child-plan-worker')).serveChildPlans();
}
