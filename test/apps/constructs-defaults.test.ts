/**
 * What the library's own constructs generate by default must pass the rule pack: the synth-time
 * check and `syncplan lint` must never flag the library's own output.
 */
import { ApiObject, Chart, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import type { Manifest } from '../../src/argo/types';
import { EnvSource, MigrationHook, SmokeTest, SyncFailHook, Tier } from '../../src/constructs';
import { lint } from '../../src/rules';

function articleChart(secretInChart: boolean): Chart {
  const chart = new Chart(Testing.app(), 'workflow-console');
  const config = new kplus.ConfigMap(chart, 'config', { data: { LOG_LEVEL: 'info' } });
  // The database Secret either comes with the app (a Sync-phase object) or already exists.
  const secret = secretInChart
    ? new kplus.Secret(chart, 'db', { stringData: { DATABASE_URL: 'postgresql://console@db/console' } })
    : kplus.Secret.fromSecretName(chart, 'db', 'workflow-console-db');
  const deployment = new kplus.Deployment(chart, 'web', {
    containers: [{
      image: 'registry.internal/workflow-console:1.4.2',
      portNumber: 8080,
      envFrom: [kplus.Env.fromConfigMap(config)],
      readiness: kplus.Probe.fromHttpGet('/healthz'),
      securityContext: { ensureNonRoot: false },
    }],
  });
  const service = deployment.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
  const cfgTier = new Tier(chart, 'config-tier');
  cfgTier.add(config);
  const web = new Tier(chart, 'web-tier', { after: [cfgTier] });
  web.add(deployment);
  const edge = new Tier(chart, 'edge-tier', { after: [web] });
  edge.add(service);
  const migrate = new MigrationHook(chart, 'db-migrate', {
    image: 'registry.internal/workflow-console:1.4.2',
    command: ['alembic', 'upgrade', 'head'],
    envFrom: [EnvSource.secret(secret)],
  });
  // Two PreSync steps, as the article orders them: a wave inside the hook phase.
  new MigrationHook(chart, 'seed-data', { image: 'registry.internal/seed:1.0.0', command: ['seed'], after: [migrate] });
  new SmokeTest(chart, 'smoke', { service, path: '/healthz' });
  new SyncFailHook(chart, 'notify', { image: 'registry.internal/notify:1.0.0', command: ['notify'] });
  return chart;
}

function rendered(chart: Chart): Manifest[] {
  return chart.toJson().map((object: Record<string, unknown>, index: number) => ({ object, source: { file: chart.node.path, line: 0, index } }));
}

test('the article app built with the constructs has no finding above info', () => {
  const findings = lint(rendered(articleChart(false)));
  expect(findings.filter(f => f.level !== 'info').map(f => `${f.level} ${f.rule} ${f.kind}/${f.name}`)).toEqual([]);
});

test('synth fails with the finding when a MigrationHook reads a Secret the chart creates in the Sync phase (argo-cd #9891)', () => {
  const chart = articleChart(true);
  expect(() => chart.toJson()).toThrow(
    /Job\/workflow-console-db-migrate-\w+ \(workflow-console\/db-migrate\/Resource\): is a PreSync hook that needs Secret\/workflow-console-db-\w+, which this app creates only in Sync wave 0/,
  );
});

test('warnings print once on stderr but do not fail the synth', () => {
  const chart = articleChart(false);
  // A hand-written hook next to the constructs: no deadline, default backoff.
  new ApiObject(chart, 'hand-hook', {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'hand-hook', annotations: { 'argocd.argoproj.io/hook': 'PostSync', 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation,HookSucceeded' } },
    spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'c:1' }] } } },
  });
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    expect(() => chart.toJson()).not.toThrow();
    const printed = stderr.mock.calls.map(c => String(c[0])).join('');
    expect(printed).toContain('warning: Job/hand-hook (workflow-console/hand-hook): is a PostSync hook without spec.activeDeadlineSeconds');
    expect(printed).toContain('(see https://github.com/cdk8s-syncplan/cdk8s-syncplan/blob/main/docs/rules/hook-backoff-default.md)');
  } finally {
    stderr.mockRestore();
  }
});
