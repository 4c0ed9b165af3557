/**
 * Text to manifests, read the way Argo CD reads them: multi-document YAML (YAML 1.1 scalars, as
 * go-yaml), a `.json` file as exactly one JSON object, anything with an `items` list expanded,
 * empty documents skipped, every object checked for apiVersion, kind and name. Each manifest knows
 * its file and line, and the line of any field.
 */
import { Composer, Document, isScalar, LineCounter, Parser } from 'yaml';
import { collect } from './document-objects';
import { InputError } from './errors';
import { EMPTY, jsonFault, jsonItemSpans, lineColumn } from './json-text';
import { withPlainEnv } from './plain-env';
import { RENDER_FIRST, TemplateScan } from './template-actions';
import { describeParseError, documentValue, ForwardLines, offsetOf, YAML_OPTIONS, YamlFields } from './yaml-fields';
import { isPlainObject } from '../argo/annotations';
import { decodesAsObject, skipsUnreadableYamlFile } from '../argo/directory-source';
import type { Manifest } from '../argo/types';

/**
 * A YAML parse of JSON text, only to find lines: JSON is YAML 1.2 flow style. Duplicate keys are
 * allowed because JSON readers (`JSON.parse`, Go's encoding/json) keep the last one.
 */
const JSON_TREE_OPTIONS = { version: '1.2' as const, schema: 'json', uniqueKeys: false, prettyErrors: false };

/**
 * Argo CD reads a file named `*.json` with a JSON decoder, as one object (findManifests in
 * reposerver/repository/repository.go); every other file, and standard input, as a YAML stream.
 */
function isJsonFile(file: string): boolean {
  return file.endsWith('.json');
}

/**
 * How much of a load's YAML keeps its syntax trees once read, so that finding a field's line (where
 * a finding points) parses nothing again. A small plan re-parsed each document a finding points
 * into: 13 ms of a 170 ms run. A tree takes ~60 bytes per byte of YAML, so 32 KiB keep ~2 MiB; past
 * the budget, a document's tree is dropped and re-parsed from its text when asked.
 */
export class KeptTrees {
  constructor(private remaining: number = 32 * 1024) {}

  /** Whether a document of `bytes` keeps its tree: while the budget lasts. */
  keep(bytes: number): boolean {
    if (bytes > this.remaining) return false;
    this.remaining -= bytes;
    return true;
  }
}

/** How a file's text is read. */
export interface ParseOptions {
  /**
   * Read as a file of an app's folder, which Argo CD skips as unrelated YAML when its first
   * document is no object and its text does not look like a manifest (`skipsUnreadableYamlFile`:
   * a Helm `values.yaml` beside the manifests): such a file yields no manifests instead of an error.
   * Standard input is rendered output, read strictly. @default false
   */
  readonly folderFile?: boolean;
}

/**
 * Parses one file's text into manifests; `trees` is the budget of syntax trees kept, shared by the
 * files of one load.
 * @throws InputError for malformed YAML or JSON, alias bombs and documents that are not Kubernetes objects
 */
export function parseManifests(text: string, file: string, trees: KeptTrees = new KeptTrees(), options: ParseOptions = {}): Manifest[] {
  return withPlainEnv(() => parseFile(text, file, trees, options.folderFile === true));
}

