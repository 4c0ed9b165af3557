/**
 * When an edge needs no wave of its own. Inside one step Argo CD applies tasks in kind order, and a
 * new kind starts only after the previous kind's apply calls returned (gitops-engine
 * `sync_context.go` `runTasks`); a kind with no health check is done the moment it is applied. So
 * "A before B" already holds inside one wave when nothing in A has to become Healthy and every
 * object of A ranks strictly below every object of B. Same rank (same kind, or two kinds Argo CD
 * does not list) means concurrent, not ordered.
 *
 * One kind with a health check shares a wave all the same: a PersistentVolumeClaim before the
 * workloads that run Pods (Deployment, StatefulSet, DaemonSet, ReplicaSet, ReplicationController,
 * Pod, Job, CronJob, Argo Rollout). Kind order applies the claim first, the scheduler holds a Pod
 * that mounts it until it is Bound, and the step waits for both (`health_pvc.go`: Bound) before the
 * next one. A wave of its own would buy nothing and hang: with a `WaitForFirstConsumer`
 * StorageClass (the default on GKE, EKS, AKS, kind) the claim stays Pending, so Progressing, until
 * such a Pod is scheduled, and that Pod would wait in the next wave (rule `pvc-gates-wave`). What
 * else the later group holds shares the wave too (a StatefulSet's headless Service, the Service of
 * `exposeViaService`, its ConfigMap even though kind order applies that before the claim: only
 * Pods use a claim): the group is judged as a whole. A group after a claim that runs no Pods at all
 * (ConfigMaps, a Service alone) waits for Bound in a later wave, as before.
 *
 * Health is judged per object where the object decides it: a Service is Healthy the moment it is
 * applied unless it is of type LoadBalancer (`health_service.go`), so a ClusterIP, NodePort or
 * ExternalName Service orders like a kind with no health check. Without the object (a `KindRef` with
 * no `manifest`) a Service is taken to wait, the safe side.
 *
 * Hooks are no exception: inside a phase and wave, Argo CD sorts hooks and resources together by
 * kind and name (`sync_tasks.go` `Less`), and `runTasks` creates them in that one order, after
 * deleting the hooks due for `BeforeHookCreation` (a pause before anything of the step is created).
 * So a Secret of a PreSync tier and the PreSync migration Job that reads it share a wave; a hook Job
 * or Pod before anything else still takes a wave of its own, for its health check (completion).
 * gitops-engine `TestSync_SuccessfulSyncWithSyncFailHook` starts a Sync hook and a Pod in one call.
 *
 * The price, read from `runTasks`: a failed apply does not stop the step. Later kinds of the same
 * step are still applied, and the sync fails after the step; with separate waves a failed apply of
 * A ends the sync before B is touched. Apply errors that dry-run catches (schema, unknown kinds)
 * stop the whole sync before any step either way.
 */
import { healthScriptFor } from './argocd-cm';
import type { HealthScript } from './argocd-cm';
import { hasHealthCheck } from './health';
import { kindRank } from './kind-order';

/** What the kind-order argument needs to know about one object. */
export interface KindRef {
  /** API group ('' for the core group). */
  readonly group: string;
  readonly kind: string;
  /** The object as written, when known: it decides whether a Service has anything to wait for. */
  readonly manifest?: { readonly object: Record<string, unknown> };
}

/**
 * True when a wave that holds `k` waits for more than its apply: by kind (`health.ts`, with the
 * argocd-cm's health `scripts` when given, and the Argo CD `version` modelled, default the latest), except a Service known not to be a LoadBalancer, which
 * Argo CD's Go check finds Healthy on apply (unless an argocd-cm script judges Services instead).
 */
export function waitsOnHealth(k: KindRef, scripts?: readonly HealthScript[], version?: string): boolean {
  if (isService(k) && k.manifest && !judgedByScript(k, scripts)) {
    const spec = k.manifest.object.spec;
    const type = typeof spec === 'object' && spec !== null ? (spec as Record<string, unknown>).type : undefined;
    return type === 'LoadBalancer';
  }
  return hasHealthCheck(k.group, k.kind, scripts, version);
}

/** An argocd-cm health script judges `k` instead of Argo CD's built-in check (`health.ts`). */
function judgedByScript(k: KindRef, scripts: readonly HealthScript[] | undefined): boolean {
  return scripts !== undefined && healthScriptFor(scripts, k.group, k.kind) !== undefined;
}

/** True when whether `k` waits depends on the object itself (a Service's type), not on its kind alone. */
export function waitsOnHealthNeedsObject(k: KindRef): boolean {
  return isService(k);
}

/** The decision for one edge, with the reason for messages. */
export interface GapDecision {
  readonly gap: 0 | 1;
  readonly why: string;
  /** The two objects that decided it (absent when a side is empty). */
  readonly pair?: readonly [KindRef, KindRef];
}

/**
 * Workloads whose Pods mount claims, by `group/kind`: each ranks after PersistentVolumeClaim. A
 * CronJob's Pods come at its schedule; a claim only they mount binds then, in one wave or two alike.
 */
const RUNS_PODS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['apps', new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet'])],
  ['', new Set(['ReplicationController', 'Pod'])],
  ['batch', new Set(['Job', 'CronJob'])],
  ['argoproj.io', new Set(['Rollout'])],
]);

function isClaim(k: KindRef): boolean {
  return k.group === '' && k.kind === 'PersistentVolumeClaim';
}

export function isService(k: KindRef): boolean {
  return k.group === '' && k.kind === 'Service';
}

/**
 * True when `b` needs nothing of `a` even inside one step, so their order there does not matter:
 * a claim, and what runs no Pods beside Pods that mount it (only Pods use a claim).
 */
