import { healthScriptFor } from './argocd-cm';
import type { HealthScript } from './argocd-cm';
import { hasBuiltinLuaHealth } from './health-lua';
import { LATEST_ARGOCD_VERSION } from './versions';

/**
 * Which objects make a wave wait (`gitops-engine pkg/health/health.go` `GetResourceHealth`: the
 * health override Argo CD builds from argocd-cm, `argo-cd util/lua/lua.go` `GetHealthScript`, then
 * `GetHealthCheckFunc`; Argo CD's built-in Lua in `argo-cd resource_customizations`;
 * docs/argo-cd-model.md#health). A kind with no health check counts as done the moment it is
 * applied, so a wave of only such kinds never waits. Every floor asks here, with the operator's
 * argocd-cm health scripts when it was given (`--argocd-cm`) and the Argo CD version modelled
 * (`--argocd-version`: the built-in Lua scripts came release by release, `health-lua.ts`), so that
 * lint, plan, simulate, report, diagram and explain give one answer.
 */

/** How Argo CD judges an object's health. */
export type HealthCheckKind =
  /** A Go function built into gitops-engine. */
  | 'go'
  /** A Lua script shipped with Argo CD (`resource_customizations/<group>/<kind>/health.lua`). */
  | 'lua'
  /** A health script of the operator's argocd-cm (`resource.customizations.health.<group_kind>`), tried before any built-in check. */
  | 'argocd-cm'
  /** No health check: done on apply. */
  | 'none';

export interface HealthCheck {
  readonly group: string;
  readonly kind: string;
  readonly check: HealthCheckKind;
  /** One line: when the object is Healthy (what a wave waits for). */
  readonly healthyWhen: string;
  /** One line: what keeps it from being Healthy, if anything notable. */
  readonly otherwise?: string;
}

const NO_CHECK = 'done on apply (Argo CD has no health check for it)';

