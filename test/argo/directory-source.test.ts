/**
 * Which files a directory source reads; cases after Argo CD's `TestFindManifests_Exclude`,
 * `TestFindManifests_Include`, `TestFindManifests_Exclude_And_Include` (`argo-cd reposerver/repository/
 * repository_test.go`) and gobwas/glob's own matching rules, with our own file names.
 */
import { directoryReads, globMatch } from '../../src/argo/directory-source';

test.each([
  ['{a.k8s.yaml,b.k8s.yaml}', 'a.k8s.yaml', true],
  ['{a.k8s.yaml,b.k8s.yaml}', 'b.k8s.yaml', true],
  ['{a.k8s.yaml,b.k8s.yaml}', 'c.k8s.yaml', false],
  ['*.yaml', 'sub/x.yaml', true], // no separators: * crosses folders
  ['0000-db/*', '0000-db/Deployment.web.k8s.yaml', true],
  ['0000-db/*', '0001-web/Deployment.web.k8s.yaml', false],
  ['a?.yaml', 'ab.yaml', true],
  ['[ab].yaml', 'c.yaml', false],
  ['[!ab].yaml', 'c.yaml', true],
  ['a.yaml', 'aXyaml', false], // the dot is literal
  ['\\*.yaml', '*.yaml', true],
])('glob %s matches %s: %s', (pattern, text, expected) => {
  expect(globMatch(pattern, text)).toBe(expected);
});

test('directory options: extensions, recurse, exclude before include', () => {
  expect(directoryReads('a.k8s.yaml')).toBe(true);
  expect(directoryReads('README.md')).toBe(false);
  expect(directoryReads('sub/a.yaml')).toBe(false);
  expect(directoryReads('sub/a.yaml', { recurse: true })).toBe(true);
  expect(directoryReads('a.yaml', { include: '*.yaml', exclude: 'a.yaml' })).toBe(false);
  expect(directoryReads('b.yaml', { include: '{a.yaml,b.yaml}' })).toBe(true);
  expect(directoryReads('c.json', { include: '{a.yaml,b.yaml}' })).toBe(false);
});
