/**
 * JSON manifests, read as Argo CD's directory source reads them (findManifests and
 * getObjsFromYAMLOrJSON in argo-cd reposerver/repository/repository.go, tests in Test_findManifests):
 * `*.json` files in folders, one object per file, a `List` expanded, anything else refused.
 */
import { spawnSync } from 'child_process';
import { mkdirSync, rmSync, writeFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { stringify } from 'yaml';
import { inputError, tempDirEach } from './helpers';
import { jsonFault, jsonItemSpans, lineColumn } from '../../src/cli/json-text';
import { expandPaths, loadPaths, parseManifests } from '../../src/cli/load';
import { lint } from '../../src/rules';

jest.setTimeout(60_000);

const cmJson = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });
const cmYaml = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n`;
const names = (ms: ReturnType<typeof parseManifests>) => ms.map((m) => (m.object.metadata as any).name);


const tmp = tempDirEach('syncplan-json');
let dir = '';
beforeEach(() => {
  dir = tmp();
});

describe('folders: *.json files are manifests too', () => {
  test('Test_findManifests "valid JSON returns manifest and no error": .yaml, .yml and .json together, byte-wise sorted', () => {
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'b.json'), JSON.stringify(cmJson('b-json'), null, 2));
    writeFileSync(join(dir, 'a.yaml'), cmYaml('a-yaml'));
    writeFileSync(join(dir, 'c.yml'), cmYaml('c-yml'));
    writeFileSync(join(dir, 'a.json'), JSON.stringify(cmJson('a-json')));
    writeFileSync(join(dir, 'sub', 'z.json'), JSON.stringify(cmJson('z-json')));
    // Argo CD's extension filter is case-sensitive, and skips other files.
    writeFileSync(join(dir, 'UPPER.JSON'), '[');
    writeFileSync(join(dir, 'notes.json5'), '[');
    writeFileSync(join(dir, 'x.json.bak'), '[');
    expect(names(loadPaths([dir]))).toEqual(['a-json', 'a-yaml', 'b-json', 'c-yml', 'z-json']);
    expect(expandPaths([dir]).map((f) => f.slice(dir.length + 1))).toEqual(['a.json', 'a.yaml', 'b.json', 'c.yml', join('sub', 'z.json')]);
  });

  test('a folder with neither YAML nor JSON says which extensions it looked for', () => {
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    const err = inputError(() => loadPaths([dir]));
    expect([err.file, err.line, err.reason]).toEqual([dir, 0, 'folder has no .yaml, .yml or .json files']);
  });

  test('Test_NormalizeTargetObjects_Deduplication: the same object in a .yaml and a .json file is read; resource-repeated names both places', () => {
    writeFileSync(join(dir, 'a.yaml'), cmYaml('web'));
    writeFileSync(join(dir, 'b.json'), `\n${JSON.stringify(cmJson('web'))}`);
    const found = lint(loadPaths([dir])).filter((f) => f.rule === 'resource-repeated');
    expect(found.map((f) => f.message)).toEqual([
      `ConfigMap/web (${join(dir, 'a.yaml')}:4): is defined again at ${join(dir, 'b.json')}:2 as the same object (/ConfigMap//web): `
      + 'Argo CD keeps only the last definition (RepeatedResourceWarning) and never applies this one (see https://github.com/cdk8s-syncplan/cdk8s-syncplan/blob/main/docs/rules/resource-repeated.md)',
    ]);
  });

  test('a .jsonnet file is refused, not skipped: Argo CD would render objects syncplan cannot see', () => {
    writeFileSync(join(dir, 'a.yaml'), cmYaml('a'));
    writeFileSync(join(dir, 'app.jsonnet'), '{}');
    for (const path of [dir, join(dir, 'app.jsonnet')]) {
      const err = inputError(() => loadPaths([path]));
      expect([err.file, err.line]).toEqual([join(dir, 'app.jsonnet'), 0]);
      expect(err.reason).toBe('a Jsonnet file: Argo CD renders it into manifests, syncplan cannot');
    }
    // A Jsonnet library is imported, never rendered on its own.
    rmSync(join(dir, 'app.jsonnet'));
    writeFileSync(join(dir, 'lib.libsonnet'), '{}');
    expect(names(loadPaths([dir]))).toEqual(['a']);
  });
});

