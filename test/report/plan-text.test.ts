/**
 * The text rendering of a plan (src/report/plan-text.ts), from manifests through the real Argo CD model.
 */
import { spawnSync } from 'child_process';
import { join } from 'path';
import { buildPlan } from '../../src/argo';
import { loadPaths, parseManifests } from '../../src/cli/load';
import { renderPlanText, waitLine } from '../../src/report/plan-text';

const ROOT = join(__dirname, '..', '..');

function plan(yaml: string, options = {}) {
  return buildPlan(parseManifests(yaml, 'app.yaml'), options);
}

const obj = (kind: string, name: string, annotations: Record<string, string> = {}, apiVersion = 'v1') =>
  `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: ${name}\n`
  + (Object.keys(annotations).length ? `  annotations:\n${Object.entries(annotations).map(([k, v]) => `    ${k}: "${v}"\n`).join('')}` : '');
const wave = (n: number) => ({ 'argocd.argoproj.io/sync-wave': String(n) });

test('the article scenario, as `syncplan plan` prints it (the plan; time and findings have their own tests)', () => {
  const example = 'examples/manifests/workflow-console.yaml';
  const text = renderPlanText(buildPlan(loadPaths([join(ROOT, example)]).map((m) => ({ ...m, source: { ...m.source, file: example } })), { namespace: 'workflow' }));
  expect(text).toMatchSnapshot();
  const r = spawnSync(process.execPath, [join(ROOT, 'lib/cli/main.js'), 'plan', example, '--namespace', 'workflow'], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status).toBe(0);
  expect(r.stdout.startsWith(text)).toBe(true);
});

describe('what each step waits for', () => {
  test('a single-step sync without hooks waits for nothing', () => {
    const p = plan(`${obj('Deployment', 'web', {}, 'apps/v1')}---\n${obj('ConfigMap', 'c')}`);
    expect(p.steps).toHaveLength(1);
    expect(waitLine(p.steps[0], true, 1)).toBe('no health wait: single-step sync, done once applied');
  });

  test('a single-step sync waits for its hooks only (gate "hooks")', () => {
    const p = plan(`${obj('Deployment', 'web', {}, 'apps/v1')}---\n${obj('Job', 'check', { 'argocd.argoproj.io/hook': 'Sync' }, 'batch/v1')}`);
    expect(p.steps.map((s) => s.gate)).toEqual(['hooks']);
    expect(waitLine(p.steps[0], true, 1)).toBe('waits for hooks only: Job/check complete');
  });

  test('the last step of a multi-step sync is not awaited; earlier ones name what they wait for', () => {
    const p = plan([obj('ConfigMap', 'c', wave(0)), obj('Deployment', 'web', wave(1), 'apps/v1'), obj('Service', 'web', wave(2))].join('---\n'));
    const text = renderPlanText(p);
    expect(text).toContain('Sync wave 0\n  ConfigMap/c\n  -> waits for: nothing, no resource here has a health check, then the wave delay\n');
    expect(text).toContain('Sync wave 1\n  Deployment/web\n  -> waits for: Deployment/web Healthy, then the wave delay\n');
    expect(text).toContain('Sync wave 2\n  Service/web\n  -> no health wait: last step, done once applied\n');
  });

  test('two awaited objects of one kind and name in two namespaces are told apart by namespace; a name used once stays short', () => {
    const hook = (ns: string) => `${obj('Pod', 'check', { 'argocd.argoproj.io/hook': 'Sync' })}  namespace: ${ns}\n`;
    const p = plan([hook('a'), hook('b'), obj('Pod', 'other', { 'argocd.argoproj.io/hook': 'Sync' }), obj('ConfigMap', 'c', wave(1))].join('---\n'), { namespace: 'a' });
    expect(waitLine(p.steps[0], false, 2)).toBe('waits for: Pod/check -n a complete, Pod/check -n b complete, Pod/other complete, then the wave delay');
  });

  test('long waits name five resources and count the rest, as Argo CD does', () => {
    const deployments = Array.from({ length: 8 }, (_, i) => obj('Deployment', `d${i}`, wave(1), 'apps/v1'));
    const p = plan([...deployments, obj('ConfigMap', 'last', wave(2))].join('---\n'));
    expect(waitLine(p.steps[0], false, 2)).toBe('waits for: Deployment/d0 Healthy, Deployment/d1 Healthy, Deployment/d2 Healthy, '
      + 'Deployment/d3 Healthy, Deployment/d4 Healthy and 3 more, then the wave delay');
  });
});

