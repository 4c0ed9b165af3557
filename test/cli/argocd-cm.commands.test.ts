/**
 * `--argocd-cm FILE` on every command that takes it (src/cli/options.ts `addArgocdCmOption`, read once by
 * src/cli/argocd-cm.ts): a health script of the operator's argocd-cm is a health check like a built-in one
 * (gitops-engine `pkg/health/health.go` `GetResourceHealth` tries argo-cd's override, `util/lua/lua.go`
 * `GetHealthScript`, before its Go checks), so whether the wave of a custom resource waits for it is one
 * answer (`argo/health.ts` `hasHealthCheck`) that lint, plan, simulate, report, diagram and explain all give.
 * Fixtures: test/fixtures/argocd-cm/ (a MongoDBCommunity, which has no built-in check, in Sync wave 0).
 */
import { spawnSync } from 'child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { cli } from './run-cli';

const F = join(__dirname, '..', 'fixtures', 'argocd-cm');
const APP = join(F, 'app.yaml');
const APPLICATION = join(F, 'application.yaml');
const NOW = '2026-12-01T10:04:00Z';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-argocd-cm-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `--argocd-cm` and the fixture, or nothing. */
const cmArgs = (file?: string): string[] => (file ? ['--argocd-cm', join(F, file)] : []);

async function json(...args: string[]): Promise<any> {
  const r = await cli(...args);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

/**
 * What each command says of MongoDBCommunity/db: true when Sync wave 0 waits for it (it has a health
 * check), false when it is done on apply. lint says it by reporting wave-gate-no-health or not.
 */
const SAYS: Record<string, (cm: string[]) => Promise<boolean>> = {
  'lint (wave-gate-no-health)': async (cm) =>
    !(await json('lint', APP, '-f', 'json', ...cm)).findings.some((f: { rule: string }) => f.rule === 'wave-gate-no-health'),
  'plan (the step\'s wait line)': async (cm) => {
    const text = (await cli('plan', APP, ...cm)).stdout;
    const line = text.split('\n').find(l => l.startsWith('  -> ') && text.indexOf(l) > text.indexOf('Sync wave 0\n'))!;
    expect(line).toMatch(/^ {2}-> waits for: /);
    return line === '  -> waits for: MongoDBCommunity/db Healthy, then the wave delay';
  },
  'plan (time: what step 2 waits on)': async (cm) =>
    (await json('plan', APP, '-f', 'json', ...cm)).time.criticalPath[1].waitsOn.includes('MongoDBCommunity/db'),
  'plan (its findings, as lint)': async (cm) =>
    !(await json('plan', APP, '-f', 'json', ...cm)).findings.some((f: { rule: string }) => f.rule === 'wave-gate-no-health'),
  'simulate (the result of db)': async (cm) => {
    const db = (await json('simulate', APP, '-f', 'json', ...cm)).applied.find((a: { kind: string }) => a.kind === 'MongoDBCommunity');
    expect(['Healthy', 'no health check']).toContain(db.result);
    return db.result === 'Healthy';
  },
  'diagram (the arrow out of wave 0)': async (cm) => {
    const arrow = (await cli('diagram', APP, ...cm)).stdout.split('\n').find(l => l.startsWith('  s2 -->'));
    expect(arrow).toMatch(/^ {2}s2 -->\|"(Healthy|after apply) \+ 2 s"\| s3$/);
    return arrow!.includes('Healthy');
  },
  'report (the gate line and the time estimate)': async (cm) => {
    const out = join(dir, 'report.html');
    expect((await cli('report', APP, '--out', out, ...cm)).code).toBe(0);
    const html = readFileSync(out, 'utf8');
    const gate = html.includes('→ waits for: MongoDBCommunity/db Healthy, then the wave delay');
    expect(html.includes('<b>Sync wave 0</b>: waits for <span class="mono">MongoDBCommunity/db</span>')).toBe(gate);
    return gate;
  },
  'explain (done: no health check)': async (cm) =>
    !(await json('explain', APPLICATION, '--now', NOW, '-f', 'json', ...cm)).done.find((d: { kind: string }) => d.kind === 'MongoDBCommunity').noHealthCheck,
};

describe.each([
  ['no --argocd-cm', undefined, false],
  ['a script for MongoDBCommunity (split key)', 'argocd-cm.yaml', true],
  ['a wildcard key (*.mongodb.com_*)', 'argocd-cm-wildcard.yaml', true],
  ['the resource.customizations block', 'argocd-cm-block.yaml', true],
  ['scripts for other kinds only', 'argocd-cm-other.yaml', false],
])('%s', (_name, file, waits) => {
  test.each(Object.keys(SAYS))(`%s: the wave ${waits ? 'waits for' : 'does not wait for'} MongoDBCommunity/db`, async (command) => {
    expect(await SAYS[command](cmArgs(file))).toBe(waits);
  });
});

test('lint and plan agree given the same file: lint reports the custom resource exactly when plan shows its wave not waiting', async () => {
  for (const file of [undefined, 'argocd-cm.yaml', 'argocd-cm-wildcard.yaml', 'argocd-cm-block.yaml', 'argocd-cm-other.yaml']) {
    const [lintSays, planSays] = await Promise.all([SAYS['lint (wave-gate-no-health)'](cmArgs(file)), SAYS['plan (the step\'s wait line)'](cmArgs(file))]);
    expect({ file, lint: lintSays }).toEqual({ file, lint: planSays });
  }
});

describe('simulate --health on a kind without a built-in check', () => {
  const health = ['--health', 'MongoDBCommunity/db=Progressing'];
  /** The JSON result, and the notes of the text (the JSON has none). */
  const run = async (file?: string) => {
    const text = (await cli('simulate', APP, ...health, ...cmArgs(file))).stdout;
    const notes = text.includes('\nNotes\n') ? text.split('\nNotes\n')[1].trimEnd().split('\n').map(l => l.trim()) : [];
    return { ...(await json('simulate', APP, '-f', 'json', ...health, ...cmArgs(file))), notes };
  };

  test('argocd-cm not given: simulated as if it had a check, and noted', async () => {
    const r = await run();
    expect(r.operationPhase).toBe('Running');
    expect(r.notes).toEqual([expect.stringMatching(/^MongoDBCommunity\/db: Argo CD has no built-in health check for MongoDBCommunity; simulated as Progressing as if argocd-cm had one/)]);
  });

  test('argocd-cm gives it a check: the sync waits on it, no note', async () => {
    const r = await run('argocd-cm.yaml');
    expect(r.operationPhase).toBe('Running');
    expect(r.waitingOn).toEqual(['MongoDBCommunity/db']);
    expect(r.notes).toEqual([]);
  });

  test('argocd-cm given without one: Argo CD reads no health of it and goes on (GetResourceHealth nil: the task succeeds), and the note says --health changed nothing', async () => {
    const r = await run('argocd-cm-other.yaml');
    expect(r.operationPhase).toBe('Succeeded');
    expect(r.applied.find((a: { kind: string }) => a.kind === 'MongoDBCommunity').result).toBe('no health check');
    expect(r.notes).toEqual([expect.stringMatching(/^MongoDBCommunity\/db: Argo CD has no health check for MongoDBCommunity, built in or in the argocd-cm given: .*changes nothing/)]);
  });
});

describe('a bad argocd-cm: every command refuses it in one line naming the file and line, exit 2', () => {
  test.each([
    ['lint', [APP]],
    ['plan', [APP]],
    ['simulate', [APP]],
    ['diagram', [APP]],
    ['report', [APP, '--out', 'REPORT']],
    ['explain', [APPLICATION]],
  ])('%s', async (command, args) => {
    const r = await cli(command, ...args.map(a => (a === 'REPORT' ? join(dir, 'report.html') : a)), ...cmArgs('argocd-cm-bad.yaml'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      `syncplan: ${join(F, 'argocd-cm-bad.yaml')}:6: argocd-cm: group kind should be in format resource.customizations.<type>.<group_kind> `
      + 'or resource.customizations.<type>.<kind>, got group kind: \'a_b_c\' (fix the key as Argo CD would need it)',
    ]);
  });

  test('a file that holds no ConfigMap', async () => {
    const r = await cli('plan', APP, '--argocd-cm', APPLICATION);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/application\.yaml:\d+: no ConfigMap in the file/);
  });
});

