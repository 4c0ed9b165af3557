/**
 * QA: `--live` from `kubectl get all -o json`, now that the CLI reads JSON. Argo CD manages, and so
 * prunes, only live objects without owner references (gitops-engine pkg/cache/cluster.go
 * `GetManagedLiveObjs`: `isManaged(o) && len(o.OwnerRefs) == 0`); the ReplicaSets and Pods a
 * Deployment owns were planned as prune tasks, and their deletion as what the first wave waits for.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { buildPlan } from '../../src/argo/plan';
import { appModelOptions, appSyncOptions, liveManifests } from '../../src/cli/app-options';
import { loadPaths } from '../../src/cli/load';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'syncplan-qa-live-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const owner = (kind: string, name: string) => [{ apiVersion: 'apps/v1', kind, name, uid: `uid-${name}`, controller: true }];

/** What `kubectl get deploy,rs,pod,cm -n shop -o json` prints for a Deployment `web` and a stale ConfigMap. */
const kubectlList = {
  apiVersion: 'v1',
  kind: 'List',
  items: [
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'shop', uid: 'uid-web' }, spec: {}, status: {} },
    { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web-7d9f8b', namespace: 'shop', ownerReferences: owner('Deployment', 'web') } },
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-7d9f8b-x2x4p', namespace: 'shop', ownerReferences: owner('ReplicaSet', 'web-7d9f8b') } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'old-settings', namespace: 'shop' } },
  ],
  metadata: { resourceVersion: '' },
};

test('objects with ownerReferences are left out of --live: never prune tasks, as in Argo CD', () => {
  const live = join(dir, 'live.json');
  writeFileSync(live, JSON.stringify(kubectlList, null, 4));
  const input = join(dir, 'app.yaml');
  writeFileSync(input, 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: shop\n');

  const kept = liveManifests({ live: [live] });
  expect(kept.map((m) => `${m.object.kind}/${(m.object.metadata as any).name}`)).toEqual(['Deployment/web', 'ConfigMap/old-settings']);

  const plan = buildPlan(loadPaths([input]), { namespace: 'shop', live: kept });
  const prunes = plan.steps.flatMap((s) => s.tasks).filter((t) => t.action === 'prune').map((t) => `${t.kind}/${t.name}`);
  expect(prunes).toEqual(['ConfigMap/old-settings']);
});

test('an empty ownerReferences list is no owner: the object is still pruned', () => {
  const live = join(dir, 'live.yaml');
  writeFileSync(live, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: stale\n  ownerReferences: []\n');
  expect(liveManifests({ live: [live] }).map((m) => (m.object.metadata as any).name)).toEqual(['stale']);
});

test('--sync-option Prune=/Delete= with an Argo CD before 3.4 is refused: that version ignores it at the Application level', () => {
  expect(() => appSyncOptions({ syncOption: ['Prune=false'], argocdVersion: '3.3' })).toThrow(
    /^--sync-option Prune=false: Argo CD reads Prune= in the Application's syncOptions since 3\.4; 3\.3 ignores it there .*or model --argocd-version 3\.4 or later$/);
  expect(() => appSyncOptions({ syncOption: ['Delete=confirm'], argocdVersion: '2.14' })).toThrow(/Delete= .* 2\.14 ignores it/);
  expect(appSyncOptions({ syncOption: ['Prune=false'], argocdVersion: '3.4' })).toEqual(['Prune=false']);
  expect(appSyncOptions({ syncOption: ['Prune=false'] })).toEqual(['Prune=false']);
});

test('--sync-option SkipDryRunOnMissingResource=true with an Argo CD before 3.1 is refused, naming 3.1', () => {
  expect(() => appSyncOptions({ syncOption: ['SkipDryRunOnMissingResource=true'], argocdVersion: '3.0' })).toThrow(
    /^--sync-option SkipDryRunOnMissingResource=true: Argo CD reads SkipDryRunOnMissingResource= in the Application's syncOptions since 3\.1; 3\.0 ignores it there .*fails the dry run; annotate the objects instead, or model --argocd-version 3\.1 or later$/);
  expect(appSyncOptions({ syncOption: ['SkipDryRunOnMissingResource=true'], argocdVersion: '3.1' })).toEqual(['SkipDryRunOnMissingResource=true']);
});

test('--tracking-method counts without --live: it decides what a non-string annotation does to the plan', () => {
  const input = join(dir, 'app.yaml');
  writeFileSync(input, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  annotations:\n    argocd.argoproj.io/sync-wave: 3\n');
  const manifests = loadPaths([input]);
  const message = (flags: Parameters<typeof appModelOptions>[0]) => buildPlan(manifests, appModelOptions(flags)).errors.map(e => e.message).join('\n');
  expect(message({ trackingMethod: 'label' })).toMatch(/with label tracking Argo CD reads no annotation/);
  expect(message({ trackingMethod: 'label' })).not.toMatch(/repo server fails/);
  expect(message({})).toMatch(/repo server fails to generate the manifests/);
});
