/**
 * One chart file of a cdk8s dist linted as its own Application (`cdk8s-dist.ts`), and, when the
 * parent Application that syncs it and that Application's AppProject are in the dist too, against
 * that AppProject (rule `resource-not-permitted`): what `cdk8s synth` checks for an
 * `ArgoApplication`'s charts, so `syncplan lint dist/` fails where the synth failed.
 */
import type { Cdk8sDist } from './cdk8s-dist';
import type { SyncPlan } from '../argo/types';
import { lintChildProject, lintReport } from '../rules';
import type { LintOptions, LintResult } from '../rules';
import { compareFindings } from '../rules/engine';

type DistApp = Cdk8sDist['apps'][number];

/** The file's findings, with its AppProject's when known; `plan`: the file's plan, when already built from `options`. */
export function distAppReport(app: DistApp, options: LintOptions, plan?: SyncPlan): LintResult {
  const own = lintReport(app.manifests, options, plan);
  if (!app.project) return own;
  // The Application's options (destination namespace, sync options) for this check alone: the other
  // rules read the file as given, as the synth lints each chart.
  const project = lintChildProject(app.manifests, app.project, { ...options, rules: undefined });
  return {
    findings: [...own.findings, ...project.findings].sort(compareFindings),
    suppressed: [...own.suppressed, ...project.suppressed].sort(compareFindings),
  };
}
