/**
 * One document's value into manifests, read as Argo CD reads it: an object, or the items of
 * anything with an `items` list, each checked for the fields every object needs (apiVersion, kind,
 * a string name) with the file and line to fix.
 */
import { InputError } from './errors';
import { isPlainObject } from '../argo/annotations';
import { shapeProblem } from '../argo/object-validity';
import type { Manifest, SourceLocation } from '../argo/types';

/** One document's value into manifests: an object, or the items of a list. */
export function collect(value: unknown, docSource: SourceLocation, itemLine: (i: number) => number, raw: RawText, into: Manifest[],
  json = false): void {
  const object = asObject(value, docSource, 'document');
  const items = object.items;
  if (Array.isArray(items)) {
    // Argo CD expands anything with an `items` list, as `unstructured.IsList()` does.
    const lineOf = docSource.lineOf;
    items.forEach((item, i) => {
      const itemSource: SourceLocation = {
        ...docSource,
        line: itemLine(i),
        lineOf: lineOf && ((path) => lineOf(['items', i, ...path])),
      };
      into.push(checked(asObject(item, itemSource, `item ${i} of the list`), itemSource, (p) => raw(['items', i, ...p]), json));
    });
  } else if (items === null && !('spec' in object) && !('status' in object)) {
    return; // a List with `items: null` holds nothing (Argo CD `isNullList`)
  } else {
    into.push(checked(object, docSource, raw, json));
  }
}

function asObject(value: unknown, source: SourceLocation, label: string): Record<string, unknown> {
  if (!isPlainObject(value)) {
    const found = Array.isArray(value) ? 'a list'
      : value instanceof Uint8Array ? 'binary data (!!binary)'
        : `a ${typeof value} (${JSON.stringify(String(value)).slice(0, 40)})`;
    throw new InputError(source.file, source.line, `${label} is ${found}, not a Kubernetes object`,
      'each document must be a mapping with apiVersion, kind and metadata');
  }
  return value as Record<string, unknown>;
}

/** The source text of a scalar, by path. */
export type RawText = (path: ReadonlyArray<string | number>) => string | undefined;

/** The fields every object needs before Argo CD can even read it (`shapeProblem`, which the synth asks too). */
function checked(object: Record<string, unknown>, source: SourceLocation, raw: RawText, json: boolean): Manifest {
  // The line of the field, else of its nearest parent that exists.
  const at = (path: string[]) => {
    for (let n = path.length; n > 0; n--) {
      const line = source.lineOf?.(path.slice(0, n));
      if (line !== undefined) return line;
    }
    return source.line;
  };
  const shape = shapeProblem(object);
  if (shape === undefined) return { object, source };
  const { path, problem, value } = shape;
  const field = path.join('.');
  const line = at([...path]);
  if (problem === 'not a string') {
    // YAML 1.1 reads `y`, `yes`, `on`, `no`, `1e3` ... as booleans and numbers, as Kubernetes does.
    const key = path[path.length - 1];
    if (typeof value === 'object' && value !== null) {
      throw new InputError(source.file, line, `${field} is ${Array.isArray(value) ? 'a list' : 'a mapping'}, not a string`, `give ${key} a string value`);
    }
    throw new InputError(source.file, line, `${field} is ${JSON.stringify(value)} (a ${typeof value}), not a string`,
      `quote it, e.g. \`${json ? JSON.stringify(key) : key}: "${raw(path) ?? String(value)}"\``);
  }
  if (field === 'metadata') {
    if (problem === 'not a mapping') {
      const found = Array.isArray(value) ? 'a list' : `a ${typeof value}`;
      throw new InputError(source.file, line, `${what(object)} has metadata that is ${found}, not a mapping`, json ? 'make `"metadata"` an object with a `"name"`' : 'make `metadata:` a mapping with a `name:`');
    }
    throw new InputError(source.file, line, `${what(object)} has no metadata`, json ? 'add `"metadata": {"name": ...}`' : 'add `metadata:` with a `name:`');
  }
  // Examples in the file's own syntax: a `.json` file is fixed with JSON, not YAML.
  const example = field === 'kind' ? 'Deployment' : 'apps/v1';
  throw new InputError(source.file, line, `${what(object)} has no ${field}`, `add one, e.g. \`${json ? `"${field}": "${example}"` : `${field}: ${example}`}\``);
}

function what(object: Record<string, unknown>): string {
  return nonEmptyString(object.kind) ? object.kind : 'object';
}

function nonEmptyString(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}
