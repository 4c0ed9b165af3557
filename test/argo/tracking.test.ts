/**
 * Which live objects are the app's, from argo-cd `controller/state_test.go`
 * `TestIsLiveResourceManaged` (a tracking id must name this very object) and
 * `util/argo/resource_tracking_test.go` (the id's format); and the prunes that follow.
 */
import { manifest } from './simulate/fixtures';
import { buildPlan } from '../../src/argo/plan';
import { defaultTrackingMethod, parseTrackingId, trackingWrites, untrackedReason } from '../../src/argo/tracking';

const ID = 'argocd.argoproj.io/tracking-id';
const cm = (name: string, annotations?: Record<string, string>, labels?: Record<string, string>) =>
  manifest({ kind: 'ConfigMap', name, namespace: 'default', ...(annotations ? { annotations } : {}), ...(labels ? { labels } : {}) }).object;

describe('TestIsLiveResourceManaged', () => {
  const tracking = { appName: 'guestbook' };
  test('a tracking id that matches the resource: managed', () => {
    expect(untrackedReason(cm('configmap1', { [ID]: 'guestbook:/ConfigMap:default/configmap1' }), tracking)).toBeUndefined();
  });
  test.each([
    ['wrong name', 'guestbook:/ConfigMap:default/configmap1'],
    ['wrong kind', 'guestbook:/Service:default/configmap2'],
    ['wrong group', 'guestbook:apps/ConfigMap:default/configmap2'],
    ['wrong namespace', 'guestbook:/ConfigMap:fakens/configmap2'],
  ])('a copied tracking id (%s): not managed', (_what, id) => {
    expect(untrackedReason(cm('configmap2', { [ID]: id }), tracking)).toMatch(/names another object/);
  });
  test('another app\'s id, no id, a malformed id: not managed', () => {
    expect(untrackedReason(cm('configmap1', { [ID]: 'other:/ConfigMap:default/configmap1' }), tracking)).toBe('tracked by another app (other)');
    expect(untrackedReason(cm('configmap1'), tracking)).toMatch(/^no argocd.argoproj.io\/tracking-id annotation/);
    expect(untrackedReason(cm('configmap1', { [ID]: 'guestbook/ConfigMap/configmap1' }), tracking)).toMatch(/is not <app>/);
  });
  test('label tracking reads app.kubernetes.io/instance (the default before 3.0)', () => {
    const labelled = cm('configmap1', undefined, { 'app.kubernetes.io/instance': 'guestbook' });
    expect(untrackedReason(labelled, { ...tracking, method: 'label' })).toBeUndefined();
    expect(untrackedReason(labelled, tracking, '2.14')).toBeUndefined();
    expect(untrackedReason(labelled, tracking)).toMatch(/annotation tracking/);
    expect([defaultTrackingMethod('2.14'), defaultTrackingMethod('3.0')]).toEqual(['label', 'annotation']);
  });
  test('without an app name any app\'s tracking of this object counts', () => {
    expect(untrackedReason(cm('configmap1', { [ID]: 'anything:/ConfigMap:default/configmap1' }), {})).toBeUndefined();
  });
  test('parseTrackingId: <app>:<group>/<kind>:<namespace>/<name>', () => {
    expect(parseTrackingId('app:apps/Deployment:ns/web')).toEqual({ appName: 'app', group: 'apps', kind: 'Deployment', namespace: 'ns', name: 'web' });
    expect(parseTrackingId('app:apps/Deployment')).toBeUndefined();
  });
});

describe('prunes follow tracking', () => {
  test('untracked live objects are excluded with the reason; tracked ones are pruned', () => {
    const live = [
      manifest({ kind: 'ConfigMap', name: 'old', namespace: 'default', annotations: { [ID]: 'guestbook:/ConfigMap:default/old' } }),
      manifest({ kind: 'ConfigMap', name: 'kube-root-ca.crt', namespace: 'default' }),
    ];
    const plan = buildPlan([], { namespace: 'default', live, tracking: { appName: 'guestbook' } });
    expect(plan.steps.flatMap(s => s.tasks).map(t => `${t.action} ${t.name}`)).toEqual(['prune old']);
    expect(plan.excluded.map(x => [x.name, x.reason])).toEqual([
      ['kube-root-ca.crt', expect.stringMatching(/^live, not tracked as this app's: no argocd.argoproj.io\/tracking-id annotation/)],
    ]);
  });
});

// argo-cd util/argo/resource_tracking.go SetAppInstance (which maps each method writes) and
// reposerver/repository/repository.go (`!kube.IsCRD(target)`: a CRD gets no tracking at all).
describe('trackingWrites', () => {
  test('annotation writes the tracking id, label the instance label, annotation+label both', () => {
    const svc = cm('c');
    expect(trackingWrites(svc, 'annotation')).toEqual({ annotations: true, labels: false });
    expect(trackingWrites(svc, 'label')).toEqual({ annotations: false, labels: true });
    expect(trackingWrites(svc, 'annotation+label')).toEqual({ annotations: true, labels: true });
  });

  test('a CRD of apiextensions.k8s.io gets neither; a kind named so in another group is no CRD', () => {
    const crd = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'xs.example.com' } };
    expect(trackingWrites(crd, 'annotation+label')).toEqual({ annotations: false, labels: false });
    expect(trackingWrites({ ...crd, apiVersion: 'example.com/v1' }, 'label')).toEqual({ annotations: false, labels: true });
  });
});
