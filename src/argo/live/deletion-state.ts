/**
 * "Why does my Application not go away?": an Application being deleted read as the stage Argo CD is
 * at and what holds it. Each reconcile Argo CD's `finalizeApplicationDeletion` does at most one stage,
 * in this order, removing its finalizer when done (docs/argo-cd-model.md#application-deletion, the
 * facts in `../app-deletion.ts`): PreDelete hooks, the cascade (objects deleted wave by wave, highest
 * first), PostDelete hooks, then the cleanup of the hooks that ran. The stage is the first whose
 * finalizer is still on the Application; a `DeletionError` condition says why a stage fails, and
 * the known causes name their fix.
 */
import type { ApplicationView } from './application';
import { POST_DELETE_FINALIZER, PRE_DELETE_FINALIZER, RESOURCES_FINALIZER } from '../app-deletion';
import { readDeletionError } from '../deletion-errors';
import { at, str } from '../live-health/types';
import type { LiveObject } from '../live-health/types';
import { SINCE, sinceText } from '../versions';

/** The stages of an Application's deletion, in the order Argo CD goes through them. */
export const DELETION_STAGES = ['PreDelete hooks', 'cascade', 'PostDelete hooks', 'cleanup', 'other finalizers'] as const;
export type DeletionStage = typeof DELETION_STAGES[number];

export interface TerminatingObject {
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
  readonly since: string;
  readonly finalizers: readonly string[];
}

export interface DeletionState {
  /** `metadata.deletionTimestamp`. */
  readonly since: string;
  /** now − since, when the time parses. */
  readonly seconds?: number;
  readonly finalizers: readonly string[];
  readonly stage: DeletionStage;
  /** What the stage does, in a sentence. */
  readonly doing: string;
  /** The `DeletionError` condition's message, when Argo CD reports one. */
  readonly error?: string;
  /** The known cause behind `error` (or behind the stage), with its fix. */
  readonly cause?: string;
  /** Live objects (`--live`) with a deletionTimestamp: what the cascade waits for. */
  readonly terminating: readonly TerminatingObject[];
}

const DOING: Readonly<Record<DeletionStage, string>> = {
  'PreDelete hooks': 'Argo CD runs the PreDelete hooks before it deletes anything, and deletes nothing until every one of them is Healthy',
  'cascade': 'Argo CD deletes the Application\'s objects one wave at a time, highest wave first; each wave must be gone (no object terminating) before the next',
  'PostDelete hooks': 'every object is deleted; Argo CD creates the PostDelete hooks and waits for them',
  'cleanup': 'Argo CD deletes the deletion hooks that ran whose delete policy matches their result, and waits until they are gone',
  'other finalizers': 'Argo CD is done: the finalizers left are not Argo CD\'s, so whatever owns them must remove them',
};

function stageOf(finalizers: readonly string[]): DeletionStage {
  const has = (f: string) => finalizers.includes(f);
  if (has(PRE_DELETE_FINALIZER)) return 'PreDelete hooks';
  // `…/background` and `…/foreground` choose the propagation of the same cascade.
  if (finalizers.some(f => f === RESOURCES_FINALIZER || f.startsWith(`${RESOURCES_FINALIZER}/`))) return 'cascade';
  if (has(POST_DELETE_FINALIZER)) return 'PostDelete hooks';
  if (has(`${PRE_DELETE_FINALIZER}/cleanup`) || has(`${POST_DELETE_FINALIZER}/cleanup`)) return 'cleanup';
  return 'other finalizers';
}

/**
 * Whether `value` is the Application's instance name (argo-cd `InstanceName`): its name, or
 * `<namespace>_<name>` when it lives outside the controller's namespace, which the Application does not say.
 */
function isInstanceName(value: string, app: ApplicationView): boolean {
  return value === app.name || value === `${app.namespace}_${app.name}`;
}

