/**
 * prometheus-operator/kube-prometheus `manifests/setup/0prometheusCustomResourceDefinition.yaml`
 * is ~470 KiB as JSON: a client-side apply (Argo CD's default) fails on it with
 * "metadata.annotations: Too long: may not be more than 262144 bytes" (argo-cd
 * docs/user-guide/sync-options.md, Server-Side Apply). So is Argo CD's own ApplicationSet CRD in
 * `manifests/install.yaml` since 3.3 (339 KiB; upgrading/3.2-3.3.md). Built here from `bigCrd`.
 */
import { stringify } from 'yaml';
import { clientSideApplyOverflow } from '../../src/argo/apply-size';
import { buildPlan } from '../../src/argo/plan';
import { simulate } from '../../src/argo/simulate';
import { bigCrd, cm } from '../fixtures/manifests';
import { manifestsOf } from '../rules/helpers';

const SYNC_OPTIONS = 'argocd.argoproj.io/sync-options';

describe('simulate: the apply of an object too large for a client-side apply fails, as the API server rejects it', () => {
  const plan = (extra: Record<string, unknown> = {}, options: string[] = []) => {
    const manifests = manifestsOf([stringify(bigCrd(extra)), stringify(cm('after', { 'argocd.argoproj.io/sync-wave': '1' }))].join('---\n'));
    return { p: buildPlan(manifests, { syncOptions: options }), options };
  };

  test('argo-cd upgrading/3.2-3.3.md: the CRD fails its step and the next wave never goes out', () => {
    const { p } = plan();
    const r = simulate(p);
    expect(r.operationPhase).toBe('Failed');
    const crd = r.results.find(x => x.kind === 'CustomResourceDefinition')!;
    expect(crd.message).toBe('CustomResourceDefinition.apiextensions.k8s.io "prometheuses.monitoring.coreos.com" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes');
    expect(r.neverApplied).toEqual(['ConfigMap/after']);
  });

  test('with ServerSideApply=true (on the object or the Application) the sync succeeds', () => {
    expect(simulate(plan({ [SYNC_OPTIONS]: 'ServerSideApply=true' }).p).operationPhase).toBe('Succeeded');
    const app = plan({}, ['ServerSideApply=true']);
    expect(simulate(app.p, { syncOptions: app.options }).operationPhase).toBe('Succeeded');
  });
});

test('the size is UTF-8 bytes, not UTF-16 units: 90 Ki characters of 3-byte text are over the limit, 90 Ki ASCII ones are not', () => {
  const withText = (text: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'text' }, data: { t: text } });
  expect(clientSideApplyOverflow(withText('a'.repeat(90 * 1024)), [])).toBeUndefined();
  expect(clientSideApplyOverflow(withText('€'.repeat(90 * 1024)), [])).toBeGreaterThan(270 * 1024);
  // A character above U+FFFF is 2 UTF-16 units and 4 bytes.
  expect(clientSideApplyOverflow(withText('😀'.repeat(65 * 1024)), [])).toBeGreaterThan(260 * 1024);
});
