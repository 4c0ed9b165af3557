/**
 * Runs a pack of rules over one context: turns each rule's hits into findings (resource, place,
 * level, docs link), applies the objects' suppressions, and orders the result deterministically.
 */
import { displayName, kindOf, namespaceOf } from './objects';
import { parseSuppressions, suppressAnnotationOf, Suppression } from './suppress';
import type { Finding, Hit, Level, LevelSetting, LintResult, Rule, RuleContext, SuppressedFinding } from './types';
import { formatSource } from '../argo/tasks';
import type { Manifest, SourceLocation } from '../argo/types';

/** Pages live in the repository, one per rule. */
export const DOCS_BASE_URL = 'https://github.com/cdk8s-syncplan/cdk8s-syncplan/blob/main/docs/rules/';
/** The rule that reports broken suppressions; it cannot itself be suppressed. */
export const SUPPRESSION_RULE_ID = 'suppression-invalid';

const SEVERITY: Record<Level, number> = { error: 0, warning: 1, info: 2 };

export function docsUrl(ruleId: string): string {
  return `${DOCS_BASE_URL}${ruleId}.md`;
}


/** The source of a hit: the line of the field at fault when the reader knows it. */
function sourceOf(hit: Hit): SourceLocation {
  const { file, line, index } = hit.manifest.source;
  const exact = hit.path && hit.manifest.source.lineOf ? hit.manifest.source.lineOf(hit.path) : undefined;
  return { file, line: exact ?? line, index };
}

export function toFinding(rule: Rule, level: Level, hit: Hit, destination: string): Finding {
  const kind = kindOf(hit.manifest) || '<no kind>';
  const name = displayName(hit.manifest) || '<no name>';
  const namespace = namespaceOf(hit.manifest, destination);
  const source = sourceOf(hit);
  const docs = docsUrl(rule.id);
  return {
    rule: rule.id,
    level,
    kind,
    name,
    namespace,
    message: `${kind}/${name} (${formatSource(source)}): ${hit.message} (see ${docs})`,
    fix: hit.fix,
    source,
    docs,
  };
}

export function levelOf(rule: Rule, levels: Readonly<Record<string, LevelSetting>> | undefined): LevelSetting {
  return levels?.[rule.id] ?? rule.defaultLevel;
}

export function compareFindings(a: Finding, b: Finding): number {
  return SEVERITY[a.level] - SEVERITY[b.level]
    || cmp(a.source.file, b.source.file)
    || a.source.index - b.source.index
    || a.source.line - b.source.line
    || cmp(a.rule, b.rule)
    || cmp(a.message, b.message);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function runRules(ctx: RuleContext, rules: readonly Rule[]): LintResult {
  const suppressionsOf = memo((m: Manifest) => parseSuppressions(suppressAnnotationOf(m.object), ctx.knownRuleIds).suppressions);
  const findings: Finding[] = [];
  const suppressed: SuppressedFinding[] = [];
  const seen = new Set<string>();
  for (const rule of rules) {
    const level = levelOf(rule, ctx.options.levels);
    if (level === 'off') continue;
    for (const hit of rule.check(ctx)) {
      const finding = toFinding(rule, level, hit, ctx.options.namespace);
      // A hook in two phases is one object: report it once.
      const key = `${finding.rule}\0${finding.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const suppression = rule.id === SUPPRESSION_RULE_ID
        ? undefined
        : suppressionsOf(hit.manifest).find((s: Suppression) => s.ruleId === rule.id);
      if (suppression) suppressed.push({ ...finding, reason: suppression.reason });
      else findings.push(finding);
    }
  }
  return { findings: findings.sort(compareFindings), suppressed: suppressed.sort(compareFindings) };
}

function memo<K extends object, V>(fn: (k: K) => V): (k: K) => V {
  const cache = new Map<K, V>();
  return (k: K) => {
    if (!cache.has(k)) cache.set(k, fn(k));
    return cache.get(k)!;
  };
}