/** The known cause behind a `DeletionError` message (`../deletion-errors.ts`), with its fix. */
function causeOf(error: string, app: ApplicationView): string | undefined {
  const read = readDeletionError(error);
  if (read?.cause === 'label-too-long') {
    if (!isInstanceName(read.value, app)) {
      return `the API server refuses the deletion hook ${read.hook}: a label's value is over 63 characters, so the deletion fails on every try; shorten the label in the hook's manifest`;
    }
    return `Argo CD labels every deletion hook app.kubernetes.io/instance: ${read.value} (the Application's instance name, ${read.value.length} characters), whatever the tracking method, `
      + `and the API server refuses a label value over 63 characters, so the deletion fails on every try (argo-cd #27527; fixed in ${sinceText('deletionHookTrackedLabel')} by #27542, `
      + 'the hook gets the app\'s tracking, its label truncated). Upgrade Argo CD to a release with the fix (the next try then creates the hook), '
      + 'or remove the hook\'s finalizer from the Application by hand (the hook then never runs); an Application created again needs a shorter name '
      + '(outside Argo CD\'s namespace the instance name is <namespace>_<name>: or a shorter namespace) to keep its deletion hooks before the fix';
  }
  if (read?.cause === 'namespace-not-found') {
    return `a deletion hook lives in namespace ${read.namespace}, which the cascade deleted (the app's own Namespace): it can never be created, so the deletion fails on every try `
      + `(argo-cd #24924, rule post-delete-hook-namespace-deleted). Fix the hook in Git (another namespace, a PreDelete hook, or Delete=false on Namespace/${read.namespace}), `
      + 'or remove the hook\'s finalizer from the Application by hand (the hook then never runs)';
  }
  if (read?.cause === 'hooks-failed') {
    return `the ${read.type} hooks ${read.hooks} failed (Degraded): Argo CD deletes them and creates them again on every try, so the deletion waits until a run succeeds; `
      + 'read their logs (kubectl logs -n NAMESPACE job/NAME) and fix the hook, or remove its finalizer from the Application by hand (the hook then never runs)';
  }
  if (read?.cause === 'already-exists') {
    return 'a cluster-scoped deletion hook: Argo CD looks it up in the destination namespace, never finds it, and creates it again, which the API server refuses '
      + `(AlreadyExists; skipped since Argo CD ${SINCE.deletionHookAlreadyExistsSkipped}, argo-cd #18355): upgrade, or make the hook a namespaced object`;
  }
  return undefined;
}

function terminatingOf(live: readonly LiveObject[]): TerminatingObject[] {
  return live.filter(o => str(at(o, 'metadata', 'deletionTimestamp')) !== '').map(o => ({
    kind: str(o.kind),
    name: str(at(o, 'metadata', 'name')),
    namespace: str(at(o, 'metadata', 'namespace')),
    since: str(at(o, 'metadata', 'deletionTimestamp')),
    finalizers: stringsOf(at(o, 'metadata', 'finalizers')),
  }));
}

function stringsOf(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The deletion of `app`, or undefined when it is not being deleted. */
export function deletionState(app: ApplicationView, live: readonly LiveObject[], now: number): DeletionState | undefined {
  const deletion = app.deletion;
  if (!deletion) return undefined;
  const stage = stageOf(deletion.finalizers);
  const error = app.conditions.find(c => c.type === 'DeletionError')?.message;
  const started = Date.parse(deletion.since);
  const terminating = stage === 'cascade' ? terminatingOf(live) : [];
  const cause = error !== undefined ? causeOf(error, app)
    : terminating.length > 0 ? `${terminating.length} of its objects ${terminating.length === 1 ? 'is' : 'are'} still terminating, held by finalizers: the next wave waits until they are gone`
      : undefined;
  return {
    since: deletion.since,
    ...(Number.isNaN(started) ? {} : { seconds: Math.max(0, Math.floor((now - started) / 1000)) }),
    finalizers: deletion.finalizers,
    stage,
    doing: DOING[stage],
    ...(error !== undefined ? { error } : {}),
    ...(cause !== undefined ? { cause } : {}),
    terminating,
  };
}

/** `at the cascade stage`, with the DeletionError when there is one (the progress line and the timeout of `watch`). */
export function deletionSummary(d: Pick<DeletionState, 'stage' | 'error'>): string {
  return `at the ${d.stage} stage${d.error !== undefined ? `: ${d.error}` : ''}`;
}
