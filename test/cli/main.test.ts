/**
 * The `syncplan` binary end to end: spawns `node lib/cli/main.js` (the test task compiles first).
 */
import { spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

// Every test spawns node; on a busy machine that is slow, never hung.
jest.setTimeout(60_000);

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'lib', 'cli', 'main.js');
const EXAMPLE = 'examples/manifests/workflow-console.yaml';
// 1-based line where the migration Job's document starts (the line before its `kind: Job`).
const MIGRATION_LINE = readFileSync(join(__dirname, '..', '..', EXAMPLE), 'utf8').split('\n').indexOf('kind: Job');

interface Run { readonly code: number | null; readonly stdout: string; readonly stderr: string }

function syncplan(args: string[], input?: string): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input: input ?? '', encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Exit 2, nothing on stdout, exactly one line on stderr that is not a stack trace. */
function expectUsageOrInputError(r: Run, pattern: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.endsWith('\n')).toBe(true);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stderr).toMatch(/^syncplan: /);
  expect(r.stderr).toMatch(pattern);
}

const cm = (name: string, annotations = '') => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${annotations ? `  annotations:\n${annotations}` : ''}`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('exit status 0: a plan', () => {
  test('text plan of the example on stdout, nothing on stderr', () => {
    const r = syncplan(['plan', EXAMPLE]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(/^Sync plan: 5 steps, 7 tasks \(2 hooks\)/);
    expect(r.stdout.indexOf('PreSync wave 0')).toBeLessThan(r.stdout.indexOf('Sync wave 1'));
  });

  test('--format json prints exactly one JSON object with the documented shape', () => {
    const r = syncplan(['plan', EXAMPLE, '--format', 'json', '--namespace', 'workflow']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const plan = JSON.parse(r.stdout);
    expect(Object.keys(plan)).toEqual(['steps', 'syncFail', 'excluded', 'errors', 'time', 'findings']);
    expect(plan.time).toMatchObject({ waveDelaySeconds: 2, minimumSeconds: 8 });
    expect(plan.findings.map((f: any) => f.rule)).toContain('reads-resource-created-later');
    expect(plan.steps.map((s: any) => [s.phase, s.wave])).toEqual([['PreSync', 0], ['Sync', 0], ['Sync', 1], ['Sync', 2], ['PostSync', 0]]);
    for (const step of plan.steps) {
      expect(Object.keys(step)).toEqual(expect.arrayContaining(['phase', 'wave', 'tasks']));
      for (const task of step.tasks) {
        expect(task).toMatchObject({ action: 'apply', namespace: 'workflow' });
        expect(Object.keys(task)).toEqual(expect.arrayContaining(['apiVersion', 'kind', 'name', 'namespace', 'action', 'hook', 'deletePolicies']));
        expect(typeof task.hook).toBe('boolean');
        expect(Array.isArray(task.deletePolicies)).toBe(true);
      }
    }
    expect(plan.steps.flatMap((s: any) => s.tasks.map((t: any) => `${t.kind}/${t.name}`))).toEqual([
      'Job/db-migrate', 'Secret/workflow-console-db', 'ConfigMap/workflow-console-config', 'Deployment/workflow-console',
      'Service/workflow-console', 'Ingress/workflow-console', 'Job/smoke-test',
    ]);
    expect(plan.steps[0].tasks[0]).toMatchObject({ hook: true, deletePolicies: ['HookSucceeded'], source: `${EXAMPLE}:${MIGRATION_LINE}` });
    expect([plan.syncFail, plan.excluded, plan.errors]).toEqual([[], [], []]);
  });

  test('- reads standard input', () => {
    const text = readFileSync(join(ROOT, EXAMPLE), 'utf8');
    const fromStdin = syncplan(['plan', '-', '--format', 'json'], text);
    expect(fromStdin.code).toBe(0);
    const tasks = JSON.parse(fromStdin.stdout).steps.flatMap((s: any) => s.tasks);
    expect(tasks).toHaveLength(7);
    expect(tasks[0].source).toBe(`<stdin>:${MIGRATION_LINE}`);
  });

  test('same input, byte-identical output', () => {
    const a = syncplan(['plan', EXAMPLE, '-f', 'json']);
    const b = syncplan(['plan', EXAMPLE, '-f', 'json']);
    expect(a.stdout).toBe(b.stdout);
    expect(syncplan(['plan', EXAMPLE]).stdout).toBe(syncplan(['plan', EXAMPLE]).stdout);
  });

  test('--skip-hooks drops every hook (selective sync / self-heal)', () => {
    const plan = JSON.parse(syncplan(['plan', EXAMPLE, '-f', 'json', '--skip-hooks']).stdout);
    expect(plan.steps.map((s: any) => s.phase)).toEqual(['Sync', 'Sync', 'Sync']);
    expect(plan.steps.flatMap((s: any) => s.tasks).some((t: any) => t.hook)).toBe(false);
  });

  test('--revision and --started-at name generateName hooks', () => {
    const file = join(dir, 'gen.yaml');
    writeFileSync(file, 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  generateName: migrate-\n  annotations:\n    argocd.argoproj.io/hook: PreSync\n');
    const r = syncplan(['plan', file, '-f', 'json', '--revision', 'abcdef1234567', '--started-at', '1700000000']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).steps[0].tasks[0].name).toBe('migrate-abcdef1-presync-1700000000');
  });

  test('--version prints the package version', () => {
    const r = syncplan(['--version']);
    expect([r.code, r.stdout]).toEqual([0, `${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n`]);
  });
});

describe('exit status 1: the plan has errors Argo CD would fail on', () => {
  test('an unquoted number as annotation value, a non-hook with only generateName', () => {
    const file = join(dir, 'errors.yaml');
    writeFileSync(file, `${cm('a', '    argocd.argoproj.io/sync-wave: 1\n')}---\napiVersion: batch/v1\nkind: Job\nmetadata:\n  generateName: x-\n`);
    const r = syncplan(['plan', file, '-f', 'json']);
    expect([r.code, r.stderr]).toEqual([1, '']);
    const { errors } = JSON.parse(r.stdout);
    expect(errors.map((e: any) => [e.kind, e.name, e.source])).toEqual([['ConfigMap', 'a', `${file}:6`], ['Job', 'x-', `${file}:10`]]);
    expect(errors.every((e: any) => typeof e.message === 'string' && e.message.length > 0)).toBe(true);
    const text = syncplan(['plan', file]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`Errors (Argo CD would fail the sync)\n  ${file}:6: ConfigMap/a: `);
  });

  test('excluded objects alone are not errors', () => {
    const file = join(dir, 'excluded.yaml');
    writeFileSync(file, `${cm('typo', '    argocd.argoproj.io/hook: presync\n')}---\n${cm('ok')}`);
    const r = syncplan(['plan', file, '-f', 'json']);
    expect(r.code).toBe(0);
    const { excluded } = JSON.parse(r.stdout);
    expect(excluded.map((x: any) => [x.kind, x.name])).toEqual([['ConfigMap', 'typo']]);
    expect(Object.keys(excluded[0])).toEqual(expect.arrayContaining(['apiVersion', 'kind', 'name', 'namespace', 'reason']));
  });
});

describe('exit status 2: unreadable input or bad usage, one line, no stack trace', () => {
  test.each([
    ['malformed YAML', 'bad.yaml', `${cm('a')}---\nkind: ConfigMap\n  metadata: x\n`, /bad\.yaml:6: invalid YAML: Nested mappings/],
    ['a non-mapping document', 'scalar.yaml', `${cm('a')}---\nhello\n`, /scalar\.yaml:6: document is a string/],
    ['a missing kind', 'nokind.yaml', 'apiVersion: v1\nmetadata: {name: a}\n', /nokind\.yaml:1: object has no kind/],
    ['binary junk', 'junk.yaml', 'a: 1\n\u0000\u0001\u0002', /junk\.yaml:2: binary data/],
  ])('%s', (_what, name, content, pattern) => {
    const file = join(dir, name);
    writeFileSync(file, content);
    expectUsageOrInputError(syncplan(['plan', file]), pattern);
    expectUsageOrInputError(syncplan(['plan', file, '-f', 'json']), pattern);
  });

  test('an alias bomb on stdin', () => {
    const levels = ['a: &a [x,x,x,x,x,x,x,x,x,x]'];
    for (let i = 1; i < 10; i++) {
      const [p, c] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
      levels.push(`${c}: &${c} [${Array(10).fill(`*${p}`).join(',')}]`);
    }
    const bomb = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: lol}\ndata:\n${levels.map((l) => `  ${l}`).join('\n')}\n`;
    expectUsageOrInputError(syncplan(['plan', '-'], bomb), /<stdin>:1: too many YAML alias expansions/);
  });

  test('a 50 MB file of junk fails, naming file and line', () => {
    const file = join(dir, 'huge.yaml');
    writeFileSync(file, Buffer.concat([Buffer.from(`${cm('a')}---\n`), Buffer.alloc(50 * 2 ** 20, 0xfe)]));
    expectUsageOrInputError(syncplan(['plan', file]), /huge\.yaml:6: invalid UTF-8/);
  });

  test.each([
    ['a missing file', ['plan', 'no/such/file.yaml'], /no\/such\/file\.yaml: no such file or folder/],
    ['no input at all', ['plan'], /no input: give YAML or JSON files, folders, or -/],
    ['an unknown option', ['plan', EXAMPLE, '--bogus'], /unknown option '--bogus'/],
    ['an unknown format', ['plan', EXAMPLE, '--format', 'xml'], /argument 'xml' is invalid\. Allowed choices are text, json/],
    ['a bad --started-at', ['plan', EXAMPLE, '--started-at', 'yesterday'], /expected whole unix seconds/],
    ['an unknown command', ['plna', EXAMPLE], /unknown command 'plna' \(Did you mean plan\?\)\n$/],
  ])('%s', (_what, args, pattern) => {
    expectUsageOrInputError(syncplan(args), pattern);
  });
});

