import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Testing, Yaml } from 'cdk8s';
import { WorkflowConsoleChart } from '../../examples/workflow-console/chart';
import { SyncOrder } from '../../src';
import { buildPlan } from '../../src/argo/plan';
import { parseManifests } from '../../src/cli/load';
import { renderPlanText } from '../../src/report/plan-text';
import { lint } from '../../src/rules';

const FILE = 'workflow-console.k8s.yaml';

function synthYaml(): { chart: WorkflowConsoleChart; yaml: string } {
  const chart = new WorkflowConsoleChart(Testing.app(), 'workflow-console');
  return { chart, yaml: Yaml.stringify(...Testing.synth(chart)) };
}

describe('examples/workflow-console (the article\'s rollout)', () => {
  test('synthesized YAML', () => {
    expect(synthYaml().yaml).toMatchSnapshot();
  });

  test('text plan, read back from the YAML as Argo CD would', () => {
    const plan = buildPlan(parseManifests(synthYaml().yaml, FILE));
    expect(renderPlanText(plan)).toMatchSnapshot();
  });

  test('the order the article asks for, asserted without wave numbers', () => {
    const c = synthYaml().chart;
    const order = SyncOrder.of(c);
    order.assertBefore(c.migrate, c.configMap); // schema first, while the old version still serves
    order.assertBefore(c.configMap, c.deployment); // config settled before any pod starts
    // One wave does it: Argo CD applies the ConfigMap first by kind order, and it has nothing to wait for.
    expect(order.explainBefore(c.config, c.web)).toBe(
      'workflow-console/config-map/Resource (ConfigMap workflow-console-config, Sync wave 0) before '
      + 'workflow-console/workflow-console/Resource (Deployment workflow-console, Sync wave 0): the same step: '
      + 'Argo CD applies ConfigMap before Deployment by kind order, and ConfigMap has no health check to wait for',
    );
    order.assertBefore(c.web, c.service); // traffic only after pods are Ready (the Deployment's subtree holds its Service: ask by tier)
    order.assertBefore(c.deployment, c.ingress);
    order.assertSameStep(c.service, c.ingress);
    order.assertBefore(c.ingress, c.smoke); // smoke test after everything is Healthy
    expect(order.phaseOf(c.notify)).toBe('SyncFail');
    expect(order.isBefore(c.deployment, c.configMap)).toBe(false);
    expect(() => order.assertBefore(c.service, c.web)).toThrow(
      'expected workflow-console/workflow-console/workflow-consoleService to be applied before workflow-console/web, '
      + 'but workflow-console/workflow-console/workflow-consoleService/Resource (Service workflow-console, Sync wave 1) '
      + 'comes after workflow-console/workflow-console/Resource (Deployment workflow-console, Sync wave 0)',
    );
  });

  test('two Sync waves, the fewest Argo CD needs (config shares the Deployment\'s wave), and no lint errors', () => {
    const manifests = parseManifests(synthYaml().yaml, FILE);
    const plan = buildPlan(manifests);
    expect(plan.steps.filter((s) => s.phase === 'Sync').map((s) => s.wave)).toEqual([0, 1]);
    expect(lint(manifests).filter((f) => f.level === 'error')).toEqual([]);
  });

  test('deterministic: two synths are byte-identical', () => {
    expect(synthYaml().yaml).toBe(synthYaml().yaml);
  });

  test('main.ts (what `npx cdk8s synth` runs) writes the same YAML', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'workflow-console-'));
    const root = path.join(__dirname, '..', '..');
    execFileSync(process.execPath, [require.resolve('ts-node/dist/bin'), '--swc', path.join(root, 'examples/workflow-console/main.ts')], {
      cwd: root,
      env: { ...process.env, CDK8S_OUTDIR: outdir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    expect(fs.readFileSync(path.join(outdir, FILE), 'utf8')).toBe(synthYaml().yaml);
    fs.rmSync(outdir, { recursive: true, force: true });
  }, 30_000);
});
