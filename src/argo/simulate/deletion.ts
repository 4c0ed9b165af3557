/**
 * `simulateDeletion`: replays argo-cd `controller/appcontroller.go` `finalizeApplicationDeletion`, one
 * reconcile at a time, for an Application deleted with the resources finalizer: PreDelete hooks
 * (`controller/hook.go` `executeHooks`, 3.3+), the cascade one wave at a time from the highest down
 * (`controller/sort_delete.go`), PostDelete hooks, then the hooks' cleanup (`cleanupHooks`).
 * docs/argo-cd-model.md#application-deletion.
 */
import { KEPT_REASONS, POST_DELETE_FINALIZER, PRE_DELETE_FINALIZER, RESOURCES_FINALIZER, keptOnDeletion, nextDeletionWave, requiresDeletionConfirmation } from '../app-deletion';
import { CREATE_NAMESPACE_SOURCE } from '../create-namespace';
import { deletePoliciesOf } from '../delete-policy';
import { deletionHookError, DeletionHookType, hooksAlreadyExist, hooksFailed, namespaceNotFound } from '../deletion-errors';
import { hasHealthCheck } from '../health';
import { deletionHookTypesOf, readHook } from '../hooks';
import { keyString, resourceKeyOf } from '../keys';
import { invalidObjectMessage, labelValueErrors } from '../object-validity';
import { isClusterScopedKind } from '../scope';
import type { HookType, Manifest, ResourceKey, SyncPlan } from '../types';
import { behavesSince, sinceText } from '../versions';
import { waveOf } from '../waves';
import { worseHealth } from './app-health';
import { handlesOfObject, lookupByHandles } from './cluster';
import type { DeletionEvent, DeletionOptions, DeletionOutcome, DeletionResult, DeletionStage, KeptObject } from './deletion-types';
import type { HealthStatus } from './types';

export * from './deletion-types';


/** An object of the Application, in the cluster or (a deletion hook) in Git. */
interface AppObject {
  readonly key: ResourceKey;
  readonly id: string;
  readonly object: Record<string, unknown>;
  readonly wave: number;
  readonly handles: readonly string[];
  /** Deletion hook types the controller sees on it. */
  readonly deletionTypes: readonly HookType[];
}

interface LiveState {
  readonly obj: AppObject;
  terminating: boolean;
}

/** Far more reconciles than any deletion needs; a guard against a loop that never repeats. */
const MAX_RECONCILES = 10_000;

/** Replays the deletion of the Application whose target manifests are `manifests` (planned as `plan`). */
export function simulateDeletion(plan: SyncPlan, manifests: readonly Manifest[], options: DeletionOptions = {}): DeletionResult {
  return new Deletion(plan, manifests, options).run();
}

/** Handles (`Kind/name`) given in options that name no object of the deletion. */
export function unknownDeletionHandles(plan: SyncPlan, manifests: readonly Manifest[], options: DeletionOptions,
  handles: Iterable<string>): string[] {
  const deletion = new Deletion(plan, manifests, options);
  const known = new Set([...deletion.initial, ...deletion.hooks].flatMap(o => o.handles));
  return [...handles].filter(h => !known.has(h));
}

class Deletion {
  readonly version: string | undefined;
  /** The Application's objects in the cluster when it is deleted. */
  readonly initial: AppObject[];
  /** PreDelete and PostDelete hooks of the target manifests. */
  readonly hooks: AppObject[];
  private readonly live = new Map<string, LiveState>();
  /** Namespaces the cascade deleted: nothing can be created in them afterwards. */
  private readonly deletedNamespaces = new Set<string>();
  private readonly finalizers: string[];
  private readonly events: DeletionEvent[] = [];
  private readonly notes: string[] = [];
  private reconcile = 0;
  private condition: string | undefined;
  /** The last `DeletionError` message, for a Blocked end whose last call happened to succeed. */
  private lastCondition: string | undefined;
  private message = '';
  private waitingOn: string[] = [];

