import { findingsOf } from './helpers';
import { ALL_RULES } from '../../src/rules';

test('every rule has a stable kebab-case id and a level', () => {
  for (const rule of ALL_RULES) {
    expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(['error', 'warning', 'info']).toContain(rule.defaultLevel);
  }
  expect(new Set(ALL_RULES.map(r => r.id)).size).toBe(ALL_RULES.length);
});

test('a finding names the resource, points at the annotation line and links its page', () => {
  const [f] = findingsOf('wave-invalid', [
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: cfg',
    '  annotations:',
    '    argocd.argoproj.io/sync-wave: "1.5"',
  ].join('\n'));
  expect(f.level).toBe('error');
  expect(f.source.line).toBe(6);
  expect(f.message).toContain('ConfigMap/cfg (app.yaml:6)');
  expect(f.message).toContain('docs/rules/wave-invalid.md');
});
