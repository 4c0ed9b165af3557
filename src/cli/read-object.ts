/**
 * Reads the JSON or YAML documents of one file (or `-`, standard input) as plain values, for inputs
 * that are not manifests to plan: an Application as `argocd app get -o json` prints it (no `kind`),
 * Argo CD's resource tree. A `List`'s items are expanded. Errors name the file and line.
 */
import { LineCounter, parseAllDocuments } from 'yaml';
import { InputError } from './errors';
import { decode, readFile, readStdin, STDIN } from './files';

export interface ReadValue {
  readonly value: unknown;
  readonly file: string;
  readonly line: number;
}

/** The documents of `path` (`-` for standard input), Lists expanded. */
export function readValues(path: string, read?: () => Buffer): ReadValue[] {
  const file = path === '-' ? STDIN : path;
  const text = decode(file === STDIN ? readStdin(read) : readFile(file), file);
  if (text.trim() === '') throw new InputError(file, 0, 'the file is empty', 'give the output of kubectl get ... -o json');
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: false });
  if (!Array.isArray(docs)) throw new InputError(file, 0, 'not YAML or JSON', 'give the output of kubectl get ... -o json');
  const out: ReadValue[] = [];
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) {
      throw new InputError(file, lines.linePos(error.pos[0]).line, `not valid YAML or JSON: ${error.message.split('\n')[0]}`, 'give the output of kubectl get ... -o json');
    }
    const line = doc.contents ? lines.linePos(doc.contents.range[0]).line : 0;
    for (const v of valuesOf(doc.toJS({ maxAliasCount: 100 }) as unknown, file, line)) out.push(v); // no spread: a List may hold more items than a call takes arguments
  }
  if (out.length === 0) throw new InputError(file, 0, 'the file holds no object', 'give the output of kubectl get ... -o json');
  return out;
}

/** One document's value as read values: a `List`'s items, nothing for an empty document, else itself. */
export function valuesOf(value: unknown, file: string, line: number): ReadValue[] {
  if (value === null || value === undefined) return [];
  const items = (value as Record<string, unknown>).items;
  if (typeof value === 'object' && !Array.isArray(value) && Array.isArray(items) && (value as Record<string, unknown>).kind !== undefined) {
    return items.map(item => ({ value: item, file, line }));
  }
  return [{ value, file, line }];
}
