/**
 * Which steps are gates (src/rules/gates.ts), as the gate rules see them, named after the upstream
 * tests and issues.
 */
import { findingsOf } from './helpers';
import { cm, deployment, hookJob, HOOK, k, podSpec, service, wave as W, yaml } from '../fixtures/manifests';

describe('gates', () => {
  test('a single-step sync waits for nothing: no readiness or gate findings', () => {
    const text = yaml(deployment('web', {}, { paused: true }, podSpec({ probe: false })), k('networking.k8s.io/v1', 'Ingress', 'web'));
    for (const id of ['readiness-probe-missing', 'gate-never-opens', 'load-balancer-gates-wave']) expect(findingsOf(id, text)).toEqual([]);
  });

  test('PostSync hooks make even the last Sync wave a gate (TestPostSyncHookPodFailure)', () => {
    const text = yaml(deployment('web', {}, { paused: true }), hookJob('smoke', { [HOOK]: 'PostSync' }));
    const [f] = findingsOf('gate-never-opens', text);
    expect(f.message).toContain('PostSync wave 0 waits for it');
  });

  test('a suspended Job hook blocks its phase whatever the wave', () => {
    const [f] = findingsOf('gate-never-opens', yaml(hookJob('m', {}, { suspend: true })));
    expect(f.message).toContain('spec.suspend: true');
  });

  test('a LoadBalancer Service before the last wave is a gate; a ClusterIP one is not', () => {
    const lb = yaml(service('web', W('0'), { type: 'LoadBalancer' }), cm('c', W('1')));
    expect(findingsOf('load-balancer-gates-wave', lb)).toHaveLength(1);
    expect(findingsOf('load-balancer-gates-wave', yaml(service('web', W('0')), cm('c', W('1'))))).toEqual([]);
  });

  test('argo-cd #3781: a child Application gating a wave points at the health Lua (application-health-unchecked, not wave-gate-no-health)', () => {
    const app = k('argoproj.io/v1alpha1', 'Application', 'db', { spec: {} }, W('0'));
    const apps = yaml(app, k('argoproj.io/v1alpha1', 'Application', 'web', { spec: {} }, W('1')));
    const [f] = findingsOf('application-health-unchecked', apps);
    expect(f.name).toBe('db');
    expect(f.message).toContain('argo-cd #3781');
    expect(f.fix).toContain('argoproj.io_Application');
    expect(findingsOf('wave-gate-no-health', apps)).toEqual([]);
  });
});

