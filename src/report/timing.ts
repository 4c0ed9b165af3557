/**
 * The least time a sync takes from its structure alone: Argo CD sleeps `ARGOCD_SYNC_WAVE_DELAY`
 * (default 2 s) after every step but the last (`delayBetweenSyncWaves`), and every gated step adds
 * however long its slowest awaited object takes to become ready. Steps run strictly one after
 * another, so the critical path is every step, and the objects that set its length are the ones
 * each gate waits on.
 */
import { distinctLabels } from './plan-text';
import type { HealthScript } from '../argo/argocd-cm';
import { waitsOnHealth } from '../argo/same-wave';
import { stepsRun } from '../argo/steps';
import type { SyncPlan, SyncStep, SyncTask } from '../argo/types';
import { waveDelaySetting } from '../argo/wave-delay';

/** Argo CD's default when `ARGOCD_SYNC_WAVE_DELAY` is unset or not an integer. */
export const DEFAULT_WAVE_DELAY_SECONDS = 2;

export interface StepTime {
  /** 1-based step number. */
  readonly step: number;
  readonly phase: SyncStep['phase'];
  readonly wave: number;
  /** Seconds slept after this step (0 after the last). */
  readonly delaySeconds: number;
  /** `Kind/name` of what the next step waits for (empty when the gate awaits nothing with a health check). */
  readonly waitsOn: readonly string[];
}

export interface TimeEstimate {
  readonly waveDelaySeconds: number;
  /** Where the operator sets the delay in the version modelled (`controller.sync.wave.delay.seconds`, `ARGOCD_SYNC_WAVE_DELAY` before 3.2). */
  readonly waveDelaySetting: string;
  /** Delays only: a floor, reached when every awaited object is ready at once. */
  readonly minimumSeconds: number;
  /** How many delays make up the minimum. */
  readonly delays: number;
  /** Every step in order, with its delay and what it waits on. */
  readonly criticalPath: readonly StepTime[];
  /** Steps of the plan the sync does not run (`TimeOptions.leftOut`). */
  readonly stepsLeftOut: number;
  /** The step (`Sync wave 5`) the sync does not run as it held only `TimeOptions.createdBeforeDryRun`. */
  readonly createdBeforeDryRunStep?: { readonly step: string; readonly task: string };
}

export interface TimeOptions {
  /** @default 2 */
  readonly waveDelaySeconds?: number;
  /** The health scripts of the operator's argocd-cm (`--argocd-cm`): each a health check to wait for. @default none (built-in checks only) */
  readonly healthScripts?: readonly HealthScript[];
  /** The Argo CD version modelled (names the delay's setting; whose built-in health checks count). @default the latest modelled */
  readonly argocdVersion?: string;
  /**
   * Tasks the sync leaves out (`ApplyOutOfSyncOnly=true`'s resources in sync with their live objects): a step
   * of only such tasks is no step, with no delay and no health wait (`stepsRun`). @default none
   */
  readonly leftOut?: ReadonlySet<SyncTask>;
  /**
   * The task created before the dry run (`SyncPlan.createdBeforeDryRun`, a sync where the destination
   * namespace is missing): done before any step, so no step applies it, and a step of it alone is no step. @default none
   */
  readonly createdBeforeDryRun?: SyncTask;
}

export function estimateTime(plan: SyncPlan, options: TimeOptions = {}): TimeEstimate {
  const delay = options.waveDelaySeconds ?? DEFAULT_WAVE_DELAY_SECONDS;
  const leftOut = options.leftOut ?? new Set<SyncTask>();
  const created = options.createdBeforeDryRun;
  const withCreated = created ? stepsRun(plan, new Set([...leftOut, created])) : undefined;
  const steps = withCreated ?? stepsRun(plan, leftOut);
  const criticalPath = steps.map((step, i): StepTime => {
    const last = i === steps.length - 1;
    return {
      step: i + 1,
      phase: step.phase,
      wave: step.wave,
      delaySeconds: last ? 0 : delay,
      waitsOn: distinctLabels(gateWaitsOn(step, options.healthScripts, options.argocdVersion)),
    };
  });
  const delays = Math.max(0, steps.length - 1);
  // Counted apart: a step left out as it held only the created task (and resources in sync).
  const stepsLeftOut = plan.steps.length - (withCreated ? stepsRun(plan, leftOut).length : steps.length);
  const createdStep = created && plan.steps.length - stepsLeftOut > steps.length
    ? { createdBeforeDryRunStep: { step: `${created.phase} wave ${created.wave}`, task: `${created.kind}/${created.name}` } } : {};
  const setting = waveDelaySetting(options.argocdVersion);
  return { waveDelaySeconds: delay, waveDelaySetting: setting, minimumSeconds: delays * delay, delays, criticalPath, stepsLeftOut, ...createdStep };
}

