/**
 * HookJob (src/constructs/hook-job.ts), the Job every hook construct builds on: secure defaults,
 * durations, construction errors, any phase.
 */
import { Duration } from 'cdk8s';
import { jobs, newChart } from './helpers';
import { HookJob, HookPhase, MigrationHook, SmokeTest, SyncFailHook } from '../../src';
import { HOOK } from '../fixtures/manifests';

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

