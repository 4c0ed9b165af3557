import { mkdirSync, symlinkSync, writeFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { stringify } from 'yaml';
import { inputError, tempDirEach } from './helpers';
import { buildPlan } from '../../src/argo/plan';
import { InputError } from '../../src/cli/errors';
import { decode, expandPaths, loadPaths, MAX_FILE_BYTES, parseManifests, SKIP_FILE_MARKER, STDIN } from '../../src/cli/load';

// Generous: the 50 MB and fuzz tests must pass on a busy shared machine; they only guard against hangs.
jest.setTimeout(60_000);

const cm = (name: string, extra = '') => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${extra}`;


const tmp = tempDirEach('syncplan-load');
let dir = '';
beforeEach(() => {
  dir = tmp();
});

describe('parseManifests: documents', () => {
  test('multi-document file: one manifest per object, 1-based lines, document index', () => {
    const text = `# leading comment\n${cm('a')}---\n---\n# only a comment\n---\n${cm('b')}...\n---\n~\n---\n${cm('c')}`;
    const ms = parseManifests(text, 'app.yaml');
    expect(ms.map((m) => (m.object.metadata as any).name)).toEqual(['a', 'b', 'c']);
    expect(ms.map((m) => m.source.line)).toEqual([2, 10, 18]);
    expect(ms.map((m) => m.source.index)).toEqual([0, 3, 5]);
    expect(ms.every((m) => m.source.file === 'app.yaml')).toBe(true);
  });

  test('lineOf points at the key of a nested field, undefined when absent', () => {
    const text = `${cm('a')}---\n${cm('b', '  annotations:\n    argocd.argoproj.io/sync-wave: "2"\n')}`;
    const [a, b] = parseManifests(text, 'f.yaml');
    expect(a.source.lineOf!(['metadata', 'name'])).toBe(4);
    expect(b.source.lineOf!(['metadata', 'annotations', 'argocd.argoproj.io/sync-wave'])).toBe(11);
    expect(b.source.lineOf!(['metadata', 'labels'])).toBeUndefined();
    expect(b.source.lineOf!(['spec', 0])).toBeUndefined();
  });

  test('`items` lists are expanded like Argo CD does (unstructured IsList), items: null is empty', () => {
    const text = 'apiVersion: v1\nkind: List\nitems:\n'
      + '- apiVersion: v1\n  kind: Secret\n  metadata: {name: s1}\n'
      + '- apiVersion: v1\n  kind: Secret\n  metadata:\n    name: s2\n'
      + '---\napiVersion: v1\nkind: ConfigMapList\nitems: null\n';
    const ms = parseManifests(text, 'list.yaml');
    expect(ms.map((m) => [m.object.kind, (m.object.metadata as any).name, m.source.line])).toEqual([['Secret', 's1', 4], ['Secret', 's2', 7]]);
    expect(ms[1].source.lineOf!(['metadata', 'name'])).toBe(10);
  });

  test('scalars are read as Argo CD reads them (go-yaml, YAML 1.1), raw values kept for the model', () => {
    const [m] = parseManifests(cm('a', '  annotations:\n    wave: 1\n    flag: yes\n    on: x\n    mode: 0755\n    date: 2024-01-02\n    time: 1:30\n'), 'f.yaml');
    // `on` as a key is the boolean true too: the Norway problem, exactly as Kubernetes sees it.
    expect((m.object.metadata as any).annotations).toEqual({ wave: 1, flag: true, true: 'x', mode: 493, date: '2024-01-02', time: '1:30' });
  });

  test('merge keys and small anchors work', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata: &m\n  name: a\n  labels: &l {app: x}\ndata:\n  <<: {k: v}\n---\n'
      + 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: b\n  labels: *l\n';
    const [a] = parseManifests(text.split('---')[0] + 'extra:\n  labels: *l\n', 'f.yaml');
    expect(a.object.data).toEqual({ k: 'v' });
    expect(a.object.extra).toEqual({ labels: { app: 'x' } });
    // Anchors do not cross documents.
    const err = inputError(() => parseManifests(text, 'f.yaml'));
    expect([err.line, err.reason]).toEqual([9, 'invalid YAML: Unresolved alias (the anchor must be set before the alias): l']);
  });

  test('generateName is enough for a name (the model decides whether that is allowed)', () => {
    const [m] = parseManifests('apiVersion: batch/v1\nkind: Job\nmetadata:\n  generateName: migrate-\n', 'f.yaml');
    expect((m.object.metadata as any).generateName).toBe('migrate-');
  });

  test('CRLF line endings: same objects, same lines', () => {
    const text = `# c\n${cm('a')}---\n${cm('b', '  annotations:\n    x: "1"\n')}`;
    const lf = parseManifests(text, 'f.yaml');
    const crlf = parseManifests(text.replace(/\n/g, '\r\n'), 'f.yaml');
    expect(crlf.map((m) => m.object)).toEqual(lf.map((m) => m.object));
    expect(crlf.map((m) => [m.source.line, m.source.lineOf!(['metadata', 'annotations', 'x'])])).toEqual([[2, undefined], [7, 12]]);
  });

  test('an empty file has no manifests', () => {
    expect(parseManifests('', 'e.yaml')).toEqual([]);
    expect(parseManifests('# nothing\n---\n', 'e.yaml')).toEqual([]);
  });
});

