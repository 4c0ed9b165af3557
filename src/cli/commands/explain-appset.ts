/** `syncplan explain` given an ApplicationSet (and, optionally, its Applications in the same file or List). */
import type { Explanation } from '../../argo/live/explanation';
import { InputError } from '../errors';
import { explainValue, healthSources, planSource } from '../live-input';
import type { ExplainFlags } from '../live-input';
import type { ReadValue } from '../read-object';

/* eslint-disable @typescript-eslint/no-require-imports */

export function explainAppSetValues(appset: ReadValue, others: readonly ReadValue[], flags: ExplainFlags,
  manifests: readonly string[], projects: readonly ReadValue[] = []): { text: string; json: string; code: number } {
  const { readAppSetRollout }: typeof import('../../argo/live/appset') = require('../../argo/live/appset');
  const { isApplication }: typeof import('../../argo/live/application') = require('../../argo/live/application');
  const { renderAppSetJson, renderAppSetText }: typeof import('../../report/appset-text') = require('../../report/appset-text');
  const rollout = readAppSetRollout(appset.value);
  const sources = healthSources(flags);
  const plans = planSource(manifests);
  const apps = new Map<string, Explanation>();
  for (const v of others) {
    if (!isApplication(v.value)) {
      throw new InputError(v.file, v.line, 'beside an ApplicationSet only its Applications can be given', 'remove the other objects');
    }
    const e = explainValue(v.value, v.file, v.line, flags, plans, sources, v.lineOf, projects, false);
    apps.set(e.app.name, e);
  }
  const done = rollout.progressive ? rollout.rollingStep === undefined : rollout.pending.length === 0;
  return { text: renderAppSetText(rollout, apps), json: renderAppSetJson(rollout, apps), code: done ? 0 : 1 };
}
