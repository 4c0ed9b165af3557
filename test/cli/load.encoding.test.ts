/**
 * QA regressions in how `syncplan` reads files, met by using it as a user would.
 *
 * - Argo CD opens every manifest with `utfutil.OpenFile(path, utfutil.UTF8)` (getObjsFromYAMLOrJSON
 *   in argo-cd reposerver/repository/repository.go): UTF-8 by default, but a byte order mark
 *   switches it to UTF-16. Windows PowerShell 5 writes `helm template . > app.yaml` as UTF-16LE
 *   with a BOM; Argo CD syncs that file, so syncplan must read it too (it said "binary data").
 * - A `.json` file missing a field is fixed in JSON, so the example in the fix is JSON.
 */
import { writeFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { inputError, tempDirEach } from './helpers';
import { decode, loadPaths, parseManifests } from '../../src/cli/load';

const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-powershell\n  annotations:\n    argocd.argoproj.io/sync-wave: "2"\n';

/** `text` as UTF-16 with its byte order mark, little- or big-endian. */
function utf16(text: string, endian: 'le' | 'be'): Buffer {
  const le = Buffer.from(`\ufeff${text}`, 'utf16le');
  return endian === 'le' ? le : Buffer.from(le).swap16();
}


const tmp = tempDirEach('syncplan-qa');
let dir = '';
beforeEach(() => {
  dir = tmp();
});

describe('UTF-16 with a byte order mark is read, as Argo CD reads it (utfutil BOM override)', () => {
  test.each(['le', 'be'] as const)('a UTF-16%s YAML file loads like its UTF-8 twin', (endian) => {
    writeFileSync(join(dir, 'utf16.yaml'), utf16(yaml, endian));
    writeFileSync(join(dir, 'utf8.yml'), yaml.replace('from-powershell', 'plain'));
    const loaded = loadPaths([dir]);
    expect(loaded.map((m) => [(m.object.metadata as any).name, (m.object.metadata as any).annotations])).toEqual([
      ['from-powershell', { 'argocd.argoproj.io/sync-wave': '2' }], // utf16.yaml sorts before utf8.yml
      ['plain', { 'argocd.argoproj.io/sync-wave': '2' }],
    ]);
    // Lines count characters, not bytes: the name is on line 4 either way.
    expect(loaded[0].source.lineOf?.(['metadata', 'name'])).toBe(4);
  });

  test('a UTF-16LE .json file loads', () => {
    const file = join(dir, 'app.json');
    writeFileSync(file, utf16(JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'j' } }), 'le'));
    expect(loadPaths([file]).map((m) => (m.object.metadata as any).name)).toEqual(['j']);
  });

  test('any text survives the round trip through UTF-16 and back', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom('le' as const, 'be' as const), (s, endian) => {
      const text = s.replace(/\0/g, '');
      expect(decode(utf16(text, endian), 'f.yaml')).toBe(text);
    }), { numRuns: 200 });
  });

  test('a truncated UTF-16 file (odd byte count) is refused with a line, not a stack trace', () => {
    const bytes = utf16('a: 1\nb: 2\n', 'le');
    const err = inputError(() => decode(bytes.subarray(0, bytes.length - 1), 'cut.yaml'));
    expect(err.reason).toBe('invalid UTF-16LE (the file starts with its byte order mark)');
    expect(err.line).toBeGreaterThanOrEqual(1);
    expect(err.hint).toBe('re-encode the file as UTF-8');
  });

  test('a NUL character in UTF-16 text is still binary data, at its line', () => {
    const err = inputError(() => decode(utf16('a: 1\nb: 2\n\0', 'be'), 'img.yaml'));
    expect([err.line, err.reason]).toEqual([3, 'binary data (NUL character), not YAML text']);
  });

  test('without a BOM, UTF-16 stays refused (Argo CD reads it as UTF-8 and fails too)', () => {
    const err = inputError(() => decode(Buffer.from(yaml, 'utf16le'), 'nobom.yaml'));
    expect(err.reason).toBe('binary data (NUL byte), not YAML text');
  });
});

describe('a .json file missing a field gets a fix written in JSON', () => {
  test.each([
    [{ kind: 'ConfigMap', metadata: { name: 'x' } }, 'ConfigMap has no apiVersion', 'add one, e.g. `"apiVersion": "apps/v1"`'],
    [{ apiVersion: 'v1', metadata: { name: 'x' } }, 'object has no kind', 'add one, e.g. `"kind": "Deployment"`'],
    [{ apiVersion: 'v1', kind: 'ConfigMap' }, 'ConfigMap has no metadata', 'add `"metadata": {"name": ...}`'],
    [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: [] }, 'ConfigMap has metadata that is a list, not a mapping', 'make `"metadata"` an object with a `"name"`'],
    [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 7 } }, 'metadata.name is 7 (a number), not a string', 'quote it, e.g. `"name": "7"`'],
  ])('%j', (object, reason, fix) => {
    const err = inputError(() => parseManifests(JSON.stringify(object, null, 2), 'app.json'));
    expect([err.reason, err.hint]).toEqual([reason, fix]);
  });

  test('the same object in YAML keeps YAML examples', () => {
    const err = inputError(() => parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: 7}\n', 'app.yaml'));
    expect([err.reason, err.hint]).toEqual(['metadata.name is 7 (a number), not a string', 'quote it, e.g. `name: "7"`']);
  });
});

describe('a .json file that holds YAML says so (Argo CD fails the app on it: "invalid character")', () => {
  test.each([
    ['apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n'],
    ['---\napiVersion: v1\nkind: ConfigMap\n'],
    ['# exported by hand\napiVersion: v1\n'],
  ])('%j', (text) => {
    const err = inputError(() => parseManifests(text, 'app.json'));
    expect(err.reason).toMatch(/^invalid JSON at column 1: the file holds YAML, and Argo CD reads a \.json file as JSON only/);
    expect([err.line, err.hint]).toEqual([1, 'rename the file to .yaml, or write it as JSON']);
  });

  test('malformed JSON keeps its own message', () => {
    const err = inputError(() => parseManifests('{"apiVersion": v1}', 'app.json'));
    expect(err.reason).toBe('invalid JSON at column 16: expected a value, found `v`');
  });
});

test('a .json file that is no manifest (package.json): one hint, without nested parentheses', () => {
  const err = inputError(() => parseManifests('{"name": "app", "version": "1.0.0"}', 'package.json'));
  expect(err.message).toBe('package.json:1: a JSON object with neither apiVersion nor kind: Argo CD reads every .json file in an app\'s folder as a manifest and fails on this one '
    + '(move the file out of the manifests folder, or exclude it with the Application\'s spec.source.directory.exclude)');
});
