import { findingText } from '../../src/rules/finding-text';
import type { Finding } from '../../src/rules/types';

const finding = {
  rule: 'sync-option-unknown',
  level: 'warning',
  kind: 'ConfigMap',
  name: 'app',
  namespace: '',
  message: 'ConfigMap/app (a.yaml:3): sync option "X=y" is not one Argo CD knows',
  fix: 'remove it',
  source: { file: 'a.yaml', line: 3, index: 0 },
} as unknown as Finding;

test('a finding is its level and message, then its fix on a line of its own, indented under it', () => {
  expect(findingText(finding)).toEqual([
    'warning: ConfigMap/app (a.yaml:3): sync option "X=y" is not one Argo CD knows',
    '  fix: remove it',
  ]);
  expect(findingText(finding, '  ')).toEqual([
    '  warning: ConfigMap/app (a.yaml:3): sync option "X=y" is not one Argo CD knows',
    '    fix: remove it',
  ]);
});