describe('parseManifests: properties', () => {
  const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/);
  const object = fc.record({
    apiVersion: fc.constantFrom('v1', 'apps/v1', 'batch/v1', 'example.com/v1alpha1'),
    kind: fc.constantFrom('ConfigMap', 'Deployment', 'Job', 'Widget'),
    metadata: fc.record({
      name,
      annotations: fc.dictionary(fc.stringMatching(/^[a-z][a-z./-]{0,30}$/), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
    }),
    data: fc.dictionary(name, fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.boolean()), { maxKeys: 4 }),
  });

  test('what yaml writes, the loader reads back unchanged, with the line of every name', () => {
    fc.assert(fc.property(fc.array(object, { maxLength: 6 }), fc.array(fc.constantFrom('', '# note\n', '---\n'), { minLength: 6, maxLength: 6 }), (objects, fillers) => {
      // YAML 1.1 output quotes strings like "yes" that a 1.1 reader would take for booleans.
      const docs = objects.map((o, i) => fillers[i] + stringify(o, { version: '1.1' }));
      const text = docs.join('---\n');
      const ms = parseManifests(text, 'gen.yaml');
      expect(ms.map((m) => m.object)).toEqual(objects);
      const lines = text.split('\n');
      for (const m of ms) {
        expect(lines[m.source.line - 1]).toMatch(/^apiVersion: /);
        expect(lines[m.source.lineOf!(['metadata', 'name'])! - 1]).toMatch(/^ {2}name: /);
      }
    }), { numRuns: 200 });
  });
});

