/**
 * wave-gate-no-health (src/rules/checks/wave-gate-no-health.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { k, yaml, wave, cm, widgetCrd, widget } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('wave-gate-no-health', {
  ref: 'argo-cd #14442',
  trips: yaml(widgetCrd(wave('-1')), widget(wave('0')), cm('after', wave('1'))),
  passes: yaml(widgetCrd(wave('-1')), widget(wave('1'))),
});

describe('wave-gate-no-health and Argo CD\'s built-in Lua health checks', () => {
  const gate = (apiVersion: string, kind: string) => yaml(
    k(apiVersion, kind, 'x', { spec: {} }, { ...wave('0'), 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true' }),
    cm('after', wave('1')),
  );

  test.each([
    ['cert-manager.io/v1', 'Certificate'],
    ['pkg.crossplane.io/v1', 'Provider'], // wildcard _.crossplane.io/_
    ['argoproj.io/v1alpha1', 'Rollout'],
  ])('%s %s has a health check: the wave really waits', (apiVersion, kind) => {
    expect(findingsOf('wave-gate-no-health', gate(apiVersion, kind))).toEqual([]);
  });

  test('argo-cd #14442 (RabbitmqCluster then; it has a Lua check now): a CR without one does not make the wave wait', () => {
    const [f] = findingsOf('wave-gate-no-health', gate('mongodbcommunity.mongodb.com/v1', 'MongoDBCommunity'));
    expect(f.message).toContain('no built-in health check for mongodbcommunity.mongodb.com/MongoDBCommunity');
    expect(findingsOf('wave-gate-no-health', gate('rabbitmq.com/v1beta1', 'RabbitmqCluster'))).toEqual([]);
  });

  // argo-cd resource_customizations/karpenter.sh/NodeClaim/health.lua is in v3.5.0, not in v3.4.0.
  test('a kind whose script came in 3.5: reported under --argocd-version 3.4, naming the release that adds it; not from 3.5', () => {
    const claim = gate('karpenter.sh/v1', 'NodeClaim');
    const [f] = findingsOf('wave-gate-no-health', claim, { argocdVersion: '3.4' });
    expect(f.message).toContain('Argo CD 3.4 has no built-in health check for karpenter.sh/NodeClaim (3.5 adds one; argo-cd #14442; argocd-cm may add one)');
    expect(findingsOf('wave-gate-no-health', claim, { argocdVersion: '3.5' })).toEqual([]);
    expect(findingsOf('wave-gate-no-health', claim)).toEqual([]);
  });
});

test('the message names the wave the object is in before the later wave it holds up', () => {
  const wave0 = 'annotations: { argocd.argoproj.io/sync-wave: "0" }';
  const later = '---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: later, annotations: { argocd.argoproj.io/sync-wave: "1" } }\n';
  const text = `apiVersion: example.com/v1
kind: Widget
metadata: { name: w, ${wave0} }
`;
  expect(findingsOf('wave-gate-no-health', text + later, { installedCrds: ['example.com/Widget'] }).map((f) => f.message)).toEqual([expect.stringMatching(/^Widget\/w \(app\.yaml:\d+\): is in Sync wave 0, and Sync wave 1 starts ~2 s after it is applied/)]);
});

describe('a health script in the operator\'s argocd-cm (lint --argocd-cm) is a health check', () => {
  const gate = yaml(
    k('mongodbcommunity.mongodb.com/v1', 'MongoDBCommunity', 'db', { spec: {} }, { ...wave('0'), 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true' }),
    cm('after', wave('1')),
  );
  const script = (key: string) => ({ key, script: 'return { status = "Healthy" }', useOpenLibs: false });

  test.each([
    ['the exact group/kind', 'mongodbcommunity.mongodb.com/MongoDBCommunity'],
    ['a wildcard key', '*.mongodb.com/*'],
  ])('%s: the wave really waits', (_name, key) => {
    expect(findingsOf('wave-gate-no-health', gate, { argocdCm: { healthScripts: [script(key)] } })).toEqual([]);
  });

  test('scripts for other kinds only: still reported, saying the argocd-cm given has none either', () => {
    const [f] = findingsOf('wave-gate-no-health', gate, { argocdCm: { healthScripts: [script('cert-manager.io/Issuer')] } });
    expect(f.message).toContain('no built-in health check for mongodbcommunity.mongodb.com/MongoDBCommunity (argo-cd #14442; nor does the argocd-cm given)');
    expect(findingsOf('wave-gate-no-health', gate)[0].message).toContain('argocd-cm may add one');
  });
});
