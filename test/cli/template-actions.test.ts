/**
 * A Helm (Go) template given where rendered manifests are expected: named as a template with the fix
 * (render it first), at the line of the action, never "invalid YAML" alone or a plan of `{{ .Release.Name }}`.
 * Actions inside quoted or block strings (an alert rule's `{{ $labels.instance }}`) are text, as in Kubernetes.
 */
import * as fc from 'fast-check';
import { inputError } from './helpers';
import { parseManifests } from '../../src/cli/load';
import { RENDER_FIRST, TemplateScan } from '../../src/cli/template-actions';

const TEMPLATE = /a Go template action \(\{\{ … \}\}\) where YAML reads a key or a value: this is a Go template \(Helm's syntax\), not a rendered manifest/;

test('an unquoted action as a value or as a key: a template, at the action\'s line, with the fix', () => {
  const value = inputError(() => parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: {{ .Values.a | quote }}\n', 'cm.yaml'));
  expect([value.line, value.hint]).toEqual([6, RENDER_FIRST]);
  expect(value.reason).toMatch(TEMPLATE);
  const name = inputError(() => parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{.Name}}\n', 'app.yaml'));
  expect([name.line, name.reason]).toEqual([4, expect.stringMatching(TEMPLATE)]);
  // The second document of a file: the line counts from the file's start.
  const second = inputError(() => parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n', 'two.yaml'));
  expect(second.line).toBe(9);
});

test('an action that breaks the YAML ({{- if }} on its own line, an include with nindent): the YAML error, and the template named', () => {
  const text = '{{- if .Values.service.enabled }}\napiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Release.Name }}-svc\n{{- end }}\n';
  const e = inputError(() => parseManifests(text, 'service.yaml'));
  expect(e.reason).toMatch(/^invalid YAML: .*; line 1 holds a Go template action \(\{\{ … \}\}\) outside quotes, so this looks like a Go template \(Helm's syntax\), not a rendered manifest$/);
  expect(e.hint).toBe(RENDER_FIRST);
  const include = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\n  labels:\n    {{- include "app.labels" . | nindent 4 }}\n';
  expect(inputError(() => parseManifests(include, 'deployment.yaml')).reason).toMatch(/line 6 holds a Go template action/);
});

test('actions in quoted and block strings are text: the manifest reads as Kubernetes reads it', () => {
  const rule = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: alerts\ndata:\n  summary: "{{ $labels.instance }} is down"\n'
    + '  template: |\n    {{ define "slack.text" }}{{ .CommonAnnotations.summary }}{{ end }}\n  single: \'{{ $value }}\'\n';
  const [m] = parseManifests(rule, 'alerts.yaml');
  expect(m.object.data).toEqual({
    summary: '{{ $labels.instance }} is down',
    template: '{{ define "slack.text" }}{{ .CommonAnnotations.summary }}{{ end }}\n',
    single: '{{ $value }}',
  });
});

test('a YAML error in a document without unquoted actions stays a plain YAML error', () => {
  const e = inputError(() => parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n   bad: [\n  note: "{{ text }}"\n', 'bad.yaml'));
  expect(e.reason).toMatch(/^invalid YAML: /);
  expect(e.reason).not.toMatch(/template/);
  expect(e.hint).toBe('fix the YAML syntax');
});

test('a non-string name that is a mapping or a list: said so, with no made-up example', () => {
  const e = inputError(() => parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [a, b]\n', 'list.yaml'));
  expect([e.reason, e.hint]).toEqual(['metadata.name is a list, not a string', 'give name a string value']);
});

test('TemplateScan: only actions where YAML reads syntax, within the range asked', () => {
  const scan = (text: string, from = 0, to = text.length) => new TemplateScan(text).unquotedActionIn(from, to);
  expect(scan('a: "{{ x }}"\nb: |\n  text {{ y }}\n')).toBeUndefined();
  const text = 'a: 1\nb: {{ x }}\n';
  expect(scan(text)).toBe(text.indexOf('{{'));
  expect(scan(text, 0, 5)).toBeUndefined();
  expect(scan('- {{ .item }}\n')).toBe(2);
});

test('TemplateScan.within, asked in document order, agrees with a search of each range', () => {
  fc.assert(fc.property(fc.array(fc.constantFrom('a', '{', '}', '\n', '{{'), { maxLength: 60 }), fc.array(fc.nat(70), { maxLength: 8 }), (parts, cuts) => {
    const text = parts.join('');
    const bounds = [...new Set([0, ...cuts.map(c => Math.min(c, text.length)), text.length])].sort((a, b) => a - b);
    const scan = new TemplateScan(text);
    for (let i = 0; i + 1 < bounds.length; i++) {
      const [from, to] = [bounds[i], bounds[i + 1]];
      const open = text.indexOf('{{', from);
      expect(scan.within(from, to)).toBe(open >= 0 && open < to);
    }
  }));
});