describe('startup', () => {
  /** Modules loaded by an in-process run, relative to node_modules. */
  function loaded(args: string[]): string[] {
    const script = `const m = require(${JSON.stringify(BIN)});
      m.main(['node', 'syncplan', ...${JSON.stringify(args)}]).then(() => {
        process.stderr.write(JSON.stringify(Object.keys(require.cache)));
      });`;
    const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
    return (JSON.parse(r.stderr) as string[]).filter((p) => p.includes('node_modules')).map((p) => p.split('node_modules/')[1]);
  }

  test('the CLI never loads cdk8s or constructs; --version does not even load yaml', () => {
    const forPlan = loaded(['plan', EXAMPLE]);
    expect(forPlan.some((p) => p.startsWith('yaml/'))).toBe(true);
    expect(forPlan.filter((p) => /^(cdk8s|cdk8s-plus-27|constructs)\//.test(p))).toEqual([]);
    const forVersion = loaded(['--version']);
    expect(forVersion.filter((p) => !p.startsWith('commander/'))).toEqual([]);
  });

  test('the JSON parser is loaded only to locate what JSON.parse cannot: a List\'s items, a syntax error', () => {
    expect(loaded(['plan', EXAMPLE]).filter((p) => p.startsWith('jsonc-parser/'))).toEqual([]);
    const object = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } };
    const one = join(dir, 'one.json');
    writeFileSync(one, JSON.stringify(object));
    expect(loaded(['plan', one]).filter((p) => p.startsWith('jsonc-parser/'))).toEqual([]);
    const list = join(dir, 'list.json');
    writeFileSync(list, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [object] }));
    expect(loaded(['plan', list]).some((p) => p.startsWith('jsonc-parser/'))).toBe(true);
  });
});

