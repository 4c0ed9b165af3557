/** The objects a sync applies, each once, for the rules that judge an object rather than a task. */
import type { Manifest, SyncTask } from '../argo/types';

/**
 * The first apply task of each object, in plan order. Only a hook has several tasks (one per phase
 * it runs in), so only hooks are remembered: a Set of every object applied was ~1 MiB of garbage
 * per rule that asked, at 20,000 documents (bench/plan-throughput.js). The same Manifest passed twice
 * (never from files) yields two identical tasks, whose identical hits the engine reports once.
 */
export function* firstApplyTasks(tasks: readonly SyncTask[]): Generator<SyncTask> {
  const hooks = new Set<Manifest>();
  for (const t of tasks) {
    if (t.action !== 'apply') continue;
    if (t.hook) {
      if (hooks.has(t.manifest)) continue;
      hooks.add(t.manifest);
    }
    yield t;
  }
}
