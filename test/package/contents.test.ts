/**
 * What `npm pack` ships: what users run and read, and nothing else (no sources, tests, fixtures,
 * examples, benchmarks or build scripts); the rule page every finding links ships in it too.
 */
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { pack, ROOT } from './pack';
import { BUNDLE_FILE } from '../../src/cli/code-cache';
import { ALL_RULES, DOCS_BASE_URL, docsUrl } from '../../src/rules';

jest.setTimeout(120_000);

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : [join(dir, e.name)]);
}

/**
 * The bundled dependencies and, transitively, theirs that npm installed at the top of node_modules
 * (one installed under its dependent, as fengari's own sprintf-js, is packed there instead).
 */
function bundledClosure(names: readonly string[]): string[] {
  const top = new Set<string>();
  const visit = (name: string, dependent?: string) => {
    const nested = dependent !== undefined && existsSync(join(dependent, 'node_modules', name, 'package.json'));
    const dir = nested ? join(dependent!, 'node_modules', name) : join(ROOT, 'node_modules', name);
    if (!nested) {
      if (top.has(name)) return;
      top.add(name);
    }
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir);
  };
  names.forEach((n) => visit(n));
  return [...top].sort();
}

describe('npm pack', () => {
  test('holds lib/ (JavaScript and types), the docs users read, the jsii assembly and the bundled dependencies', () => {
    const { files } = pack();
    const top = [...new Set(files.map((f) => f.split('/')[0]))].sort();
    // rosetta/: the fixture Construct Hub compiles the README examples with.
    expect(top).toEqual(['.jsii', 'API.md', 'CHANGELOG.md', 'LICENSE', 'README.md', 'docs', 'lib', 'node_modules', 'package.json', 'rosetta', 'schemas']);
    expect(files.filter((f) => f.startsWith('schemas/'))).toEqual(['schemas/explain-appset.schema.json', 'schemas/explain.schema.json', 'schemas/lint.schema.json', 'schemas/plan.schema.json', 'schemas/simulate-delete.schema.json', 'schemas/simulate.schema.json']);
    expect(files.filter((f) => f.startsWith('rosetta/'))).toEqual(['rosetta/default.ts-fixture']);
    // Besides JavaScript and types, lib/ holds the bundled CLI's V8 code cache, for the Node that packed it,
    // and beside each compiled file its source map (not inline: an inline map is scanned at every load).
    const other = files.filter((f) => f.startsWith('lib/') && !/\.(js|d\.ts|js\.map)$/.test(f));
    expect(other).toEqual([expect.stringMatching(/^lib\/cli\/syncplan-bundle\.[0-9a-f]+\.v8cache$/)]);
    const compiled = files.filter((f) => f.startsWith('lib/') && f.endsWith('.js') && f !== 'lib/cli/syncplan-bundle.js');
    expect(files.filter((f) => f.startsWith('lib/') && f.endsWith('.js.map'))).toEqual(compiled.map((f) => `${f}.map`));
    // Only the bundled dependencies under node_modules, with what they depend on themselves (npm
    // bundles those too: fengari brings readline-sync and tmp).
    const bundled = [...new Set(files.filter((f) => f.startsWith('node_modules/')).map((f) => f.split('/')[1]))].sort();
    expect(bundled).toEqual(bundledClosure(packageJson.bundledDependencies));
    expect(files.filter((f) => f.startsWith('docs/') && !f.startsWith('docs/rules/'))).toEqual([]);
  });

  test('every JavaScript file is compiled from a current source (no stale output of a deleted file)', () => {
    const { files } = pack();
    const src = new Set(sources('src').filter((f) => f.endsWith('.ts')).map((f) => f.replace(/^src\//, '').replace(/\.ts$/, '')));
    // The one file not compiled from a source of its own: the CLI bundled from src/cli/bin.ts.
    const bundle = `lib/cli/${BUNDLE_FILE}`;
    const stale = files.filter((f) => f.startsWith('lib/') && f.endsWith('.js') && f !== bundle).map((f) => f.replace(/^lib\//, '').replace(/\.js$/, '')).filter((f) => !src.has(f));
    expect(stale).toEqual([]);
    expect(files).toContain(packageJson.main);
    expect(files).toContain(packageJson.bin.syncplan);
  });

  test('every rule\'s page ships where findings point (docs/rules/<rule>.md), and the SARIF/HTML URL names the same page', () => {
    const { files } = pack();
    for (const rule of ALL_RULES) {
      expect(files).toContain(`docs/rules/${rule.id}.md`);
      expect(docsUrl(rule.id)).toBe(`${DOCS_BASE_URL}${rule.id}.md`);
    }
    // The URL is the repository's own page of that file.
    const repo = packageJson.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(DOCS_BASE_URL).toBe(`${repo}/blob/main/docs/rules/`);
  });

  test('Construct Hub conventions: cdk and cdk8s keywords, jsii targets for Python, Java, Go and .NET, a real version', () => {
    expect(packageJson.keywords).toEqual(expect.arrayContaining(['cdk', 'cdk8s']));
    expect(Object.keys(packageJson.jsii.targets).sort()).toEqual(['dotnet', 'go', 'java', 'python']);
    expect(packageJson.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(packageJson.version).not.toBe('0.0.0');
    expect(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')).toContain(`## [${packageJson.version}]`);
    // No cdk8s-plus line is required of users.
    expect(Object.keys(packageJson.peerDependencies).sort()).toEqual(['cdk8s', 'constructs']);
  });
});