function parseFile(text: string, file: string, trees: KeptTrees, folderFile: boolean): Manifest[] {
  try {
    if (isJsonFile(file)) return parseJson(text, file, true);
    const big = oversizedDocument(text);
    if (big && /^\s*[[{]/.test(text)) return parseJson(text, file, false);
    if (big) {
      const mib = (big.end - big.start) / 2 ** 20;
      throw new InputError(file, lineColumn(text, big.start).line, `a single YAML document of ${mib.toFixed(0)} MiB, more than the ${MAX_DOCUMENT_BYTES / 2 ** 20} MiB syncplan parses at once`,
        'split it into one document per object, or pass it as JSON');
    }
    return parseYaml(text, file, trees, false, folderFile);
  } catch (e) {
    if (e instanceof InputError) throw e;
    // The parser recurses per nesting level; a pathological document can exhaust the stack.
    throw new InputError(file, 0, `cannot parse: ${describeParseError(e)}`, 'check that this is a Kubernetes YAML file');
  }
}

/**
 * A YAML syntax tree takes ~60 bytes per byte of input: one huge document (a `List` from
 * `kubectl get -o yaml`) would exhaust memory, so larger documents are refused; JSON is not limited.
 */
export const MAX_DOCUMENT_BYTES = 10 * 2 ** 20;

/** The first document larger than the limit, found from `---` / `...` markers (never inside content). */
function oversizedDocument(text: string): { start: number; end: number } | undefined {
  if (text.length <= MAX_DOCUMENT_BYTES) return undefined;
  const marker = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/gm;
  let start = 0;
  for (let m = marker.exec(text); m; m = marker.exec(text)) {
    if (m.index - start > MAX_DOCUMENT_BYTES) return { start, end: m.index };
    start = m.index;
  }
  return text.length - start > MAX_DOCUMENT_BYTES ? { start, end: text.length } : undefined;
}

/**
 * A whole file of JSON: a `.json` file (`dotJson`), or YAML input too large for a syntax tree that
 * is JSON. Read with `JSON.parse`; a List's items get their lines from one pass over the text, and
 * fields get theirs from a syntax tree of their object alone, built on first use (as for YAML).
 */
function parseJson(text: string, file: string, dotJson: boolean): Manifest[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw jsonError(text, file, e, dotJson);
  }
  const json = jsonLines(text, value);
  if (dotJson) checkJsonObject(value, file, json.line);
  const manifests: Manifest[] = [];
  collect(value, { file, line: json.line, index: 0, lineOf: json.lineOf }, json.itemLine, json.raw, manifests, dotJson);
  return manifests;
}

/** Where the parts of a whole text of JSON are: its first line, a List item's, any field's, and a scalar's raw text. */
export interface JsonLines {
  readonly line: number;
  itemLine(index: number): number;
  lineOf(path: ReadonlyArray<string | number>): number | undefined;
  raw(path: ReadonlyArray<string | number>): string | undefined;
}

/**
 * The lines of `value`, which `JSON.parse(text)` returned: a List's items get theirs from one pass
 * over the text, and fields theirs from a syntax tree of their object alone, built on first use, so
 * a big `kubectl get -o json` costs a syntax tree only where an error or a note points.
 */
export function jsonLines(text: string, value: unknown): JsonLines {
  const start = text.search(/\S/);
  const { line } = lineColumn(text, start);
  const root = spanTree(text, start, text.length, line);
  const items = isPlainObject(value) ? (value as Record<string, unknown>).items : undefined;
  const spans = Array.isArray(items) ? jsonItemSpans(text) : undefined;
  const trees = spans && spans.length === (items as unknown[]).length ? itemTrees(text, spans) : undefined;
  const inItem = (path: ReadonlyArray<string | number>) => (trees && path[0] === 'items' && typeof path[1] === 'number' ? trees[path[1]] : undefined);
  return {
    line,
    itemLine: (i) => trees?.[i].line ?? line,
    lineOf(path) {
      const item = inItem(path);
      return item ? item.lineOf(path.slice(2)) : root.lineOf(path);
    },
    raw(path) {
      const item = inItem(path);
      return item ? item.raw(path.slice(2)) : root.raw(path);
    },
  };
}

/** A lazy tree per List item, each knowing its first line (counted in one pass, items in order). */
function itemTrees(text: string, spans: ReadonlyArray<[number, number]>) {
  let line = 1;
  let newline = text.indexOf('\n');
  return spans.map(([start, end]) => {
    for (; newline >= 0 && newline < start; newline = text.indexOf('\n', newline + 1)) line++;
    return spanTree(text, start, end, line);
  });
}

/**
 * Lines and raw text of the fields of the JSON value at `text[start, end)`, from a YAML syntax tree
 * of that value built on first use (none past the YAML document limit: fields then have no lines).
 */
function spanTree(text: string, start: number, end: number, line: number) {
  let tree: { doc: Document.Parsed; lines: LineCounter } | null | undefined = end - start > MAX_DOCUMENT_BYTES ? null : undefined;
  const get = () => {
    if (tree === undefined) tree = parseJsonTree(text.slice(start, end));
    return tree;
  };
  return {
    line,
    lineOf(path: ReadonlyArray<string | number>): number | undefined {
      const t = get();
      const offset = t ? offsetOf(t.doc, path) : undefined;
      return offset === undefined ? undefined : line + t!.lines.linePos(offset).line - 1;
    },
    raw(path: ReadonlyArray<string | number>): string | undefined {
      const node = get()?.doc.getIn(path, true);
      return isScalar(node) && typeof node.source === 'string' ? node.source : undefined;
    },
  };
}

function parseJsonTree(text: string): { doc: Document.Parsed; lines: LineCounter } | null {
  try {
    const lines = new LineCounter();
    const docs = [...new Composer(JSON_TREE_OPTIONS).compose(new Parser(lines.addNewLine).parse(text))];
    return docs.length === 1 && docs[0].errors.length === 0 ? { doc: docs[0], lines } : null;
  } catch {
    return null; // nested too deeply for the parser's recursion
  }
}

/** How a YAML manifest starts (a marker, a comment, or a `key:` at the start of a line); JSON never does. */
const YAML_START = /^\s*(?:---|#|[A-Za-z_][\w.-]*:(?:\s|$))/;

/** Malformed JSON, located: the column too, since JSON is often one long line. */
function jsonError(text: string, file: string, e: unknown, dotJson: boolean): InputError {
  const fault = jsonFault(text);
  if (!fault) return new InputError(file, 0, `invalid JSON: ${describeParseError(e)}`, 'fix the JSON syntax'); // valid, yet JSON.parse failed: too deep
  const { line, column } = lineColumn(text, fault.offset);
  if (fault.reason === EMPTY && dotJson) {
    return new InputError(file, 0, 'an empty .json file: Argo CD fails the whole app on it (unexpected EOF)', 'delete it, or put one Kubernetes object in it');
  }
  if (dotJson && YAML_START.test(text)) {
    return new InputError(file, line, `invalid JSON at column ${column}: the file holds YAML, and Argo CD reads a .json file as JSON only (it fails the app on this one)`,
      'rename the file to .yaml, or write it as JSON');
  }
  if (fault.trailing && dotJson) {
    return new InputError(file, line, `more than one JSON value (column ${column}): Argo CD allows a single object in a .json file`,
      'wrap the objects in a List (`{"apiVersion": "v1", "kind": "List", "items": [...]}`) or give each its own file');
  }
  if (fault.trailing) {
    return new InputError(file, line, `more than one JSON value (column ${column})`, 'wrap the objects in a List, or pass them as separate files');
  }
  return new InputError(file, line, `invalid JSON at column ${column}: ${fault.reason}`, 'fix the JSON syntax');
}

/**
 * Argo CD decodes a `.json` file into one object: an array or a scalar fails the app, and so does an
 * object with neither apiVersion nor kind (a `package.json`: Argo CD does not skip it, unlike
 * unrelated YAML) unless it has `items`, which are expanded as from any List.
 */
function checkJsonObject(value: unknown, file: string, line: number): void {
  if (Array.isArray(value)) {
    throw new InputError(file, line, 'a JSON array, not an object: Argo CD reads a single object from a .json file',
      'wrap the items in a List: `{"apiVersion": "v1", "kind": "List", "items": [...]}`');
  }
  if (!isPlainObject(value)) {
    const found = value === null ? 'null' : `a ${typeof value}`;
    throw new InputError(file, line, `the JSON value is ${found}, not a Kubernetes object`, 'put one object with apiVersion, kind and metadata in the file');
  }
  const object = value as Record<string, unknown>;
  if (object.apiVersion === undefined && object.kind === undefined && !Array.isArray(object.items)) {
    throw new InputError(file, line, 'a JSON object with neither apiVersion nor kind: Argo CD reads every .json file in an app\'s folder as a manifest and fails on this one',
      'move the file out of the manifests folder, or exclude it with the Application\'s spec.source.directory.exclude');
  }
}

/**
 * A YAML file's manifests. Lines are counted from the text (a file without a syntax error reports every
 * newline to yaml's LineCounter, so the two agree: property-tested); a file that fails to load is read
 * again with yaml's LineCounter (`counted`), which then decides the error and its line, as it always
 * did. What this buys: no array of every line start per file, kept alive by each manifest's `lineOf`
 * (~3 MiB of the 20,000-document plan's peak memory), and no callback per line.
 */
function parseYaml(text: string, file: string, trees: KeptTrees, counted = false, folderFile = false): Manifest[] {
  if (counted) return parseYamlWith(text, file, new LineCounter(), trees, folderFile);
  try {
    return parseYamlWith(text, file, undefined, trees, folderFile);
  } catch (e) {
    if (e instanceof InputError) return parseYamlWith(text, file, new LineCounter(), trees, folderFile);
    throw e;
  }
}

/** @internal the straightforward reading (lines from yaml's LineCounter), for the property test of the fast one */
export function parseYamlCounted(text: string, file: string, trees: KeptTrees = new KeptTrees()): Manifest[] {
  return parseYaml(text, file, trees, true);
}

function parseYamlWith(text: string, file: string, lines: LineCounter | undefined, trees: KeptTrees, folderFile = false): Manifest[] {
  const forward = new ForwardLines(text);
  // Argo CD skips the whole file when its first object does not decode and the text does not look
  // like a manifest; a document that does not decode after one that did fails the app.
  let decoded = false;
  const skipped = () => folderFile && !decoded && skipsUnreadableYamlFile(text);
  const lineOfOffset = lines ? (offset: number) => lines.linePos(offset).line : (offset: number) => forward.at(offset);
  const composer = new Composer(YAML_OPTIONS);
  const templates = new TemplateScan(text);
  const manifests: Manifest[] = [];
  let index = 0;
  // Composed one document at a time, so only one syntax tree is alive at once past the budget of kept trees.
  for (const doc of composer.compose(new Parser(lines?.addNewLine).parse(text))) {
    const docIndex = index++;
    const error = doc.errors[0];
    if (error) {
      if (skipped()) return [];
      const errorLine = lineOfOffset(error.pos[0]);
      const action = templates.unquotedActionIn(doc.range[0], doc.range[2]);
      if (action !== undefined) {
        throw new InputError(file, errorLine, `invalid YAML: ${describeParseError(error)}; line ${lineOfOffset(action)} holds a Go template action ({{ … }}) outside quotes, `
          + 'so this looks like a Go template (Helm\'s syntax), not a rendered manifest', RENDER_FIRST);
      }
      const repeated = error.code === 'DUPLICATE_KEY' ? keyAt(text, error.pos[0]) : undefined;
      if (repeated !== undefined) {
        // Argo CD's reader (sigs.k8s.io/yaml, not strict) keeps the last value without a word: refused here, not dropped silently.
        throw new InputError(file, errorLine, `invalid YAML: ${describeParseError(error)}: ${repeated} is repeated; Argo CD (sigs.k8s.io/yaml) would silently keep its last value`,
          `remove the ${repeated} you do not mean`);
      }
      throw new InputError(file, errorLine, `invalid YAML: ${describeParseError(error)}`, 'fix the YAML syntax');
    }
    if (!doc.contents) continue;
    const action = templates.templateActionIn(doc);
    if (action !== undefined) {
      if (skipped()) return [];
      throw new InputError(file, lineOfOffset(action), 'a Go template action ({{ … }}) where YAML reads a key or a value: this is a Go template (Helm\'s syntax), not a rendered manifest', RENDER_FIRST);
    }
    const docLine = lineOfOffset(doc.contents.range[0]);
    const read = documentValue(doc);
    if ('error' in read) throw new InputError(file, docLine, read.error, read.fix);
    const value = read.value;
    if (value === null || value === undefined) continue; // `---` with nothing, `~`, comments only
    if (!decodesAsObject(value) && skipped()) {
      // A manifest that only lacks its kind: Argo CD drops it without a word, so say so instead.
      if (isPlainObject(value) && 'metadata' in (value as Record<string, unknown>)) {
        throw new InputError(file, docLine, 'object has no kind, so Argo CD skips this whole file as unrelated YAML and never syncs it', 'add one, e.g. `kind: Deployment`');
      }
      return [];
    }
    decoded = true;
    const fields = new YamlFields(text, doc, docLine, lines);
    // Bound rather than an arrow function: no closure context per document stays alive with it
    // (1.7 MiB less alive after loading 20,000 documents, 38.2 -> 36.5).
    const lineOf = fields.lineOf.bind(fields);
    collect(value, { file, line: docLine, index: docIndex, lineOf }, (i) => lineOf(['items', i]) ?? docLine, (path) => fields.raw(path), manifests);
    if (!trees.keep(doc.range[2] - doc.range[0])) fields.release(); // from here on, lines are found by re-parsing this document alone
  }
  return manifests;
}

/** The plain or quoted key written on the line of `offset` (`  "a/b": 1` → `a/b`), if it reads as one. */
function keyAt(text: string, offset: number): string | undefined {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  const line = text.slice(start, end < 0 ? text.length : end);
  const m = /^\s*(?:-\s+)?(?:"([^"\\]*)"|'([^']*)'|([^\s"'#:][^:#]*?))\s*:(?:\s|$)/.exec(line);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}
