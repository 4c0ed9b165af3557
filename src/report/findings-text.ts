/**
 * Findings as text: for `syncplan lint` and under `syncplan plan`. One finding per block
 * (`findingText`, as a synth prints it too: the message names resource, place and docs; the fix
 * follows), then a one-line summary. Same findings in, same bytes out.
 */
import { findingText } from '../rules/finding-text';
import type { Finding, Level, SuppressedFinding } from '../rules/types';

const LEVEL_ORDER: readonly Level[] = ['error', 'warning', 'info'];

/** `2 errors, 1 warning, 0 info` (every level, in severity order). */
export function countLine(findings: readonly Finding[]): string {
  return LEVEL_ORDER.map(level => {
    const n = findings.filter(f => f.level === level).length;
    return level === 'info' ? `${n} info` : `${n} ${level}${n === 1 ? '' : 's'}`;
  }).join(', ');
}

function findingLines(findings: readonly Finding[], prefix: string): string[] {
  return findings.flatMap(f => findingText(f, prefix));
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