/**
 * What a step's gate really waits on before the next step: prunes, and what has a health to wait
 * for (`waitsOnHealth`: per object, a Service only as a LoadBalancer; the argocd-cm's health
 * `scripts`, when given, are checks too; `version`: the Argo CD version modelled, default the latest).
 */
export function gateWaitsOn(step: SyncStep, scripts?: readonly HealthScript[], version?: string): SyncTask[] {
  const gated = step.gate === 'all' ? step.tasks : step.gate === 'hooks' ? step.tasks.filter(t => t.hook) : [];
  return gated.filter(t => (t.action === 'prune' ? t.pruneOption !== 'false' : waitsOnHealth(t, scripts, version)));
}

/** `4 s`, `1 min 30 s`. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const min = Math.floor(seconds / 60);
  const s = seconds % 60;
  return s === 0 ? `${min} min` : `${min} min ${s} s`;
}

/** The "Time" section of `syncplan plan`. */
export function timeTextSection(estimate: TimeEstimate): string[] {
  const { delays, waveDelaySeconds: d } = estimate;
  const head = estimate.criticalPath.length === 0
    ? 'Minimum time: 0 s (nothing to sync)'
    : delays === 0
      ? 'Minimum time: 0 s (a single step: no wave delay)'
      : `Minimum time: ${formatSeconds(estimate.minimumSeconds)} (${delays} wave ${delays === 1 ? 'delay' : 'delays'} × ${d} s, ${estimate.waveDelaySetting}), plus the time each awaited object takes to become ready`;
  const lines = estimate.criticalPath.map(s => {
    const waits = s.waitsOn.length > 0 ? `waits for ${s.waitsOn.join(', ')}` : 'waits for nothing with a health check';
    const delay = s.delaySeconds > 0 ? `, then ${s.delaySeconds} s` : '';
    return `  ${s.step}. ${s.phase} wave ${s.wave}: ${waits}${delay}`;
  });
  const idle = estimate.criticalPath.filter(s => s.delaySeconds > 0 && s.waitsOn.length === 0).length;
  const tail = idle > 0 && d > 0
    ? [`  ${idle} of ${estimate.criticalPath.length} steps ${idle === 1 ? 'waits on nothing and only costs' : 'wait on nothing and only cost'} the delay (${formatSeconds(idle * d)}): fewer waves, fewer seconds`]
    : [];
  const leftOut = estimate.stepsLeftOut > 0
    ? [`  ${estimate.stepsLeftOut} ${estimate.stepsLeftOut === 1 ? 'step holds' : 'steps hold'} only resources in sync (ApplyOutOfSyncOnly=true): no step on this sync, not counted`]
    : [];
  const created = estimate.createdBeforeDryRunStep;
  const createdLine = created
    ? [`  ${created.step} holds only ${created.task}, created before the dry run while the namespace is missing: no step on this sync, not counted (later syncs run it)`]
    : [];
  return [head, ...lines, ...tail, ...leftOut, ...createdLine];
}

/** The `time` member of `syncplan plan --format json`. */
export function timeJson(estimate: TimeEstimate) {
  return {
    waveDelaySeconds: estimate.waveDelaySeconds,
    minimumSeconds: estimate.minimumSeconds,
    delays: estimate.delays,
    criticalPath: estimate.criticalPath.map(s => ({
      step: s.step, phase: s.phase, wave: s.wave, delaySeconds: s.delaySeconds, waitsOn: [...s.waitsOn],
    })),
  };
}
