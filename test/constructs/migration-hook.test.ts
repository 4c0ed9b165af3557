/** MigrationHook (src/constructs/migration-hook.ts): the PreSync migration Job and its options. */
import { Duration } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { jobs, newChart } from './helpers';
import { EnvReference, EnvSource, HookDeletePolicy, MigrationHook } from '../../src';
import { HOOK, DELETE_POLICY as POLICY, WAVE } from '../fixtures/manifests';

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
