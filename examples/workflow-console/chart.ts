/**
 * A workflow console's rollout, written as intent: config before the Deployment, the Deployment before
 * the traffic that reaches it, the schema migration before anything, a smoke test after
 * everything, a notification if the sync fails. No wave number appears here.
 */
import { Chart, ChartProps, Duration, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { EnvReference, MigrationHook, SmokeTest, SyncFailHook, Tier } from '../../src';

const IMAGE = 'registry.internal/workflow-console:1.4.2';

export class WorkflowConsoleChart extends Chart {
  public readonly config: Tier;
  public readonly web: Tier;
  public readonly edge: Tier;
  public readonly configMap: kplus.ConfigMap;
  public readonly deployment: kplus.Deployment;
  public readonly service: kplus.Service;
  public readonly ingress: kplus.Ingress;
  public readonly migrate: MigrationHook;
  public readonly smoke: SmokeTest;
  public readonly notify: SyncFailHook;

  constructor(scope: Construct, id: string, props: ChartProps = {}) {
    super(scope, id, { disableResourceNameHashes: true, ...props });

    // The database credentials live outside this chart (created by the platform team).
    const db = kplus.Secret.fromSecretName(this, 'db', 'workflow-console-db');

    this.configMap = new kplus.ConfigMap(this, 'config-map', {
      metadata: { name: 'workflow-console-config' },
      data: { LOG_LEVEL: 'info', WORKERS: '4' },
    });
    this.config = new Tier(this, 'config');
    this.config.add(this.configMap);

    this.migrate = new MigrationHook(this, 'db-migrate', {
      name: 'db-migrate',
      image: IMAGE,
      command: ['alembic', 'upgrade', 'head'],
      // Exit 0 must mean the schema is at head, not just that alembic stopped.
      verify: ['alembic', 'current', '--check-heads'],
      env: [EnvReference.fromSecret('DATABASE_URL', db, 'url')],
    });

    this.deployment = new kplus.Deployment(this, 'workflow-console', {
      metadata: { name: 'workflow-console' },
      replicas: 2,
      containers: [{
        name: 'web',
        image: IMAGE,
        portNumber: 8080,
        envFrom: [kplus.Env.fromConfigMap(this.configMap)],
        envVariables: { DATABASE_URL: kplus.EnvValue.fromSecretValue({ secret: db, key: 'url' }) },
        // Healthy must mean serving: the wave after this one waits on it.
        readiness: kplus.Probe.fromHttpGet('/healthz', { port: 8080, periodSeconds: Duration.seconds(5) }),
        resources: {
          cpu: { request: kplus.Cpu.millis(250), limit: kplus.Cpu.millis(1000) },
          memory: { request: Size.mebibytes(256), limit: Size.mebibytes(512) },
        },
      }],
    });
    // Shares the config tier's wave: Argo CD applies the ConfigMap first by kind order and has no
    // health to wait for, so a wave between them would only cost the delay.
    this.web = new Tier(this, 'web', { after: [this.config] });
    this.web.add(this.deployment);

    this.service = this.deployment.exposeViaService({
      name: 'workflow-console',
      ports: [{ port: 80, targetPort: 8080 }],
    });
    this.ingress = new kplus.Ingress(this, 'ingress', {
      metadata: { name: 'workflow-console' },
      rules: [{ host: 'workflow-console.internal', path: '/', backend: kplus.IngressBackend.fromService(this.service) }],
    });
    this.edge = new Tier(this, 'edge', { after: [this.web] });
    this.edge.add(this.service, this.ingress);

    this.smoke = new SmokeTest(this, 'smoke', {
      name: 'workflow-console-smoke',
      service: this.service,
      path: '/healthz',
    });

    const slack = kplus.Secret.fromSecretName(this, 'slack', 'workflow-console-slack');
    this.notify = new SyncFailHook(this, 'notify', {
      name: 'workflow-console-sync-failed',
      image: 'curlimages/curl:8.11.1',
      command: ['sh', '-c', 'curl -fsS -X POST -H "Content-Type: application/json" -d \'{"text":"workflow-console: Argo CD sync failed"}\' "$WEBHOOK_URL"'],
      env: [EnvReference.fromSecret('WEBHOOK_URL', slack, 'webhook-url')],
    });
  }
}