describe('a .json file holds one object', () => {
  test('one object given directly: its line, and the line of every field', () => {
    const text = `\n${JSON.stringify({ ...cmJson('web'), metadata: { name: 'web', annotations: { 'argocd.argoproj.io/sync-wave': '2' } } }, null, 2)}\n`;
    writeFileSync(join(dir, 'web.json'), text);
    const [m] = loadPaths([join(dir, 'web.json')]);
    expect([m.source.file, m.source.line, m.source.index]).toEqual([join(dir, 'web.json'), 2, 0]);
    expect(m.source.lineOf!(['metadata', 'name'])).toBe(6);
    expect(m.source.lineOf!(['metadata', 'annotations', 'argocd.argoproj.io/sync-wave'])).toBe(8);
    expect(m.source.lineOf!(['spec'])).toBeUndefined();
  });

  test('a `List` is expanded (unstructured IsList), each item at its own line; items: null holds nothing', () => {
    const list = { apiVersion: 'v1', kind: 'List', items: [cmJson('one'), { ...cmJson('two'), data: { k: 'v' } }] };
    const ms = parseManifests(JSON.stringify(list, null, 2), 'list.json');
    expect(ms.map((m) => [(m.object.metadata as any).name, m.source.line])).toEqual([['one', 5], ['two', 12]]);
    expect(ms[1].source.lineOf!(['data', 'k'])).toBe(19);
    // Tabs and one line: the same objects; on one line everything is at line 1.
    expect(parseManifests(JSON.stringify(list, null, '\t'), 'tabs.json').map((m) => m.object)).toEqual(list.items);
    expect(parseManifests(JSON.stringify(list), 'min.json').map((m) => [m.source.line, m.source.lineOf!(['data', 'k'])])).toEqual([[1, undefined], [1, 1]]);
    expect(parseManifests('{"apiVersion": "v1", "kind": "ConfigMapList", "items": null}', 'empty-list.json')).toEqual([]);
    // Without apiVersion and kind, `items` still makes it a list to Argo CD.
    expect(names(parseManifests(JSON.stringify({ items: [cmJson('bare')] }), 'bare.json'))).toEqual(['bare']);
  });

  test('JSON, not YAML 1.1: "yes" stays a string, a duplicate key keeps its last value (as encoding/json), and its line', () => {
    const text = '{\n  "apiVersion": "v1", "kind": "ConfigMap",\n  "metadata": {"name": "first",\n    "name": "yes"},\n  "data": {"on": "0755", "n": 1e3, "s": "a\\/b"}\n}\n';
    const [m] = parseManifests(text, 'cm.json');
    expect(m.object).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'yes' }, data: { on: '0755', n: 1000, s: 'a/b' } });
    expect(m.source.lineOf!(['metadata', 'name'])).toBe(4);
  });

  test('Test_findManifests "multiple JSON objects in one file throws an error", at the second object', () => {
    const text = `${JSON.stringify(cmJson('a'))}\n${JSON.stringify(cmJson('b'))}\n`;
    const err = inputError(() => parseManifests(text, 'two.json'));
    expect(err.message).toBe('two.json:2: more than one JSON value (column 1): Argo CD allows a single object in a .json file '
      + '(wrap the objects in a List (`{"apiVersion": "v1", "kind": "List", "items": [...]}`) or give each its own file)');
    // In a YAML file, `---` separates JSON objects.
    expect(parseManifests(text.replace('}\n{', '}\n---\n{'), 'two.yaml')).toHaveLength(2);
  });

  test('Test_findManifests "invalid JSON throws an error": line and column of the fault, one line, the fix', () => {
    const cases: Array<[string, number, string]> = [
      ['[', 1, 'invalid JSON at column 2: unexpected end of file, 1 bracket(s) left open'],
      ['{\n  "apiVersion": "v1"\n  "kind": "ConfigMap"\n}', 3, 'invalid JSON at column 3: expected \',\' or \'}\', found `"`'],
      ['{\n  "kind": "ConfigMap",\n}', 3, 'invalid JSON at column 1: expected a double-quoted property name, found `}`'],
      ['{"kind": \'ConfigMap\'}', 1, 'invalid JSON at column 10: expected a value, found `\'`'],
      ['{\n  // a comment\n  "kind": "ConfigMap"}', 2, 'invalid JSON at column 3: a comment: JSON has none'],
      ['{"kind": "Config\nMap"}', 1, 'invalid JSON at column 10: a string that is not closed on its line (write a line break inside a string as \\n)'],
      ['{"kind": "a\\xb"}', 1, 'invalid JSON at column 10: a string with an invalid escape (JSON knows \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)'],
      ['{"kind" "ConfigMap"}', 1, 'invalid JSON at column 9: expected \':\' after the property name, found `"`'],
      ['{"replicas": 01}', 1, 'invalid JSON at column 15: expected \',\' or \'}\', found `1`'],
      ['{"kind": True}', 1, 'invalid JSON at column 10: expected a value, found `T`'],
    ];
    for (const [text, line, reason] of cases) {
      const err = inputError(() => parseManifests(text, 'bad.json'));
      expect([err.file, err.line, err.reason, err.hint]).toEqual(['bad.json', line, reason, 'fix the JSON syntax']);
    }
  });

  test('not an object: an array, a scalar, an empty file, a package.json (Argo CD fails on each)', () => {
    const err = (text: string) => {
      const e = inputError(() => parseManifests(text, 'x.json'));
      return [e.line, e.reason];
    };
    expect(err(`\n${JSON.stringify([cmJson('a')])}`)).toEqual([2, 'a JSON array, not an object: Argo CD reads a single object from a .json file']);
    expect(inputError(() => parseManifests('[]', 'x.json')).hint).toBe('wrap the items in a List: `{"apiVersion": "v1", "kind": "List", "items": [...]}`');
    expect(err('"v1"')).toEqual([1, 'the JSON value is a string, not a Kubernetes object']);
    expect(err('null')).toEqual([1, 'the JSON value is null, not a Kubernetes object']);
    expect(err('  \n')).toEqual([0, 'an empty .json file: Argo CD fails the whole app on it (unexpected EOF)']);
    expect(err('{"name": "my-app", "version": "1.0.0"}')).toEqual([1,
      'a JSON object with neither apiVersion nor kind: Argo CD reads every .json file in an app\'s folder as a manifest and fails on this one']);
    // An empty YAML file is fine, as in Argo CD ("YAML with an empty document doesn't throw an error").
    expect(parseManifests('  \n', 'x.yaml')).toEqual([]);
  });

  test('field errors point at the JSON line, with a JSON-shaped hint', () => {
    const text = '{\n  "apiVersion": "v1",\n  "kind": "ConfigMap",\n  "metadata": {\n    "name": 5\n  }\n}\n';
    const err = inputError(() => parseManifests(text, 'cm.json'));
    expect(err.message).toBe('cm.json:5: metadata.name is 5 (a number), not a string (quote it, e.g. `"name": "5"`)');
    const noKind = inputError(() => parseManifests('{\n  "apiVersion": "v1",\n  "metadata": {"name": "x"}\n}', 'cm.json'));
    expect([noKind.line, noKind.reason]).toEqual([1, 'object has no kind']);
  });

  test('findings point at the JSON line of the field at fault, as for YAML', () => {
    const job = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'migrate', annotations: { 'argocd.argoproj.io/hook': 'PreSync' } },
      spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'm', image: 'busybox' }] } } },
    };
    const json = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [cmJson('cfg'), job] }, null, 2);
    const yaml = stringify(job, { version: '1.1' });
    const of = (text: string, file: string) => lint(parseManifests(text, file)).filter((f) => f.name === 'migrate').map((f) => [f.rule, f.source.file, f.source.line]);
    const lineOfKey = (text: string, key: string) => text.split('\n').findIndex((l) => l.trim().startsWith(key)) + 1;
    // The Job's `spec` (the ConfigMap before it has none): where activeDeadlineSeconds and backoffLimit belong.
    const [jsonLine, yamlLine] = [lineOfKey(json, '"spec": {'), lineOfKey(yaml, 'spec:')];
    expect([jsonLine, yamlLine]).toEqual([21, 7]);
    expect(of(json, 'app.json')).toEqual([['hook-backoff-default', 'app.json', jsonLine], ['hook-no-deadline', 'app.json', jsonLine]]);
    expect(of(yaml, 'app.yaml')).toEqual([['hook-backoff-default', 'app.yaml', yamlLine], ['hook-no-deadline', 'app.yaml', yamlLine]]);
  });
});

