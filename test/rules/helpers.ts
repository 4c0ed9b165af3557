/**
 * Test helpers: YAML text → manifests with real line numbers (as the CLI reads files), and lint
 * shortcuts that return what a rule reported.
 */
import { isMap, isSeq, LineCounter, parseAllDocuments } from 'yaml';
import type { Manifest } from '../../src/argo/types';
import { lint, LintOptions, Finding } from '../../src/rules';

/** Parses multi-document YAML; each manifest knows its file, line and the line of any field. */
export function manifestsOf(text: string, file = 'app.yaml'): Manifest[] {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines });
  return docs.filter(d => d.contents !== null).map((doc, index) => {
    const lineAt = (offset: number | undefined) => (offset === undefined ? undefined : lines.linePos(offset).line);
    return {
      object: doc.toJS() as Record<string, unknown>,
      source: {
        file,
        line: lineAt(doc.contents?.range?.[0]) ?? 0,
        index,
        lineOf: (path: ReadonlyArray<string | number>) => {
          let node: unknown = doc.contents;
          let key: unknown;
          for (const p of path) {
            if (isMap(node)) {
              const pair = node.items.find(i => (i.key as { value?: unknown })?.value === p);
              key = pair?.key;
              node = pair?.value;
            } else if (isSeq(node)) {
              node = node.items[p as number];
              key = node;
            } else {
              return undefined;
            }
            if (node === undefined) return undefined;
          }
          return lineAt((key as { range?: number[] })?.range?.[0]);
        },
      },
    };
  });
}

/** Findings of one rule on YAML text. */
export function findingsOf(ruleId: string, yaml: string, options: LintOptions = {}): Finding[] {
  return lint(manifestsOf(yaml), options).filter(f => f.rule === ruleId);
}