export function independentInStep(a: KindRef, b: KindRef, podsAfter = runsPods(b)): boolean {
  return isClaim(a) && podsAfter && !runsPods(b);
}

/**
 * A kind that runs Pods, which the scheduler holds until the claims they mount are Bound. Looked up
 * by group, then kind: asked for every object of a tier, and a `group/kind` key was a string built
 * each time.
 */
export function runsPods(k: KindRef): boolean {
  return RUNS_PODS.get(k.group)?.has(k.kind) ?? false;
}

/** `ConfigMap` or `apps/Deployment`. */
export function kindName(k: KindRef): string {
  return k.group === '' ? k.kind : `${k.group}/${k.kind}`;
}

/**
 * Why `a` applied earlier in the same step is not enough to have `a` done before `b` starts
 * (undefined when it is enough). `podsAfter`: the group `b` belongs to (a tier) runs Pods, which
 * is what a claim before it needs (a StatefulSet tier also holds its headless Service, a
 * Deployment tier the Service of `exposeViaService`); by default, whether `b` itself runs Pods.
 * `scripts`: the argocd-cm's health scripts, when known, and `version` the Argo CD version modelled (`waitsOnHealth`).
 */
export function whyNotByKindOrder(a: KindRef, b: KindRef, podsAfter = runsPods(b), scripts?: readonly HealthScript[],
  version?: string): string | undefined {
  if (isClaim(a)) {
    if (!podsAfter) return `${a.kind} has a health check (Bound) that only a later wave waits for, and ${kindName(b)} runs no Pods that wait for the claim`;
    // Only Pods use a claim: beside Pods that wait for it, what runs none needs nothing of it.
    if (independentInStep(a, b, podsAfter)) return undefined;
  } else if (waitsOnHealth(a, scripts, version)) {
    const what = isService(a) && !judgedByScript(a, scripts)
      ? 'Service of type LoadBalancer has a health check (an ingress address)' : `${kindName(a)} has a health check`;
    return `${what}, and only a later wave waits for it`;
  }
  const ra = kindRank(a.kind);
  const rb = kindRank(b.kind);
  if (ra === rb) return `${a.kind} and ${b.kind} share a kind rank, so Argo CD applies them at the same time`;
  if (ra > rb) return `Argo CD applies ${b.kind} before ${a.kind} inside one wave`;
  return undefined;
}

/** How `a` applied earlier in the same step is done before `b` starts (when `whyNotByKindOrder` finds nothing against it). */
export function howByKindOrder(a: KindRef, b: KindRef, podsAfter = runsPods(b)): string {
  const applied = `Argo CD applies ${a.kind} before ${b.kind} by kind order`;
  if (independentInStep(a, b, podsAfter)) return `${kindName(b)} mounts no claim, and the step waits for the claim to be Bound together with the Pods beside it that mount it`;
  if (isClaim(a)) return `${applied}, the Pods of ${b.kind} that mount the claim wait for it to be Bound, and the step waits for both`;
  if (isService(a)) return `${applied}, and a Service that is not a LoadBalancer is Healthy once applied`;
  return `${applied}, and ${a.kind} has no health check to wait for`;
}

/**
 * The fewest waves between two groups of objects for "every object of `before` is done before any
 * object of `after` starts": 0 when kind order inside one wave already guarantees it, else 1.
 * An empty side decides nothing and keeps the safe default. Linear, as tiers can hold thousands:
 * a `before` object with a health check (other than a claim), or a claim before a group that runs
 * no Pods, decides at once; else the highest-ranked `before` against the lowest-ranked `after` decides.
 */
export function minimumGap(before: readonly KindRef[], after: readonly KindRef[]): GapDecision {
  if (before.length === 0 || after.length === 0) return { gap: 1, why: 'one side holds no objects' };
  const byRank = (pick: (x: number, y: number) => boolean) => (m: KindRef, k: KindRef) => (pick(kindRank(k.kind), kindRank(m.kind)) ? k : m);
  const claim = before.find(isClaim);
  // A claim waits on Pods: whether the later group runs any decides for all of its objects.
  const podsAfter = after.some(runsPods);
  const [a, b] = (() => {
    const gated = before.find((x) => !isClaim(x) && waitsOnHealth(x));
    if (gated) return [gated, after[0]];
    if (claim && !podsAfter) return [claim, after[0]];
    // Claims before a group that runs Pods hold against all of it (its Pods rank after any claim):
    // the other objects of `before` decide.
    const ranked = claim ? before.filter((x) => !isClaim(x)) : before;
    if (ranked.length === 0) return [claim!, after.find(runsPods)!];
    return [ranked.reduce(byRank((x, y) => x > y)), after.reduce(byRank((x, y) => x < y))];
  })();
  const why = whyNotByKindOrder(a, b, podsAfter);
  const pair = [a, b] as const;
  if (why !== undefined) return { gap: 1, why, pair };
  if (claim) return { gap: 0, why: 'kind order inside one wave applies them first, and the Pods that mount a claim wait for it to be Bound', pair };
  return { gap: 0, why: 'kind order inside one wave applies them first, and none has a health check', pair };
}

/**
 * What `minimumGap` reads of one object on a side of an edge: two objects of one key get the same
 * gap against any single object on the other side (`before`: kind, and whether it waits, which for
 * a Service its type decides; `after`: kind, which says whether it runs Pods). Lets a planner join
 * many objects to many through a few classes instead of pair by pair.
 */
export function gapKey(k: KindRef, side: 'before' | 'after'): string {
  return side === 'before' ? `${k.group}/${k.kind}/${waitsOnHealth(k)}` : `${k.group}/${k.kind}`;
}
