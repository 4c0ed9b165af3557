/**
 * An Application's health from its resources (`argo-cd controller/health.go` setApplicationHealth),
 * after its tests in `controller/health_test.go` (own data): the worst by `health.IsWorse`; hooks,
 * ignore-healthcheck objects, child Applications Missing or Unknown and missing resources left out,
 * unless every resource is missing; kinds with no health check counting for nothing.
 */
import { planOf } from './helpers';
import { applicationHealth, HEALTH_ORDER, worseHealth } from '../../../src/argo/simulate/app-health';
import type { HealthStatus } from '../../../src/argo/simulate/types';
import { cm, deployment, hookJob, k, manifest, wave } from '../../fixtures/manifests';

const IGNORE = { 'argocd.argoproj.io/ignore-healthcheck': 'true' };
const child = (name: string) => k('argoproj.io/v1alpha1', 'Application', name, { spec: { project: 'default' } });

/** The health of an app of these objects, each reporting what `given` says for its `Kind/name`, else Healthy (no health for a ConfigMap). */
function healthOf(objects: object[], given: Record<string, HealthStatus>): HealthStatus {
  const plan = planOf(objects.map((o) => manifest(o as Record<string, unknown>)));
  return applicationHealth(plan, (t) => given[`${t.kind}/${t.name}`] ?? (t.kind === 'ConfigMap' ? undefined : 'Healthy'));
}

test('the worst resource decides, in IsWorse order; Unknown is worst', () => {
  const objs = [deployment('a'), deployment('b', wave('1')), cm('c')];
  expect(healthOf(objs, {})).toBe('Healthy');
  expect(healthOf(objs, { 'Deployment/b': 'Progressing' })).toBe('Progressing');
  expect(healthOf(objs, { 'Deployment/a': 'Degraded', 'Deployment/b': 'Progressing' })).toBe('Degraded');
  expect(healthOf(objs, { 'Deployment/a': 'Suspended' })).toBe('Suspended');
  expect(HEALTH_ORDER.reduce<HealthStatus>(worseHealth, 'Healthy')).toBe('Unknown');
});

// TestSetApplicationHealth (a failed Job Degrades the app; not as a hook; not with ignore-healthcheck), TestSetApplicationHealth_OnlyHooks.
test('hooks, ignore-healthcheck objects and objects with no health check do not count', () => {
  expect(healthOf([deployment('a'), hookJob('migrate', { 'argocd.argoproj.io/hook': 'PreSync' })], { 'Job/migrate': 'Degraded' })).toBe('Healthy');
  expect(healthOf([deployment('a', IGNORE)], { 'Deployment/a': 'Degraded' })).toBe('Healthy');
  expect(healthOf([cm('only')], {})).toBe('Healthy');
});

// TestChildAppHealth (ChildAppDegraded, ChildAppMissing, ChildAppUnknown).
test('a child Application Missing or Unknown is left out; Progressing or Degraded counts', () => {
  expect(healthOf([child('x'), deployment('a')], { 'Application/x': 'Missing' })).toBe('Healthy');
  expect(healthOf([child('x'), deployment('a')], { 'Application/x': 'Unknown' })).toBe('Healthy');
  expect(healthOf([child('x'), deployment('a')], { 'Application/x': 'Degraded' })).toBe('Degraded');
  expect(healthOf([child('x'), deployment('a')], { 'Application/x': 'Progressing' })).toBe('Progressing');
});

// TestSetApplicationHealth_MissingResource, _AllMissingResources, _AllMissingResources_WithHooks.
test('a missing resource counts only when every resource is missing (hooks aside): the app is then Missing', () => {
  expect(healthOf([deployment('a'), deployment('b')], { 'Deployment/a': 'Missing' })).toBe('Healthy');
  expect(healthOf([deployment('a'), deployment('b')], { 'Deployment/a': 'Missing', 'Deployment/b': 'Missing' })).toBe('Missing');
  expect(healthOf([deployment('a'), hookJob('h', { 'argocd.argoproj.io/hook': 'Sync' })], { 'Deployment/a': 'Missing' })).toBe('Missing');
});