describe('parseManifests: bad input is an InputError with file and line', () => {
  test.each([
    ['malformed YAML (reported where the parser gives up)', `${cm('a')}---\napiVersion: v1\nkind: [ConfigMap\n`, 8, /invalid YAML/],
    ['bad indentation', 'apiVersion: v1\nkind: ConfigMap\n metadata: {name: a}\n', 2, /invalid YAML: Nested mappings/],
    ['duplicate key', `${cm('a')}data:\n  k: 1\n  k: 2\n`, 7, /invalid YAML: Map keys must be unique/],
    ['tab indentation', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n\tname: a\n', 4, /invalid YAML/],
    ['a string document', `${cm('a')}---\njust some text\n`, 6, /document is a string .*not a Kubernetes object/],
    ['a list document', '- apiVersion: v1\n  kind: ConfigMap\n', 1, /document is a list/],
    ['a number document', '42\n', 1, /document is a number/],
    ['no apiVersion', 'kind: ConfigMap\nmetadata: {name: a}\n', 1, /no apiVersion/],
    ['apiVersion not a string', 'apiVersion: 1\nkind: ConfigMap\nmetadata: {name: a}\n', 1, /^apiVersion is 1 \(a number\), not a string$/],
    ['a name YAML 1.1 reads as a boolean', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: no\n', 4, /^metadata.name is false \(a boolean\), not a string$/],
    ['no kind', 'apiVersion: v1\nmetadata: {name: a}\n', 1, /no kind/],
    ['no metadata', 'apiVersion: v1\nkind: ConfigMap\ndata: {}\n', 1, /ConfigMap has no metadata/],
    ['list item not a mapping', 'apiVersion: v1\nkind: List\nitems:\n- 3\n', 4, /item 0 of the list is a number/],
    ['list item without kind', 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  metadata: {name: a}\n', 4, /no kind/],
    ['unterminated quote', 'apiVersion: v1\nkind: "ConfigMap\nmetadata: {name: a}\n', 4, /invalid YAML: Missing closing "quote/],
  ])('%s', (_what, text, line, message) => {
    const err = inputError(() => parseManifests(text, 'bad.yaml'));
    expect([err.file, err.line]).toEqual(['bad.yaml', line]);
    expect(err.reason).toMatch(message);
    expect(err.message).toMatch(new RegExp(`^bad\\.yaml:${line}: `));
    expect(err.hint.length).toBeGreaterThan(0);
  });

  test('a non-string name gets a hint quoting what the file says', () => {
    const err = inputError(() => parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: No\n', 'n.yaml'));
    expect(err.message).toBe('n.yaml:4: metadata.name is false (a boolean), not a string (quote it, e.g. `name: "No"`)');
  });

  test('TestAutomaticallyNamingUnnamedHook, TestNamingNonHookResource: an object without a name is read; Argo CD decides (a hook is named, anything else fails the sync)', () => {
    for (const metadata of ['metadata:\n  labels: {a: b}\n', 'metadata:\n  name: ""\n', 'metadata:\n  name: ~\n']) {
      const [m] = parseManifests(`apiVersion: v1\nkind: ConfigMap\n${metadata}`, 'n.yaml');
      expect(m.object.kind).toBe('ConfigMap');
    }
    const err = inputError(() => parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  generateName: 5\n', 'n.yaml'));
    expect(err.message).toBe('n.yaml:4: metadata.generateName is 5 (a number), not a string (quote it, e.g. `generateName: "5"`)');
  });

  test.each([
    ['a string', 'metadata: web\n'],
    ['a list', 'metadata:\n- name: web\n'],
  ])('metadata that is %s is reported as such, not as missing', (found, text) => {
    const err = inputError(() => parseManifests(`apiVersion: v1\nkind: ConfigMap\n${text}`, 'm.yaml'));
    expect(err.message).toBe(`m.yaml:3: ConfigMap has metadata that is ${found}, not a mapping (make \`metadata:\` a mapping with a \`name:\`)`);
  });

  test('an alias bomb ("billion laughs") is refused', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const text = `${cm('ok')}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: bomb}\ndata:\n${levels.map((l) => `  ${l}`).join('\n')}\n`;
    const err = inputError(() => parseManifests(text, 'bomb.yaml'));
    expect(err.reason).toMatch(/alias/);
    expect(err.line).toBe(6);
  });

  test('pathologically deep nesting is an InputError, not a stack overflow', () => {
    const err = inputError(() => parseManifests('['.repeat(100_000), 'deep.yaml'));
    expect(err.reason).toMatch(/nested too deeply/);
  });

  test('random text never throws anything but an InputError', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
      try {
        parseManifests(text, 'junk.yaml');
      } catch (e) {
        return e instanceof InputError && !e.message.includes('\n');
      }
      return true;
    }), { numRuns: 300 });
  });

  test('a valid file with random characters spliced in parses or fails with a line inside the file', () => {
    const valid = `${cm('a', '  annotations:\n    argocd.argoproj.io/sync-wave: "1"\n')}---\n${cm('b')}`;
    const lines = valid.split('\n').length;
    const junk = fc.constantFrom(':', '-', '[', ']', '{', '}', '"', "'", '&a', '*a', '!', '|', '>', '#', '\t', '  ', '\n', '%', '@', '`', '---\n', 'x');
    fc.assert(fc.property(fc.nat(valid.length), fc.array(junk, { minLength: 1, maxLength: 4 }), (at, bits) => {
      const text = valid.slice(0, at) + bits.join('') + valid.slice(at);
      try {
        parseManifests(text, 'spliced.yaml');
      } catch (e) {
        if (!(e instanceof InputError)) return false;
        return e.line >= 0 && e.line <= lines + bits.join('').split('\n').length;
      }
      return true;
    }), { numRuns: 500 });
  });
});

describe('decode: binary input', () => {
  test('a NUL byte is binary data, reported at its line', () => {
    const err = inputError(() => decode(Buffer.from('a: 1\nb: 2\n\0\0\0'), 'img.png'));
    expect([err.line, err.reason]).toEqual([3, 'binary data (NUL byte), not YAML text']);
  });

  test('invalid UTF-8 is reported at its line', () => {
    const bytes = Buffer.concat([Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: '), Buffer.from([0xc3, 0x28]), Buffer.from('}\n')]);
    const err = inputError(() => decode(bytes, 'latin1.yaml'));
    expect([err.line, err.reason]).toEqual([3, 'invalid UTF-8']);
  });

  test('UTF-8 with a BOM and non-ASCII text decode', () => {
    expect(decode(Buffer.from('\ufeffname: café ✓\n', 'utf8'), 'f.yaml')).toBe('name: café ✓\n');
  });

  test('random bytes either decode to text or give an InputError', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
      try {
        return typeof decode(Buffer.from(bytes), 'rand.bin') === 'string';
      } catch (e) {
        return e instanceof InputError && e.line >= 1;
      }
    }), { numRuns: 500 });
  });
});

