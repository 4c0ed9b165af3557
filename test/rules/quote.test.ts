import { manifestsOf } from './helpers';
import { lint } from '../../src/rules';
import { quote } from '../../src/rules/quote';

test('quote: short values JSON-quoted, long ones cut with their length', () => {
  expect(quote('PreSync')).toBe('"PreSync"');
  expect(quote('a\nb')).toBe('"a\\nb"');
  expect(quote('x'.repeat(100))).toBe(`"${'x'.repeat(40)}"… (100 characters)`);
});

test('a 1 MiB sync-wave gives a one-line finding of readable length', () => {
  const huge = '1'.repeat(2 ** 20) + 'x\ny';
  const yaml = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\n  annotations:\n    argocd.argoproj.io/sync-wave: ${JSON.stringify(huge)}\n`;
  const findings = lint(manifestsOf(yaml)).filter(f => f.rule === 'wave-invalid');
  expect(findings).toHaveLength(1);
  expect(findings[0].message.length).toBeLessThan(400);
  expect(findings[0].message).not.toContain('\n');
  expect(findings[0].message).toContain(`(${huge.length} characters)`);
  expect(findings[0].fix.length).toBeLessThan(100);
});

test('values that are maps with a `toString` key (hand-written YAML) never break a message', () => {
  const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a0\n  annotations:\n    argocd.argoproj.io/sync-wave: { toString: "" }\n    syncplan.cdk8s.io/suppress: { toString: 1 }\n';
  const findings = lint(manifestsOf(yaml));
  expect(findings.map(f => f.rule).sort()).toEqual(['annotation-not-string', 'annotation-not-string', 'suppression-invalid']);
  expect(findings[0].message).toContain('{\\"toString\\":');
});
