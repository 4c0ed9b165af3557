/** How the engine (src/rules/engine.ts) reports a finding. */
import { findingsOf } from './helpers';

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
