#!/usr/bin/env node
/**
 * The installed `syncplan`: the compile step bundles this file with everything it requires into
 * `lib/cli/syncplan.js` (esbuild, see .projenrc.ts), so start-up reads one file instead of
 * resolving and reading ~170 modules. The same code as `node lib/cli/main.js`. The bundle is also
 * the script of its own worker threads (`plan --repo-root` over many children, `child-plans.ts`):
 * a worker reads this one file too, then serves child plans.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { isMainThread, workerData } from 'worker_threads';

if (isMainThread) {
  (require('./worker-script') as typeof import('./worker-script')).useWorkerScript(__filename);
  (require('./main') as typeof import('./main')).run();
} else if ((workerData as { syncplanChildPlans?: boolean } | null)?.syncplanChildPlans) {
  (require('./child-plan-worker') as typeof import('./child-plan-worker')).serveChildPlans();
}