describe('markers and sections', () => {
  test('hooks, delete policies, hoisting, SyncFail, excluded and errors', () => {
    const p = plan([
      obj('Namespace', 'workflow', wave(3)),
      obj('Job', 'migrate', { 'argocd.argoproj.io/hook': 'PreSync', 'argocd.argoproj.io/hook-delete-policy': 'HookSucceeded,HookFailed' }, 'batch/v1'),
      obj('Job', 'notify', { 'argocd.argoproj.io/hook': 'SyncFail' }, 'batch/v1'),
      obj('ConfigMap', 'typo', { 'argocd.argoproj.io/hook': 'Presync' }),
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: num\n  annotations:\n    argocd.argoproj.io/sync-wave: 2\n',
    ].join('---\n'), { namespace: 'workflow' });
    const text = renderPlanText(p);
    expect(text).toMatch(/^Sync plan: 2 steps, 3 tasks \(1 hook\), 1 SyncFail hook, 1 excluded, 1 error\n/);
    expect(text).toContain('PreSync wave 0\n  Namespace/workflow -n workflow  [hoisted from Sync wave 3]\n'
      + '  Job/migrate -n workflow  [hook, delete: HookSucceeded, HookFailed]\n');
    expect(text).toContain('SyncFail (only if the sync fails; all at once, waves ignored)\n  Job/notify -n workflow  [hook, delete: BeforeHookCreation]\n');
    expect(text).toMatch(/Excluded \(not part of the sync\)\n {2}ConfigMap\/typo -n workflow: .+ \(app\.yaml:\d+\)\n/);
    expect(text).toMatch(/Errors \(Argo CD would fail the sync\)\n {2}app\.yaml:\d+: ConfigMap\/num: .+\n$/);
  });

  test('the destination Namespace created before the dry run on the first sync (Argo CD 3.1+): a section, and its step kept for later syncs', () => {
    const input = [obj('Namespace', 'workflow', wave(5)), obj('ConfigMap', 'c', {}).replace('name: c', 'name: c\n  namespace: tools')].join('---\n');
    const text = renderPlanText(plan(input, { namespace: 'workflow' }));
    expect(text).toContain('Before the steps (first sync only: the destination namespace is missing, Argo CD 3.1+)\n'
      + '  Namespace/workflow -n workflow\n'
      + '  -> created before the dry run, ahead of every step; its step, Sync wave 5, holds nothing else, so the first sync has no such step '
      + '(no health wait, no wave delay); later syncs apply it in Sync wave 5\n\nSync wave 0\n');
    expect(text).toContain('Sync wave 5\n  Namespace/workflow -n workflow\n');
    // Hoisted into a step with others, the rest of the step is applied without it.
    const hoisted = renderPlanText(plan(obj('Namespace', 'workflow', wave(5)) + '---\n' + obj('ConfigMap', 'c', {}), { namespace: 'workflow' }));
    expect(hoisted).toContain('  Namespace/workflow -n workflow  [hoisted from Sync wave 5]\n'
      + '  -> created before the dry run, ahead of every step; Sync wave 0 then applies the rest of its step without it; later syncs apply it in Sync wave 0\n');
    // Nothing of it before 3.1, or with the namespace live.
    expect(renderPlanText(plan(input, { namespace: 'workflow', argocdVersion: '3.0' }))).not.toContain('Before the steps');
  });

  test('an empty input says so', () => {
    expect(renderPlanText(plan(''))).toBe('Sync plan: 0 steps, 0 tasks (0 hooks), 0 SyncFail hooks, 0 excluded, 0 errors\n\nNothing to sync.\n');
  });
});

describe('prune tasks with Prune= (src/argo/prune-option.ts)', () => {
  test('TestDoNotPruneAppLevelPruneFalse / TestPruneConfirmAppLevel: the marks say skipped or awaiting confirmation; a skipped prune is not waited for', () => {
    const live = parseManifests([
      obj('ConfigMap', 'old', wave(0)),
      obj('ConfigMap', 'kept', { ...wave(0), 'argocd.argoproj.io/sync-options': 'Prune=confirm' }),
    ].join('---\n'), 'live.yaml');
    const text = renderPlanText(plan(obj('Service', 'next', wave(1)), { namespace: 'app', live, syncOptions: ['Prune=false'], argocdVersion: '3.4' }));
    expect(text).toContain('  ConfigMap/kept -n app  [prune awaits confirmation: Prune=confirm]\n  ConfigMap/old -n app  [prune skipped: Prune=false]\n');
    expect(text).toContain('-> waits for: ConfigMap/kept approved and deleted, then the wave delay');
    // 3.3 ignores the Application's Prune=false: old is pruned, and waited for.
    const before = renderPlanText(plan(obj('Service', 'next', wave(1)), { namespace: 'app', live, syncOptions: ['Prune=false'], argocdVersion: '3.3' }));
    expect(before).toContain('  ConfigMap/old -n app  [prune]\n');
    expect(before).toContain('ConfigMap/old deleted');
  });
});
