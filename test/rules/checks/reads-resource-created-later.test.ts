/**
 * reads-resource-created-later (src/rules/checks/reads-resource-created-later.ts): its trip/pass case, and its behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { k, yaml, wave, secret, podSpec, deployment, hookJob, pvc } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

ruleCase('reads-resource-created-later', {
  ref: 'argo-cd #9891',
  trips: yaml(secret('db'), hookJob('migrate', {}, {}, podSpec({ probe: false, envFrom: [{ secretRef: { name: 'db' } }] }))),
  passes: yaml(secret('db', { 'argocd.argoproj.io/hook': 'PreSync', 'argocd.argoproj.io/sync-wave': '-1' }),
    hookJob('migrate', {}, {}, podSpec({ probe: false, envFrom: [{ secretRef: { name: 'db' } }] }))),
});

describe('reads-resource-created-later', () => {
  test('an optional reference is not a dependency', () => {
    const text = yaml(secret('db'), hookJob('m', {}, {}, podSpec({ probe: false, envFrom: [{ secretRef: { name: 'db', optional: true } }] })));
    expect(findingsOf('reads-resource-created-later', text)).toEqual([]);
  });

  test('a ServiceAccount created in Sync cannot run a PreSync hook', () => {
    const text = yaml(k('v1', 'ServiceAccount', 'migrator'), hookJob('m', {}, {}, podSpec({ probe: false, sa: 'migrator' })));
    const [f] = findingsOf('reads-resource-created-later', text);
    expect(f.message).toContain('needs ServiceAccount/migrator, which this app creates only in Sync wave 0');
  });

  test('a claim a PreSync hook mounts: the fix never makes the claim a hook (rule hook-deletes-data), and the fix it gives passes both rules', () => {
    const mounts = podSpec({ probe: false });
    const pod = { ...mounts, volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'uploads' } }] };
    const [f] = findingsOf('reads-resource-created-later', yaml(pvc('uploads'), hookJob('m', {}, {}, pod)));
    expect(f.fix).toContain('run this hook later (a MigrationHook with `phase: HookPhase.SYNC`), or create PersistentVolumeClaim/uploads outside this app');
    expect(f.fix).not.toContain('PRE_SYNC');
    // The hook run in the Sync phase, in the claim's wave: neither rule reports anything.
    const fixed = yaml(pvc('uploads'), hookJob('m', { 'argocd.argoproj.io/hook': 'Sync' }, {}, pod));
    expect([...findingsOf('reads-resource-created-later', fixed), ...findingsOf('hook-deletes-data', fixed)]).toEqual([]);
    const [secretFix] = findingsOf('reads-resource-created-later', yaml(secret('db'), hookJob('m', {}, {}, podSpec({ probe: false, envFrom: [{ secretRef: { name: 'db' } }] }))));
    expect(secretFix.fix).toContain('(by hand: a PreSync hook in the same wave or an earlier one, delete policy BeforeHookCreation)');
  });

  test('a gated Deployment needing a Secret of a later wave deadlocks too', () => {
    const text = yaml(deployment('web', wave('0'), {}, podSpec({ envFrom: [{ secretRef: { name: 'db' } }] })), secret('db', wave('1')));
    const [f] = findingsOf('reads-resource-created-later', text);
    expect(f.message).toContain('is in Sync wave 0 and needs Secret/db, which is created only in Sync wave 1');
  });

  test('a Secret in another namespace is another object', () => {
    const text = yaml({ ...secret('db'), metadata: { name: 'db', namespace: 'other' } },
      hookJob('m', {}, {}, podSpec({ probe: false, envFrom: [{ secretRef: { name: 'db' } }] })));
    expect(findingsOf('reads-resource-created-later', text, { namespace: 'shop' })).toEqual([]);
  });
});

test('the message names the wave the object is in before the later wave it holds up', () => {
  const wave0 = 'annotations: { argocd.argoproj.io/sync-wave: "0" }';
  const later = '---\napiVersion: v1\nkind: ConfigMap\nmetadata: { name: later, annotations: { argocd.argoproj.io/sync-wave: "1" } }\n';
  const text = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web, ${wave0} }
spec:
  template:
    spec:
      containers:
        - name: web
          image: web:1
          readinessProbe: { httpGet: { path: /, port: 80 } }
          envFrom: [{ configMapRef: { name: later } }]
`;
  expect(findingsOf('reads-resource-created-later', text + later).map((f) => f.message)).toEqual([expect.stringMatching(/^Deployment\/web \(app\.yaml:\d+\): is in Sync wave 0 and needs ConfigMap\/later, which is created only in Sync wave 1/)]);
});
