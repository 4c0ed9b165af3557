/**
 * Test helpers: YAML text → manifests with real line numbers (as the CLI reads files), lint
 * shortcuts that return what a rule reported, and the trip/pass case every rule's test file has.
 */
import { existsSync } from 'fs';
import { join } from 'path';
import type { Manifest } from '../../src/argo/types';
import { parseManifests } from '../../src/cli/load';
import { ALL_RULES, lint, LintOptions, Finding } from '../../src/rules';

/** Parses multi-document YAML as the CLI reads files: each manifest knows its file, line and field lines. */
export function manifestsOf(text: string, file = 'app.yaml'): Manifest[] {
  return parseManifests(text, file);
}

/** Findings of one rule on YAML text. */
export function findingsOf(ruleId: string, yaml: string, options: LintOptions = {}): Finding[] {
  return lint(manifestsOf(yaml), options).filter(f => f.rule === ruleId);
}

/**
 * A rule's case: a manifest set that trips it and a close one that does not. The pass case
 * differs from the trip case only by the fix, so each pair also checks that the fix works.
 */
export interface RuleCase {
  /** Upstream test or issue the behaviour comes from, for the test title. */
  readonly ref: string;
  readonly trips: string;
  readonly passes: string;
  readonly options?: LintOptions;
  /** Options of the pass case when the fix is in them (an argocd-cm), not in the manifests. @default options */
  readonly passesOptions?: LintOptions;
}

/** The tests every rule has (in `test/rules/checks/<id>.test.ts`): a docs page, its case trips it with complete findings, and the fix passes. */
export function ruleCase(id: string, c: RuleCase): void {
  describe(id, () => {
    const rule = ALL_RULES.find(r => r.id === id);

    test('has a trip/pass case and a docs page', () => {
      expect(rule).toBeDefined();
      expect(existsSync(join(__dirname, '..', '..', 'docs', 'rules', `${id}.md`))).toBe(true);
    });

    test(`trips (${c.ref})`, () => {
      const found = findingsOf(id, c.trips, c.options);
      expect(found.length).toBeGreaterThan(0);
      for (const f of found) {
        expect(f.level).toBe(rule!.defaultLevel);
        expect(f.message).toMatch(new RegExp(`^${f.kind}/${f.name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')} \\(app\\.yaml:\\d+\\): `));
        expect(f.fix.length).toBeGreaterThan(5);
      }
    });

    test('does not trip once fixed', () => {
      expect(findingsOf(id, c.passes, c.passesOptions ?? c.options)).toEqual([]);
    });
  });
}