describe('the Application and its cluster: --live and --sync-option', () => {
  test('--live objects missing from the input are pruned in mirrored waves; PruneLast after every Sync wave', () => {
    const live = join(dir, 'live.yaml');
    // Each tracked as the app's (argocd.argoproj.io/tracking-id, the default since Argo CD 3.0); an
    // untracked one is left alone and listed as excluded.
    const tracked = (name: string) => `    argocd.argoproj.io/tracking-id: shop:/ConfigMap:default/${name}\n`;
    writeFileSync(live, `${cm('old-a', `    argocd.argoproj.io/sync-wave: "1"\n${tracked('old-a')}`)}---\n${cm('old-b', `    argocd.argoproj.io/sync-wave: "2"\n${tracked('old-b')}`)}---\n`
      + `${cm('old-c', `    argocd.argoproj.io/sync-options: PruneLast=true\n${tracked('old-c')}`)}---\n${cm('stranger', '    other: "x"\n')}`);
    const input = join(dir, 'target.yaml');
    writeFileSync(input, `${cm('kept', '    argocd.argoproj.io/sync-wave: "2"\n')}`);
    const r = syncplan(['plan', input, '--live', live, '-f', 'json']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const tasks = JSON.parse(r.stdout).steps.flatMap((s: any) => s.tasks.map((t: any) => `${s.wave} ${t.action} ${t.name}`));
    // Prune waves {0, 1, 2} mirror to {2, 1, 0} (old-c's 0 counts too), then PruneLast moves old-c
    // after the highest Sync wave: 2 + 1 (TestWaveReorderingOfPruneTasks, TestPruneLast).
    expect(tasks).toEqual(['0 prune old-b', '1 prune old-a', '2 apply kept', '3 prune old-c']);
    expect(JSON.parse(r.stdout).excluded.map((x: any) => [x.name, x.reason])).toEqual([
      ['stranger', expect.stringMatching(/^live, not tracked as this app's: no argocd.argoproj.io\/tracking-id annotation/)],
    ]);
    // --app-name: another app's objects are left out too.
    const other = JSON.parse(syncplan(['plan', input, '--live', live, '--app-name', 'web', '-f', 'json']).stdout);
    expect(other.steps.flatMap((s: any) => s.tasks.map((t: any) => t.name))).toEqual(['kept']);
  });

  test('--sync-option reaches the model: CreateNamespace=true creates the Namespace first, in no step of its own', () => {
    const r = syncplan(['plan', EXAMPLE, '-n', 'workflow', '--sync-option', 'CreateNamespace=true', '-f', 'json']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const plan = JSON.parse(r.stdout);
    expect(plan.createNamespace).toMatchObject({ kind: 'Namespace', name: 'workflow' });
    expect(plan.steps.flatMap((s: any) => s.tasks).some((t: any) => t.kind === 'Namespace')).toBe(false);
    // With managedNamespaceMetadata the task is there on every sync: a PreSync step.
    const managed = JSON.parse(syncplan(['plan', EXAMPLE, '-n', 'workflow', '--sync-option', 'CreateNamespace=true', '--managed-namespace-metadata', '-f', 'json']).stdout);
    expect(managed.steps[0].tasks[0]).toMatchObject({ kind: 'Namespace', name: 'workflow' });
  });

  test('plan and simulate --help document the model options, with their defaults', () => {
    for (const command of ['plan', 'simulate']) {
      const help = syncplan([command, '--help']).stdout.replace(/\s+/g, ' ');
      for (const option of ['--argocd-version <version>', '--kube-version <version>', '--managed-namespace-metadata', '--app-name <name>', '--tracking-method <method>']) {
        expect(help).toContain(option);
      }
      expect(help).toContain('2.14 to 3.6 (default: 3.6)');
      expect(help).toContain('1.16 to 1.36 (default: 1.35)');
    }
  });

  test('--argocd-version and --kube-version reach the model, and bad values are refused in one line', () => {
    const cron = join(dir, 'cron.yaml');
    writeFileSync(cron, 'apiVersion: batch/v1beta1\nkind: CronJob\nmetadata:\n  name: nightly\n');
    const current = syncplan(['simulate', cron, '-f', 'json']);
    expect(JSON.parse(current.stdout).message).toMatch(/^one or more synchronization tasks are not valid: failed to discover server resources for group version batch\/v1beta1/);
    expect(JSON.parse(syncplan(['simulate', cron, '--argocd-version', '3.4.2', '-f', 'json']).stdout).message).toBe('one or more synchronization tasks are not valid');
    expect(syncplan(['simulate', cron, '--kube-version', '1.24']).code).toBe(0);
    for (const bad of [['--kube-version', '1.99'], ['--argocd-version', '2.13']]) {
      const r = syncplan(['plan', cron, ...bad]);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  test.each([
    ['mis-cased', 'prunelast=true', /matched exactly and case-sensitively\); write "PruneLast=true"/],
    ['a value Argo CD ignores', 'Prune=maybe', /Prune takes "false" or "confirm", not "maybe"\); write one of "Prune=false", "Prune=confirm"/],
    ['unknown', 'PruneFirst=true', /Argo CD knows no option PruneFirst\); use one of Prune, /],
  ])('a %s --sync-option is refused, the same way by plan, lint and simulate', (_what, option, pattern) => {
    for (const command of ['plan', 'lint', 'simulate']) {
      expectUsageOrInputError(syncplan([command, EXAMPLE, '--sync-option', option]), pattern);
    }
  });
});

describe('what Argo CD syncs, the CLI plans; what it or the API server refuses, lint fails on', () => {
  const job = (name: string, annotations: string, extra = '') => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  ${name}\n  annotations:\n${annotations}spec:\n`
    + `  backoffLimit: 0\n  activeDeadlineSeconds: 600\n  template:\n    spec:\n      restartPolicy: Never\n${extra}      containers:\n        - name: main\n          image: registry.internal/migrate:1.0.0\n`;
  const presync = '    argocd.argoproj.io/hook: PreSync\n    argocd.argoproj.io/hook-delete-policy: BeforeHookCreation,HookSucceeded\n';

  test('Test_NormalizeTargetObjects_Deduplication: two Jobs named migrate: plan and simulate keep the last (exit 0), lint exits 1 naming both places', () => {
    const file = join(dir, 'repeated.yaml');
    writeFileSync(file, `${job('name: migrate', presync)}---\n${job('name: migrate', presync)}`);
    const plan = syncplan(['plan', file, '-f', 'json']);
    expect(plan.code).toBe(0);
    const json = JSON.parse(plan.stdout);
    expect(json.excluded.map((x: any) => [x.kind, x.name, x.source, x.reason])).toEqual([
      ['Job', 'migrate', `${file}:1`, expect.stringMatching(new RegExp(`^repeated: ${file.replace(/[.]/g, '\\.')}:\\d+ defines the same object again and wins`))],
    ]);
    expect(syncplan(['simulate', file]).code).toBe(0);
    const lint = syncplan(['lint', file]);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain(`error: Job/migrate (${file}:4): is defined again at ${file}:18 as the same object (batch/Job//migrate)`);
  });

  test('TestAutomaticallyNamingUnnamedHook: an unnamed hook is planned under the name Argo CD gives it', () => {
    const file = join(dir, 'unnamed-hook.yaml');
    writeFileSync(file, job('labels: {app: migrate}', presync));
    const plan = syncplan(['plan', file, '--revision', '9a8b7c6d5e', '--started-at', '1764600000', '-f', 'json']);
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout).steps[0].tasks.map((t: any) => t.name)).toEqual(['9a8b7c6-presync-1764600000']);
    expect(syncplan(['lint', file]).code).toBe(0);
  });

  test('TestNamingNonHookResource: an unnamed resource is a plan error (exit 1) and a lint error, not unreadable input', () => {
    const file = join(dir, 'unnamed.yaml');
    writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels: {app: web}\ndata: {a: b}\n');
    const plan = syncplan(['plan', file]);
    expect(plan.code).toBe(1);
    expect(plan.stdout).toMatch(/resource name may not be empty/);
    const lint = syncplan(['lint', file]);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain('(see https://github.com/cdk8s-syncplan/cdk8s-syncplan/blob/main/docs/rules/name-missing.md)');
  });

  test('TestSyncWithCreateNamespaceAndDryRunError: an invalid object fails lint, and simulate fails its apply without --apply-error', () => {
    const file = join(dir, 'invalid.yaml');
    writeFileSync(file, job('name: migrate', presync, '      initContainers:\n        - name: main\n          image: registry.internal/wait:1.0.0\n'));
    const lint = syncplan(['lint', file]);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain('Job.batch "migrate" is invalid: spec.template.spec.initContainers[0].name: Duplicate value: "main"');
    const simulate = syncplan(['simulate', file, '-f', 'json']);
    expect(simulate.code).toBe(1);
    const result = JSON.parse(simulate.stdout);
    expect(result.operationPhase).toBe('Failed');
    expect(result.results).toContainEqual({ kind: 'Job', name: 'migrate', namespace: '', status: 'SyncFailed', message: expect.stringContaining('Duplicate value: "main"') });
  });
});
