/**
 * Go's `path/filepath.Match` (on Linux), the matcher Argo CD uses for the `group`, `kind` and
 * `name` patterns of an AppProject's resource lists (argo-cd `pkg/apis/application/v1alpha1/types.go`
 * `isResourceInList`, `isNamedResourceInList`). Not the glob of `sourceNamespaces` and
 * `destinations` (`app-project.ts`): here `*` and `?` stop at `/`, `[a-z]` and `[^a-z]` are
 * classes, `\` quotes the next character, and the whole value must match.
 *
 * A malformed pattern (an unclosed `[`, a `]` or `-` where a class needs a character, a trailing
 * `\`) matches nothing in Argo CD, which drops the error; here it answers `undefined`, not decided,
 * so a reader of this model never reports on a pattern it may read differently.
 */

/** Patterns compiled so far (an AppProject's few patterns are read for every object of a sync). */
const compiled = new Map<string, RegExp | null>();

/** True when `value` matches `pattern`, false when not, undefined when the pattern is malformed. */
export function filepathMatch(pattern: string, value: string): boolean | undefined {
  let re = compiled.get(pattern);
  if (re === undefined) {
    re = compile(pattern);
    compiled.set(pattern, re);
  }
  return re === null ? undefined : re.test(value);
}

/** A code point as a regular-expression escape: safe in and out of a class. */
function literal(rune: string): string {
  return `\\u{${rune.codePointAt(0)!.toString(16)}}`;
}

/** The pattern as an anchored regular expression, or null when Go would call it malformed. */
function compile(pattern: string): RegExp | null {
  const runes = Array.from(pattern);
  let i = 0;
  /** One class character (Go's `getEsc`): not `-` or `]` unquoted, and something must follow it. */
  const classChar = (): string | undefined => {
    if (i >= runes.length || runes[i] === '-' || runes[i] === ']') return undefined;
    if (runes[i] === '\\') i++;
    if (i >= runes.length) return undefined;
    const rune = runes[i++];
    return i < runes.length ? rune : undefined;
  };
  let source = '^';
  while (i < runes.length) {
    const rune = runes[i++];
    if (rune === '*') {
      source += '[^/]*';
    } else if (rune === '?') {
      source += '[^/]';
    } else if (rune === '\\') {
      if (i >= runes.length) return null;
      source += literal(runes[i++]);
    } else if (rune === '[') {
      const negated = runes[i] === '^';
      if (negated) i++;
      let members = '';
      for (let ranges = 0; ; ranges++) {
        if (runes[i] === ']' && ranges > 0) {
          i++;
          break;
        }
        const lo = classChar();
        if (lo === undefined) return null;
        let hi = lo;
        if (runes[i] === '-') {
          i++;
          const h = classChar();
          if (h === undefined) return null;
          hi = h;
        }
        // A range written backwards is no error in Go: it holds nothing.
        if (lo.codePointAt(0)! <= hi.codePointAt(0)!) members += lo === hi ? literal(lo) : `${literal(lo)}-${literal(hi)}`;
      }
      source += negated ? `[^${members}]` : `[${members}]`;
    } else {
      source += literal(rune);
    }
  }
  return new RegExp(`${source}$`, 'u');
}
