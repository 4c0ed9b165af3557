/** A worker thread of `child-plans.ts`: plans and renders the children it is given, replies once. */
import { parentPort, workerData } from 'worker_threads';
import type { ChildPlanJob } from './applications';
import { childPlanView } from './child-plans';
import { InputError } from './errors';

try {
  parentPort!.postMessage({ views: (workerData as ChildPlanJob[]).map(childPlanView) });
} catch (e) {
  if (e instanceof InputError) parentPort!.postMessage({ inputError: { file: e.file, line: e.line, reason: e.reason, hint: e.hint } });
  else parentPort!.postMessage({ error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
}
