/**
 * Several Applications read for `report` and `diagram`, exactly as `plan` and `simulate` read them:
 * an app-of-apps parent with `--repo-root` (`applications.ts`, each child simulated by
 * `app-simulation.ts`), or a cdk8s dist of several chart files (`dist-input.ts`). What comes back
 * is the application order and each application's plan and simulated sync, for the pictures to
 * draw the order above the plans.
 */
import type * as AppSimulationModule from './app-simulation';
import type * as ApplicationsModule from './applications';
import type * as SimulateCommandModule from './commands/simulate';
import { distApps } from './dist-input';
import type { SingleAppFlags } from './dist-input';
import type { SimulationInput } from './simulation-input';
import type { SimulationResult } from '../argo/simulate/types';
import type { Manifest, PlanOptions, SyncPlan } from '../argo/types';
import type * as ApplicationOrderModule from '../report/application-order';

/* eslint-disable @typescript-eslint/no-require-imports */

/** One Application below the order: its plan (with what it was planned from) or its render command. */
export interface OrderedApp {
  readonly title: string;
  readonly plan?: SyncPlan;
  readonly manifests?: readonly Manifest[];
  /** The options its plan was made with, for the rule pack. */
  readonly planOptions?: PlanOptions;
  readonly result?: SimulationResult;
  /** The command that renders its source, when Argo CD renders it. */
  readonly render?: string;
}

export interface ApplicationsView {
  /** Why the input was split (a cdk8s dist). */
  readonly note?: string;
  readonly orders: readonly ApplicationOrderModule.ApplicationOrder[];
  /** In the order's plan indexes. */
  readonly applications: readonly OrderedApp[];
  /** The app-of-apps parent itself. */
  readonly parent?: OrderedApp;
}

export interface ApplicationsFlags extends SingleAppFlags {
  readonly repoRoot?: string;
}

/** The Applications of the input, or undefined when it is one Application. */
export function applicationsView(paths: readonly string[], input: SimulationInput, flags: ApplicationsFlags): ApplicationsView | undefined {
  const order: typeof ApplicationOrderModule = require('../report/application-order');
  if (flags.repoRoot !== undefined) {
    const { simulateAppOfApps }: typeof AppSimulationModule = require('./app-simulation');
    const { childPlanOptions, parentOrders }: typeof ApplicationsModule = require('./applications');
    const sim = simulateAppOfApps(input, flags.repoRoot);
    const children = sim.children.map(c => c.child);
    const waves = order.applicationWaves(children.map((c, i) => ({
      name: c.name, wave: c.wave, destinationNamespace: c.destinationNamespace, steps: c.plan?.steps.length, render: c.source.render, plan: i,
    })));
    return {
      orders: parentOrders(sim.plan, waves),
      applications: sim.children.map(({ child: c, result, started }) => ({
        title: `Application ${c.name} (parent wave ${c.wave}; ${c.source.files ? `${c.source.files.length} file${c.source.files.length === 1 ? '' : 's'}` : `render with \`${c.source.render}\``})`,
        ...(c.plan && c.job ? {
          plan: c.plan,
          manifests: c.manifests,
          planOptions: childPlanOptions(c.job),
        } : { render: c.source.render }),
        // A child the parent never applied has no sync to colour its plan with.
        ...(result && started ? { result } : {}),
      })),
      parent: { title: 'Parent Application', plan: sim.plan, manifests: sim.manifests, planOptions: input.planOptions, result: sim.parent },
    };
  }
  const dist = distApps(paths, input.manifests, flags);
  if (!dist) return undefined;
  const { simulateDist }: typeof SimulateCommandModule = require('./commands/simulate');
  const results = simulateDist(dist, input);
  return {
    note: dist.note,
    orders: [order.unorderedApplications(results.map(r => r.app.name), i => `(${results[i].app.file}), ${results[i].plan.steps.length} step${results[i].plan.steps.length === 1 ? '' : 's'}`)],
    applications: results.map(r => ({
      title: `Application ${r.app.name} (${r.app.file})`,
      plan: r.plan,
      manifests: r.app.manifests,
      planOptions: input.planOptions,
      result: r.result,
    })),
  };
}
