/**
 * Every citation resolves inside the repository: Argo CD's behaviour is cited as a section of
 * docs/argo-cd-model.md or as a full upstream path (`gitops-engine pkg/sync/sync_context.go`,
 * `argo-cd controller/sync.go`), never as a section number or shorthand of a file outside the
 * repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';

const ROOT = join(__dirname, '..', '..');
const MODEL = 'docs/argo-cd-model.md';
const SKIP = new Set(['node_modules', 'lib', 'dist', 'coverage', 'test-reports', '.git', '__snapshots__']);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIP.has(name)) return [];
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|md|ya?ml)$/.test(name) ? [path] : [];
  });
}

const FILES = [...['src', 'test', 'docs', 'bench', 'examples'].flatMap((d) => filesUnder(join(ROOT, d))), join(ROOT, 'README.md')]
  .filter((f) => f !== __filename);

/** Citations of a file outside the repository: its sections, its path shorthands, its path. */
const OUTSIDE: ReadonlyArray<[string, RegExp]> = [
  ['a section of "the reference"', /\breference\s*\(?§/i],
  ['a bare section number', /(?<!#\d+ )§\s?\d/],
  ['a GE/ or CD/ path shorthand', /(?<![\w/.-])(GE|CD)\/[a-z]/],
  ['a path outside the repository', /(\.\.\/)+shared\/(reference|DESIGN|toolchain)|shared\/reference\//],
];

/** GitHub's anchor for a heading. */
function slug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');
}

const anchors = new Set(readFileSync(join(ROOT, MODEL), 'utf8').split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => slug(l.replace(/^#+ /, ''))));

test.each(OUTSIDE)('no file cites %s', (_what, pattern) => {
  const found: string[] = [];
  for (const file of FILES) {
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (pattern.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
    });
  }
  expect(found).toEqual([]);
});

test(`every ${MODEL}#anchor cited (and every link inside it) names a section of it`, () => {
  expect(anchors.size).toBeGreaterThan(20);
  const broken: string[] = [];
  for (const file of FILES) {
    const text = readFileSync(file, 'utf8');
    const cited = [...text.matchAll(/argo-cd-model\.md#([\w-]+)/g)].map((m) => m[1]);
    const inside = file.endsWith(MODEL) ? [...text.matchAll(/\]\(#([\w-]+)\)/g)].map((m) => m[1]) : [];
    for (const a of [...cited, ...inside]) if (!anchors.has(a)) broken.push(`${relative(ROOT, file)}: #${a}`);
  }
  expect(broken).toEqual([]);
});

test('the check sees the files it should', () => {
  const rel = FILES.map((f) => relative(ROOT, f));
  expect(rel).toEqual(expect.arrayContaining(['README.md', MODEL, 'src/argo/waves.ts', 'test/architecture/floors.test.ts']));
  expect(OUTSIDE[2][1].test('`GE/sync/sync_tasks.go`')).toBe(true);
  expect(OUTSIDE[2][1].test('gitops-engine pkg/sync/sync_tasks.go')).toBe(false);
  expect(OUTSIDE[1][1].test('(issue #10 §6)')).toBe(false);
  expect(OUTSIDE[0][1].test('reference §1.5')).toBe(true);
});
