/**
 * Findings as text: for `syncplan lint`, under `syncplan plan`, and for synth-time validation.
 * One finding per block (the message names resource, place and docs; the fix follows), then a
 * one-line summary. Same findings in, same bytes out.
 */
import type { Finding, Level, SuppressedFinding } from '../rules/types';

const LEVEL_ORDER: readonly Level[] = ['error', 'warning', 'info'];

/** One line for a finding, as synth-time validation reports it. */
export function formatFinding(f: Finding): string {
  return `[${f.level}] ${f.message} Fix: ${f.fix}`;
}

/** `2 errors, 1 warning, 0 info` (every level, in severity order). */
export function countLine(findings: readonly Finding[]): string {
  return LEVEL_ORDER.map(level => {
    const n = findings.filter(f => f.level === level).length;
    return level === 'info' ? `${n} info` : `${n} ${level}${n === 1 ? '' : 's'}`;
  }).join(', ');
}

function findingLines(findings: readonly Finding[], prefix: string): string[] {
  const lines: string[] = [];
  for (const f of findings) {
    lines.push(`${prefix}${f.level}: ${f.message}`);
    lines.push(`${prefix}  fix: ${f.fix}`);
  }
  return lines;
}

function summaryLine(findings: readonly Finding[], suppressed: readonly SuppressedFinding[]): string {
  const hidden = suppressed.length > 0 ? `; ${suppressed.length} suppressed with a reason` : '';
  return findings.length === 0 ? `no findings${hidden}` : `${countLine(findings)}${hidden}`;
}

/** Findings, one block each, then the summary line (`syncplan lint`). */
export function renderFindingsText(findings: readonly Finding[], suppressed: readonly SuppressedFinding[] = []): string {
  return [...findingLines(findings, ''), `lint: ${summaryLine(findings, suppressed)}`].join('\n') + '\n';
}

/** The findings as one section of the text plan (`syncplan plan`), after the steps. */
export function findingsTextSection(findings: readonly Finding[], suppressed: readonly SuppressedFinding[] = []): string[] {
  return [`Findings (syncplan lint): ${summaryLine(findings, suppressed)}`, ...findingLines(findings, '  ')];
}
