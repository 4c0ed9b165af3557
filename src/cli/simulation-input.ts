/** What every simulated sync of one `simulate` run shares, and the check of the handles its flags name. */
import type * as ErrorsModule from './errors';
import type * as SimulateModule from '../argo/simulate';
import type { SimulateOptions } from '../argo/simulate/types';
import type { Manifest, PlanOptions, SyncPlan } from '../argo/types';

/* eslint-disable @typescript-eslint/no-require-imports */

/** What the flags say about every sync the run simulates (one Application, or each of several). */
export interface SimulationInput {
  readonly manifests: readonly Manifest[];
  readonly planOptions: PlanOptions;
  readonly options: SimulateOptions;
}

/**
 * Refuses a `--health` or `--apply-error` handle that is a task of none of the plans (a typo would
 * otherwise simulate the normal outcome silently).
 * @throws UsageError (exit status 2)
 */
export function checkHandles(plans: readonly SyncPlan[], options: SimulateOptions): void {
  const { UsageError }: typeof ErrorsModule = require('./errors');
  const { unknownHandles }: typeof SimulateModule = require('../argo/simulate');
  const handles = [...(options.health?.keys() ?? []), ...(options.applyErrors?.keys() ?? [])];
  const unknown = plans.reduce((left, plan) => unknownHandles(plan, left), handles);
  if (unknown.length > 0) {
    const known = [...new Set(plans.flatMap(plan => [...plan.steps.flatMap(s => s.tasks), ...plan.syncFail]).map(t => `${t.kind}/${t.name}`))];
    const hint = known.length > 0 ? `tasks are: ${known.slice(0, 8).join(', ')}${known.length > 8 ? ', …' : ''}` : 'the sync has no tasks';
    throw new UsageError(`${unknown[0]} is not a task of this sync (KIND/NAME is case-sensitive; ${hint})`);
  }
}

