/**
 * The house rules of DESIGN.md, enforced: data flows one way between the floors, and only the
 * construct floors see cdk8s (so the CLI starts fast and the Argo model stays testable alone).
 */
import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative, sep } from 'path';

const SRC = join(__dirname, '..', '..', 'src');

/** What each floor may import from the project, besides itself. */
const ALLOWED: Record<string, readonly string[]> = {
  argo: [],
  plan: ['argo'],
  rules: ['argo'],
  report: ['argo', 'rules'],
  cli: ['argo', 'rules', 'report'],
  constructs: ['argo', 'plan', 'rules', 'imports'],
  testing: ['argo', 'constructs'],
  imports: [],
  // The cdk8s CLI plugin reads files exactly as `syncplan lint` does (cli/load) and checks sync
  // options with the CLI's words (cli/app-options); it never loads cdk8s or the constructs.
  plugin: ['argo', 'rules', 'report', 'cli'],
};
/** Packages each floor may import (node built-ins are always fine). */
const PACKAGES: Record<string, readonly string[]> = {
  argo: ['fengari'],
  plan: [],
  rules: [],
  report: [],
  cli: ['commander', 'jsonc-parser', 'yaml'],
  // No cdk8s-plus line: the API reads Services, Secrets and ConfigMaps through ApiObject, so any line works.
  constructs: ['cdk8s', 'constructs'],
  testing: ['cdk8s', 'constructs'],
  imports: ['cdk8s', 'constructs'],
  plugin: [],
};
const BUILTINS = new Set(['child_process', 'crypto', 'fs', 'os', 'path', 'util', 'zlib', 'stream', 'url']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:from\s+|require\()\s*'([^']+)'/g)].map((m) => m[1]);
  return [...new Set(found)];
}

const files = sources(SRC).filter((f) => relative(SRC, f).includes(sep));

test.each(files.map((f) => [relative(SRC, f)]))('%s imports only what its floor may', (rel) => {
  const floor = rel.split(sep)[0];
  expect(Object.keys(ALLOWED)).toContain(floor);
  const problems: string[] = [];
  for (const spec of importsOf(join(SRC, rel))) {
    if (spec.endsWith('/package.json')) {
      continue; // the package's own version
    } else if (spec.startsWith('.')) {
      const target = relative(SRC, join(SRC, rel, '..', spec)).split(sep)[0];
      if (target !== floor && !ALLOWED[floor].includes(target)) problems.push(`${spec} (floor ${target})`);
    } else {
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (!BUILTINS.has(pkg.replace(/^node:/, '')) && !PACKAGES[floor].includes(pkg)) problems.push(`${spec} (package)`);
    }
  }
  expect(problems).toEqual([]);
});

test('the rule is checked against real files', () => {
  expect(files.length).toBeGreaterThan(50);
});
