/**
 * Where and why JSON text is malformed. `JSON.parse` says neither in a stable way (Node 20 quotes
 * a snippet and no position, Node 22 gives a position), so a failed parse is located here: one
 * pass over the text, no recursion (any nesting depth), the same grammar (RFC 8259).
 */

/** The first fault in a JSON text. */
export interface JsonFault {
  /** Offset of the character at fault (the text's length at an early end). */
  readonly offset: number;
  /** What is wrong, e.g. "expected ',' or '}', found `]`". */
  readonly reason: string;
  /** The text held one whole value and then more: Argo CD allows one object per `.json` file. */
  readonly trailing: boolean;
}

/** The reason given for a text of only whitespace. */
export const EMPTY = 'the file is empty';

/** Parser states: what the next token must be. */
type Expect = 'value' | 'value-or-close' | 'key' | 'key-or-close' | 'comma-or-close';

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** The first fault of `text` as one JSON value with optional whitespace around it, or undefined when it is valid. */
export function jsonFault(text: string): JsonFault | undefined {
  const stack: string[] = []; // the closing brackets still owed
  let expect: Expect = 'value';
  let i = 0;
  const fault = (reason: string, at = i): JsonFault => ({ offset: at, reason, trailing: false });
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
    if (i === text.length) {
      if (expect === 'comma-or-close' && stack.length === 0) return undefined;
      if (expect === 'value' && stack.length === 0) return fault(EMPTY);
      return fault(`unexpected end of file${stack.length ? `, ${stack.length} bracket(s) left open` : ''}`);
    }
    const c = text[i];
    switch (expect) {
      case 'value':
      case 'value-or-close':
        if (c === ']' && expect === 'value-or-close') {
          stack.pop();
          i++;
          expect = 'comma-or-close';
        } else if (c === '{' || c === '[') {
          stack.push(c === '{' ? '}' : ']');
          i++;
          expect = c === '{' ? 'key-or-close' : 'value-or-close';
        } else {
          const scalar = c === '"' ? stringFault(text, i) : literalEnd(text, i);
          if (typeof scalar !== 'number') return scalar ?? fault(`expected a value, found ${shown(text, i)}`);
          i = scalar;
          expect = 'comma-or-close';
        }
        break;
      case 'key':
      case 'key-or-close':
        if (c === '}' && expect === 'key-or-close') {
          stack.pop();
          i++;
          expect = 'comma-or-close';
          break;
        }
        if (c !== '"') return fault(`expected a double-quoted property name, found ${shown(text, i)}`);
        {
          const end = stringFault(text, i);
          if (typeof end !== 'number') return end;
          i = end;
        }
        while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
        if (text[i] !== ':') return fault(`expected ':' after the property name, found ${shown(text, i)}`);
        i++;
        expect = 'value';
        break;
      case 'comma-or-close': {
        const close = stack[stack.length - 1];
        if (close === undefined) return { offset: i, reason: `text after the JSON value: ${shown(text, i)}`, trailing: true };
        if (c === ',') {
          i++;
          expect = close === '}' ? 'key' : 'value';
        } else if (c === close) {
          stack.pop();
          i++;
        } else {
          return fault(`expected ',' or '${close}', found ${shown(text, i)}`);
        }
        break;
      }
    }
  }
}

/** The offset after the string starting at `start`, or its fault. */
function stringFault(text: string, start: number): number | JsonFault {
  for (let i = start + 1; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) {
      return { offset: i, reason: `${c === 0x0a ? 'a line break' : 'a control character'} inside a string (write it as an escape such as \\n or \\t)`, trailing: false };
    }
    if (c === 0x5c) {
      ESCAPE.lastIndex = i;
      if (!ESCAPE.test(text)) return { offset: i, reason: `invalid escape ${shown(text, i, 6)} in a string`, trailing: false };
      i = ESCAPE.lastIndex;
    } else {
      i++;
    }
  }
  return { offset: start, reason: 'a string that is never closed', trailing: false };
}

/** The offset after the number or `true`/`false`/`null` at `i`, or undefined when there is none. */
function literalEnd(text: string, i: number): number | undefined {
  for (const word of ['true', 'false', 'null']) if (text.startsWith(word, i)) return i + word.length;
  NUMBER.lastIndex = i;
  return NUMBER.test(text) ? NUMBER.lastIndex : undefined;
}

/** The text at `i` for a message, in a code span. */
function shown(text: string, i: number, length = 1): string {
  if (i >= text.length) return 'the end of the file';
  const piece = text.slice(i, i + length);
  return /^[\x21-\x7e]+$/.test(piece) && !piece.includes('`') ? `\`${piece}\`` : JSON.stringify(piece);
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
 * key, the one JSON readers keep), in a text `JSON.parse` accepted; undefined when there is none.
 * A List's items get their lines from this one pass, without a syntax tree of the whole file.
 */
export function jsonItemSpans(text: string): Array<[number, number]> | undefined {
  let i = skipSpace(text, 0);
  if (text[i] !== '{') return undefined;
  let spans: Array<[number, number]> | undefined;
  for (i = skipSpace(text, i + 1); text[i] === '"'; i = skipSpace(text, i + 1)) {
    const keyEnd = stringEnd(text, i);
    const key: unknown = JSON.parse(text.slice(i, keyEnd));
    i = skipSpace(text, skipSpace(text, keyEnd) + 1); // past the ':'
    if (key === 'items' && text[i] === '[') {
      spans = [];
      for (i = skipSpace(text, i + 1); text[i] !== ']'; i = skipSpace(text, i + 1)) {
        const end = valueEnd(text, i);
        spans.push([i, end]);
        i = skipSpace(text, end);
        if (text[i] !== ',') break;
      }
      i++; // past the ']'
    } else {
      if (key === 'items') spans = undefined;
      i = valueEnd(text, i);
    }
    i = skipSpace(text, i);
    if (text[i] !== ',') break;
  }
  return spans;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  return i;
}

/** The offset after the closing quote of the string starting at `i`. */
function stringEnd(text: string, i: number): number {
  for (let q = text.indexOf('"', i + 1); q >= 0; q = text.indexOf('"', q + 1)) {
    let backslashes = 0;
    while (text[q - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) return q + 1;
  }
  return text.length;
}

const STRUCTURE = /["{}[\]]/g;

/** The offset after the value starting at `i`. */
function valueEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return stringEnd(text, i);
  if (c !== '{' && c !== '[') {
    while (i < text.length && !',}] \t\n\r'.includes(text[i])) i++;
    return i;
  }
  let depth = 0;
  STRUCTURE.lastIndex = i;
  for (let m = STRUCTURE.exec(text); m; m = STRUCTURE.exec(text)) {
    const ch = m[0];
    if (ch === '"') STRUCTURE.lastIndex = stringEnd(text, m.index);
    else if (ch === '{' || ch === '[') depth++;
    else if (--depth === 0) return m.index + 1;
  }
  return text.length;
}
