/**
 * One service rolled out region by region inside one Application: a construct of the team's own
 * (`RegionalService`: Deployment, Service and settings), one per region, each in a tier created in a
 * loop `after` the previous region's. Objects are added to each construct after it was put in its
 * tier (a feature flag ConfigMap, a second container port's Service), as code that configures a
 * construct after creating it does; they must get its tier's wave.
 */
import { App, Chart } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { SmokeTest, Tier } from '../../src';

export const REGIONS = ['eu-west', 'us-east', 'ap-south'] as const;

export class RegionalService extends Construct {
  public readonly deployment: kplus.Deployment;
  public service?: kplus.Service;

  constructor(scope: Construct, id: string, region: string) {
    super(scope, id);
    const settings = new kplus.ConfigMap(this, 'settings', { metadata: { name: `pricing-${region}` }, data: { REGION: region } });
    this.deployment = new kplus.Deployment(this, 'deployment', {
      metadata: { name: `pricing-${region}` },
      replicas: 2,
      containers: [{
        name: 'pricing',
        image: 'registry.internal/pricing:7.0.3',
        portNumber: 8080,
        envFrom: [kplus.Env.fromConfigMap(settings)],
        readiness: kplus.Probe.fromHttpGet('/healthz'),
      }],
    });
  }

  /** Exposes the service (called once the construct is in its tier). */
  public expose(): kplus.Service {
    this.service = this.deployment.exposeViaService({ name: `pricing-${this.node.id}`, ports: [{ port: 80, targetPort: 8080 }] });
    return this.service;
  }

  /** Turns a feature flag on (called once the construct is in its tier). */
  public enable(flag: string): void {
    new kplus.ConfigMap(this, `flag-${flag}`, { metadata: { name: `pricing-${this.node.id}-${flag}` }, data: { [flag]: 'true' } });
  }
}

export function regionRolloutApp(app: App): void {
  const chart = new Chart(app, 'pricing', { namespace: 'pricing', disableResourceNameHashes: true });
  const services: RegionalService[] = [];
  let previous: Tier | undefined;
  for (const region of REGIONS) {
    const service = new RegionalService(chart, region, region);
    previous = new Tier(chart, `${region}-tier`, { after: previous ? [previous] : [] }).add(service);
    services.push(service);
  }
  // Configured after every region was put in its tier.
  for (const s of services) {
    s.enable('new-checkout');
    s.expose();
  }
  new SmokeTest(chart, 'smoke', { service: services[services.length - 1].service!, path: '/healthz' });
}
