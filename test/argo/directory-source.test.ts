/**
 * Which files a directory source reads; cases after Argo CD's `TestFindManifests_Exclude`,
 * `TestFindManifests_Include`, `TestFindManifests_Exclude_And_Include` (`argo-cd reposerver/repository/
 * repository_test.go`) and gobwas/glob's own matching rules, with our own file names.
 */
import { decodesAsObject, directoryReads, globMatch, skipsUnreadableYamlFile } from '../../src/argo/directory-source';

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

describe('a YAML file Argo CD cannot read as objects (getObjsFromYAMLOrJSON)', () => {
  test('decodesAsObject: a mapping whose kind is a non-empty string (UnstructuredJSONScheme: "Object \'Kind\' is missing")', () => {
    expect(decodesAsObject({ apiVersion: 'v1', kind: 'ConfigMap' })).toBe(true);
    expect(decodesAsObject({ kind: 'ConfigMap' })).toBe(true); // no apiVersion: decoded, refused later
    expect(decodesAsObject({ apiVersion: 'v1', entries: {} })).toBe(false);
    expect(decodesAsObject({ kind: '' })).toBe(false);
    expect(decodesAsObject({ kind: 3 })).toBe(false);
    expect(decodesAsObject('some text')).toBe(false);
    expect(decodesAsObject([{ kind: 'ConfigMap' }])).toBe(false);
  });

  test('skipped as unrelated YAML unless the text holds apiVersion:, kind: and metadata: all three', () => {
    expect(skipsUnreadableYamlFile('replicas: 3\nimage:\n  tag: "1.0"\n')).toBe(true); // a values file
    expect(skipsUnreadableYamlFile('apiVersion: v1\nentries:\n  web: []\n')).toBe(true); // a chart repository index
    expect(skipsUnreadableYamlFile('apiVersion: v1\nkind: ConfigMap\nmetadata:\n\tname: a\n')).toBe(false); // a broken manifest fails the app
  });
});
