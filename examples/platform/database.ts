import { Chart, ChartProps, Duration, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { Tier } from '../../src';

/** The database the workflow console needs: a PostgreSQL Deployment that is Healthy only when it accepts connections. */
export class DatabaseChart extends Chart {
  public readonly deployment: kplus.Deployment;
  public readonly service: kplus.Service;

  constructor(scope: Construct, id: string, props: ChartProps = {}) {
    super(scope, id, props);
    const password = kplus.Secret.fromSecretName(this, 'password', 'workflow-console-db-password');
    this.deployment = new kplus.Deployment(this, 'postgres', {
      metadata: { name: 'postgres' },
      replicas: 1,
      containers: [{
        name: 'postgres',
        image: 'postgres:16.4',
        portNumber: 5432,
        envVariables: { POSTGRES_PASSWORD: kplus.EnvValue.fromSecretValue({ secret: password, key: 'password' }) },
        // Healthy must mean accepting connections: the console's Application waits on it.
        readiness: kplus.Probe.fromTcpSocket({ port: 5432, periodSeconds: Duration.seconds(5) }),
        resources: {
          cpu: { request: kplus.Cpu.millis(250), limit: kplus.Cpu.millis(1000) },
          memory: { request: Size.mebibytes(256), limit: Size.mebibytes(1024) },
        },
        securityContext: { ensureNonRoot: true, user: 999, group: 999, readOnlyRootFilesystem: false },
      }],
    });
    this.service = this.deployment.exposeViaService({ name: 'postgres', ports: [{ port: 5432 }] });
    new Tier(this, 'database').add(this.deployment, this.service);
  }
}
