/**
 * Test helpers: YAML text → manifests with real line numbers (as the CLI reads files), and lint
 * shortcuts that return what a rule reported.
 */
import type { Manifest } from '../../src/argo/types';
import { parseManifests } from '../../src/cli/load';
import { lint, LintOptions, Finding } from '../../src/rules';

/** Parses multi-document YAML as the CLI reads files: each manifest knows its file, line and field lines. */
export function manifestsOf(text: string, file = 'app.yaml'): Manifest[] {
  return parseManifests(text, file);
}

/** Findings of one rule on YAML text. */
export function findingsOf(ruleId: string, yaml: string, options: LintOptions = {}): Finding[] {
  return lint(manifestsOf(yaml), options).filter(f => f.rule === ruleId);
}
