/**
 * What every picture of a sync shows, independent of how it is drawn: phases as columns, waves as
 * lanes, resources as boxes, one arrow per wait between steps, hooks marked, and, when a simulated
 * outcome is given, what happened to each box and which one holds the sync.
 */
import { DEFAULT_WAVE_DELAY_SECONDS, gateWaitsOn } from './timing';
import type { HealthScript } from '../argo/argocd-cm';
import { holdsTheSync } from '../argo/simulate/explain';
import type { SimulationResult } from '../argo/simulate/types';
import type { SyncPhase, SyncPlan, SyncStep, SyncTask } from '../argo/types';

/** What became of a box in the simulated sync ('planned' without a simulation). */
export type BoxState = 'planned' | 'done' | 'waiting' | 'failed' | 'never';

export interface DiagramBox {
  readonly id: string;
  /** `Kind/name`. */
  readonly label: string;
  readonly hook: boolean;
  readonly prune: boolean;
  /** Short marks: `hook · HookSucceeded`, `prune`, `hoisted from Sync 2`. */
  readonly marks: readonly string[];
  readonly state: BoxState;
  /** The simulated result in words, when simulated. */
  readonly result?: string;
}

export interface DiagramStep {
  readonly id: string;
  /** 1-based step number; SyncFail hooks: 0. */
  readonly step: number;
  readonly phase: SyncPhase;
  readonly wave: number;
  readonly boxes: readonly DiagramBox[];
}

export interface DiagramColumn {
  readonly phase: SyncPhase;
  readonly title: string;
  readonly steps: readonly DiagramStep[];
}

export interface DiagramEdge {
  readonly from: string;
  readonly to: string;
  /** What the wait is for and the delay after it, e.g. `Healthy + 2 s`. */
  readonly label: string;
}

export interface DiagramModel {
  readonly title: string;
  readonly columns: readonly DiagramColumn[];
  /** Distinct waves of the steps, ascending: the lanes. */
  readonly waves: readonly number[];
  readonly edges: readonly DiagramEdge[];
  /** The simulated outcome, when given. */
  readonly outcome?: { readonly phase: string; readonly message: string };
}

export interface DiagramOptions {
  /** Colour the boxes by what happened in this simulated sync. @default none */
  readonly result?: SimulationResult;
  /** @default 2 */
  readonly waveDelaySeconds?: number;
  /** The health scripts of the operator's argocd-cm (`--argocd-cm`): each a health check an arrow waits for. @default none (built-in checks only) */
  readonly healthScripts?: readonly HealthScript[];
  /** The Argo CD version modelled (`--argocd-version`), whose built-in health checks an arrow waits for. @default the latest modelled */
  readonly argocdVersion?: string;
}

const PHASES: readonly SyncPhase[] = ['PreSync', 'Sync', 'PostSync'];

function marksOf(t: SyncTask): string[] {
  const marks: string[] = [];
  if (t.hook) marks.push(`hook · ${t.deletePolicies.join(', ')}`);
  if (t.action === 'prune') marks.push('prune');
  if (t.hoisted) marks.push(`hoisted from ${t.annotatedPhase} ${t.annotatedWave}`);
  return marks;
}

/** The words on the arrow leaving a step: what its gate awaits, then the delay. */
function edgeLabel(step: SyncStep, delay: number, options: DiagramOptions): string {
  const real = gateWaitsOn(step, options.healthScripts, options.argocdVersion);
  let wait: string;
  if (real.length === 0) wait = 'after apply';
  else if (real.every(t => t.hook)) wait = 'hooks complete';
  else if (real.some(t => t.action === 'prune') && real.every(t => t.action === 'prune')) wait = 'deleted';
  else wait = step.gate === 'all' && real.some(t => t.hook) ? 'Healthy, hooks complete' : 'Healthy';
  return delay > 0 ? `${wait} + ${delay} s` : wait;
}

export function diagramModel(plan: SyncPlan, options: DiagramOptions = {}): DiagramModel {
  const delay = options.waveDelaySeconds ?? DEFAULT_WAVE_DELAY_SECONDS;
  const result = options.result;
  const outcomes = new Map<string, string>();
  // Keyed with the namespace: same-named objects of two namespaces are two boxes.
  for (const a of result?.applied ?? []) outcomes.set(`${a.phase}|${a.namespace}|${a.kind}/${a.name}`, a.result);
  let n = 0;

  const box = (t: SyncTask): DiagramBox => {
    const label = `${t.kind}/${t.name}`;
    const outcome = outcomes.get(`${t.phase}|${t.namespace}|${label}`);
    let state: BoxState = 'planned';
    if (result) {
      // A prune waiting for confirmation holds the sync without ever going out.
      if (holdsTheSync(result, t) && result.operationPhase === 'Running') state = 'waiting';
      else if (outcome === undefined) state = 'never';
      else if (/failed|Degraded/.test(outcome)) state = 'failed';
      else state = 'done';
    }
    const shown = outcome ?? (state === 'waiting' ? 'awaiting pruning confirmation' : undefined);
    return {
      id: `t${++n}`,
      label,
      hook: t.hook,
      prune: t.action === 'prune',
      marks: marksOf(t),
      state,
      ...(shown !== undefined ? { result: shown } : {}),
    };
  };

  const steps: DiagramStep[] = plan.steps.map((s, i) => ({ id: `s${i + 1}`, step: i + 1, phase: s.phase, wave: s.wave, boxes: s.tasks.map(box) }));
  const columns: DiagramColumn[] = PHASES
    .map(phase => ({ phase, title: phase, steps: steps.filter(s => s.phase === phase) }))
    .filter(c => c.steps.length > 0);
  if (plan.syncFail.length > 0) {
    columns.push({
      phase: 'SyncFail',
      title: 'SyncFail (on failure, all at once)',
      steps: [{ id: 'sf', step: 0, phase: 'SyncFail', wave: 0, boxes: plan.syncFail.map(box) }],
    });
  }
  const edges: DiagramEdge[] = plan.steps.slice(0, -1).map((s, i) => ({ from: `s${i + 1}`, to: `s${i + 2}`, label: edgeLabel(s, delay, options) }));
  const waves = [...new Set(plan.steps.map(s => s.wave))].sort((a, b) => a - b);
  const count = (x: number, what: string) => `${x} ${what}${x === 1 ? '' : 's'}`;
  const tasks = plan.steps.reduce((sum, s) => sum + s.tasks.length, 0);
  const minimum = Math.max(0, plan.steps.length - 1) * delay;
  return {
    title: `Sync plan: ${count(plan.steps.length, 'step')}, ${count(tasks, 'task')}, minimum ${minimum} s`,
    columns,
    waves,
    edges,
    ...(result ? { outcome: { phase: result.operationPhase, message: result.message } } : {}),
  };
}