/** The known table, by `group/kind` (core group ''). Anything else: `none`. */
export const HEALTH_CHECKS: readonly HealthCheck[] = [
  { group: 'apps', kind: 'Deployment', check: 'go', healthyWhen: 'rollout complete: observedGeneration current, all replicas updated and available, no old replicas', otherwise: 'Suspended when spec.paused; Degraded on ProgressDeadlineExceeded; else Progressing' },
  { group: 'apps', kind: 'StatefulSet', check: 'go', healthyWhen: 'all replicas ready and the update rolled out (partition / OnDelete respected)', otherwise: 'Progressing' },
  { group: 'apps', kind: 'DaemonSet', check: 'go', healthyWhen: 'every scheduled pod updated and available (OnDelete: at once)', otherwise: 'Progressing' },
  { group: 'apps', kind: 'ReplicaSet', check: 'go', healthyWhen: 'available replicas ≥ spec.replicas', otherwise: 'Degraded on ReplicaFailure; else Progressing' },
  { group: 'batch', kind: 'Job', check: 'go', healthyWhen: 'condition Complete', otherwise: 'Degraded on Failed; Suspended when suspended; else Progressing' },
  { group: '', kind: 'Pod', check: 'go', healthyWhen: 'phase Succeeded, or Running and Ready with restartPolicy Always (3.6+: or argocd.argoproj.io/ignore-restart-policy: "true" on a Pod that is not a hook)', otherwise: 'Degraded on Failed or crash loops; Pending/Running (Never/OnFailure) → Progressing' },
  { group: '', kind: 'Service', check: 'go', healthyWhen: 'at once, unless type LoadBalancer: then status.loadBalancer.ingress is set', otherwise: 'Progressing (LoadBalancer without ingress blocks the wave)' },
  { group: '', kind: 'PersistentVolumeClaim', check: 'go', healthyWhen: 'phase Bound', otherwise: 'Progressing when Pending (WaitForFirstConsumer blocks the wave); Degraded when Lost' },
  { group: 'networking.k8s.io', kind: 'Ingress', check: 'go', healthyWhen: 'status.loadBalancer.ingress is set by an ingress controller', otherwise: 'Progressing (forever without a controller that fills the status)' },
  { group: 'extensions', kind: 'Ingress', check: 'go', healthyWhen: 'status.loadBalancer.ingress is set by an ingress controller', otherwise: 'Progressing' },
  { group: 'apiregistration.k8s.io', kind: 'APIService', check: 'go', healthyWhen: 'condition Available=True', otherwise: 'Progressing' },
  { group: 'autoscaling', kind: 'HorizontalPodAutoscaler', check: 'go', healthyWhen: 'condition AbleToScale or ScalingLimited is True', otherwise: 'Degraded on known failure reasons (3.5+: any condition\'s, metric failures included, even after AbleToScale True); else Progressing' },
  { group: 'argoproj.io', kind: 'Workflow', check: 'go', healthyWhen: 'phase Succeeded', otherwise: 'Degraded on Failed/Error; Progressing when Pending/Running' },
  { group: 'batch', kind: 'CronJob', check: 'lua', healthyWhen: 'the last run did not fail', otherwise: 'Degraded when the last Job failed; Progressing without status' },
  { group: 'policy', kind: 'PodDisruptionBudget', check: 'lua', healthyWhen: 'status has conditions, none False except for InsufficientPods (a budget that cannot be met yet still counts)', otherwise: 'Degraded when a condition is False for another reason (e.g. SyncFailed); Progressing until the status has conditions' },
  { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition', check: 'lua', healthyWhen: 'condition Established', otherwise: 'Degraded when names are not accepted or the schema is non-structural; else Progressing' },
  { group: 'argoproj.io', kind: 'Rollout', check: 'lua', healthyWhen: 'the rollout completed and is not paused', otherwise: 'Suspended when paused (blocks the wave); Degraded when aborted' },
  { group: 'argoproj.io', kind: 'ApplicationSet', check: 'lua', healthyWhen: 'condition ResourcesUpToDate True', otherwise: 'Degraded on ErrorOccurred True or ResourcesUpToDate False; Progressing while RolloutProgressing is True (progressive sync) or before any status' },
  { group: 'argoproj.io', kind: 'AnalysisRun', check: 'lua', healthyWhen: 'phase Successful', otherwise: 'Degraded on Failed/Error; Progressing while running' },
  { group: 'argoproj.io', kind: 'Experiment', check: 'lua', healthyWhen: 'status Successful', otherwise: 'Degraded on Failed/Error; else Progressing' },
  { group: 'argoproj.io', kind: 'CronWorkflow', check: 'lua', healthyWhen: 'the last scheduled run did not fail', otherwise: 'Degraded on a failed run or error condition' },
  { group: 'argoproj.io', kind: 'Application', check: 'none', healthyWhen: `${NO_CHECK}: its health check was removed in 1.8; add the Application health Lua to argocd-cm to make app-of-apps waves wait` },
];

const BY_KEY = new Map<string, HealthCheck>(HEALTH_CHECKS.map(h => [`${h.group}/${h.kind}`, h]));

/**
 * The health check Argo CD applies to a group/kind: a health script of the operator's argocd-cm
 * (`scripts`, `argocd-cm.ts`: exact key, then wildcard), which Argo CD runs before anything built
 * in; else the table above, else any other built-in Lua script (third-party CRDs), else none. A Lua
 * row of the table counts only from the release that shipped its script (`batch/CronJob` in 3.2).
 * @param scripts the argocd-cm's health scripts; undefined when argocd-cm is not known (built-in checks only)
 * @param version the Argo CD version modelled (`versions.ts`: its minor decides the scripts); undefined: the latest
 */
export function healthCheckOf(group: string, kind: string, scripts?: readonly HealthScript[], version: string = LATEST_ARGOCD_VERSION): HealthCheck {
  const script = scripts && healthScriptFor(scripts, group, kind);
  if (script) return { group, kind, check: 'argocd-cm', healthyWhen: `the argocd-cm health script ${script.key} reports Healthy` };
  const known = BY_KEY.get(`${group}/${kind}`);
  if (known && (known.check !== 'lua' || hasBuiltinLuaHealth(group, kind, version))) return known;
  if (!known && hasBuiltinLuaHealth(group, kind, version)) {
    return { group, kind, check: 'lua', healthyWhen: `Argo CD's built-in Lua health check for ${group}/${kind} reports Healthy` };
  }
  return { group, kind, check: 'none', healthyWhen: NO_CHECK };
}

/**
 * True when applying the object is not enough: a gated wave waits for its health. A health script
 * of the argocd-cm given (`scripts`) is a check like a built-in one; undefined: built-in checks only.
 * `version`: the Argo CD version modelled, whose minor's built-in scripts count; undefined: the latest.
 *
 * Answered once per group/kind (and per list of scripts): it is asked for every object of a tier
 * (planning, the proof, the rule pack), and `healthCheckOf` builds a string key each time and, for
 * the many kinds with no check (ConfigMap, Secret), a record and the Lua lookup's key as well.
 */
export function hasHealthCheck(group: string, kind: string, scripts?: readonly HealthScript[], version: string = LATEST_ARGOCD_VERSION): boolean {
  const memo = memoOf(scripts === undefined || scripts.length === 0 ? BUILT_IN_ONLY : scripts, version);
  let byKind = memo.get(group);
  if (byKind === undefined) {
    if (memo.size >= MEMO_LIMIT) return healthCheckOf(group, kind, scripts, version).check !== 'none';
    memo.set(group, byKind = new Map());
  }
  let has = byKind.get(kind);
  if (has === undefined) {
    has = healthCheckOf(group, kind, scripts, version).check !== 'none';
    if (byKind.size < MEMO_LIMIT) byKind.set(kind, has);
  }
  return has;
}

type Memo = Map<string, Map<string, boolean>>;

/** The key of the answers with built-in checks only (no argocd-cm scripts). */
const BUILT_IN_ONLY: readonly HealthScript[] = [];
/**
 * `hasHealthCheck`'s answers per list of argocd-cm scripts (one per run; dropped with the list), then
 * per version (a few), then by group and kind (no key string to build).
 */
const HAS_CHECK = new WeakMap<readonly HealthScript[], Map<string, Memo>>();
/** Groups, and kinds per group, remembered at most (any input holds few; a hostile one cannot grow it). */
const MEMO_LIMIT = 1024;

function memoOf(scripts: readonly HealthScript[], version: string): Memo {
  let byVersion = HAS_CHECK.get(scripts);
  if (byVersion === undefined) HAS_CHECK.set(scripts, byVersion = new Map());
  let memo = byVersion.get(version);
  if (memo === undefined) {
    // A version string per call could grow it without bound: past the limit, answers are not kept.
    if (byVersion.size >= MEMO_LIMIT) return new Map();
    byVersion.set(version, memo = new Map());
  }
  return memo;
}
