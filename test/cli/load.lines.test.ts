/**
 * The loader counts lines from the text instead of asking yaml's LineCounter (documents.ts
 * `parseYaml`): the same manifests, the same line of every document and field, the same error and
 * line for bad input, on random files.
 */
import * as fc from 'fast-check';
import { LineCounter, parseAllDocuments } from 'yaml';
import type { Tags } from 'yaml';
import type { Manifest } from '../../src/argo/types';
import { KeptTrees, parseYamlCounted } from '../../src/cli/documents';
import { InputError } from '../../src/cli/errors';
import { parseManifests } from '../../src/cli/load';

jest.setTimeout(60_000);

const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
const scalar = fc.oneof(name, fc.constantFrom('"quoted\\n"', "'it''s'", '"two\n    lines"', '12', 'yes', '~', '0755', '1:30', '""'));
/** Fields at an indent (under `data:` or `metadata.annotations:`), in the shapes manifests use. */
const field = (at: string) => fc.oneof(
  fc.tuple(name, scalar).map(([k, v]) => `${at}${k}: ${v}\n`),
  fc.tuple(name, fc.array(name, { minLength: 1, maxLength: 3 }), fc.constantFrom('|', '|-', '>', '|+')).map(([k, ls, style]) => `${at}${k}: ${style}\n${ls.map(l => `${at}  ${l}\n`).join('')}`),
  fc.tuple(name, name, scalar).map(([k, a, v]) => `${at}${k}: {${a}: ${v}, b: [x, y]}\n`),
  fc.tuple(name, fc.array(name, { minLength: 1, maxLength: 3 })).map(([k, xs]) => `${at}${k}:\n${xs.map(x => `${at}  - ${x}\n`).join('')}`),
  fc.constantFrom(`${at}# a comment\n`, '\n', `${at}\n`),
);
const manifest = fc.tuple(name, fc.array(field('  '), { maxLength: 5 }), fc.array(field('    '), { maxLength: 3 }), fc.boolean()).map(([n, data, annotations, json]) =>
  json ? `{"apiVersion": "v1", "kind": "ConfigMap",\n "metadata": {"name": "m-${n}"}}\n`
    : `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m-${n}\n${annotations.length ? `  annotations:\n${annotations.join('')}` : ''}${data.length ? `data:\n${data.join('')}` : ''}`);
/** What breaks a file: syntax errors, a scalar or list document, a field of the wrong type, an alias. */
const junk = fc.constantFrom('a: [1\n', 'key: "open\n', '|-\n  x\n|-\n  x\n', '- a\n- b\n', 'just text\n', 'a: 1\n a: 2\n', '\tkey: v\n',
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [x]\n', 'apiVersion: v1\nkind: 7\nmetadata:\n  name: x\n', 'x: &a [1]\ny: *a\n', '@bad\n', '{a: 1\n');
const empty = fc.constantFrom('', '# only a comment\n', '~\n', '\n\n');
const separator = fc.constantFrom('---\n', '--- \n', '...\n---\n', '---\n\n', '--- # c\n');
const doc = (withJunk: boolean) => fc.oneof(
  { weight: 6, arbitrary: manifest }, { weight: 1, arbitrary: empty }, ...(withJunk ? [{ weight: 1, arbitrary: junk }] : []));
const file = (withJunk: boolean) => fc.tuple(
  fc.array(doc(withJunk), { minLength: 1, maxLength: 6 }),
  fc.array(separator, { minLength: 6, maxLength: 6 }),
  fc.constantFrom('', '# header\n', '\n'),
  fc.boolean(),
).map(([docs, seps, head, crlf]) => {
  const text = head + docs.map((d, i) => (i === 0 ? d : seps[i] + d)).join('');
  return crlf ? text.replace(/\n/g, '\r\n') : text;
});

/** YAML 1.1 as go-yaml reads it: timestamps and `1:30` stay strings (the loader's schema). */
const GO_YAML_TAGS = (tags: Tags) => tags.filter((t) => typeof t === 'string' || (!t.tag.endsWith(':timestamp') && t.format !== 'TIME'));

/** Every path into a value (keys and list items), for `lineOf`. */
function paths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => paths(v, [...prefix, k]))];
}

/** What a read gives: each manifest with its line, index and the line of every field, or the error. */
function outcome(read: () => Manifest[]) {
  try {
    return { manifests: read().map(m => ({ object: m.object, line: m.source.line, index: m.source.index, fields: paths(m.object).map(p => [p.join('.'), m.source.lineOf?.(p)]) })) };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { error: [e.file, e.line, e.reason, e.hint] };
  }
}

describe('lines counted from the text agree with yaml\'s LineCounter', () => {
  test('property: random files (CRLF too, syntax errors, bad documents): the same manifests, lines of documents and fields, and errors', () => {
    fc.assert(fc.property(file(true), (text) => {
      expect(outcome(() => parseManifests(text, 'app.yaml'))).toEqual(outcome(() => parseYamlCounted(text, 'app.yaml')));
    }), { numRuns: 400 });
  });

  test('property: a valid file reads as yaml.parseAllDocuments(...).map(d => d.toJS()), each document at the line of its first node', () => {
    fc.assert(fc.property(file(false), (text) => {
      const lines = new LineCounter();
      const all = parseAllDocuments(text, { version: '1.1', lineCounter: lines, customTags: GO_YAML_TAGS });
      fc.pre(all.every(d => d.errors.length === 0)); // a key drawn twice
      const docs = all.filter(d => d.contents && d.toJS() != null);
      const ms = parseManifests(text, 'app.yaml');
      expect(ms.map(m => m.object)).toEqual(docs.map(d => d.toJS()));
      expect(ms.map(m => m.source.line)).toEqual(docs.map(d => lines.linePos(d.contents!.range[0]).line));
    }), { numRuns: 300 });
  });

  test('property: a field\'s line is the same from a kept syntax tree as from one parsed again (KeptTrees)', () => {
    fc.assert(fc.property(file(true), fc.nat({ max: 400 }), (text, budget) => {
      const reparsed = outcome(() => parseManifests(text, 'app.yaml', new KeptTrees(0)));
      expect(outcome(() => parseManifests(text, 'app.yaml', new KeptTrees(Infinity)))).toEqual(reparsed);
      expect(outcome(() => parseManifests(text, 'app.yaml', new KeptTrees(budget)))).toEqual(reparsed);
    }), { numRuns: 300 });
  });

  test('a syntax error after good documents is reported at its own line, as before', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\n|-\n  x\n|-\n  x\n';
    const fast = outcome(() => parseManifests(text, 'app.yaml'));
    expect(fast).toEqual(outcome(() => parseYamlCounted(text, 'app.yaml')));
    expect(fast.error?.[2]).toMatch(/^invalid YAML/);
  });
});
