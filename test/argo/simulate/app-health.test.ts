/**
 * An Application's health from its resources (`argo-cd controller/health.go` setApplicationHealth),
 * after its tests in `controller/health_test.go` (own data): the worst by `health.IsWorse`; hooks,
 * ignore-healthcheck objects, child Applications Missing or Unknown and missing resources left out,
 * unless every resource is missing (3.4+; the tests of v3.3.0 for before); kinds with no health check counting for nothing.
 */
import { planOf } from './helpers';
import { applicationHealth, HEALTH_ORDER, worseHealth } from '../../../src/argo/simulate/app-health';
import type { AppHealthOptions } from '../../../src/argo/simulate/app-health';
import type { HealthStatus } from '../../../src/argo/simulate/types';
import { cm, deployment, hookJob, k, manifest, wave } from '../../fixtures/manifests';

const IGNORE = { 'argocd.argoproj.io/ignore-healthcheck': 'true' };
const child = (name: string) => k('argoproj.io/v1alpha1', 'Application', name, { spec: { project: 'default' } });

/** The health of an app of these objects, each reporting what `given` says for its `Kind/name`, else Healthy (no health for a ConfigMap). */
function healthOf(objects: object[], given: Record<string, HealthStatus>, options: AppHealthOptions = {}): HealthStatus {
  const plan = planOf(objects.map((o) => manifest(o as Record<string, unknown>)));
  return applicationHealth(plan, (t) => given[`${t.kind}/${t.name}`] ?? (t.kind === 'ConfigMap' ? undefined : 'Healthy'), options);
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

// TestSetApplicationHealth_MissingResource_WithIgnoreHealthcheck, _WithChildApp (3.4+): what is in the cluster counts as
// present even when its own health is left out (an ignore-healthcheck object, a child Application Unknown, a kind with no check).
test('a missing resource beside a live one whose health is left out: Healthy, not Missing', () => {
  expect(healthOf([deployment('a'), deployment('b', IGNORE)], { 'Deployment/a': 'Missing' })).toBe('Healthy');
  expect(healthOf([deployment('a'), child('x')], { 'Deployment/a': 'Missing', 'Application/x': 'Unknown' })).toBe('Healthy');
  expect(healthOf([deployment('a'), cm('c')], { 'Deployment/a': 'Missing' })).toBe('Healthy');
  // Missing itself is no presence: an ignore-healthcheck object not in the cluster is not skipped (the annotation is read live).
  expect(healthOf([deployment('a'), deployment('b', IGNORE)], { 'Deployment/a': 'Missing', 'Deployment/b': 'Missing' })).toBe('Missing');
});

// Before 3.4 (argo-cd v3.3.0 controller/health.go, TestSetApplicationHealth_MissingResource and
// _MissingResourceNoBuiltHealthCheck there; PR #25962 changed it): a missing resource is Missing in the worst-of order
// when its kind has a Go health check or an argocd-cm override under its exact key; one of any other kind counts for nothing.
describe('before 3.4 a missing resource with a health check makes the app Missing', () => {
  const v33 = { argocdVersion: '3.3' };
  test('a missing Deployment beside a Healthy one: Missing (3.3), Healthy (3.4)', () => {
    expect(healthOf([deployment('a'), deployment('b')], { 'Deployment/a': 'Missing' }, v33)).toBe('Missing');
    expect(healthOf([deployment('a'), deployment('b')], { 'Deployment/a': 'Missing' }, { argocdVersion: '3.4' })).toBe('Healthy');
    // Worse than Missing still wins.
    expect(healthOf([deployment('a'), deployment('b')], { 'Deployment/a': 'Missing', 'Deployment/b': 'Degraded' }, v33)).toBe('Degraded');
  });
  test('a missing kind without a Go check counts only with an argocd-cm script under its exact key', () => {
    const missing = { 'ConfigMap/c': 'Missing' as HealthStatus };
    expect(healthOf([cm('c')], missing, v33)).toBe('Healthy');
    expect(healthOf([cm('c')], missing, { ...v33, healthScripts: [{ key: 'ConfigMap', script: 'return {}', useOpenLibs: false }] })).toBe('Missing');
    expect(healthOf([cm('c')], missing, { ...v33, healthScripts: [{ key: 'Config*', script: 'return {}', useOpenLibs: false }] })).toBe('Healthy');
    // 3.4+: every resource missing makes the app Missing, whatever its kind.
    expect(healthOf([cm('c')], missing)).toBe('Missing');
  });
});