  constructor(private readonly plan: SyncPlan, manifests: readonly Manifest[], private readonly options: DeletionOptions) {
    this.version = options.argocdVersion;
    const namespace = plan.destinationNamespace ?? '';
    const appObject = (object: Record<string, unknown>, name?: string): AppObject => {
      const stamped = resourceKeyOf(object, namespace, name);
      // The object as the cluster holds it: a cluster-scoped one has no namespace.
      const key = isClusterScopedKind(stamped.group, stamped.kind) ? { ...stamped, namespace: '' } : stamped;
      return {
        key,
        id: keyString(key),
        object,
        // The deletion order reads the live objects, which hold strings only: no version (annotations.ts).
        wave: waveOf(object),
        handles: handlesOfObject(key.kind, key.name, object),
        deletionTypes: deletionHookTypesOf(object, this.version),
      };
    };
    const losers = new Set(plan.excluded.filter(e => e.keptInstead !== undefined).map(e => e.manifest));
    const targets = manifests.filter(m => !losers.has(m) && typeof m.object.kind === 'string');
    this.hooks = targets.map(m => appObject(m.object)).filter(o => o.deletionTypes.length > 0);
    this.initial = options.live !== undefined
      ? options.live.map(m => appObject(m.object))
      : afterSuccessfulSync(plan).map(t => appObject(t.manifest.object, t.name));
    for (const o of this.initial) {
      // Missing: the object is already gone from the cluster.
      if (this.healthOf(o) !== 'Missing') this.live.set(o.id, { obj: o, terminating: false });
    }

    const has = (type: DeletionHookType) => this.hooks.some(h => h.deletionTypes.includes(type));
    this.finalizers = [
      ...(options.cascade ?? true ? [RESOURCES_FINALIZER] : []),
      ...(has('PreDelete') ? [PRE_DELETE_FINALIZER, `${PRE_DELETE_FINALIZER}/cleanup`] : []),
      ...(has('PostDelete') ? [POST_DELETE_FINALIZER, `${POST_DELETE_FINALIZER}/cleanup`] : []),
    ];
    this.noteVersionGaps(targets);
  }

  run(): DeletionResult {
    const seen = new Map<string, number>();
    const errors: boolean[] = [];
    let outcome: DeletionOutcome = 'Waiting';
    seen.set(this.fingerprint(), 0);
    while (this.reconcile < MAX_RECONCILES) {
      this.reconcile++;
      this.condition = undefined;
      this.waitingOn = [];
      this.finalize();
      errors.push(this.condition !== undefined);
      if (this.finalizers.length === 0) {
        outcome = 'Deleted';
        this.message = 'every finalizer removed: the Application is deleted';
        break;
      }
      const print = this.fingerprint();
      const before = seen.get(print);
      if (before !== undefined) {
        // The same state again: with fixed health outcomes Argo CD repeats these reconciles forever.
        outcome = errors.slice(before).some(e => e) ? 'Blocked' : 'Waiting';
        break;
      }
      seen.set(print, this.reconcile);
    }
    return {
      outcome,
      message: outcome === 'Blocked' ? this.lastCondition ?? this.message : this.message,
      events: this.events,
      waitingOn: outcome === 'Deleted' ? [] : this.waitingOn,
      leftInCluster: this.leftInCluster(outcome),
      finalizersLeft: [...this.finalizers],
      reconciles: this.reconcile,
      notes: this.notes,
    };
  }

  /** One call of `finalizeApplicationDeletion`. */
  private finalize(): void {
    if (this.has(PRE_DELETE_FINALIZER)) {
      if (!this.executeHooks('PreDelete')) return;
      this.remove(PRE_DELETE_FINALIZER);
    }
    if (this.has(RESOURCES_FINALIZER)) {
      if (this.cascade()) this.remove(RESOURCES_FINALIZER);
      return;
    }
    if (this.has(POST_DELETE_FINALIZER)) {
      if (this.executeHooks('PostDelete')) this.remove(POST_DELETE_FINALIZER);
      return;
    }
    for (const [finalizer, type] of [[`${PRE_DELETE_FINALIZER}/cleanup`, 'PreDelete'], [`${POST_DELETE_FINALIZER}/cleanup`, 'PostDelete']] as const) {
      if (this.has(finalizer)) {
        if (this.cleanupHooks(type)) this.remove(finalizer);
        return;
      }
    }
  }

