/**
 * Which synchronous job (the code run between two turns of the microtask queue) this is. A synth is
 * synchronous (`App.synth`, `chart.toJson()`, `Testing.synth`), and its memos (the validation, the
 * renders kept for cdk8s's own render, the order of an app's chart files) hold only in the job
 * that made them: a change made after an `await`, or in a later test, is always seen.
 *
 * One shared microtask per job moves the count on, and it holds nothing. A microtask per memo that
 * forgot it, as before, held its App until the job returned: every App of a synchronous loop of
 * synths (a `main.ts` writing one app per environment, a property test) stayed in memory until
 * the loop ended (100 apps of 100 objects: 20 MB; a property test of 60,000 synths ran out of heap).
 */
let job = 0;
let scheduled = false;

/** A number that stays the same for the rest of this synchronous job, and changes after it. */
export function currentJob(): number {
  if (!scheduled) {
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      job++;
    });
  }
  return job;
}
