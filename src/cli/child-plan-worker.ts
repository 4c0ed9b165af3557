/**
 * A worker thread of `child-plans.ts`: answers each request (a chunk of children) with their views,
 * until terminated. Run as its own file by `node lib/cli/main.js`, and from the bundle by `bin.ts`.
 */
import { isMainThread, parentPort } from 'worker_threads';
import { answer, ChildPlanRequest } from './child-plans';

export function serveChildPlans(): void {
  parentPort!.on('message', (request: ChildPlanRequest) => parentPort!.postMessage(answer(request)));
}

if (!isMainThread && require.main === module) serveChildPlans();
