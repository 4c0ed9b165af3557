import { artifactLocation, renderSarif } from '../../src/report/sarif';
import { ALL_RULES, docsUrl, lintReport } from '../../src/rules';
import { cm, yaml } from '../fixtures/manifests';
import { manifestsOf } from '../rules/helpers';

describe('artifactLocation', () => {
  test.each([
    ['manifests/app.yaml', undefined, { uri: 'manifests/app.yaml', uriBaseId: '%SRCROOT%' }],
    ['./app.yaml', undefined, { uri: 'app.yaml', uriBaseId: '%SRCROOT%' }],
    ['/repo/k8s/my app.yaml', '/repo', { uri: 'k8s/my%20app.yaml', uriBaseId: '%SRCROOT%' }],
    ['k8s/app.yaml', '/repo', { uri: 'k8s/app.yaml', uriBaseId: '%SRCROOT%' }],
    ['/elsewhere/app.yaml', '/repo', { uri: 'file:///elsewhere/app.yaml' }],
    ['../shared/app.yaml', '/repo/sub', { uri: 'file:///repo/shared/app.yaml' }],
    ['/abs/app.yaml', undefined, { uri: 'file:///abs/app.yaml' }],
    ['<stdin>', '/repo', { uri: '%3Cstdin%3E', uriBaseId: '%SRCROOT%' }],
  ])('%s (root %s)', (file, root, expected) => {
    expect(artifactLocation(file, root)).toEqual(expected);
  });
});

test('levels map to SARIF (info → note), rule overrides show as the default configuration', () => {
  const { findings, suppressed } = lintReport(manifestsOf(yaml(cm('a', { 'argocd.argoproj.io/sync-wave': '0' }), cm('b', { 'argocd.argoproj.io/sync-wave': '1' }))));
  expect(findings.map(f => f.level)).toEqual(['info']);
  const sarif = JSON.parse(renderSarif(findings, suppressed, {
    rules: ALL_RULES, docsUrl, levelOf: r => (r.id === 'wave-unneeded' ? 'warning' : r.defaultLevel),
  }));
  expect(sarif.runs[0].results[0].level).toBe('note');
  const rule = sarif.runs[0].tool.driver.rules.find((r: { id: string }) => r.id === 'wave-unneeded');
  expect(rule.defaultConfiguration.level).toBe('warning');
  expect(rule.name).toBe('WaveUnneeded');
});

test('fingerprints survive a line move but tell two findings on one object apart', () => {
  const options = { rules: ALL_RULES, docsUrl };
  const at = (text: string) => JSON.parse(renderSarif(lintReport(manifestsOf(text)).findings, [], options)).runs[0].results
    .map((r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints['syncplanFinding/v1']);
  const obj = cm('c', { 'argocd.argoproj.io/sync-options': 'Foo=1,Bar=2' });
  const first = at(yaml(obj));
  expect(new Set(first).size).toBe(2);
  expect(at(`# a comment moves every line\n\n${yaml(obj)}`)).toEqual(first);
});
