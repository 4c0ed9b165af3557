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
import { isMainThread, workerData } from 'worker_threads';

if (isMainThread) {
  (require('./worker-script') as typeof import('./worker-script')).useWorkerScript(join(__dirname, 'syncplan.js'));
  (require('./main') as typeof import('./main')).run();
} else if ((workerData as { syncplanChildPlans?: boolean } | null)?.syncplanChildPlans) {
  (require('./child-plan-worker') as typeof import('./child-plan-worker')).serveChildPlans();
}
