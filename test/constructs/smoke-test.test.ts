/** SmokeTest (src/constructs/smoke-test.ts, its script in smoke-script.ts): the PostSync check of a Service. */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Duration } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { jobs, newChart, synthError } from './helpers';
import { SmokeTest, Tier } from '../../src';
import { HOOK, DELETE_POLICY as POLICY } from '../fixtures/manifests';

describe('SmokeTest', () => {
  test('calls the Service by in-cluster DNS name, port and path; PostSync; retries within a deadline', () => {
    const chart = newChart('c', { namespace: 'prod' });
    const deployment = new kplus.Deployment(chart, 'web', { containers: [{ image: 'nginx', portNumber: 8080 }] });
    const service = deployment.exposeViaService({ name: 'web', ports: [{ port: 80, targetPort: 8080 }] });
    const smoke = new SmokeTest(chart, 'smoke', { name: 'smoke', service, path: '/healthz', retryFor: Duration.minutes(3) });
    expect(smoke.url).toBe('http://web.prod.svc:80/healthz');
    const job = jobs(chart).smoke;
    expect(job.metadata.annotations[HOOK]).toBe('PostSync');
    expect(job.metadata.annotations[POLICY]).toBe('BeforeHookCreation,HookSucceeded');
    const c = job.spec.template.spec.containers[0];
    expect(c.command.slice(0, 2)).toEqual(['sh', '-c']);
    expect(c.args).toEqual(['http://web.prod.svc:80/healthz', '200', '180', '5', '5']);
    // The retry window plus one request plus start-up margin: the Job can never outlive it by much.
    expect(job.spec.activeDeadlineSeconds).toBe(180 + 5 + 60);
    expect(job.spec.backoffLimit).toBe(0);
  });

  test('the script fails the sync when the service never answers the expected status', () => {
    const chart = newChart();
    new SmokeTest(chart, 'smoke', { name: 'smoke', url: 'http://127.0.0.1:9/', expectedStatus: 204, retryFor: Duration.seconds(2), retryInterval: Duration.seconds(1), requestTimeout: Duration.seconds(1) });
    const c = jobs(chart).smoke.spec.template.spec.containers[0];
    // Run the generated script with a stub curl that always answers 503.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'smoke-'));
    fs.writeFileSync(path.join(bin, 'curl'), '#!/bin/sh\nprintf 503\n', { mode: 0o755 });
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    const failed = spawnSync(c.command[0], [...c.command.slice(1), ...c.args], { env, encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain('answered 503, expected 204');
    expect(failed.stdout).toContain('not serving after 2s');
    fs.writeFileSync(path.join(bin, 'curl'), '#!/bin/sh\nprintf 204\n', { mode: 0o755 });
    const ok = spawnSync(c.command[0], [...c.command.slice(1), ...c.args], { env, encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('answered 204 (attempt 1)');
    fs.rmSync(bin, { recursive: true, force: true });
  });

  test.each([
    [{}, 'give a service (or a url) to call'],
    [{ url: 'ftp://x' }, 'url must start with http:// or https://'],
    [{ url: 'http://x', expectedStatus: 42 }, 'expectedStatus must be an HTTP status'],
    [{ url: 'http://x', args: ['x'] }, 'args are set by the smoke test itself'],
  ])('rejects %o', (bad, message) => {
    expect(() => new SmokeTest(newChart(), 's', bad)).toThrow(message);
  });

  test('a Service without ports needs an explicit port', () => {
    const chart = newChart();
    const service = new kplus.Service(chart, 'svc');
    expect(() => new SmokeTest(chart, 's', { service })).toThrow('SmokeTest chart/s: Service chart/svc has no ports; give `port`');
    expect(new SmokeTest(chart, 's2', { service, port: 8080 }).url).toBe('http://chart-svc:8080/');
  });

  test('an ordering error of the app is the synth\'s to report, not a Service without ports', () => {
    // Reading the port rendered the Service with its wave, which planned the unfinished app: a cycle
    // drawn before the SmokeTest was caught there and passed for a Service with no ports.
    const chart = newChart();
    const configMap = new kplus.ConfigMap(chart, 'settings', { data: { a: 'b' } });
    const deployment = new kplus.Deployment(chart, 'web', { containers: [{ image: 'nginx', portNumber: 8080 }] });
    const service = deployment.exposeViaService({ name: 'web', ports: [{ port: 80, targetPort: 8080 }] });
    const config = new Tier(chart, 'config');
    config.add(configMap);
    new Tier(chart, 'app', { after: [config] }).add(deployment);
    config.node.addDependency(deployment);
    expect(new SmokeTest(chart, 'smoke', { service }).url).toBe('http://web:80/');
    expect(synthError(chart)).toContain('dependency cycle: Tier chart/config → Tier chart/app → Tier chart/config');
  });

  test('service and url are mutually exclusive', () => {
    const chart = newChart();
    const service = new kplus.Service(chart, 'svc', { ports: [{ port: 80 }] });
    expect(() => new SmokeTest(chart, 's', { service, url: 'http://x' })).toThrow('give either service or url, not both');
  });

  test('port and path with a url are refused, not silently ignored', () => {
    const chart = newChart();
    expect(() => new SmokeTest(chart, 's', { url: 'http://web', path: '/healthz' }))
      .toThrow('SmokeTest chart/s: path applies only with service; with url, put them in the url (http://web)');
    expect(() => new SmokeTest(chart, 's', { url: 'http://web', port: 8080, path: '/healthz' }))
      .toThrow('SmokeTest chart/s: port and path apply only with service');
  });
});
