import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Duration, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { configMap, newChart, synthError } from './helpers';
import { EnvReference, EnvSource, HookDeletePolicy, HookJob, HookPhase, MigrationHook, SmokeTest, SyncFailHook, Tier } from '../../src';

const HOOK = 'argocd.argoproj.io/hook';
const POLICY = 'argocd.argoproj.io/hook-delete-policy';
const WAVE = 'argocd.argoproj.io/sync-wave';

function jobs(chart: ReturnType<typeof newChart>): Record<string, any> {
  return Object.fromEntries(Testing.synth(chart).filter((o) => o.kind === 'Job').map((o) => [o.metadata.name, o]));
}

describe('every hook Job is secure by default', () => {
  const chart = newChart();
  new MigrationHook(chart, 'migrate', { image: 'app:1', command: ['migrate'] });
  new SmokeTest(chart, 'smoke', { url: 'http://web/healthz' });
  new SyncFailHook(chart, 'notify', { image: 'curl:1', command: ['notify'] });
  const all = Object.values(jobs(chart));

  test.each(all.map((j) => [j.metadata.name, j]))('%s', (_, job) => {
    const pod = job.spec.template.spec;
    expect(pod.restartPolicy).toBe('Never');
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(pod.securityContext).toEqual({ runAsNonRoot: true, runAsUser: 65532, runAsGroup: 65532, seccompProfile: { type: 'RuntimeDefault' } });
    expect(job.spec.activeDeadlineSeconds).toBeGreaterThan(0);
    for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
      expect(c.securityContext).toEqual({
        allowPrivilegeEscalation: false, privileged: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] },
      });
      expect(Object.keys(c.resources.requests).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(c.resources.limits).sort()).toEqual(['cpu', 'memory']);
      expect(c.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
      // Never a literal env value: only references.
      for (const e of c.env ?? []) expect(e.value).toBeUndefined();
    }
    expect(pod.volumes).toEqual([{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }]);
  });
});