  /** `executeHooks`: create the missing hooks (and stop), else wait for the running ones. True when done. */
  private executeHooks(type: DeletionHookType): boolean {
    const stage: DeletionStage = type;
    const running = this.liveObjects().filter(s => s.obj.deletionTypes.includes(type));
    const runningIds = new Set(running.map(s => s.obj.id));
    // Looked up by name: a generateName hook is never found, so it is created again on every call. A
    // cluster-scoped hook is looked up with the destination namespace set on it: never found either.
    const stamped = (h: AppObject) => isClusterScopedKind(h.key.group, h.key.kind) && (this.plan.destinationNamespace ?? '') !== '';
    const again = this.hooks.filter(h => h.deletionTypes.includes(type) && runningIds.has(h.id) && stamped(h));
    if (again.length > 0 && !behavesSince('deletionHookAlreadyExistsSkipped', this.version)) {
      for (const h of again) this.event(stage, 'create', h, 'already exists: the API server refuses it (AlreadyExists)');
      this.fail(deletionHookError(type, hooksAlreadyExist(type, again.map(h => `${h.key.kind}/${h.key.name}`))), again);
      return false;
    }
    const expected = this.hooks.filter(h => h.deletionTypes.includes(type) && !runningIds.has(h.id));
    if (expected.length > 0) {
      for (const h of expected) {
        const labelRefusal = this.instanceLabelRefusal(h);
        if (labelRefusal !== undefined) {
          this.event(stage, 'create', h, `refused: the instance label's value, ${this.options.appInstanceName}, is over 63 characters`);
          this.fail(deletionHookError(type, labelRefusal), [h]);
          return false;
        }
        // The API server refuses an object in a namespace the cascade deleted (argo-cd #24924).
        if (this.deletedNamespaces.has(h.key.namespace)) {
          this.event(stage, 'create', h, `refused: namespace ${h.key.namespace} was deleted by the cascade`);
          this.fail(deletionHookError(type, namespaceNotFound(h.key.namespace)), [h]);
          return false;
        }
        const health = this.healthOf(h);
        // Missing: the hook never shows up in the controller's cache (deleted at once, or never created).
        if (health !== 'Missing' && h.key.name !== '') this.live.set(h.id, { obj: h, terminating: false });
        this.event(stage, 'create', h, h.key.name === '' ? 'created under a generated name, looked up by its empty name: created again next time'
          : health === 'Missing' ? 'created, never seen (Missing)' : 'created');
      }
      this.wait(`Created ${expected.length} ${this.hookWord(type)} hooks`, expected);
      return false;
    }
    const progressing: AppObject[] = [];
    const failed: AppObject[] = [];
    for (const { obj } of running) {
      const health = this.hookHealthOf(obj);
      if (health === 'Progressing') progressing.push(obj);
      else if (health === 'Degraded' && behavesSince('failedDeletionHookBlocks', this.version)) failed.push(obj);
    }
    if (failed.length > 0) {
      for (const h of failed) {
        this.live.delete(h.id);
        this.event(stage, 'delete', h, 'Degraded: deleted to be created again');
      }
      this.fail(deletionHookError(type, hooksFailed(type, failed.map(h => `${h.key.namespace}/${h.key.name}`))), failed);
      return false;
    }
    if (progressing.length > 0) {
      this.wait(`Waiting for ${progressing.length} ${this.hookWord(type)} hooks to complete`, progressing);
      return false;
    }
    return true;
  }

