/**
 * Tests mirror src: `src/a/b.ts` is tested by `test/a/b.test.ts`, or `test/a/b.<aspect>.test.ts`
 * when one file has several suites, so the test of a behaviour is found by the file that
 * implements it. Suites about the whole library rather than one file have a folder named for what
 * they test.
 */
import { existsSync, readdirSync, statSync } from 'fs';
import { join, relative, sep } from 'path';

const ROOT = join(__dirname, '..', '..');
const TEST = join(ROOT, 'test');

/** Folders of cross-cutting suites, and what each tests. */
const CROSS_CUTTING: Record<string, string> = {
  apps: 'realistic apps written with the public API, synthesized and read back',
  architecture: 'the structure of the repository itself',
  browser: 'the HTML report in a real browser',
  ci: 'the CI workflow and its conventions',
  determinism: 'byte-identical output of the whole pipeline',
  examples: 'the examples folder, as users run it',
  fuzz: 'the whole pipeline on hostile input',
  imports: 'the L1 classes cdk8s import generates from crds/argo-cd.yaml (src/imports/argoproj.io.ts), against Argo CD\'s fields',
  package: 'the published package: its contents and the install journey',
  schemas: 'the JSON Schemas in schemas/, against what the CLI prints',
  validity: 'everything the library synthesizes, against Kubernetes and Argo CD schemas',
};
/** Top-level suites about one document. */
const TOP_LEVEL = new Set(['readme.test.ts']);

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? testFiles(path) : name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = testFiles(TEST).map((f) => relative(TEST, f).split(sep).join('/'));

test('every test file is named for the src file it tests, or sits in a cross-cutting folder', () => {
  const strays = files.filter((rel) => {
    if (TOP_LEVEL.has(rel) || CROSS_CUTTING[rel.split('/')[0]] !== undefined) return false;
    const dir = rel.split('/').slice(0, -1).join('/');
    const base = rel.split('/').pop()!.split('.')[0];
    const src = join(ROOT, 'src', dir, base);
    return !existsSync(`${src}.ts`) && !existsSync(join(src, 'index.ts'));
  });
  expect(strays).toEqual([]);
});

test('every rule of src/rules/checks has its own test file', () => {
  const rules = readdirSync(join(ROOT, 'src', 'rules', 'checks')).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''));
  expect(rules.length).toBeGreaterThan(20);
  expect(rules.filter((r) => !files.includes(`rules/checks/${r}.test.ts`))).toEqual([]);
});

test('the cross-cutting folders exist (a renamed one must be renamed here too)', () => {
  expect(Object.keys(CROSS_CUTTING).filter((d) => !existsSync(join(TEST, d)))).toEqual([]);
});
