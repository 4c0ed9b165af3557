/** gitops-engine `GetResourceHealth`'s order (`pkg/health/health.go`), `TestCRD`, `TestApplication`, pod-deletion. */
import { HEALTH_CHECKS } from '../../../src/argo/health';
import { goHealthCheck, HOOK_FINALIZER, liveHealth } from '../../../src/argo/live-health';

test('pod-deletion: a deletionTimestamp without the hook finalizer → Progressing "Pending deletion"', () => {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', deletionTimestamp: '2026-12-01T10:00:00Z' }, status: { phase: 'Running' } };
  expect(liveHealth(pod)).toEqual({ source: 'deletion', health: { status: 'Progressing', message: 'Pending deletion' } });
  const hook = { ...pod, metadata: { ...pod.metadata, finalizers: [HOOK_FINALIZER] }, spec: { restartPolicy: 'Never' }, status: { phase: 'Succeeded' } };
  expect(liveHealth(hook)).toEqual({ source: 'go', health: { status: 'Healthy', message: '' } });
});

test('TestCRD / TestApplication: a kind with no check has no health (never Healthy)', () => {
  expect(liveHealth({ apiVersion: 'serving.example.dev/v1', kind: 'Service', metadata: { name: 'k' } })).toEqual({ source: 'none' });
  expect(liveHealth({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: { name: 'a' }, status: { health: { status: 'Healthy' } } })).toEqual({ source: 'none' });
});

test('a kind with a built-in Lua script is named as such, not judged', () => {
  expect(liveHealth({ apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: { name: 'c' } })).toEqual({ source: 'builtin-lua' });
});

// argo-cd resource_customizations/batch/CronJob/health.lua: in v3.2.0, not in v3.1.0.
test('the scripts are those of the version modelled: a CronJob has none in 3.1', () => {
  const cron = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'nightly' } };
  expect(liveHealth(cron, undefined, '3.2')).toEqual({ source: 'builtin-lua' });
  expect(liveHealth(cron, undefined, '3.1')).toEqual({ source: 'none' });
});

test('an argocd-cm override comes before the Go check', () => {
  const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { paused: true } };
  expect(liveHealth(d, () => ({ status: 'Healthy', message: 'custom' }))).toEqual({ source: 'argocd-cm', health: { status: 'Healthy', message: 'custom' } });
  expect(liveHealth(d, () => undefined).health?.status).toBe('Suspended');
});

test('a conversion error becomes Unknown with its message', () => {
  expect(liveHealth({ apiVersion: 'apps/v1beta1', kind: 'StatefulSet', metadata: { name: 's' } }).health)
    .toEqual({ status: 'Unknown', message: 'unsupported StatefulSet GVK: apps/v1beta1, Kind=StatefulSet' });
});

test('every kind the by-kind table calls a Go check has a live Go check, and no other', () => {
  const go = HEALTH_CHECKS.filter(h => h.check === 'go').map(h => `${h.group}/${h.kind}`).sort();
  for (const key of go) expect([key, goHealthCheck(key.split('/')[0], key.split('/')[1]) !== undefined]).toEqual([key, true]);
  expect(goHealthCheck('', 'ConfigMap')).toBeUndefined();
  expect(goHealthCheck('batch', 'CronJob')).toBeUndefined();
});

test('the Go checks of the Argo CD version asked (gitops-engine TestJob job-suspended, 3.6), the latest by default', () => {
  const job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, status: { conditions: [{ type: 'Suspended', status: 'True', message: 'held' }] } };
  expect(liveHealth(job).health).toEqual({ status: 'Suspended', message: 'held' });
  expect(liveHealth(job, undefined, '3.5').health).toEqual({ status: 'Suspended', message: '' });
  expect(goHealthCheck('batch', 'Job')!(job, '3.5')).toEqual({ status: 'Suspended', message: '' });
});
