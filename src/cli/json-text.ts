/**
 * JSON text located by offset, with jsonc-parser (strict: no comments, no trailing commas). Node 20's
 * `JSON.parse` says neither where nor why in a stable way, and a List's items need their lines
 * without a syntax tree of the whole file.
 */
import type * as JsoncModule from 'jsonc-parser';

let jsonc: typeof JsoncModule | undefined;
/** The parser, loaded on first use: YAML input never needs it (the CLI loads what it uses). */
function parser(): typeof JsoncModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  jsonc ??= require('jsonc-parser') as typeof JsoncModule;
  return jsonc;
}

/** The first fault in a JSON text. */
export interface JsonFault {
  /** Offset of the token at fault (the text's length at an early end). */
  readonly offset: number;
  /** What is wrong, e.g. "expected ',' or '}', found `]`". */
  readonly reason: string;
  /** The text held one whole value and then more: Argo CD allows one object per `.json` file. */
  readonly trailing: boolean;
}

/** The reason given for a text of only whitespace. */
export const EMPTY = 'the file is empty';

const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/**
 * The first fault of `text` as one JSON value with optional whitespace around it; undefined when it
 * is valid, or nested too deeply to read (the caller then says what `JSON.parse` said).
 */
export function jsonFault(text: string): JsonFault | undefined {
  if (text.trim() === '') return { offset: 0, reason: EMPTY, trailing: false };
  const { visit } = parser();
  const open: string[] = []; // the closing brackets still owed
  let fault: JsonFault | undefined;
  let unclosed = 0; // brackets the parser found missing (at an early end, one error each)
  const close = () => {
    open.pop();
  };
  try {
    visit(text, {
      onObjectBegin: () => {
        open.push('}');
      },
      onArrayBegin: () => {
        open.push(']');
      },
      onObjectEnd: close,
      onArrayEnd: close,
      onError: (code, offset) => {
        const name = errorName(code);
        if (name === 'CloseBraceExpected' || name === 'CloseBracketExpected') unclosed++;
        fault ??= {
          offset,
          reason: reasonOf(name, text, offset, open),
          trailing: name === 'EndOfFileExpected',
        };
      },
    }, STRICT);
  } catch (e) {
    if (e instanceof RangeError) return undefined; // the parser recurses per nesting level
    throw e;
  }
  if (fault && atEnd(text, fault.offset) && unclosed > 0) return { ...fault, reason: `${fault.reason}, ${unclosed} bracket(s) left open` };
  return fault;
}

/** Nothing but whitespace from `offset` on. */
function atEnd(text: string, offset: number): boolean {
  return text.slice(offset).trim() === '';
}

/** The error's name (ParseErrorCode is a const enum, which isolated modules cannot read). */
function errorName(code: JsoncModule.ParseErrorCode): string {
  return parser().printParseErrorCode(code);
}

function reasonOf(name: string, text: string, offset: number, open: readonly string[]): string {
  const found = shown(text, offset);
  const owed = open[open.length - 1];
  if (atEnd(text, offset) && name !== 'UnexpectedEndOfString') return 'unexpected end of file';
  switch (name) {
    case 'PropertyNameExpected': return `expected a double-quoted property name, found ${found}`;
    case 'ColonExpected': return `expected ':' after the property name, found ${found}`;
    case 'CommaExpected':
    case 'CloseBraceExpected':
    case 'CloseBracketExpected': return `expected ',' or '${owed ?? '}'}', found ${found}`;
    case 'EndOfFileExpected': return `text after the JSON value: ${found}`;
    case 'InvalidCommentToken': return 'a comment: JSON has none';
    case 'UnexpectedEndOfString': return 'a string that is not closed on its line (write a line break inside a string as \\n)';
    case 'InvalidEscapeCharacter': return 'a string with an invalid escape (JSON knows \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)';
    case 'InvalidUnicode': return 'a string with an invalid \\u escape (four hex digits)';
    case 'InvalidCharacter': return 'a string with a control character in it (write it as an escape such as \\t)';
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber': return `an invalid number: ${found}`;
    default: return `expected a value, found ${found}`;
  }
}

/** 1-based line and column of `offset` (columns count UTF-16 units). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * Start and end offsets of each element of the root object's `items` array (of the last `items`
 * key, the one JSON readers keep), in a text `JSON.parse` accepted; undefined when there is none
 * (or the text is nested too deeply to read). One pass, no syntax tree.
 */
export function jsonItemSpans(text: string): Array<[number, number]> | undefined {
  let depth = 0; // containers open
  let rootIsObject = false;
  let key: string | undefined; // the root object's current property
  let spans: Array<[number, number]> | undefined;
  let inItems = false;
  let start = 0;
  const { visit } = parser();
  const begin = (offset: number) => {
    if (depth === 0) rootIsObject = text[offset] === '{';
    if (inItems && depth === 2) start = offset;
    depth++;
  };
  const end = (offset: number, length: number) => {
    depth--;
    if (inItems && depth === 2) spans!.push([start, offset + length]);
    if (inItems && depth === 1) inItems = false;
  };
  try {
    visit(text, {
      onObjectBegin: begin,
      onObjectEnd: end,
      onObjectProperty: (name) => {
        if (depth !== 1) return;
        key = name;
        if (name === 'items') spans = undefined; // a later `items` replaces an earlier one
      },
      onArrayBegin: (offset) => {
        const items = rootIsObject && depth === 1 && key === 'items';
        begin(offset);
        if (items) {
          spans = [];
          inItems = true;
        }
      },
      onArrayEnd: end,
      onLiteralValue: (_value, offset, length) => {
        if (inItems && depth === 2) spans!.push([offset, offset + length]);
      },
    }, STRICT);
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
  return rootIsObject ? spans : undefined;
}

/** The text at `i` for a message, in a code span. */
function shown(text: string, i: number, length = 1): string {
  if (i >= text.length) return 'the end of the file';
  const piece = text.slice(i, i + length);
  return /^[\x21-\x7e]+$/.test(piece) && !piece.includes('`') ? `\`${piece}\`` : JSON.stringify(piece);
}