describe('the syncplan binary (lib/cli/main.js, compiled by the test task)', () => {
  const BIN = join(__dirname, '..', '..', 'lib', 'cli', 'main.js');
  const syncplan = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });

  test('plans a folder of YAML and JSON; malformed JSON exits 2 with one line naming file, line and column', () => {
    writeFileSync(join(dir, 'a.yaml'), cmYaml('from-yaml'));
    writeFileSync(join(dir, 'b.json'), JSON.stringify({ ...cmJson('from-json'), metadata: { name: 'from-json', annotations: { 'argocd.argoproj.io/sync-wave': '1' } } }, null, 2));
    const ok = syncplan(['plan', dir, '--format', 'json']);
    expect([ok.status, ok.stderr]).toEqual([0, '']);
    const plan = JSON.parse(ok.stdout);
    expect(plan.steps.map((st: any) => [st.wave, st.tasks.map((t: any) => t.name)])).toEqual([[0, ['from-yaml']], [1, ['from-json']]]);

    writeFileSync(join(dir, 'b.json'), '{\n  "apiVersion": "v1",\n  "kind": "ConfigMap",\n}\n');
    const bad = syncplan(['lint', dir]);
    expect([bad.status, bad.stdout]).toEqual([2, '']);
    expect(bad.stderr).toBe(`syncplan: ${join(dir, 'b.json')}:4: invalid JSON at column 1: expected a double-quoted property name, found \`}\` (fix the JSON syntax)\n`);
  });

  test('--help names the JSON files it reads', () => {
    for (const command of ['plan', 'lint', 'simulate', 'diagram', 'report']) {
      expect(syncplan([command, '--help']).stdout.replace(/\s+/g, ' ')).toContain('YAML or JSON files, or folders (searched for *.yaml, *.yml, *.json); - reads standard input');
    }
  });
});

