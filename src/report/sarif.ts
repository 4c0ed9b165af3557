/**
 * Findings as SARIF 2.1.0, the format GitHub code scanning reads (`github/codeql-action/upload-sarif`):
 * every rule of the pack with its page (helpUri), every finding with its file and line, suppressed
 * findings marked as suppressed in source with their reason.
 */
import { createHash } from 'crypto';
import { isAbsolute, relative, resolve } from 'path';
import type { Finding, Level, Rule, SuppressedFinding } from '../rules/types';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const TOOL_URI = 'https://github.com/cdk8s-syncplan/cdk8s-syncplan';

/** SARIF has no "info": its lowest level is "note". */
const SARIF_LEVEL: Record<Level, string> = { error: 'error', warning: 'warning', info: 'note' };

export interface SarifOptions {
  /** Rules of the pack that ran (all are listed, so results can point at them by index). */
  readonly rules: readonly Rule[];
  /** Level each rule ran at (defaults to the rule's own). */
  readonly levelOf?: (rule: Rule) => Level;
  /** The tool's version. @default 'unknown' */
  readonly version?: string;
  readonly docsUrl: (ruleId: string) => string;
  /** Folder that relative URIs are relative to (code scanning wants repository-relative paths). @default paths as given */
  readonly root?: string;
}

/**
 * A SARIF `artifactLocation`: a relative URI under %SRCROOT% (forward slashes, no leading `./`),
 * or an absolute `file://` URI for files outside `root`.
 */
export function artifactLocation(file: string, root?: string): { uri: string; uriBaseId?: string } {
  const encoded = (p: string) => p.replace(/\\/g, '/').split('/').map(encodeURIComponent).join('/');
  const absolute = root !== undefined ? resolve(root, file) : isAbsolute(file) ? file : undefined;
  const inside = root !== undefined && absolute !== undefined ? relative(root, absolute) : file;
  if (absolute !== undefined && (isAbsolute(inside) || inside === '..' || inside.startsWith('../') || inside.startsWith('..\\'))) {
    return { uri: `file://${encoded(absolute)}` };
  }
  return { uri: encoded(inside).replace(/^\.\//, ''), uriBaseId: '%SRCROOT%' };
}

export function renderSarif(findings: readonly Finding[], suppressed: readonly SuppressedFinding[], options: SarifOptions): string {
  const index = new Map(options.rules.map((r, i) => [r.id, i]));
  const result = (f: Finding, reason?: string) => ({
    ruleId: f.rule,
    ...(index.has(f.rule) ? { ruleIndex: index.get(f.rule) } : {}),
    level: SARIF_LEVEL[f.level],
    message: { text: `${f.message}\nFix: ${f.fix}` },
    locations: [{
      physicalLocation: {
        artifactLocation: artifactLocation(f.source.file, options.root),
        // GitHub needs a line; objects without one (stdin, in-memory) point at the file's start.
        region: { startLine: Math.max(1, f.source.line) },
      },
      logicalLocations: [{ name: `${f.kind}/${f.name}`, fullyQualifiedName: `${f.namespace}/${f.kind}/${f.name}`, kind: 'resource' }],
    }],
    partialFingerprints: { 'syncplanFinding/v1': fingerprint(f) },
    ...(reason !== undefined ? { suppressions: [{ kind: 'inSource', justification: reason }] } : {}),
  });
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'syncplan',
          informationUri: TOOL_URI,
          version: options.version ?? 'unknown',
          rules: options.rules.map(r => ({
            id: r.id,
            name: pascal(r.id),
            shortDescription: { text: r.title },
            fullDescription: { text: r.title },
            helpUri: options.docsUrl(r.id),
            help: { text: `${r.title}. See ${options.docsUrl(r.id)}`, markdown: `${r.title}. [Why it matters and how to fix it](${options.docsUrl(r.id)})` },
            defaultConfiguration: { level: SARIF_LEVEL[options.levelOf ? options.levelOf(r) : r.defaultLevel] },
            properties: { tags: ['argo-cd', 'sync-waves'] },
          })),
        },
      },
      columnKind: 'utf16CodeUnits',
      results: [...findings.map(f => result(f)), ...suppressed.map(f => result(f, f.reason))],
    }],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}

/** Stable across line moves: rule, object identity and what was said, not the position. */
function fingerprint(f: Finding): string {
  const said = f.message.slice(f.message.indexOf('): ') + 3).replace(/:\d+\b/g, '');
  return createHash('sha256').update([f.rule, f.kind, f.namespace, f.name, f.source.file, said].join('\0')).digest('hex').slice(0, 32);
}

function pascal(id: string): string {
  return id.split('-').map(w => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}
