/**
 * examples/platform: the database's Application before the workflow console's, as an app-of-apps
 * and as an ApplicationSet with RollingSync. Snapshots of the parent charts; the order asserted
 * without numbers; `npx cdk8s synth` with the example's own cdk8s.yaml, end to end.
 */
import { execFileSync } from 'child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Testing, Yaml } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { appOfApps } from '../../examples/platform/app-of-apps';
import { applicationSet } from '../../examples/platform/application-set';
import { buildPlan } from '../../src/argo/plan';
import { listGeneratedLabels, rollingSyncSteps, stepOf } from '../../src/argo/progressive-sync';
import { parseManifests } from '../../src/cli/load';
import { renderPlanText } from '../../src/report/plan-text';
import { lint } from '../../src/rules';

jest.setTimeout(120_000);

test('app-of-apps: the parent chart, and its plan (database wave first)', () => {
  const p = appOfApps(Testing.app(), 'dist/platform/app-of-apps');
  const yaml = Yaml.stringify(...Testing.synth(p.parent));
  expect(yaml).toMatchSnapshot();
  const plan = buildPlan(parseManifests(yaml, 'platform.k8s.yaml'));
  expect(plan.steps.map(s => s.tasks.map(t => t.name))).toEqual([['database'], ['workflow-console']]);
  expect(renderPlanText(plan)).toMatchSnapshot();
});

test('application set: the generated Applications fall in RollingSync steps in order', () => {
  const app = Testing.app();
  const set = applicationSet(app, 'dist/platform/application-set');
  const [json] = Testing.synth(set.node.scope as any);
  expect(Yaml.stringify(json)).toMatchSnapshot();
  const steps = rollingSyncSteps(json)!;
  expect(listGeneratedLabels(json)!.map(g => [g.name, stepOf(g.labels, steps)])).toEqual([['database', 0], ['workflow-console', 1]]);
  // Info only: last-wave-unchecked says the parent's sync does not wait for the set (true of any parent).
  expect(lint(parseManifests(Yaml.stringify(json), 'platform.k8s.yaml')).map(f => `${f.rule}:${f.level}`)).toEqual(['last-wave-unchecked:info']);
});

test('npx cdk8s synth writes both variants, each child chart selected by its Application', () => {
  const out = mkdtempSync(join(tmpdir(), 'syncplan-platform-'));
  try {
    const root = join(__dirname, '..', '..');
    execFileSync(process.execPath, [join(root, 'node_modules', 'cdk8s-cli', 'bin', 'cdk8s'), 'synth', '--no-check-upgrade', '--output', out],
      { cwd: join(root, 'examples', 'platform'), env: { ...process.env, CDK8S_CHECK_UPGRADE: 'false' }, stdio: 'pipe' });
    expect(readdirSync(join(out, 'app-of-apps')).sort()).toEqual(['argocd-cm.application-health.patch.yaml', 'database.k8s.yaml', 'platform.k8s.yaml', 'workflow-console.k8s.yaml']);
    expect(readdirSync(join(out, 'application-set')).sort()).toEqual(['database.k8s.yaml', 'platform.k8s.yaml', 'workflow-console.k8s.yaml']);
    const apps = parseAllDocuments(readFileSync(join(out, 'app-of-apps', 'platform.k8s.yaml'), 'utf8')).map(d => d.toJS());
    expect(apps.map(a => a.spec.source.directory.include)).toEqual(['database.k8s.yaml', 'workflow-console.k8s.yaml']);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
