/**
 * Reads the JSON or YAML documents of one file (or `-`, standard input) as plain values, for inputs
 * that are not manifests to plan: an Application as `argocd app get -o json` prints it (no `kind`),
 * Argo CD's resource tree. A `List`'s items are expanded. Errors name the file and line.
 */
import { LineCounter, parseAllDocuments } from 'yaml';
import { jsonLines } from './documents';
import { InputError } from './errors';
import { decode, readFile, readStdin, STDIN } from './files';
import { describeParseError, documentValue, offsetOf } from './yaml-fields';

export interface ReadValue {
  readonly value: unknown;
  readonly file: string;
  /** The value's own line: its document's, or a `List` item's. */
  readonly line: number;
  /** The line of a field inside the value (a path of keys and indexes), when read from a file. */
  readonly lineOf?: (path: ReadonlyArray<string | number>) => number | undefined;
}

/** The documents of `path` (`-` for standard input), Lists expanded. */
export function readValues(path: string, read?: () => Buffer, hint = 'give the output of kubectl get ... -o json'): ReadValue[] {
  const file = path === '-' ? STDIN : path;
  const text = decode(file === STDIN ? readStdin(read) : readFile(file), file);
  if (text.trim() === '') throw new InputError(file, 0, 'the file is empty', hint);
  const json = readJson(text, file);
  if (json) {
    if (json.length === 0) throw new InputError(file, 0, 'the file holds no object', hint);
    return json;
  }
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: false });
  if (!Array.isArray(docs)) throw new InputError(file, 0, 'not YAML or JSON', hint);
  const out: ReadValue[] = [];
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) {
      throw new InputError(file, lines.linePos(error.pos[0]).line, `not valid YAML or JSON: ${describeParseError(error).replace(/:\s*$/, '')}`, hint);
    }
    const line = doc.contents ? lines.linePos(doc.contents.range[0]).line : 0;
    const lineIn = (prefix: ReadonlyArray<string | number>) => (fieldPath: ReadonlyArray<string | number>) => {
      const offset = offsetOf(doc, [...prefix, ...fieldPath]);
      return offset === undefined ? undefined : lines.linePos(offset).line;
    };
    const decoded = documentValue(doc);
    if ('error' in decoded) throw new InputError(file, line, decoded.error, decoded.fix);
    const value = decoded.value;
    const isList = isListValue(value);
    valuesOf(value, file, line).forEach((v, i) => {
      const prefix = isList ? ['items', i] : [];
      out.push({ ...v, line: isList ? lineIn(['items'])([i]) ?? line : line, lineOf: lineIn(prefix) }); // no spread of values: a List may hold more items than a call takes arguments
    });
  }
  if (out.length === 0) throw new InputError(file, 0, 'the file holds no object', hint);
  return out;
}

/**
 * A text of one JSON value (what `kubectl get -o json` and `argocd app get -o json` print) read with
 * `JSON.parse`, its lines found only where asked (`jsonLines`): the YAML parser took ~6 of the 8.7 s
 * `explain` spent on 15,000 resources and their 32,500 live objects. Undefined when the text is no
 * JSON: the YAML reader then reads it, and says where it is malformed.
 */
function readJson(text: string, file: string): ReadValue[] | undefined {
  if (!/^\s*[[{]/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return readJsonStream(text, file);
  }
  return jsonValues(text, value, file, 0);
}

/** The read values of one JSON text, its lines shifted by `linesBefore` (where the text sits in its file). */
function jsonValues(text: string, value: unknown, file: string, linesBefore: number): ReadValue[] {
  const json = jsonLines(text, value);
  const isList = isListValue(value);
  const shift = (line: number | undefined) => (line === undefined ? undefined : line + linesBefore);
  return valuesOf(value, file, json.line + linesBefore).map((v, i) => {
    const prefix = isList ? ['items', i] : [];
    const lineOf = (path: ReadonlyArray<string | number>) => shift(json.lineOf([...prefix, ...path]));
    return { ...v, line: (isList ? json.itemLine(i) : json.line) + linesBefore, lineOf };
  });
}

/**
 * JSON values one after another (`kubectl get application A -o json; kubectl get appproject P -o json`
 * written to one file): each top-level object or array, found by its brackets outside strings.
 * Undefined when the text is not such a stream; the YAML reader then says where it is malformed.
 */
function readJsonStream(text: string, file: string): ReadValue[] | undefined {
  const out: ReadValue[] = [];
  let line = 0;
  let lineAt = 0;
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (/\s/.test(c)) { i++; continue; }
    if (c !== '{' && c !== '[') return undefined;
    let depth = 0;
    let j = i;
    for (let inString = false; j < text.length; j++) {
      const d = text[j];
      if (inString) {
        if (d === '\\') j++; else if (d === '"') inString = false;
      } else if (d === '"') {
        inString = true;
      } else if (d === '{' || d === '[') {
        depth++;
      } else if ((d === '}' || d === ']') && --depth === 0) {
        break;
      }
    }
    if (depth !== 0) return undefined;
    const chunk = text.slice(i, j + 1);
    let value: unknown;
    try {
      value = JSON.parse(chunk);
    } catch {
      return undefined;
    }
    for (; lineAt < i; lineAt++) if (text[lineAt] === '\n') line++;
    out.push(...jsonValues(chunk, value, file, line));
    i = j + 1;
  }
  return out.length > 1 ? out : undefined;
}

function isListValue(value: unknown): boolean {
  const items = (value as Record<string, unknown> | null)?.items;
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Array.isArray(items) && (value as Record<string, unknown>).kind !== undefined;
}

/** One document's value as read values: a `List`'s items, nothing for an empty document, else itself. */
export function valuesOf(value: unknown, file: string, line: number): ReadValue[] {
  if (value === null || value === undefined) return [];
  if (isListValue(value)) return ((value as Record<string, unknown>).items as unknown[]).map(item => ({ value: item, file, line }));
  return [{ value, file, line }];
}
