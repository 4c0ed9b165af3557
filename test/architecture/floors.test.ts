/**
 * The house rules of DESIGN.md, enforced: data flows one way between the floors, only the
 * construct floors see cdk8s (so the CLI starts fast and the Argo model stays testable alone), and
 * the files of src import one another without a circle.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join, relative, sep } from 'path';

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
  // fengari runs argocd-cm's Lua health checks; croner lists a sync window's cron occurrences.
  argo: ['fengari', 'croner'],
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
const BUILTINS = new Set(['child_process', 'crypto', 'fs', 'module', 'os', 'path', 'util', 'v8', 'vm', 'zlib', 'stream', 'url', 'worker_threads']);

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

test('the floors themselves form no circle: every allowed arrow points down', () => {
  const order: string[] = [];
  const visit = (floor: string, path: readonly string[]): void => {
    expect(path).not.toContain(floor);
    for (const below of ALLOWED[floor]) visit(below, [...path, floor]);
    if (!order.includes(floor)) order.push(floor);
  };
  for (const floor of Object.keys(ALLOWED)) visit(floor, []);
  expect(order.sort()).toEqual(Object.keys(ALLOWED).sort());
});

/** The file a relative import names (`x.ts`, or `x/index.ts` for a folder). */
function resolve(from: string, spec: string): string | undefined {
  const base = join(dirname(from), spec);
  return [`${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p));
}

/** Import circles between files: the strongly connected components of more than one file (Tarjan), as paths from `root`. */
function importCircles(root: string, all: readonly string[]): string[][] {
  const edges = new Map(all.map((f) => [f, importsOf(f).filter((s) => s.startsWith('.')).map((s) => resolve(f, s)).filter((t): t is string => !!t)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(relative(root, w).split(sep).join('/'));
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const f of all) if (!index.has(f)) connect(f);
  return circles.sort((a, b) => a.join().localeCompare(b.join()));
}

/** Known circles, each to be removed (none left: the planner and explain ones went with their splits). */
const KNOWN_CIRCLES: readonly (readonly string[])[] = [];

test('no import circle between the files of src (beyond the known one being removed)', () => {
  const circles = importCircles(SRC, sources(SRC));
  expect(circles.filter((c) => !KNOWN_CIRCLES.some((k) => k.join() === c.join()))).toEqual([]);
});

test('the circle check finds a circle of two files, one through a barrel index.ts, and a self-import', () => {
  const root = mkdtempSync(join(tmpdir(), 'syncplan-circles-'));
  try {
    const write = (name: string, ...imports: string[]) => {
      mkdirSync(dirname(join(root, name)), { recursive: true });
      writeFileSync(join(root, name), imports.map((i) => `import { x } from '${i}';\n`).join(''));
    };
    write('a.ts', './b');
    write('b.ts', './a', './d');
    write('lib/index.ts', './c');
    write('lib/c.ts', '.');
    write('d.ts');
    write('e.ts', './e');
    write('f.ts', './lib', './d');
    expect(importCircles(root, sources(root))).toEqual([['a.ts', 'b.ts'], ['e.ts'], ['lib/c.ts', 'lib/index.ts']]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
