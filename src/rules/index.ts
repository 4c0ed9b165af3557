/**
 * The rule pack's entry point. `lint` is what both `cdk8s synth` (through the constructs'
 * validation) and `syncplan lint` call, on the same rendered manifests.
 */
import { buildContext, resolveOptions } from './context';
import { runRules } from './engine';
import { ALL_RULES, RULE_IDS } from './pack';
import type { Finding, LintOptions, LintResult } from './types';
import { formatSource } from '../argo/tasks';
import type { Manifest, SyncPlan } from '../argo/types';

export * from './types';
export { ALL_RULES, RULE_IDS, ruleById } from './pack';
export { docsUrl, DOCS_BASE_URL, SUPPRESSION_RULE_ID } from './engine';
export { formatSource } from '../argo/tasks';
export { findingText } from './finding-text';
export { childProject, lintChildProject } from './child-project';
export type { ChildProject } from './child-project';
export { SUPPRESS_ANNOTATION, MIN_REASON_LENGTH, parseSuppressions, formatSuppressions } from './suppress';
export type { Suppression } from './suppress';

/** Findings that count (suppressed ones left out), most severe first. */
export function lint(manifests: readonly Manifest[], options: LintOptions = {}): Finding[] {
  return [...lintReport(manifests, options).findings];
}

/**
 * Findings and suppressed findings. Pass `plan` when the caller already built it from the same
 * manifests and options (the `plan` command), to avoid building it twice.
 */
export function lintReport(manifests: readonly Manifest[], options: LintOptions = {}, plan?: SyncPlan): LintResult {
  const resolved = resolveOptions(options);
  const ctx = buildContext(manifests, resolved, RULE_IDS, plan);
  return runRules(ctx, options.rules ?? ALL_RULES);
}

/** The JSON shape of a finding (`syncplan lint --format json`): source as `file:line`. */
export interface FindingJson {
  readonly rule: string;
  readonly level: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
  readonly message: string;
  readonly fix: string;
  readonly source: string;
  readonly reason?: string;
}

export function findingToJson(f: Finding, reason?: string): FindingJson {
  const { rule, level, kind, name, namespace, message, fix } = f;
  return { rule, level, kind, name, namespace, message, fix, source: formatSource(f.source), ...(reason !== undefined ? { reason } : {}) };
}

/** True when the findings should fail a build: any error, or any warning too when strict. */
export function failsOn(findings: readonly Finding[], strict = false): boolean {
  return findings.some(f => f.level === 'error' || (strict && f.level === 'warning'));
}
