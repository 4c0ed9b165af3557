/**
 * ignore-healthcheck-awaited (src/rules/checks/ignore-healthcheck-awaited.ts): its trip/pass case, and its edges. The
 * annotation is read only by argo-cd controller/health.go setApplicationHealth (TestSetApplicationHealth: an annotated
 * failed Job leaves the app Healthy); gitops-engine pkg/sync/sync_context.go waits on the object's health regardless.
 */
import { k, yaml, wave, cm, deployment, service, hookJob } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const IGNORE = { 'argocd.argoproj.io/ignore-healthcheck': 'true' };

ruleCase('ignore-healthcheck-awaited', {
  ref: 'argo-cd controller/health.go setApplicationHealth',
  trips: yaml(deployment('legacy', { ...wave('0'), ...IGNORE }), deployment('web', wave('1'))),
  passes: yaml(deployment('legacy', { ...wave('1'), ...IGNORE }), deployment('web', wave('1'))),
});

describe('ignore-healthcheck-awaited', () => {
  const after = cm('after', wave('1'));

  test('the message names the wave that still waits, and the annotation as the place', () => {
    const [f] = findingsOf('ignore-healthcheck-awaited', yaml(deployment('legacy', { ...wave('0'), ...IGNORE }), after));
    expect(f.message).toMatch(/^Deployment\/legacy \(app\.yaml:\d+\): is in Sync wave 0 and annotated argocd\.argoproj\.io\/ignore-healthcheck: "true", yet Sync wave 1 still waits for it to be Healthy/);
    expect(f.message).toContain('the annotation only leaves it out of the Application\'s health, the sync never reads it');
  });

  test('only the exact value "true" is read (controller/health.go compares == "true")', () => {
    for (const value of ['false', 'True', 'yes', '']) {
      expect(findingsOf('ignore-healthcheck-awaited', yaml(deployment('legacy', { ...wave('0'), 'argocd.argoproj.io/ignore-healthcheck': value }), after))).toEqual([]);
    }
  });

  test('an object with no health check is done once applied, annotation or not', () => {
    expect(findingsOf('ignore-healthcheck-awaited', yaml(cm('cfg', { ...wave('0'), ...IGNORE }), after))).toEqual([]);
    expect(findingsOf('ignore-healthcheck-awaited', yaml(service('web', { ...wave('0'), ...IGNORE }), after))).toEqual([]);
    expect(findingsOf('ignore-healthcheck-awaited', yaml(service('web', { ...wave('0'), ...IGNORE }, { type: 'LoadBalancer' }), after))).toHaveLength(1);
  });

  test('a hook is always awaited until it completes, in a single-step sync too', () => {
    const [f] = findingsOf('ignore-healthcheck-awaited', yaml(hookJob('migrate', IGNORE), cm('cfg')));
    expect(f.message).toContain('yet Argo CD still waits for this PreSync hook to complete (a Degraded one fails the sync)');
  });

  test('the last step: nothing waits for it, nothing to report', () => {
    expect(findingsOf('ignore-healthcheck-awaited', yaml(cm('cfg', wave('0')), deployment('legacy', { ...wave('1'), ...IGNORE })))).toEqual([]);
  });

  test('a custom resource has something to wait for only with a health script in the argocd-cm given (lint --argocd-cm)', () => {
    const widget = k('example.com/v1', 'Widget', 'w', { spec: {} }, { ...wave('0'), ...IGNORE, 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true' });
    const text = yaml(widget, after);
    expect(findingsOf('ignore-healthcheck-awaited', text)).toEqual([]);
    const healthScripts = [{ key: 'example.com/Widget', script: 'return { status = "Healthy" }', useOpenLibs: false }];
    expect(findingsOf('ignore-healthcheck-awaited', text, { argocdCm: { healthScripts } }).map(f => `${f.kind}/${f.name}`)).toEqual(['Widget/w']);
  });
});
