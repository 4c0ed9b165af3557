/**
 * Go's `path/filepath.Match`, as Argo CD matches AppProject resource lists: cases after Go's own
 * `TestMatch` (`src/path/filepath/match_test.go`: stars, `?`, classes, escapes, malformed
 * patterns), our own data.
 */
import { filepathMatch } from '../../src/argo/filepath-match';

test.each([
  ['Namespace', 'Namespace', true],
  ['Namespace', 'namespace', false], // case-sensitive
  ['*', 'ClusterRole', true],
  ['*', '', true],
  ['', '', true], // the core group written empty
  ['', 'apps', false],
  ['Cluster*', 'ClusterRoleBinding', true],
  ['*Binding', 'RoleBinding', true],
  ['*.k8s.io', 'rbac.authorization.k8s.io', true],
  ['*.k8s.io', 'apps', false],
  ['team1-*', 'team1-web', true],
  ['team1-*', 'team2-web', false],
  ['a*b*c', 'axxbyyc', true],
  ['a*b*c', 'axxbyy', false],
  ['Pod?', 'Pods', true],
  ['Pod?', 'Pod', false],
  ['*', 'a/b', false], // a star never crosses the separator
  ['a?b', 'a/b', false],
])('filepathMatch(%j, %j) is %s', (pattern, value, expected) => {
  expect(filepathMatch(pattern, value)).toBe(expected);
});

test('classes: ranges, negation with ^, escapes inside', () => {
  expect(filepathMatch('[a-c]x', 'bx')).toBe(true);
  expect(filepathMatch('[a-c]x', 'dx')).toBe(false);
  expect(filepathMatch('[^a-c]x', 'dx')).toBe(true);
  expect(filepathMatch('[^a-c]x', 'bx')).toBe(false);
  expect(filepathMatch('[\\]]', ']')).toBe(true);
  expect(filepathMatch('[a*]', '*')).toBe(true); // a star in a class is a character
  expect(filepathMatch('[z-a]', 'm')).toBe(false); // a backwards range holds nothing
  expect(filepathMatch('[^z-a]', 'm')).toBe(true);
  expect(filepathMatch('[é]', 'é')).toBe(true);
});

test('a backslash quotes the next character', () => {
  expect(filepathMatch('\\*', '*')).toBe(true);
  expect(filepathMatch('\\*', 'x')).toBe(false);
  expect(filepathMatch('a\\?', 'a?')).toBe(true);
});

test('a malformed pattern is not decided (Argo CD drops the error and matches nothing)', () => {
  for (const bad of ['[', 'a[', '[]a]', '[-]', '[x-]', '[a', 'a\\', '[^', '[a-\\']) {
    expect([bad, filepathMatch(bad, 'a')]).toEqual([bad, undefined]);
  }
});