  /** The cascade: one wave of deletions per call, highest first; true once nothing deletable is left. */
  private cascade(): boolean {
    const objects = this.liveObjects();
    const terminating = objects.filter(s => s.terminating).map(s => s.obj);
    if (terminating.length > 0) {
      this.wait(`${objects.length} objects remaining for deletion`, terminating);
      return false;
    }
    const deletable = objects.map(s => s.obj).filter(o => this.keptReason(o) === undefined);
    const unconfirmed = this.options.deletionApproved ? []
      : deletable.filter(o => requiresDeletionConfirmation(o.object, this.options.syncOptions, this.version));
    if (unconfirmed.length > 0) {
      this.wait(`waiting for deletion confirmation of ${unconfirmed.map(o => shortHandle(o)).join(', ')} (argocd app confirm-deletion, `
        + 'or the Application annotated argocd.argoproj.io/deletion-approved with a time not before its deletion)', unconfirmed);
      return false;
    }
    for (const o of nextDeletionWave(deletable, x => x.wave)) {
      // A hook's health says how it ran; a resource reported Progressing keeps its deletionTimestamp.
      const stuck = !readHook(o.object).isHook && o.deletionTypes.length === 0 && this.healthOf(o) === 'Progressing';
      if (stuck) this.live.get(o.id)!.terminating = true;
      else this.live.delete(o.id);
      if (o.key.group === '' && o.key.kind === 'Namespace') this.deletedNamespaces.add(o.key.name);
      this.event('Delete', 'delete', o, stuck ? 'terminating (Progressing: a finalizer never clears)' : 'deleted');
    }
    const remaining = this.liveObjects().filter(s => this.keptReason(s.obj) === undefined);
    if (remaining.length > 0) {
      this.wait(`${remaining.length} objects remaining for deletion`, remaining.filter(s => s.terminating).map(s => s.obj));
      return false;
    }
    return true;
  }

  /** `cleanupHooks`: delete the hooks whose policy matches their worst health; true once none is pending. */
  private cleanupHooks(type: DeletionHookType): boolean {
    const hooks = this.liveObjects().filter(s => s.obj.deletionTypes.includes(type)).map(s => s.obj);
    if (hooks.length === 0) return true;
    const aggregated = hooks.map(h => this.hookHealthOf(h)).reduce<HealthStatus>(worseHealth, 'Healthy');
    const doomed = hooks.filter(h => deletePoliciesOf(h.object).some(p =>
      (p === 'HookFailed' && aggregated === 'Degraded') || (p === 'HookSucceeded' && aggregated === 'Healthy')));
    if (doomed.length === 0) return true;
    for (const h of doomed) {
      this.live.delete(h.id);
      this.event(type === 'PreDelete' ? 'PreDeleteCleanup' : 'PostDeleteCleanup', 'delete', h, `deleted (delete policy, hooks ${aggregated})`);
    }
    this.wait(`Waiting for ${doomed.length} ${this.hookWord(type)} hooks to be deleted`, []);
    return false;
  }

  private keptReason(o: AppObject): string | undefined {
    const reason = keptOnDeletion(o.key.group, o.key.kind, o.object, this.options.syncOptions, this.version);
    return reason === undefined ? undefined : KEPT_REASONS[reason];
  }

  private leftInCluster(outcome: DeletionOutcome): KeptObject[] {
    const left: KeptObject[] = this.liveObjects().map(({ obj, terminating }) => ({
      kind: obj.key.kind,
      name: obj.key.name,
      namespace: obj.key.namespace,
      reason: this.keptReason(obj)
        ?? (!(this.options.cascade ?? true) && obj.deletionTypes.length === 0
          ? 'a non-cascading deletion (--cascade=false) deletes none of the Application\'s objects' : undefined)
        ?? (terminating ? 'terminating: a finalizer never clears'
          : obj.deletionTypes.length > 0 && outcome === 'Deleted'
            ? `${obj.deletionTypes.join(',')} hook whose delete policies (${deletePoliciesOf(obj.object).join(', ')}) do not delete it after the hooks ran`
            : obj.deletionTypes.length > 0 ? `${obj.deletionTypes.join(',')} hook, ${this.healthOf(obj)}`
              : 'not deleted yet: the deletion stalls before its wave'),
    }));
    const ns = this.plan.createNamespace;
    if (ns && !this.live.has(keyString(ns))) {
      left.push({
        kind: ns.kind,
        name: ns.name,
        namespace: ns.namespace,
        reason: 'created by CreateNamespace=true and not tracked as the Application\'s: Argo CD never deletes it',
      });
    }
    return left;
  }