describe('properties', () => {
  test('jsonFault agrees with JSON.parse on valid JSON, mangled JSON and random text', () => {
    const text = fc.oneof(
      fc.json(),
      fc.tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', '\n', '\\', ':', '[', '{', '/', '\t', '0', '-', 'e')).map(([j, at, c]) => {
        const i = at % (j.length + 1);
        return j.slice(0, i) + c + j.slice(i + (at % 2));
      }),
      fc.string({ maxLength: 30 }),
      fc.stringMatching(/^[\s{}[\]",:0-9a-z.eE+\\-]{0,30}$/),
    );
    fc.assert(fc.property(text, (t) => {
      let parses = true;
      try {
        JSON.parse(t);
      } catch {
        parses = false;
      }
      const fault = jsonFault(t);
      expect(fault === undefined).toBe(parses);
      if (fault) expect(fault.offset).toBeLessThanOrEqual(t.length);
    }), { numRuns: 3000 });
  });

  test('deep nesting: located as deep as the parser recurses; deeper, JSON.parse\'s own words, still one line', () => {
    expect(jsonFault(`${'['.repeat(500)}}`)).toEqual({ offset: 500, reason: 'expected a value, found `}`', trailing: false });
    expect(inputError(() => parseManifests(`{"a": ${'['.repeat(500)}`, 'deep.json')).reason)
      .toBe('invalid JSON at column 507: unexpected end of file, 501 bracket(s) left open');
    expect(jsonFault(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)).toBeUndefined();
    expect(jsonFault(`${'['.repeat(200_000)}}`)).toBeUndefined();
    const err = inputError(() => parseManifests(`{"a": ${'['.repeat(200_000)}`, 'deep.json'));
    expect([err.line, err.reason]).toEqual([0, expect.stringMatching(/^invalid JSON: /)]);
  });

  test('jsonItemSpans: each span of a List parses to its item, whatever the spacing, strings or key order', () => {
    const tricky = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('"', '\\', '\\"', ']', '},{', '[', '"items": ['));
    const item = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.record({ kind: tricky, metadata: fc.record({ name: tricky }) }));
    const space = fc.constantFrom('', ' ', '\n', '\t', '\r\n  ');
    const spaces = fc.array(space, { minLength: 8, maxLength: 8 });
    fc.assert(fc.property(fc.array(item, { maxLength: 6 }), spaces, fc.boolean(), fc.boolean(), (items, sp, before, dup) => {
      const list = items.map((v) => sp[0] + JSON.stringify(v, null, sp[1].includes('\t') ? '\t' : 1) + sp[2]).join(',');
      const fields = [`"kind"${sp[3]}:${sp[4]}"List"`, `"items"${sp[5]}:${sp[6]}[${list}]`];
      if (dup) fields.unshift('"items": [1, 2, 3, 4, 5, 6, 7]'); // the last `items` counts, as for JSON.parse
      if (before) fields.reverse();
      const text = `${sp[7]}{${fields.join(',' + sp[2])}}${sp[7]}`;
      const parsed = JSON.parse(text);
      const spans = jsonItemSpans(text)!;
      expect(spans.map(([a, z]) => JSON.parse(text.slice(a, z)))).toEqual(parsed.items);
    }), { numRuns: 500 });
    expect(jsonItemSpans('{"kind": "List", "items": null}')).toBeUndefined();
    expect(jsonItemSpans('{"items": [{}], "items": "x"}')).toBeUndefined();
    expect(jsonItemSpans('[{"items": []}]')).toBeUndefined();
    expect(jsonItemSpans('{"items": []}')).toEqual([]);
  });

  test('a List over the YAML document limit still has item and field lines (each item parsed alone)', () => {
    const item = (i: number) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}` }, data: { k: 'v'.repeat(200) } });
    const count = Math.ceil((12 * 2 ** 20) / JSON.stringify(item(0), null, 2).length);
    const text = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: Array.from({ length: count }, (_, i) => item(i)) }, null, 2);
    const ms = parseManifests(text, 'big.json');
    const last = ms[count - 1];
    const lines = text.split('\n');
    expect(lines[last.source.line - 1]).toBe('    {');
    expect(lines[last.source.lineOf!(['metadata', 'name'])! - 1]).toBe(`        "name": "cm-${count - 1}"`);
  });

  test('lineColumn counts from 1', () => {
    expect([lineColumn('ab\ncd', 0), lineColumn('ab\ncd', 4), lineColumn('ab\ncd', 5)]).toEqual([{ line: 1, column: 1 }, { line: 2, column: 2 }, { line: 2, column: 3 }]);
  });

  const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/);
  const object = fc.record({
    apiVersion: fc.constantFrom('v1', 'apps/v1', 'example.com/v1alpha1'),
    kind: fc.constantFrom('ConfigMap', 'Deployment', 'Widget'),
    metadata: fc.record({
      name,
      annotations: fc.dictionary(fc.stringMatching(/^[a-z][a-z./-]{0,30}$/), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
    }),
    data: fc.dictionary(name.map((n) => `d-${n}`), fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.boolean()), { maxKeys: 4 }),
  });

  test('the same objects as JSON (any indentation) and as YAML load the same, and every name has its JSON line', () => {
    fc.assert(fc.property(fc.array(object, { minLength: 1, maxLength: 5 }), fc.constantFrom(2, 4, '\t'), (objects, indent) => {
      const json = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }, null, indent);
      const yaml = objects.map((o) => stringify(o, { version: '1.1' })).join('---\n');
      const fromJson = parseManifests(json, 'gen.json');
      expect(fromJson.map((m) => m.object)).toEqual(parseManifests(yaml, 'gen.yaml').map((m) => m.object));
      const lines = json.split('\n');
      fromJson.forEach((m, i) => {
        expect(lines[m.source.line - 1].trim()).toBe('{');
        expect(lines[m.source.lineOf!(['metadata', 'name'])! - 1].trim()).toBe(`"name": ${JSON.stringify(objects[i].metadata.name)},`);
      });
    }), { numRuns: 200 });
  });
});