describe('loadPaths: files, folders, stdin', () => {
  test('folders are searched recursively for *.yaml, *.yml and *.json, byte-wise sorted, hidden entries skipped', () => {
    mkdirSync(join(dir, 'b', 'nested'), { recursive: true });
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, 'b', 'nested', 'z.yml'), cm('z'));
    writeFileSync(join(dir, 'b', 'a.yaml'), cm('ba'));
    writeFileSync(join(dir, 'B.yaml'), cm('upper'));
    writeFileSync(join(dir, 'a.yaml'), cm('a'));
    writeFileSync(join(dir, 'notes.txt'), 'not yaml: [');
    writeFileSync(join(dir, '.hidden.yaml'), 'not yaml: [');
    writeFileSync(join(dir, '.git', 'x.yaml'), 'not yaml: [');
    writeFileSync(join(dir, 'b', 'nested', 'y.json'), '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "y"}}');
    writeFileSync(join(dir, '.hidden.json'), '[');
    const names = loadPaths([dir]).map((m) => (m.object.metadata as any).name);
    expect(names).toEqual(['upper', 'a', 'ba', 'y', 'z']);
  });

  test('a file named twice (directly and through its folder) is read once; symlink loops end', () => {
    writeFileSync(join(dir, 'a.yaml'), cm('a'));
    symlinkSync(dir, join(dir, 'loop'));
    expect(expandPaths([join(dir, 'a.yaml'), dir])).toEqual([join(dir, 'a.yaml')]);
    expect(loadPaths([dir, join(dir, 'a.yaml')])).toHaveLength(1);
  });

  test('- reads standard input, named <stdin> in sources', () => {
    const ms = loadPaths(['-'], { readStdin: () => Buffer.from(cm('from-stdin')) });
    expect(ms[0].source.file).toBe(STDIN);
    expect((ms[0].object.metadata as any).name).toBe('from-stdin');
  });

  test('inputs over the size limits are refused before parsing', () => {
    const err = inputError(() => loadPaths(['-'], { readStdin: () => Buffer.alloc(MAX_FILE_BYTES + 1, 0x20) }));
    expect([err.file, err.line, err.reason]).toEqual([STDIN, 0, 'inputs reach 128 MiB here, more than the 128 MiB per file or 256 MiB in all syncplan reads']);
  });

  test('a missing path, an empty folder', () => {
    expect(inputError(() => loadPaths([join(dir, 'nope.yaml')])).reason).toBe('no such file or folder');
    mkdirSync(join(dir, 'empty'));
    expect(inputError(() => loadPaths([join(dir, 'empty')])).reason).toBe('folder has no .yaml, .yml or .json files');
  });

  test('Test_NormalizeTargetObjects_Deduplication: an object defined twice across files is read, not refused; the plan keeps the last', () => {
    writeFileSync(join(dir, 'a.yaml'), `${cm('x')}---\n${cm('web')}`);
    writeFileSync(join(dir, 'b.yaml'), `# again\n${cm('web')}`);
    const ms = loadPaths([dir]);
    expect(ms).toHaveLength(3);
    const plan = buildPlan(ms);
    expect(plan.excluded.map((x) => [x.manifest.source.file, x.manifest.source.line, x.keptInstead?.source.file, x.keptInstead?.source.line]))
      .toEqual([[join(dir, 'a.yaml'), 6, join(dir, 'b.yaml'), 2]]);
  });

  test('repeated objects: the destination namespace fills in, group and namespace tell objects apart, generateName never collides', () => {
    const ns = (n: string) => `  namespace: ${n}\n`;
    const repeated = (namespace = '') => buildPlan(loadPaths([dir]), { namespace }).excluded.length;
    writeFileSync(join(dir, 'a.yaml'), `${cm('x', ns('prod'))}---\n${cm('x')}`);
    expect(repeated()).toBe(0);
    expect(repeated('prod')).toBe(1);
    writeFileSync(join(dir, 'a.yaml'), 'apiVersion: apps/v1\nkind: Thing\nmetadata: {name: t}\n---\napiVersion: other.io/v1\nkind: Thing\nmetadata: {name: t}\n');
    expect(repeated()).toBe(0);
    // Test_NormalizeTargetObjects_GenerateName: generateName objects are keyed by position.
    writeFileSync(join(dir, 'a.yaml'), 'apiVersion: batch/v1\nkind: Job\nmetadata: {generateName: j-}\n---\napiVersion: batch/v1\nkind: Job\nmetadata: {generateName: j-}\n');
    expect(repeated()).toBe(0);
  });

  test('errors from a file name that file', () => {
    writeFileSync(join(dir, 'good.yaml'), cm('a'));
    writeFileSync(join(dir, 'junk.yaml'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    const err = inputError(() => loadPaths([dir]));
    expect(err.message).toBe(`${join(dir, 'junk.yaml')}:3: binary data (NUL byte), not YAML text (pass YAML manifests, UTF-8 encoded)`);
  });

  test('random file contents (bytes, or text around a valid object) give manifests or an InputError naming the file', () => {
    const file = join(dir, 'fuzz.yaml');
    const contents = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
      fc.tuple(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 })).map(([a, b]) => Buffer.from(a + cm('x') + b)),
    );
    fc.assert(fc.property(contents, (bytes) => {
      writeFileSync(file, bytes);
      try {
        return Array.isArray(loadPaths([file]));
      } catch (e) {
        return e instanceof InputError && e.file === file && !e.message.includes('\n');
      }
    }), { numRuns: 300 });
  });

  test('50 MB files: JSON loads; one 50 MB YAML document is refused before it is parsed (a syntax tree would exhaust memory); junk fails', () => {
    const item = (i: number) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}`, namespace: 'ns' }, data: { k: 'v'.repeat(300) } });
    const count = Math.ceil((50 * 2 ** 20) / JSON.stringify(item(0)).length);
    writeFileSync(join(dir, 'list.json'), JSON.stringify({ apiVersion: 'v1', kind: 'List', items: Array.from({ length: count }, (_, i) => item(i)) }));
    const ms = loadPaths([join(dir, 'list.json')]);
    expect([ms.length, (ms[count - 1].object.metadata as any).name, ms[0].source.line]).toEqual([count, `cm-${count - 1}`, 1]);

    writeFileSync(join(dir, 'big.yaml'), `${cm('small')}---\n${cm('big')}data:\n  blob: ${'x'.repeat(50 * 2 ** 20)}\n`);
    const err = inputError(() => loadPaths([join(dir, 'big.yaml')]));
    expect([err.line, err.reason]).toEqual([5, 'a single YAML document of 50 MiB, more than the 10 MiB syncplan parses at once']);

    writeFileSync(join(dir, 'junk.yaml'), Buffer.alloc(50 * 2 ** 20, 0xff));
    expect(inputError(() => loadPaths([join(dir, 'junk.yaml')])).reason).toBe('invalid UTF-8');
  });
});

test('a !!binary document is named as binary data, not as an object without apiVersion', () => {
  expect(() => parseManifests('!!binary aGVsbG8=\n', 'bin.yaml')).toThrow(/bin\.yaml:1: document is binary data \(!!binary\), not a Kubernetes object/);
});

describe('files Argo CD skips', () => {
  test('Test_findManifests "invalid manifest containing \'+argocd:skip-file-rendering\' doesn\'t throw an error": the file is skipped', () => {
    writeFileSync(join(dir, 'a.yaml'), cm('a'));
    writeFileSync(join(dir, 'values.yaml'), `# ${SKIP_FILE_MARKER}\nreplicas: 3\nimage: {tag: 1.0\n`);
    writeFileSync(join(dir, 'example.yaml'), `${cm('example')}  # ${SKIP_FILE_MARKER}\n`);
    expect(loadPaths([dir]).map((m) => (m.object.metadata as { name: string }).name)).toEqual(['a']);
    expect(loadPaths([join(dir, 'values.yaml')])).toEqual([]);
  });

  test('a YAML file that is no manifest (a values file, a chart repository index) is skipped, as Argo CD skips unrelated YAML', () => {
    writeFileSync(join(dir, 'a.yaml'), cm('a'));
    writeFileSync(join(dir, 'values.yaml'), 'replicas: 3\nimage:\n  tag: "1.0"\n');
    writeFileSync(join(dir, 'index.yaml'), 'apiVersion: v1\nentries:\n  web:\n  - version: 1.0.0\n    urls: [https://charts.example.com/web-1.0.0.tgz]\n');
    writeFileSync(join(dir, 'notes.yaml'), '# release notes\n---\njust some text\n');
    writeFileSync(join(dir, 'broken.yml'), 'replicas: [3\n'); // not even YAML, and no manifest either
    expect(loadPaths([dir]).map((m) => (m.object.metadata as { name: string }).name)).toEqual(['a']);
    expect(loadPaths([join(dir, 'values.yaml')])).toEqual([]);
  });

  test('what Argo CD fails the app on stays an error: text that looks like a manifest, or a bad document after an object; an object that only lacks its kind is named too (Argo CD drops it without a word)', () => {
    writeFileSync(join(dir, 'nokind.yaml'), 'apiVersion: v1\nmetadata:\n  name: a\n# the kind was forgotten\n');
    expect(inputError(() => loadPaths([join(dir, 'nokind.yaml')])).reason).toMatch(/^object has no kind, so Argo CD skips this whole file as unrelated YAML and never syncs it$/);
    writeFileSync(join(dir, 'second.yaml'), `${cm('a')}---\nreplicas: 3\n`);
    expect(inputError(() => loadPaths([join(dir, 'second.yaml')])).line).toBe(6);
    writeFileSync(join(dir, 'tab.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n\tname: a\n');
    expect(inputError(() => loadPaths([join(dir, 'tab.yaml')])).reason).toMatch(/invalid YAML/);
  });

  test('standard input is never skipped: it is rendered output, not a folder', () => {
    expect(inputError(() => loadPaths(['-'], { readStdin: () => Buffer.from('replicas: 3\n') })).reason).toMatch(/no apiVersion/);
  });
});

