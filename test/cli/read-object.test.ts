/** Reading an Application or a resource tree: JSON or YAML, Lists expanded, errors with file and line. */
import { writeFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { inputError, tempDirEach } from './helpers';
import { liveObjectsOf } from '../../src/cli/live-input';
import { readValues } from '../../src/cli/read-object';

const dir = tempDirEach('syncplan-read');

test('JSON without kind (argocd app get), YAML documents, a List\'s items, each at its own line', () => {
  writeFileSync(join(dir(), 'a.json'), '{"metadata": {"name": "x"}, "status": {}}');
  expect(readValues(join(dir(), 'a.json')).map(v => v.value)).toEqual([{ metadata: { name: 'x' }, status: {} }]);
  writeFileSync(join(dir(), 'l.yaml'), 'kind: List\nitems:\n  - {kind: A}\n  - {kind: B}\n---\nkind: C\n');
  expect(readValues(join(dir(), 'l.yaml')).map(v => [(v.value as any).kind, v.line])).toEqual([['A', 3], ['B', 4], ['C', 6]]);
  expect(readValues('-', () => Buffer.from('{"kind": "X"}')).map(v => v.file)).toEqual(['<stdin>']);
});

test('JSON objects one after another (two kubectl get -o json in one file): each value, at its own line, its fields\' lines too', () => {
  const app = JSON.stringify({ kind: 'Application', metadata: { name: 'shop' } }, null, 2);
  const project = JSON.stringify({ kind: 'List', items: [{ kind: 'AppProject', spec: { syncWindows: [{ kind: 'deny', note: '} {"' }] } }] }, null, 2);
  writeFileSync(join(dir(), 's.json'), `${app}\n${project}\n`);
  const values = readValues(join(dir(), 's.json'));
  const text = `${app}\n${project}\n`.split('\n');
  expect(values.map(v => [(v.value as any).kind, v.line])).toEqual([['Application', 1], ['AppProject', text.indexOf('    {') + 1]]);
  expect(values[1].lineOf?.(['spec', 'syncWindows', 0, 'kind'])).toBe(text.findIndex(l => l.includes('"kind": "deny"')) + 1);
  // Something else after the first object is not such a stream: the YAML reader says where.
  writeFileSync(join(dir(), 't.json'), `${app}\nkind: x\n`);
  expect(inputError(() => readValues(join(dir(), 't.json'))).message).toMatch(/t\.json:\d+: not valid YAML or JSON/);
});

test('empty, malformed or missing input: one line with the file and line', () => {
  writeFileSync(join(dir(), 'e.yaml'), '\n');
  expect(inputError(() => readValues(join(dir(), 'e.yaml'))).message).toMatch(/e\.yaml: the file is empty/);
  writeFileSync(join(dir(), 'b.yaml'), 'a: 1\nb: [\n');
  expect(inputError(() => readValues(join(dir(), 'b.yaml'))).message).toMatch(/b\.yaml:\d+: not valid YAML or JSON/);
  expect(inputError(() => readValues(join(dir(), 'none.yaml'))).message).toMatch(/none\.yaml/);
});

test('an alias bomb or nesting too deep is bad input in words, as the manifest loader says it, never an internal error', () => {
  // Each anchor repeats the one before ten times: 10^4 expansions of a four-line document.
  const bomb = ['a0: &a0 [x, x]', ...[1, 2, 3, 4].map(i => `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`), 'kind: Application'].join('\n');
  writeFileSync(join(dir(), 'bomb.yaml'), bomb);
  const aliases = inputError(() => readValues(join(dir(), 'bomb.yaml')));
  expect(aliases.message).toMatch(/bomb\.yaml:1: too many YAML alias expansions \(an alias bomb\?\)/);
  expect(aliases.hint).toBe('expand the anchors by hand or simplify the document');
  writeFileSync(join(dir(), 'deep.yaml'), `a: ${'['.repeat(5000)}${']'.repeat(5000)}\n`);
  expect(inputError(() => readValues(join(dir(), 'deep.yaml'))).message).toMatch(/deep\.yaml:1: not valid YAML or JSON: nested too deeply \(/);
});

test('the line of a field inside a value, a List item\'s included (what an error points at)', () => {
  writeFileSync(join(dir(), 'l.json'), JSON.stringify({ kind: 'List', items: [{ kind: 'A', data: { a: '1' } }, { kind: 'B', data: { x: '1', y: '2' } }] }, null, 2));
  const [a, b] = readValues(join(dir(), 'l.json'));
  expect([a.line, a.lineOf?.(['data', 'a']), b.line, b.lineOf?.(['data', 'y']), b.lineOf?.(['data', 'z'])]).toEqual([4, 7, 10, 14, undefined]);
});

test('--live: a List item that is no object is reported at its own line, not the List\'s', () => {
  writeFileSync(join(dir(), 'live.yaml'), 'apiVersion: v1\nkind: List\nitems:\n  - {kind: Pod, metadata: {name: a}}\n  - apiVersion: apps\n');
  const err = inputError(() => liveObjectsOf(readValues(join(dir(), 'live.yaml'))));
  expect([err.line, err.reason]).toEqual([5, 'not a Kubernetes object (no kind)']);
});

test('JSON is read with JSON.parse, with the same values, lines and field lines the YAML reader gives the same text', () => {
  // A comment line first sends the same JSON through the YAML reader (one line further down).
  const key = fc.string({ minLength: 1, maxLength: 8 }).filter(k => k !== '__proto__');
  const field = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
  const object = fc.record({ kind: fc.constantFrom('Pod', 'Application', 'ReplicaSet'), metadata: fc.record({ name: key }), spec: field });
  const input = fc.oneof(object, fc.array(object, { minLength: 1, maxLength: 4 }).map(items => ({ apiVersion: 'v1', kind: 'List', items })));
  fc.assert(fc.property(input, fc.constantFrom(0, 2), (value, indent) => {
    const text = JSON.stringify(value, null, indent);
    writeFileSync(join(dir(), 'v.json'), text);
    writeFileSync(join(dir(), 'v.yaml'), `# the same, as YAML\n${text}`);
    const [json, yaml] = [readValues(join(dir(), 'v.json')), readValues(join(dir(), 'v.yaml'))];
    expect(json.map(v => v.value)).toEqual(yaml.map(v => v.value));
    expect(json.map(v => v.line + 1)).toEqual(yaml.map(v => v.line));
    const paths = (v: unknown): Array<Array<string | number>> => [['kind'], ['metadata', 'name'], ...Object.keys((v as any).spec).map(k => ['spec', k])];
    expect(json.map(v => paths(v.value).map(p => v.lineOf!(p)! + 1))).toEqual(yaml.map(v => paths(v.value).map(p => v.lineOf!(p))));
  }), { numRuns: 150 });
});
