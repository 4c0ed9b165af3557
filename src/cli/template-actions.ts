/**
 * Go template actions (`{{ … }}`, Helm's syntax) where YAML reads a key or a value: the file is a
 * template, not the manifests Argo CD applies. Unquoted, `{{ .Values.x }}` is a flow mapping inside
 * a flow mapping and `{{- if … }}` on a line of its own breaks the YAML, so without this the reader
 * says "invalid YAML" or plans an object named `{{ .Release.Name }}`. Actions inside quoted or block
 * strings are text (an alert rule's `{{ $labels.instance }}`) and are left alone.
 */
import { isMap, isSeq, visit } from 'yaml';
import type { Document } from 'yaml';

/** An action at the start of a line (after a list dash) or right after a key's colon: where YAML reads it as syntax. */
const UNQUOTED_ACTION = /(?:^|\n)[ \t]*(?:-[ \t]+)?\{\{|:[ \t]+\{\{/;

/** What to do about it, for the error's hint. */
export const RENDER_FIRST = 'syncplan reads rendered manifests, as Argo CD applies them: render the chart first and pipe the output in, '
  + 'e.g. `helm template my-release ./chart | syncplan lint -`';

/**
 * Where `{{` occurs in one file's text, asked for its documents in order: each search starts where
 * the last one ended, so a file of 20,000 documents without `{{` is scanned once, not once per document.
 */
export class TemplateScan {
  /** The first `{{` at or after the start of the last range asked (-1: none in the rest of the text). */
  private next: number;

  constructor(private readonly text: string) {
    this.next = text.indexOf('{{');
  }

  /** True when `text[from, to)` holds `{{`. */
  public within(from: number, to: number): boolean {
    if (this.next >= 0 && this.next < from) this.next = this.text.indexOf('{{', from);
    return this.next >= from && this.next < to;
  }

  /** The offset of the first action in `text[from, to)` the YAML reads as syntax, or undefined. */
  public unquotedActionIn(from: number, to: number): number | undefined {
    if (!this.within(from, to)) return undefined; // nearly every document: no regex, no slice
    const m = UNQUOTED_ACTION.exec(this.text.slice(from, to));
    return m ? from + m.index + m[0].indexOf('{{') : undefined;
  }

  /**
   * The offset of the first action a parsed document holds as a flow collection (a key or a value
   * that is `{{ … }}`), or undefined. Only documents whose text has `{{` are walked.
   */
  public templateActionIn(doc: Document.Parsed): number | undefined {
    const [from, , to] = doc.range;
    if (!this.within(from, to)) return undefined;
    let found: number | undefined;
    visit(doc, (_key, node) => {
      if ((isMap(node) || isSeq(node)) && node.flow && node.range && this.text.startsWith('{{', node.range[0])) {
        found = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    });
    return found;
  }
}
