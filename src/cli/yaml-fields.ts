/**
 * Where a YAML document's fields are: the options Kubernetes reads YAML with, the line of any field
 * and the raw text of a scalar, found from the document's syntax tree (kept, or parsed again from
 * its text), and line counting for the documents of a file read in order.
 */
import { Composer, Document, isMap, isScalar, isSeq, LineCounter, Parser } from 'yaml';
import type { Node, Pair, ParsedNode, Tags } from 'yaml';

/** Enough for hand-written anchors; stops "billion laughs" expansions long before they hurt. */
export const MAX_ALIAS_COUNT = 100;

/**
 * Kubernetes and Argo CD read YAML with go-yaml v2 (YAML 1.1 scalars: `yes`/`on` are booleans,
 * `0755` is octal, `<<` merges), but go-yaml keeps timestamps and `1:30` as strings.
 */
export const YAML_OPTIONS = {
  version: '1.1' as const,
  prettyErrors: false,
  customTags: (tags: Tags) => tags.filter((t) => typeof t === 'string' || (!t.tag.endsWith(':timestamp') && t.format !== 'TIME')),
};

/** A YAML or JSON parser's error in the user's words: its first line, a stack overflow as nesting too deep. */
export function describeParseError(e: unknown): string {
  const message = String((e as Error)?.message ?? e).split('\n')[0].replace(/ at line \d+, column \d+:?$/, '').trim();
  return /call stack/i.test(message) ? 'nested too deeply' : message;
}

/**
 * A parsed document's value, or why it has none in the user's words with the fix (aliases expanded
 * past `MAX_ALIAS_COUNT`, nesting the reader cannot follow).
 */
export function documentValue(doc: Document.Parsed): { value: unknown } | { error: string; fix: string } {
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (e) {
    if (/excessive alias count/i.test((e as Error).message)) {
      return { error: 'too many YAML alias expansions (an alias bomb?)', fix: 'expand the anchors by hand or simplify the document' };
    }
    return { error: `invalid YAML: ${describeParseError(e)}`, fix: 'fix the YAML syntax' };
  }
}

/** `\n` in `text[from, to)`. */
export function newlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The 1-based line of `offset`, as yaml's LineCounter gives it for text it parsed without error. */
export function lineAt(text: string, offset: number): number {
  return 1 + newlines(text, 0, offset);
}

/** Lines of ascending offsets (the documents of a file, in order), each counted on from the one before. */
export class ForwardLines {
  private offset = 0;
  private line = 1;
  constructor(private readonly text: string) {}

  at(offset: number): number {
    if (offset < this.offset) return lineAt(this.text, offset);
    this.line += newlines(this.text, this.offset, offset);
    this.offset = offset;
    return this.line;
  }
}

/**
 * The lines and raw text of one YAML document's fields, from its syntax tree: the parsed one while
 * the file is being read (and after, within the load's `KeptTrees`), else one re-parsed from the
 * document's text on first use (keeping every tree would cost far more memory than the objects
 * themselves). One object per document holds what that takes, kept by its manifest's `lineOf`
 * (bound to it): at 20,000 documents, 3.9 MiB less memory alive after loading than the closures
 * (and contexts) per document it replaced.
 */
export class YamlFields {
  /** The parsed tree until `release`, then the re-parsed one (once asked for). */
  private tree: Document.Parsed | undefined;
  /** Offset of `tree` in the file's text: 0 for the parsed tree, the document's start for a re-parsed one. */
  private base = 0;
  private readonly start: number;
  private readonly end: number;
  /** Where the document's contents start (its first line, `docLine`). */
  private readonly anchor: number;

  constructor(
    private readonly text: string, doc: Document.Parsed, private readonly docLine: number, private readonly lines: LineCounter | undefined,
  ) {
    this.tree = doc;
    [this.start, , this.end] = doc.range;
    this.anchor = doc.contents!.range[0];
  }

  lineOf(path: ReadonlyArray<string | number>): number | undefined {
    const offset = offsetOf(this.root(), path);
    return offset === undefined ? undefined : this.lineAtOffset(this.base + offset);
  }

  raw(path: ReadonlyArray<string | number>): string | undefined {
    const node = this.root().getIn(path, true);
    return isScalar(node) && typeof node.source === 'string' ? node.source : undefined;
  }

  release(): void {
    this.tree = undefined;
  }

  private root(): Document.Parsed {
    if (!this.tree) {
      const docs = [...new Composer(YAML_OPTIONS).compose(new Parser().parse(this.text.slice(this.start, this.end)))];
      this.tree = docs.find((d) => d.contents) ?? docs[0];
      this.base = this.start;
    }
    return this.tree;
  }

  /** A field's line: from yaml's LineCounter when the file was read with one, else counted from the document's first line (fields never come before it). */
  private lineAtOffset(offset: number): number {
    if (this.lines) return this.lines.linePos(offset).line;
    return offset < this.anchor ? lineAt(this.text, offset) : this.docLine + newlines(this.text, this.anchor, offset);
  }
}

/** Offset of the key (or item) at the end of `path`, relative to the document. */
export function offsetOf(doc: Document.Parsed, path: ReadonlyArray<string | number>): number | undefined {
  let node: ParsedNode | null = doc.contents;
  let offset = node?.range[0];
  for (const step of path) {
    if (isMap(node)) {
      // The last pair with that key: the one JSON readers keep (YAML refuses duplicates).
      const pairs = node.items as Pair<ParsedNode, ParsedNode | null>[];
      let pair: Pair<ParsedNode, ParsedNode | null> | undefined;
      for (let k = pairs.length - 1; k >= 0 && !pair; k--) {
        const key = pairs[k].key;
        if (isScalar(key) && String(key.value) === String(step)) pair = pairs[k];
      }
      if (!pair) return undefined;
      offset = (pair.key as Node).range?.[0];
      node = pair.value;
    } else if (isSeq(node) && typeof step === 'number') {
      const item = node.items[step] as ParsedNode | undefined;
      if (!item) return undefined;
      offset = item.range[0];
      node = item;
    } else {
      return undefined;
    }
  }
  return offset;
}
