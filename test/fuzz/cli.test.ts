/**
 * Bad input through the compiled CLI (`node lib/cli/main.js`, built by the test task's compile):
 * every command that reads manifests exits 2 with exactly one line on stderr naming the file and
 * the line the loader names, prints nothing on stdout and no stack trace; `report --out` leaves no
 * file (and no temporary) behind and never touches an existing report. Inputs: a few generated
 * ones (fixed seed) and the classic hand-written ones. (`test/cli/main.test.ts` covers `plan` on
 * the classic cases and the 50 MB file; this adds the other commands and generated input.)
 */
import { spawnSync } from 'child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import * as fc from 'fast-check';
import { stringify } from 'yaml';
import { InputError } from '../../src/cli/errors';
import { decode, parseManifests } from '../../src/cli/load';

// Spawning ~40 processes takes seconds, more on a busy machine.
jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'lib', 'cli', 'main.js');

const head = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';

/** The loader's verdict on a file, computed in-process: what the CLI must print. */
function expectedError(file: string): InputError {
  try {
    parseManifests(decode(readFileSync(file), file), file, undefined, { folderFile: true }); // as the CLI reads a file
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error(`${file} loads; the generator should have produced bad input`);
}

/** Generated bad files, reproducible: YAML-ish junk and documents with a non-string name. */
function generated(): Array<[string, string]> {
  const junk = fc.array(fc.constantFrom('apiVersion: v1', 'kind: Job', 'metadata:', '  name: a', '- x', '&a', '*b', '{', '"', '---', ': :', '\t'), { minLength: 3, maxLength: 12 })
    .map((lines) => lines.join('\n'));
  const badName = fc.record({ apiVersion: fc.constant('v1'), kind: fc.constant('ConfigMap'), metadata: fc.record({ name: fc.oneof(fc.integer(), fc.boolean(), fc.constant([1])) }) })
    .map((o) => `${head}---\n${stringify(o, { version: '1.1' })}`);
  const isBad = (text: string) => {
    try {
      parseManifests(text, 'x.yaml', undefined, { folderFile: true });
      return false;
    } catch {
      return true;
    }
  };
  const pickBad = (arb: fc.Arbitrary<string>, n: number, seed: number) => fc.sample(arb, { numRuns: 200, seed }).filter(isBad).slice(0, n);
  return [
    ...pickBad(junk, 2, 6).map((t, i): [string, string] => [`junk-${i}.yaml`, t]),
    ...pickBad(badName, 1, 6).map((t): [string, string] => ['bad-name.yaml', t]),
  ];
}

const HAND: Array<[string, string | Buffer]> = [
  ['binary.yaml', Buffer.concat([Buffer.from(head), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0x1a])])],
  ['bomb.yaml', `${head}---\n${head.replace('name: a', 'name: b')}data:\n` + Array.from({ length: 9 }, (_, i) => `  l${i}: &l${i} [${i === 0 ? 'x' : Array(9).fill(`*l${i - 1}`).join(',')}]`).join('\n') + '\n'],
  ['deep.yaml', `${head}data:\n  deep: ${'['.repeat(100_000)}\n`],
  ['scalar.yaml', `${head}---\njust text\n`],
];

let dir: string;
let cases: Array<[string, string]>;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-fuzz-cli-'));
  cases = [...generated(), ...HAND].map(([name, content]) => {
    const file = join(dir, name);
    writeFileSync(file, content);
    return [name, file];
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function syncplan(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function expectInputError(r: ReturnType<typeof syncplan>, file: string): void {
  const e = expectedError(file);
  const where = e.line > 0 ? `${file}:${e.line}: ` : `${file}: `;
  expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
  expect(r.stderr.endsWith('\n')).toBe(true);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
  expect(r.stderr).toBe(`syncplan: ${where}${e.reason} (${e.hint})\n`);
}

test('the generated inputs are really bad, and varied', () => {
  expect(cases.length).toBe(7);
  const reasons = new Set(cases.map(([, file]) => expectedError(file).reason.split(':')[0]));
  expect(reasons.size).toBeGreaterThanOrEqual(4);
});

test('plan and plan -f json: exit 2, the loader\'s one line, nothing on stdout', () => {
  for (const [, file] of cases) {
    expectInputError(syncplan(['plan', file]), file);
    expectInputError(syncplan(['plan', file, '-f', 'json']), file);
  }
});

test('lint, diagram, simulate: the same one line', () => {
  for (const [, file] of cases.filter((_, i) => i % 2 === 0)) {
    expectInputError(syncplan(['lint', file, '-f', 'sarif']), file);
    expectInputError(syncplan(['diagram', file, '-f', 'svg']), file);
    expectInputError(syncplan(['simulate', file]), file);
  }
});

test('report --out on bad input: no report, no temporary file, an existing report untouched', () => {
  const before = readdirSync(dir).sort();
  for (const [, file] of cases) {
    const out = join(dir, 'report.html');
    expectInputError(syncplan(['report', file, '--out', out]), file);
    expect(existsSync(out)).toBe(false);
  }
  expect(readdirSync(dir).sort()).toEqual(before);

  const out = join(dir, 'kept.html');
  writeFileSync(out, 'previous report');
  const [, file] = cases[0];
  expectInputError(syncplan(['report', file, '--out', out]), file);
  expect(readFileSync(out, 'utf8')).toBe('previous report');
  expect(readdirSync(dir).sort()).toEqual([...before, 'kept.html'].sort());
});

test('one bad file among good ones, read as a folder: still exit 2 naming the bad file', () => {
  const folder = mkdtempSync(join(dir, 'folder-'));
  writeFileSync(join(folder, 'a-good.yaml'), head);
  writeFileSync(join(folder, 'z-bad.yaml'), `${head.replace('name: a', 'name: z')}---\nkind: [\n`);
  const r = syncplan(['plan', folder]);
  expectInputError(r, join(folder, 'z-bad.yaml'));
  rmSync(folder, { recursive: true, force: true });
});