describe('the cdk8s CLI\'s construct metadata', () => {
  // What cdk8s's App writes beside the charts when the CLI asks (cdk8s.yaml lists validations).
  const metadata = JSON.stringify({ version: '1.0.0', resources: { 'web-c8a1b2c3': { path: 'web/deployment/Resource' } } });

  test('construct-metadata.json as cdk8s writes it is no manifest: left out, and the caller told why and how to keep it from Argo CD', () => {
    writeFileSync(join(dir, 'web.k8s.yaml'), cm('a'));
    writeFileSync(join(dir, 'construct-metadata.json'), metadata);
    const notes: string[] = [];
    expect(loadPaths([dir], { skipped: (note) => notes.push(note) }).map((m) => m.source.file)).toEqual([join(dir, 'web.k8s.yaml')]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(`${join(dir, 'construct-metadata.json')}: not read: the cdk8s CLI's construct metadata`);
    expect(notes[0]).toContain('spec.source.directory.exclude');
    // Named alone, it is left out the same way; without a listener, silently.
    expect(loadPaths([join(dir, 'construct-metadata.json')])).toEqual([]);
  });

  test('only that file of that shape: the same object in another .json file, or a manifest in a file of that name, is read as Argo CD reads it', () => {
    writeFileSync(join(dir, 'other.json'), metadata);
    expect(inputError(() => loadPaths([join(dir, 'other.json')])).reason).toMatch(/^a JSON object with neither apiVersion nor kind/);
    writeFileSync(join(dir, 'construct-metadata.json'), JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'm' } }));
    const notes: string[] = [];
    expect(loadPaths([join(dir, 'construct-metadata.json')], { skipped: (note) => notes.push(note) }).map((m) => m.object.kind)).toEqual(['ConfigMap']);
    expect(notes).toEqual([]);
    writeFileSync(join(dir, 'construct-metadata.json'), JSON.stringify({ version: '1.0.0', resources: {}, extra: 1 }));
    expect(inputError(() => loadPaths([join(dir, 'construct-metadata.json')])).reason).toMatch(/^a JSON object with neither apiVersion nor kind/);
  });
});
