/**
 * `syncplan lint PARENT --repo-root DIR`: the parent's findings, then each child Application's
 * objects (its directory source read under the repo root, as `plan --repo-root` reads it) checked
 * against its AppProject when the parent applies that AppProject (rule `resource-not-permitted`), as
 * `cdk8s synth` checks each `ArgoApplication`. A child Argo CD renders (Helm, kustomize) is not read.
 */
import { appOfAppsParent, CHILD_NOTES_ON_STDERR, childProjectReport, loadChild } from './applications';
import { lintReport } from '../rules';
import type { LintOptions, LintResult } from '../rules';

/** The parent's report, then one per child whose AppProject the parent applies, in sync order. */
export function appOfAppsReports(manifests: Parameters<typeof appOfAppsParent>[0], options: LintOptions, repoRoot: string): LintResult[] {
  const parent = appOfAppsParent(manifests, options, repoRoot);
  const reports = [lintReport(parent.manifests, options, parent.plan)];
  for (const child of parent.children) {
    const job = child.job;
    if (!job?.project) continue;
    reports.push(childProjectReport(job, loadChild(job, CHILD_NOTES_ON_STDERR), options)!);
  }
  return reports;
}