  private noteVersionGaps(targets: readonly Manifest[]): void {
    for (const m of targets) {
      const read = readHook(m.object, this.version);
      const seen = deletionHookTypesOf(m.object, this.version);
      const missed = read.deletionTypes.filter(t => !seen.includes(t));
      if (missed.length === 0) continue;
      const key = resourceKeyOf(m.object, this.plan.destinationNamespace ?? '');
      const why = missed.includes('PreDelete') && !behavesSince('preDeleteHooks', this.version)
        ? `Argo CD ${this.version} runs no PreDelete hooks (since 3.3)`
        : `before Argo CD ${sinceText('deletionHookCsv')} the controller reads the hook annotation's whole value, not a list (${[...read.argoValues, ...read.helmValues].join(',')})`;
      this.notes.push(`${key.kind}/${key.name}: ${why}, so it is not run as a ${missed.join(',')} hook`);
    }
  }

  private liveObjects(): LiveState[] {
    return [...this.live.values()];
  }

  private healthOf(o: AppObject): HealthStatus {
    return lookupByHandles(this.options.health, o.handles) ?? 'Healthy';
  }

  /**
   * A live hook's health as `executeHooks` and `cleanupHooks` read it: with the argocd-cm known, a kind
   * with no health check at all has none, which counts as Healthy.
   */
  private hookHealthOf(h: AppObject): HealthStatus {
    const scripts = this.options.healthScripts;
    return scripts !== undefined && !hasHealthCheck(h.key.group, h.key.kind, scripts, this.version) ? 'Healthy' : this.healthOf(h);
  }

  /**
   * Before #27542 `executeHooks` labelled every deletion hook `app.kubernetes.io/instance: <instance name>`
   * whatever the tracking method, untruncated: the API server refuses a value over 63 characters (argo-cd
   * #27527). Since, the hook gets the app's tracking (`SetAppInstance`), its label truncated.
   */
  private instanceLabelRefusal(h: AppObject): string | undefined {
    const instance = this.options.appInstanceName;
    if (instance === undefined || behavesSince('deletionHookTrackedLabel', this.version)) return undefined;
    const errors = labelValueErrors(instance);
    if (errors.length === 0) return undefined;
    return invalidObjectMessage(h.key.group, h.key.kind, h.key.name,
      errors.map(detail => ({ field: 'metadata.labels', path: ['metadata', 'labels'], type: 'Invalid value' as const, value: instance, detail })));
  }

  private hookWord(type: DeletionHookType): string {
    // Before 3.3 only the PostDelete code existed, logging "post-delete hooks".
    return behavesSince('failedDeletionHookBlocks', this.version) ? type : 'post-delete';
  }

  private event(stage: DeletionStage, action: 'create' | 'delete', o: AppObject, result: string): void {
    const { kind, name, namespace } = o.key;
    this.events.push({ reconcile: this.reconcile, stage, wave: o.wave, action, kind, name, namespace, result });
  }

  private wait(message: string, on: readonly AppObject[]): void {
    this.message = message;
    this.waitingOn = on.map(shortHandle);
  }

  /** An error of `finalizeApplicationDeletion`: the `DeletionError` condition, cleared by the next call that succeeds. */
  private fail(message: string, on: readonly AppObject[]): void {
    this.condition = message;
    this.lastCondition = message;
    this.wait(message, on);
  }

  private has(finalizer: string): boolean {
    return this.finalizers.includes(finalizer);
  }

  private remove(finalizer: string): void {
    this.finalizers.splice(this.finalizers.indexOf(finalizer), 1);
  }

  private fingerprint(): string {
    const live = [...this.live.values()].map(s => `${s.obj.id}${s.terminating ? '~' : ''}`).sort();
    return JSON.stringify([this.finalizers, live, this.condition ?? '']);
  }
}

function shortHandle(o: AppObject): string {
  return o.handles[0];
}

/**
 * The objects a successful sync of the plan leaves in the cluster: every applied resource, and the
 * hooks whose delete policies lack HookSucceeded; not the CreateNamespace=true Namespace (untracked).
 */
function afterSuccessfulSync(plan: SyncPlan) {
  return plan.steps.flatMap(s => s.tasks).filter(t => t.action === 'apply'
    && t.manifest.source.file !== CREATE_NAMESPACE_SOURCE
    && !(t.hook && t.deletePolicies.includes('HookSucceeded')));
}
