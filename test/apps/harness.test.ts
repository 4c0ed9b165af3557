/**
 * The harness can fail: a broken order is found and an extra wave is counted, so the acceptance
 * tests' green means something.
 */
import { ApiObject, Chart, JsonPatch } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { brokenEdges, minimumWaves, synthAndRead, writtenWaves } from './harness';
import { SyncWaves, SynthChecks, Tier } from '../../src';

const deployment = (chart: Chart) => new kplus.Deployment(chart, 'web-deployment', {
  containers: [{ image: 'web:1', portNumber: 8080, readiness: kplus.Probe.fromHttpGet('/healthz') }],
});

test('an order a JSON patch breaks (synth checks off) is reported with both objects and their waves', () => {
  const [c] = synthAndRead((app) => {
    const chart = new Chart(app, 'patched', { disableResourceNameHashes: true });
    SyncWaves.enable(chart, { checks: SynthChecks.NONE });
    const web = new Tier(chart, 'web').add(deployment(chart));
    const ingress = new ApiObject(chart, 'ingress', { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'web' } });
    new Tier(chart, 'edge', { after: [web] }).add(ingress);
    ingress.addJsonPatch(JsonPatch.replace('/metadata/annotations/argocd.argoproj.io~1sync-wave', '0'));
  }).charts;
  expect(brokenEdges(c)).toEqual([expect.stringMatching(
    /^patched\/edge is after patched\/web: Ingress\/web \(Sync wave 0\) must start after Deployment\/patched-web-deployment \(Sync wave 0\) is done, but both are applied in the same step/)]);
});

test('a wave asked for (separateWave) is counted against the minimum the edges need', () => {
  const [c] = synthAndRead((app) => {
    const chart = new Chart(app, 'separate', { disableResourceNameHashes: true });
    const config = new Tier(chart, 'config').add(new kplus.ConfigMap(chart, 'settings'));
    new Tier(chart, 'web', { after: [config], separateWave: true }).add(deployment(chart));
  }).charts;
  expect(brokenEdges(c)).toEqual([]);
  expect([writtenWaves(c, 'Sync'), minimumWaves(c, 'Sync')]).toEqual([2, 1]);
});