describe('plan --repo-root: each child\'s plan follows the argocd-cm too (one Argo CD judges them all)', () => {
  const parent = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'shop', namespace: 'argocd' },
    spec: {
      project: 'default',
      source: { repoURL: 'https://git.example.com/p.git', path: 'child', targetRevision: 'main' },
      destination: { server: 'https://kubernetes.default.svc', namespace: 'shop' },
      syncPolicy: { automated: {} },
    },
  };
  const WAITS = '  -> waits for: MongoDBCommunity/db Healthy, then the wave delay';
  const setUp = () => {
    mkdirSync(join(dir, 'child'));
    copyFileSync(APP, join(dir, 'child', 'app.yaml'));
    writeFileSync(join(dir, 'parent.yaml'), JSON.stringify(parent));
    return ['plan', join(dir, 'parent.yaml'), '--repo-root', dir];
  };

  test('planned in this thread', async () => {
    const args = setUp();
    expect((await cli(...args)).stdout.split('\n')).not.toContain(WAITS);
    expect((await cli(...args, ...cmArgs('argocd-cm.yaml'))).stdout.split('\n')).toContain(WAITS);
  });

  test('planned by a worker thread (the scripts go with the request; spawns the compiled CLI)', () => {
    const args = setUp();
    const run = (...more: string[]) => spawnSync(process.execPath, [join(__dirname, '..', '..', 'lib', 'cli', 'main.js'), ...args, '--workers', '1', ...more], { encoding: 'utf8' });
    expect(run().stdout.split('\n')).not.toContain(WAITS);
    const r = run(...cmArgs('argocd-cm.yaml'));
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')).toContain(WAITS);
  });
});
