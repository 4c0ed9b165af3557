import { existsSync } from 'fs';
import { join } from 'path';
import { CASES } from './cases';
import { findingsOf } from './helpers';
import { ALL_RULES } from '../../src/rules';

describe.each(ALL_RULES.map(r => [r.id, r] as const))('%s', (id, rule) => {
  const c = CASES[id];

  test('has a trip/pass case and a docs page', () => {
    expect(c).toBeDefined();
    expect(existsSync(join(__dirname, '..', '..', 'docs', 'rules', `${id}.md`))).toBe(true);
  });

  test(`trips (${c?.ref})`, () => {
    const found = findingsOf(id, c.trips, c.options);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      expect(f.level).toBe(rule.defaultLevel);
      expect(f.message).toMatch(new RegExp(`^${f.kind}/${f.name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')} \\(app\\.yaml:\\d+\\): `));
      expect(f.fix.length).toBeGreaterThan(5);
    }
  });

  test('does not trip once fixed', () => {
    expect(findingsOf(id, c.passes, c.passesOptions ?? c.options)).toEqual([]);
  });
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
