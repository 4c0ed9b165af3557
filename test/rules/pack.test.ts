/**
 * The rule pack (src/rules/pack.ts) as a whole: ids, levels, and a docs page for every rule. Each
 * rule's own cases are in `test/rules/checks/<id>.test.ts` (test/architecture/layout.test.ts checks
 * each has one).
 */
import { join } from 'path';
import { ALL_RULES } from '../../src/rules';

test('every rule has a stable kebab-case id and a level', () => {
  for (const rule of ALL_RULES) {
    expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(['error', 'warning', 'info']).toContain(rule.defaultLevel);
  }
  expect(new Set(ALL_RULES.map(r => r.id)).size).toBe(ALL_RULES.length);
});

test('the docs index lists every rule at its level, and each page states that level', () => {
  const { readFileSync } = jest.requireActual<typeof import('fs')>('fs');
  const docs = join(__dirname, '..', '..', 'docs', 'rules');
  const index = readFileSync(join(docs, 'README.md'), 'utf8');
  for (const rule of ALL_RULES) {
    expect(index).toContain(`| [${rule.id}](${rule.id}.md) | ${rule.defaultLevel} |`);
    expect(readFileSync(join(docs, `${rule.id}.md`), 'utf8')).toContain(`Level: **${rule.defaultLevel}**`);
  }
});