describe('MigrationHook', () => {
  test('a PreSync Job, backoffLimit 0, BeforeHookCreation,HookSucceeded, 10-minute deadline', () => {
    const chart = newChart();
    new MigrationHook(chart, 'db-migrate', { name: 'db-migrate', image: 'app:1', command: ['alembic', 'upgrade', 'head'] });
    const job = jobs(chart)['db-migrate'];
    expect(job.metadata.annotations).toEqual({ [HOOK]: 'PreSync', [POLICY]: 'BeforeHookCreation,HookSucceeded', [WAVE]: '0' });
    expect(job.spec.backoffLimit).toBe(0);
    expect(job.spec.activeDeadlineSeconds).toBe(600);
    expect(job.spec.template.spec.containers[0].command).toEqual(['alembic', 'upgrade', 'head']);
    expect(job.spec.template.spec.initContainers).toBeUndefined();
  });

  test('verify runs after the migration: migration as init container, verification as the main container', () => {
    const chart = newChart();
    new MigrationHook(chart, 'm', { name: 'm', image: 'app:1', command: ['alembic', 'upgrade', 'head'], verify: ['alembic', 'current', '--check-heads'] });
    const pod = jobs(chart).m.spec.template.spec;
    expect(pod.initContainers.map((c: any) => [c.name, c.command])).toEqual([['migrate', ['alembic', 'upgrade', 'head']]]);
    expect(pod.containers.map((c: any) => [c.name, c.command])).toEqual([['verify', ['alembic', 'current', '--check-heads']]]);
  });

  test('env and envFrom only by reference to Secrets and ConfigMaps', () => {
    const chart = newChart();
    const secret = kplus.Secret.fromSecretName(chart, 's', 'db');
    const cm = kplus.ConfigMap.fromConfigMapName(chart, 'c', 'settings');
    new MigrationHook(chart, 'm', {
      name: 'm',
      image: 'app:1',
      command: ['m'],
      env: [EnvReference.fromSecret('DATABASE_URL', secret, 'url'), EnvReference.fromConfigMap('MODE', cm, 'mode', true)],
      envFrom: [EnvSource.configMap(cm), EnvSource.secret(secret, 'DB_')],
    });
    const c = jobs(chart).m.spec.template.spec.containers[0];
    expect(c.env).toEqual([
      { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'db', key: 'url' } } },
      { name: 'MODE', valueFrom: { configMapKeyRef: { name: 'settings', key: 'mode', optional: true } } },
    ]);
    expect(c.envFrom).toEqual([{ configMapRef: { name: 'settings' } }, { secretRef: { name: 'db' }, prefix: 'DB_' }]);
  });

  test('hooks ordered among themselves become waves inside PreSync', () => {
    const chart = newChart();
    const migrate = new MigrationHook(chart, 'migrate', { name: 'migrate', image: 'app:1', command: ['m'] });
    new MigrationHook(chart, 'seed', { name: 'seed', image: 'app:1', command: ['s'], after: [migrate] });
    const j = jobs(chart);
    expect([j.migrate.metadata.annotations[WAVE], j.seed.metadata.annotations[WAVE]]).toEqual(['0', '1']);
  });

  test('overrides: delete policies, deadline, backoff, service account, uid, no /tmp', () => {
    const chart = newChart();
    new MigrationHook(chart, 'm', {
      name: 'm',
      image: 'app:1',
      command: ['m'],
      deletePolicies: [HookDeletePolicy.HOOK_SUCCEEDED],
      activeDeadline: Duration.minutes(3),
      backoffLimit: 2,
      serviceAccountName: 'migrator',
      automountServiceAccountToken: true,
      runAsUser: 1000,
      writableTmp: false,
      resources: { cpu: { request: kplus.Cpu.millis(50), limit: kplus.Cpu.units(1) } },
    });
    const job = jobs(chart).m;
    const pod = job.spec.template.spec;
    expect(job.metadata.annotations[POLICY]).toBe('HookSucceeded');
    expect([job.spec.activeDeadlineSeconds, job.spec.backoffLimit]).toEqual([180, 2]);
    expect([pod.serviceAccountName, pod.automountServiceAccountToken, pod.securityContext.runAsUser]).toEqual(['migrator', true, 1000]);
    expect(pod.volumes).toBeUndefined();
    expect(pod.containers[0].resources).toEqual({ requests: { cpu: '50m', memory: '128Mi' }, limits: { cpu: '1', memory: '256Mi' } });
  });

  test.each([
    [{ command: [] }, 'command is empty'],
    [{ runAsUser: 0 }, 'runAsUser must be a positive integer (hooks never run as root), got 0'],
    [{ backoffLimit: -1 }, 'backoffLimit must be a non-negative integer'],
    [{ deletePolicies: [] }, 'deletePolicies is empty'],
  ])('rejects %o', (bad, message) => {
    expect(() => new MigrationHook(newChart(), 'm', { image: 'i', command: ['m'], ...bad })).toThrow(message);
  });

  test('an environment variable name is checked', () => {
    const secret = kplus.Secret.fromSecretName(newChart(), 's', 'db');
    expect(() => EnvReference.fromSecret('1BAD', secret, 'k')).toThrow('invalid environment variable name "1BAD"');
  });
});

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

describe('durations that are not whole seconds are refused with the construct path, not a bare cdk8s error', () => {
  test.each([
    ['MigrationHook chart/m: activeDeadline must be a whole number of seconds, at least 1, got 1 second 500 millis',
      (c: ReturnType<typeof newChart>) => new MigrationHook(c, 'm', { image: 'i', command: ['x'], activeDeadline: Duration.millis(1500) })],
    ['SyncFailHook chart/f: activeDeadline must be a whole number of seconds, at least 1, got 0 seconds',
      (c: ReturnType<typeof newChart>) => new SyncFailHook(c, 'f', { image: 'i', command: ['x'], activeDeadline: Duration.seconds(0) })],
    ['SmokeTest chart/s: retryInterval must be a whole number of seconds, at least 1, got 500 millis',
      (c: ReturnType<typeof newChart>) => new SmokeTest(c, 's', { url: 'http://web', retryInterval: Duration.millis(500) })],
    ['SmokeTest chart/s: requestTimeout must be a whole number of seconds, at least 1, got 0 seconds',
      (c: ReturnType<typeof newChart>) => new SmokeTest(c, 's', { url: 'http://web', requestTimeout: Duration.seconds(0) })],
  ])('%s', (message, make) => {
    expect(() => make(newChart())).toThrow(message);
  });

  test('a sub-second value that adds up to whole seconds is fine', () => {
    const chart = newChart();
    new MigrationHook(chart, 'm', { name: 'm', image: 'i', command: ['x'], activeDeadline: Duration.millis(120000) });
    expect(jobs(chart).m.spec.activeDeadlineSeconds).toBe(120);
  });
});

