/**
 * `syncplan lint` end to end: spawns the compiled CLI (the test task compiles first).
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ALL_RULES } from '../../../src/rules';
import { cm, deployment, hookJob, service, yaml } from '../../fixtures/manifests';

// Each test spawns the CLI a few times; a loaded machine needs more than jest's 5 s.
jest.setTimeout(30_000);

const ROOT = join(__dirname, '..', '..', '..');
const BIN = join(ROOT, 'lib', 'cli', 'main.js');

interface Run { readonly code: number | null; readonly stdout: string; readonly stderr: string }

function syncplan(args: string[], input = ''): Run {
  const r = spawnSync(process.execPath, [BIN, 'lint', ...args], { cwd: dir, input, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
const write = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return name;
};
const W = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-lint-'));
  write('clean.yaml', yaml(cm('cfg', W('0')), deployment('web', W('1'), {}, { containers: [{ name: 'app', image: 'a:1', readinessProbe: { exec: { command: ['true'] } }, envFrom: [{ configMapRef: { name: 'cfg' } }] }] }), service('web', W('2'))));
  write('warning.yaml', yaml(cm('cfg', W('+0'))));
  write('error.yaml', yaml(cm('cfg', { 'argocd.argoproj.io/hook': 'presync' }), hookJob('migrate')));
  write('broken.yaml', 'apiVersion: v1\nkind: [unclosed\nmetadata: {name: a}\n'); // a manifest, so Argo CD fails the app on it (unrelated YAML it skips)
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('exit status', () => {
  test('0 when nothing is above info, with a summary line', () => {
    const r = syncplan(['clean.yaml']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^lint: (no findings|0 errors, 0 warnings, \d+ info)\n$/m);
  });

  test('0 with warnings, 1 with warnings under --strict', () => {
    expect(syncplan(['warning.yaml']).code).toBe(0);
    const strict = syncplan(['warning.yaml', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('warning: ConfigMap/cfg (warning.yaml:6): argocd.argoproj.io/sync-wave "+0" means wave 0');
    expect(strict.stdout).toContain('lint: 0 errors, 1 warning, 0 info\n');
  });

  test('1 on any error, naming resource, file:line, fix and docs page', () => {
    const r = syncplan(['error.yaml']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('error: ConfigMap/cfg (error.yaml:6): argocd.argoproj.io/hook "presync" is not a hook type Argo CD knows');
    expect(r.stdout).toContain('  fix: write "PreSync" (exact case)');
    expect(r.stdout).toContain('(see https://github.com/cdk8s-syncplan/cdk8s-syncplan/blob/main/docs/rules/hook-unrecognised.md)');
  });

  test('a level override can turn an error off, or a warning into an error', () => {
    expect(syncplan(['error.yaml', '--level', 'hook-unrecognised=off']).code).toBe(0);
    expect(syncplan(['warning.yaml', '--level', 'wave-not-canonical=error']).code).toBe(1);
  });

  test.each([
    ['unreadable YAML', ['broken.yaml'], /broken\.yaml:\d+/],
    ['a missing file', ['nope.yaml'], /nope\.yaml: no such file/],
    ['an unknown rule in --level', ['clean.yaml', '--level', 'nope=error'], /"nope" is not a rule id/],
    ['a misspelled rule in --level', ['clean.yaml', '--level', 'wave-unneded=error'], /"wave-unneded" is not a rule id \(did you mean "wave-unneeded"\?\)/],
    ['a bad level', ['clean.yaml', '--level', 'wave-invalid=fatal'], /level must be error, warning, info or off/],
    ['an unknown format', ['clean.yaml', '--format', 'xml'], /Allowed choices are text, json, sarif/],
    ['a miscased --sync-option', ['clean.yaml', '--sync-option', 'PruneLast=True'], /--sync-option PruneLast=True: not an Application sync option Argo CD acts on \(PruneLast is matched exactly and case-sensitively\); write "PruneLast=true"/],
    ['an unknown --sync-option', ['clean.yaml', '--sync-option', 'Bogus=true'], /--sync-option Bogus=true: not an Application sync option Argo CD acts on \(Argo CD knows no option Bogus\)/],
  ])('2 on %s, one line on stderr and nothing on stdout', (_what, args, pattern) => {
    const r = syncplan(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(pattern);
  });
});

describe('--format json', () => {
  test('one object with findings in the documented shape, source as file:line', () => {
    const r = syncplan(['error.yaml', '-f', 'json', '--namespace', 'shop']);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['findings', 'suppressed']);
    expect(out.findings[0]).toEqual({
      rule: 'hook-unrecognised',
      level: 'error',
      kind: 'ConfigMap',
      name: 'cfg',
      namespace: 'shop',
      message: expect.stringMatching(/^ConfigMap\/cfg \(error\.yaml:6\): /),
      fix: 'write "PreSync" (exact case)',
      source: 'error.yaml:6',
    });
  });

  test('reads standard input and is byte-identical on every run', () => {
    const text = yaml(cm('cfg', W('1.5')), cm('b', W('007')));
    const a = syncplan(['-', '-f', 'json'], text);
    expect(a.code).toBe(1);
    const found = JSON.parse(a.stdout).findings.filter((f: { level: string }) => f.level !== 'info');
    expect(found.map((f: { rule: string; source: string }) => `${f.rule} ${f.source}`)).toEqual(['wave-invalid <stdin>:6', 'wave-not-canonical <stdin>:15']);
    expect(syncplan(['-', '-f', 'json'], text).stdout).toBe(a.stdout);
  });

  test('--installed-crd and --sync-option are the cluster and the Application', () => {
    const text = yaml({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } });
    const rules = (args: string[]) => JSON.parse(syncplan(['-', '-f', 'json', ...args], text).stdout).findings.map((f: { rule: string }) => f.rule);
    expect(rules([])).toContain('custom-resource-without-crd');
    expect(rules(['--installed-crd', 'example.com/Widget'])).not.toContain('custom-resource-without-crd');
    expect(rules(['--sync-option', 'SkipDryRunOnMissingResource=true'])).not.toContain('custom-resource-without-crd');
  });
});

describe('--format sarif', () => {
  test('SARIF 2.1.0 as GitHub code scanning reads it', () => {
    const suppressed = yaml(cm('quiet', { ...W('+1'), 'syncplan.cdk8s.io/suppress': 'wave-not-canonical: generated by the upstream chart' }));
    write('suppressed.yaml', suppressed);
    const r = syncplan(['error.yaml', 'suppressed.yaml', '-f', 'sarif']);
    expect(r.code).toBe(1);
    const sarif = JSON.parse(r.stdout);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.$schema).toMatch(/sarif-2\.1\.0/);
    expect(sarif.runs).toHaveLength(1);
    const { driver } = sarif.runs[0].tool;
    expect(driver.name).toBe('syncplan');
    expect(driver.rules.map((x: { id: string }) => x.id)).toEqual(ALL_RULES.map(x => x.id));
    for (const rule of driver.rules) {
      expect(rule.helpUri).toBe(`https://github.com/cdk8s-syncplan/cdk8s-syncplan/blob/main/docs/rules/${rule.id}.md`);
      expect(rule.shortDescription.text.length).toBeGreaterThan(0);
      expect(['error', 'warning', 'note']).toContain(rule.defaultConfiguration.level);
    }
    const results = sarif.runs[0].results;
    expect(results.map((x: { ruleId: string }) => x.ruleId)).toEqual(['hook-unrecognised', 'wave-not-canonical']);
    for (const res of results) {
      expect(driver.rules[res.ruleIndex].id).toBe(res.ruleId);
      expect(['error', 'warning', 'note']).toContain(res.level);
      const loc = res.locations[0].physicalLocation;
      expect(loc.artifactLocation.uri).toMatch(/^[a-z]+\.yaml$/);
      expect(loc.region.startLine).toBeGreaterThanOrEqual(1);
      expect(Object.keys(res.partialFingerprints)).toHaveLength(1);
    }
    expect(results[0].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'error.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 6 } });
    expect(results[1].suppressions).toEqual([{ kind: 'inSource', justification: 'generated by the upstream chart' }]);
    expect(results[0].suppressions).toBeUndefined();
  });
});

test('hook fixtures in this file pass the hook rules (sanity)', () => {
  expect(yaml(hookJob('x'))).toContain('activeDeadlineSeconds: 600');
});

test('--list-rules prints every rule with its level (after --level) and needs no input', () => {
  const r = syncplan(['--list-rules', '--level', 'wave-unneeded=off']);
  expect(r.code).toBe(0);
  const lines = r.stdout.trimEnd().split('\n');
  expect(lines.map(l => l.split('\t')[0])).toEqual(ALL_RULES.map(x => x.id));
  expect(lines).toContain('wave-unneeded\toff\tA wave the dependencies do not need (each costs the inter-wave delay)');
  expect(lines).toContain('hook-unrecognised\terror\tA hook value Argo CD does not recognise');
});

test('syncplan plan shows the same findings under the plan, after the steps', () => {
  const plan = spawnSync(process.execPath, [BIN, 'plan', 'error.yaml'], { cwd: dir, encoding: 'utf8' });
  const lint = syncplan(['error.yaml']);
  const section = plan.stdout.slice(plan.stdout.indexOf('Findings (syncplan lint):'));
  expect(plan.stdout.indexOf('Findings (syncplan lint):')).toBeGreaterThan(plan.stdout.indexOf('PreSync wave 0'));
  expect(section).toMatchSnapshot();
  // The lint blocks, indented under the section's heading.
  const blocks = lint.stdout.trimEnd().split('\n').slice(0, -1).map(l => `  ${l}`);
  expect(section.trimEnd().split('\n').slice(1)).toEqual(blocks);
});
