/**
 * Suppressions, after cdk-nag: a finding is silenced only by naming its rule and writing why.
 * They live on the object itself as one annotation, so a suppression written by a construct at
 * synth and one written by hand in YAML are the same thing, read by the same code.
 *
 *   syncplan.cdk8s.io/suppress: "rule-id: reason; other-rule: another reason"
 */
import { notARuleId } from './suggest';
import { isPlainObject } from '../argo/annotations';
import { displayValue } from '../argo/display';

export const SUPPRESS_ANNOTATION = 'syncplan.cdk8s.io/suppress';
/** A reason must say something: at least this many characters (cdk-nag uses the same floor). */
export const MIN_REASON_LENGTH = 10;

export interface Suppression {
  readonly ruleId: string;
  readonly reason: string;
}

export interface SuppressionProblem {
  /** The entry as written. */
  readonly entry: string;
  readonly problem: string;
}

export interface SuppressionRead {
  readonly suppressions: readonly Suppression[];
  readonly problems: readonly SuppressionProblem[];
}

/** The raw annotation value, read even when other annotations are malformed. */
export function suppressAnnotationOf(object: Record<string, unknown>): unknown {
  const metadata = object.metadata;
  if (!isPlainObject(metadata) || !isPlainObject(metadata.annotations)) return undefined;
  return metadata.annotations[SUPPRESS_ANNOTATION];
}

/** Parses `rule-id: reason` entries separated by `;` or new lines. */
export function parseSuppressions(value: unknown, knownRuleIds: ReadonlySet<string>): SuppressionRead {
  if (value === undefined) return { suppressions: [], problems: [] };
  if (typeof value !== 'string') {
    return { suppressions: [], problems: [{ entry: displayValue(value), problem: 'the annotation value is not a string' }] };
  }
  const suppressions: Suppression[] = [];
  const problems: SuppressionProblem[] = [];
  for (const raw of value.split(/[;\n]/)) {
    const entry = raw.trim();
    if (entry === '') continue;
    const colon = entry.indexOf(':');
    const ruleId = (colon < 0 ? entry : entry.slice(0, colon)).trim();
    const reason = colon < 0 ? '' : entry.slice(colon + 1).trim();
    if (!knownRuleIds.has(ruleId)) {
      problems.push({ entry, problem: notARuleId(ruleId, knownRuleIds) });
    } else if (reason.length < MIN_REASON_LENGTH) {
      problems.push({ entry, problem: `the suppression of ${ruleId} has no reason (write "${ruleId}: <why this is fine>", at least ${MIN_REASON_LENGTH} characters)` });
    } else {
      suppressions.push({ ruleId, reason });
    }
  }
  return { suppressions, problems };
}

/** Renders suppressions back into the annotation value (stable order: as given). */
export function formatSuppressions(suppressions: readonly Suppression[]): string {
  return suppressions.map(s => `${s.ruleId}: ${s.reason}`).join('; ');
}