describe('a hook refused at construction is named by its construct path, like every other message', () => {
  test.each([
    ['SmokeTest chart/s: give a service', (c: ReturnType<typeof newChart>) => new SmokeTest(c, 's', {})],
    ['MigrationHook chart/m: command is empty', (c: ReturnType<typeof newChart>) => new MigrationHook(c, 'm', { image: 'i', command: [] })],
    ['SyncFailHook chart/f: command is empty', (c: ReturnType<typeof newChart>) => new SyncFailHook(c, 'f', { image: 'i', command: [] })],
  ])('%s', (message, make) => {
    expect(() => make(newChart())).toThrow(message);
  });
});

describe('SyncFailHook', () => {
  test('a SyncFail Job without a wave (Argo CD starts them all at once)', () => {
    const chart = newChart();
    new SyncFailHook(chart, 'notify', { name: 'notify', image: 'curl', command: ['notify'] });
    const a = jobs(chart).notify.metadata.annotations;
    expect(a).toEqual({ [HOOK]: 'SyncFail', [POLICY]: 'BeforeHookCreation' });
  });

  test('nothing may wait for it (its own `after` is refused: see sync-fail-hook.test.ts)', () => {
    const chart = newChart();
    new Tier(chart, 't').add(configMap(chart, 'a'));
    const notify = new SyncFailHook(chart, 'notify', { image: 'curl', command: ['n'] });
    expect(synthError(chart)).toBe('');
    new Tier(chart, 'late', { after: [notify] }).add(configMap(chart, 'b'));
    expect(synthError(chart)).toContain('SyncFail hooks only run when a sync fails, so nothing can wait for them');
  });
});

test('HookJob checks container names', () => {
  expect(() => new HookJob(newChart(), 'h', { phase: HookPhase.SYNC, image: 'i', containerName: 'Bad_Name' }))
    .toThrow('HookJob chart/h: container name "Bad_Name" is not a DNS label');
});

test('HookJob runs any hook phase, with init steps', () => {
  const chart = newChart();
  const hook = new HookJob(chart, 'h', { name: 'h', phase: HookPhase.SYNC, image: 'i', command: ['x'], initSteps: [{ name: 'wait-db', command: ['pg_isready'] }] });
  expect(jobs(chart).h.spec.template.spec.initContainers[0].name).toBe('wait-db');
  expect(hook.syncPhase).toBe('Sync');
  expect(hook.apiObject.node.id).toBe('Resource');
  expect(jobs(chart).h.metadata.annotations[HOOK]).toBe('Sync');
});

describe('hook names are checked at construction (the apiserver would refuse the Job at sync time)', () => {
  const make = (field: string, value: string) => () => new MigrationHook(newChart(), 'm', { image: 'i', command: ['m'], [field]: value });
  test.each([
    ['name', '', 'MigrationHook chart/m: name "" (0 characters) is not a valid Job name: an RFC 1123 label'],
    ['name', 'Bad_Name', 'name "Bad_Name" (8 characters) is not a valid Job name'],
    ['name', 'x'.repeat(64), '(64 characters) is not a valid Job name: an RFC 1123 label, lowercase letters, digits and "-", starting and ending with a letter or digit, at most 63 characters (Kubernetes copies it into the job-name label'],
    ['name', '-lead', 'name "-lead"'],
    ['namespace', 'Shop', 'MigrationHook chart/m: namespace "Shop" is not a valid namespace: a DNS label'],
    ['namespace', 'a.b', 'namespace "a.b" is not a valid namespace'],
    ['serviceAccountName', 'migrator_', 'MigrationHook chart/m: serviceAccountName "migrator_" is not a valid service account name: a DNS subdomain'],
    ['serviceAccountName', 'a..b', 'serviceAccountName "a..b"'],
  ])('%s %j is refused', (field, value, message) => {
    expect(make(field, value)).toThrow(message);
  });

  test.each([
    ['name', 'x'.repeat(63)],
    ['name', 'db-migrate-2'],
    ['namespace', 'shop'],
    ['serviceAccountName', 'migrator.shop-system'],
  ])('%s %j is accepted', (field, value) => {
    expect(make(field, value)).not.toThrow();
  });

  test('SmokeTest and SyncFailHook check them too', () => {
    expect(() => new SmokeTest(newChart(), 's', { url: 'http://web/', name: 'Smoke' })).toThrow('SmokeTest chart/s: name "Smoke"');
    expect(() => new SyncFailHook(newChart(), 'n', { image: 'i', command: ['n'], namespace: '-x' })).toThrow('SyncFailHook chart/n: namespace "-x"');
  });
});
