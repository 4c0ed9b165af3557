/**
 * Rule behaviour on the edges of Argo CD's semantics, named after the upstream tests and issues.
 */
import { cm, deployment, hookJob, k, podSpec, pvc, secret, service, yaml } from './cases';
import { findingsOf } from './helpers';

const W = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });
const HOOK = 'argocd.argoproj.io/hook';

describe('hook-unrecognised', () => {
  test('TestSkipAndHook: "Skip,PreSync" is fine', () => {
    expect(findingsOf('hook-unrecognised', yaml(hookJob('m', { [HOOK]: 'Skip,PreSync' })))).toEqual([]);
  });

  test('"Sync,Garbage": the object still runs as a Sync hook, only the value is ignored', () => {
    const [f] = findingsOf('hook-unrecognised', yaml(hookJob('m', { [HOOK]: 'Sync,Garbage' })));
    expect(f.message).toContain('"Garbage" is not a hook type');
    expect(f.message).toContain('handled as a Sync hook');
  });

  test('TestGarbageHook: an empty value drops the object from the sync', () => {
    const [f] = findingsOf('hook-unrecognised', yaml(hookJob('m', { [HOOK]: '' })));
    expect(f.message).toContain('is empty, so the object is silently left out of every sync');
  });

  test('Helm: crd-install is not a hook; test hooks vanish (a warning of their own) and are told to become PostSync', () => {
    expect(findingsOf('helm-hook-unsupported', yaml(cm('c', { 'helm.sh/hook': 'crd-install' })))).toEqual([]);
    expect(findingsOf('hook-unrecognised', yaml(k('v1', 'Pod', 'chart-test', { spec: podSpec() }, { 'helm.sh/hook': 'test' })))).toEqual([]);
    const [f] = findingsOf('helm-hook-unsupported', yaml(k('v1', 'Pod', 'chart-test', { spec: podSpec() }, { 'helm.sh/hook': 'test' })));
    expect(f.message).toContain('helm.sh/hook "test" has no Argo CD equivalent');
    expect(f.fix).toContain('PostSync');
  });

  test('an Argo CD type wins: Helm values beside it are not reported', () => {
    expect(findingsOf('helm-hook-unsupported', yaml(hookJob('m', { 'helm.sh/hook': 'pre-rollback' })))).toEqual([]);
  });
});

describe('wave-invalid', () => {
  test('the silent fallback to helm.sh/hook-weight is named', () => {
    const [f] = findingsOf('wave-invalid', yaml(cm('c', { ...W('two'), 'helm.sh/hook-weight': '5' })));
    expect(f.message).toContain('silently uses helm.sh/hook-weight, wave 5');
  });
});

describe('crd-not-before-custom-resource and namespace-after-resource', () => {
  const crd = (a?: Record<string, unknown>) => k('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'widgets.example.com', {
    spec: { group: 'example.com', names: { kind: 'Widget' } },
  }, a);
  const widget = (a?: Record<string, unknown>) => k('example.com/v1', 'Widget', 'w', {}, a);

  test('TestSyncTasksSort_CRDAndCR: a CRD hoisted into a PreSync hook\'s step says where it went', () => {
    const [f] = findingsOf('crd-not-before-custom-resource', yaml(crd(), widget({ [HOOK]: 'PreSync' })));
    expect(f.message).toContain('has no wave annotation (so Sync wave 0), after its custom resource Widget/w (PreSync wave 0)');
  });

  test('same wave, not hoisted: the 3 s Established wait is the risk', () => {
    const [f] = findingsOf('crd-not-before-custom-resource', yaml(crd(W('2')), widget(W('2'))));
    expect(f.message).toContain('is in the same wave as its custom resource Widget/w (Sync wave 2)');
    expect(f.fix).toContain('sync-wave "1"');
  });

  test('a Namespace named like the destination is pulled into PreSync by a hook living in it', () => {
    const [f] = findingsOf('namespace-after-resource', yaml(k('v1', 'Namespace', 'shop', {}, W('-1')), hookJob('m')), { namespace: 'shop' });
    expect(f.message).toContain('is annotated Sync wave -1');
    expect(f.message).toContain('moves it to PreSync wave 0 before Job/m');
  });
});

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

  test('application-health-missing names each state the operator\'s check gets wrong; the last wave gates nothing', () => {
    const apps = yaml(k('argoproj.io/v1alpha1', 'Application', 'db', { spec: {} }, W('0')), k('argoproj.io/v1alpha1', 'Application', 'web', { spec: {} }, W('1')));
    const [none] = findingsOf('application-health-missing', apps, { argocdCm: {} });
    expect(none.message).toMatch(/has no Application health check/);
    const [f] = findingsOf('application-health-missing', apps, { argocdCm: { applicationHealth: 'return { status = "Healthy" }' } });
    expect(f.name).toBe('db');
    expect(f.message).toMatch(/OutOfSync.*#27917/s);
    expect(findingsOf('application-health-missing', yaml(k('argoproj.io/v1alpha1', 'Application', 'db', { spec: {} }, W('0'))), { argocdCm: {} })).toEqual([]);
  });
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

  test('a gated Deployment needing a Secret of a later wave deadlocks too', () => {
    const text = yaml(deployment('web', W('0'), {}, podSpec({ envFrom: [{ secretRef: { name: 'db' } }] })), secret('db', W('1')));
    const [f] = findingsOf('reads-resource-created-later', text);
    expect(f.message).toContain('created only in Sync wave 1, after its own Sync wave 0');
  });

  test('a Secret in another namespace is another object', () => {
    const text = yaml({ ...secret('db'), metadata: { name: 'db', namespace: 'other' } },
      hookJob('m', {}, {}, podSpec({ probe: false, envFrom: [{ secretRef: { name: 'db' } }] })));
    expect(findingsOf('reads-resource-created-later', text, { namespace: 'shop' })).toEqual([]);
  });
});

describe('hooks', () => {
  test('argo-cd #9184: same generateName in different phases does not collide', () => {
    expect(findingsOf('hook-generate-name-collision', yaml(hookJob('t-'), hookJob('t-', { [HOOK]: 'PostSync' })))).toEqual([]);
  });

  test('a generateName Job cleaned up by its TTL does not pile up', () => {
    expect(findingsOf('hook-generate-name-piles-up', yaml(hookJob('t-', { 'argocd.argoproj.io/hook-delete-policy': undefined }, { ttlSecondsAfterFinished: 600 })))).toEqual([]);
  });

  test('HookFailed alone: successful runs pile up', () => {
    const [f] = findingsOf('hook-generate-name-piles-up', yaml(hookJob('t-', { 'argocd.argoproj.io/hook-delete-policy': 'HookFailed' })));
    expect(f.message).toContain('successful runs are ever deleted');
  });

  test('secret-looking values are recognised by name or by shape; references and $(VARS) are not', () => {
    const env = (e: Record<string, unknown>) => yaml(hookJob('m', {}, {}, podSpec({ probe: false, env: [e] })));
    expect(findingsOf('hook-env-literal-secret', env({ name: 'DATABASE_URL', value: 'postgres://app:s3cret@db/app' }))).toHaveLength(1);
    expect(findingsOf('hook-env-literal-secret', env({ name: 'API_KEY', value: 'abc' }))).toHaveLength(1);
    expect(findingsOf('hook-env-literal-secret', env({ name: 'DATABASE_URL', value: 'postgres://app@db/app' }))).toEqual([]);
    expect(findingsOf('hook-env-literal-secret', env({ name: 'DB_PASSWORD', value: '$(PASSWORD_FROM_SECRET)' }))).toEqual([]);
    expect(findingsOf('hook-env-literal-secret', env({ name: 'LOG_LEVEL', value: 'debug' }))).toEqual([]);
    // About a credential, not one: switches, sizes, durations, paths, names.
    for (const [name, value] of [['AUTH_ENABLED', 'true'], ['TOKEN_TTL', '3600'], ['PASSWORD_MIN_LENGTH', '12'], ['DB_PASSWORD_FILE', '/run/secrets/db'],
      ['SECRET_NAME', 'db-credentials'], ['AUTH', 'off'], ['API_KEY_HEADER', 'X-Api-Key']]) {
      expect(findingsOf('hook-env-literal-secret', env({ name, value }))).toEqual([]);
    }
    expect(findingsOf('hook-env-literal-secret', env({ name: 'GITHUB_TOKEN', value: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' }))).toHaveLength(1);
    expect(findingsOf('hook-env-literal-secret', env({ name: 'SOME_SETTING', value: 'postgres://u:p4ss@h/db' }))).toHaveLength(1);
  });
});

describe('sync options', () => {
  test('an app-only option on a resource does nothing', () => {
    const [f] = findingsOf('sync-option-invalid', yaml(cm('c', { 'argocd.argoproj.io/sync-options': 'CreateNamespace=true' })));
    expect(f.message).toContain("read only from the Application's spec.syncPolicy.syncOptions");
  });

  test('a value Argo CD does not act on is named with the values it takes', () => {
    const [f] = findingsOf('sync-option-invalid', yaml(cm('c', { 'argocd.argoproj.io/sync-options': 'Prune=no' })));
    expect(f.message).toContain('Prune takes "false" or "confirm", not "no"');
  });
});

describe('wave-unneeded', () => {
  test('waves ordering hooks are intent the manifests cannot show: left alone', () => {
    expect(findingsOf('wave-unneeded', yaml(hookJob('a', W('0')), hookJob('b', W('1'))))).toEqual([]);
  });

  test('a Service selecting an earlier Deployment needs its wave; an Ingress routing to a ClusterIP Service does not (Healthy once applied)', () => {
    const ingress = k('networking.k8s.io/v1', 'Ingress', 'web', {
      spec: { rules: [{ http: { paths: [{ backend: { service: { name: 'web' } } }] } }] },
    }, W('2'));
    const found = findingsOf('wave-unneeded', yaml(deployment('web', W('0')), service('web', W('1')), ingress));
    expect(found.map((f) => `${f.kind}/${f.name}`)).toEqual(['Ingress/web']);
    expect(found[0].message).toContain('what it uses from earlier waves (Service/web) is Healthy once applied (a Service that is not a LoadBalancer');
  });

  test('what comes from an older wave needs no wave of its own: it is done before the wave before starts', () => {
    const text = yaml(cm('cfg', W('0')), cm('other', W('1')), deployment('web', W('2'), {}, podSpec({ envFrom: [{ configMapRef: { name: 'cfg' } }] })));
    const found = findingsOf('wave-unneeded', text);
    expect(found.map((f) => `${f.kind}/${f.name}`)).toEqual(['ConfigMap/other', 'Deployment/web']);
    expect(found[1].message).toContain('yet what it uses from earlier waves (ConfigMap/cfg) is done before Sync wave 1 starts');
  });

  test('an Ingress after a LoadBalancer Service needs its wave: the Service waits for its ingress address', () => {
    const ingress = k('networking.k8s.io/v1', 'Ingress', 'web', {
      spec: { rules: [{ http: { paths: [{ backend: { service: { name: 'web' } } }] } }] },
    }, W('1'));
    const lb = k('v1', 'Service', 'web', { spec: { type: 'LoadBalancer', selector: { app: 'web' }, ports: [{ port: 80 }] } }, W('0'));
    expect(findingsOf('wave-unneeded', yaml(lb, ingress))).toEqual([]);
  });
});

describe('wave-gate-no-health and Argo CD\'s built-in Lua health checks', () => {
  const gate = (apiVersion: string, kind: string) => yaml(
    k(apiVersion, kind, 'x', { spec: {} }, { ...W('0'), 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true' }),
    cm('after', W('1')),
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
});

describe('sync options that spell out the default', () => {
  test.each(['Replace=false', 'Prune=true', 'PruneLast=false', 'SkipDryRunOnMissingResource=false'])('%s does nothing but harms nothing: no finding', option => {
    expect(findingsOf('sync-option-invalid', yaml(cm('c', { 'argocd.argoproj.io/sync-options': option })))).toEqual([]);
  });

  test('Replace=True (miscased) is still reported', () => {
    expect(findingsOf('sync-option-invalid', yaml(cm('c', { 'argocd.argoproj.io/sync-options': 'Replace=True' })))).toHaveLength(1);
  });
});

describe('last-wave-unchecked judges health per object', () => {
  test('a last wave of a ClusterIP Service has nothing to wait for; a LoadBalancer Service does', () => {
    const last = (spec: Record<string, unknown>) => yaml(deployment('web', W('0')), service('web', W('1'), spec));
    expect(findingsOf('last-wave-unchecked', last({}))).toEqual([]);
    const [f] = findingsOf('last-wave-unchecked', last({ type: 'LoadBalancer' }));
    expect(`${f.kind}/${f.name}`).toBe('Service/web');
  });
});

describe('wave-unneeded sees the references a reader sees', () => {
  test('a webhook configuration sees the Service it calls: a wave after its Deployment is needed, one after the ClusterIP Service alone is not', () => {
    const webhook = (name: string, wave: string) => k('admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration', 'v', {
      webhooks: [{ name: 'v.example.com', clientConfig: { service: { name, namespace: 'shop' } } }],
    }, W(wave));
    // The Service selects the Deployment, whose health the next wave waits for.
    expect(findingsOf('wave-unneeded', yaml(deployment('hook', W('0')), service('hook', W('0')), webhook('hook', '1')), { namespace: 'shop' })).toEqual([]);
    const alone = findingsOf('wave-unneeded', yaml(service('hook', W('0')), webhook('hook', '1')), { namespace: 'shop' });
    expect(alone).toHaveLength(1);
    expect(alone[0].message).toContain('(Service/hook) is Healthy once applied');
    expect(findingsOf('wave-unneeded', yaml(service('hook', W('0')), webhook('other', '1')), { namespace: 'shop' })[0].message)
      .toContain('nothing in it uses anything from an earlier wave');
  });

  test.each([
    ['a PVC after its StorageClass', yaml(k('storage.k8s.io/v1', 'StorageClass', 'fast', {}, W('0')), k('v1', 'PersistentVolumeClaim', 'data', { spec: { storageClassName: 'fast' } }, W('1'))), 'StorageClass/fast'],
    ['a RoleBinding after its Role', yaml(k('rbac.authorization.k8s.io/v1', 'Role', 'r', {}, W('0')), k('rbac.authorization.k8s.io/v1', 'RoleBinding', 'rb', {
      roleRef: { kind: 'Role', name: 'r' },
    }, W('1'))), 'Role/r'],
    ['the article\'s Deployment after its ConfigMap', yaml(cm('cfg', W('0')), deployment('web', W('1'), {}, podSpec({ envFrom: [{ configMapRef: { name: 'cfg' } }] }))), 'ConfigMap/cfg'],
  ])('%s: kind order already applies it first and it has no health check to wait for', (_what, text, used) => {
    const [f] = findingsOf('wave-unneeded', text);
    expect(f.message).toContain(`what it uses from earlier waves (${used}) has no health check and kind order applies it first inside one wave`);
  });
});

describe('pvc-gates-wave: a claim alone in a wave the next one waits on never binds (WaitForFirstConsumer)', () => {
  const mounts = (claim: string) => ({ ...podSpec(), volumes: [{ name: 'd', persistentVolumeClaim: { claimName: claim } }] });
  const sc = (name: string, mode?: string) => k('storage.k8s.io/v1', 'StorageClass', name, { provisioner: 'csi.example', ...(mode ? { volumeBindingMode: mode } : {}) });

  test('a claim in wave 0, its StatefulSet in wave 1 (what `sts.node.addDependency(pvc)` renders)', () => {
    const [f] = findingsOf('pvc-gates-wave', yaml(pvc('data'), deployment('db', W('1'), {}, mounts('data'))));
    expect(f.message).toBe('PersistentVolumeClaim/data (app.yaml:2): Sync wave 1 waits for it to be Bound, but with a WaitForFirstConsumer '
      + 'StorageClass (the default class on GKE, EKS, AKS and kind, and this claim names none) it stays Pending until a Pod that mounts it '
      + 'is scheduled, and no Pod in its wave or an earlier one mounts it: the sync stays Progressing forever (see docs/rules/pvc-gates-wave.md)');
  });

  test('the app\'s own WaitForFirstConsumer class is named; an Immediate one (or the API default) is fine', () => {
    const [f] = findingsOf('pvc-gates-wave', yaml(sc('wffc', 'WaitForFirstConsumer'), pvc('data', undefined, { storageClassName: 'wffc' }), cm('next', W('1'))));
    expect(f.message).toContain('but its StorageClass wffc binds WaitForFirstConsumer, so it stays Pending');
    expect(findingsOf('pvc-gates-wave', yaml(sc('fast', 'Immediate'), pvc('data', undefined, { storageClassName: 'fast' }), cm('next', W('1'))))).toEqual([]);
    expect(findingsOf('pvc-gates-wave', yaml(sc('fast'), pvc('data', undefined, { storageClassName: 'fast' }), cm('next', W('1'))))).toEqual([]);
  });

  test('pre-bound and class-less claims bind without a Pod; the last wave gates nothing', () => {
    expect(findingsOf('pvc-gates-wave', yaml(pvc('data', undefined, { volumeName: 'pv-1' }), cm('next', W('1'))))).toEqual([]);
    expect(findingsOf('pvc-gates-wave', yaml(pvc('data', undefined, { storageClassName: '' }), cm('next', W('1'))))).toEqual([]);
    expect(findingsOf('pvc-gates-wave', yaml(cm('first'), pvc('data', W('1'))))).toEqual([]);
  });
});

describe('delete-policy-unrecognised on an object that is not a hook', () => {
  test('says no delete policy applies there (not which one is "effective") and offers removing it', () => {
    const [f] = findingsOf('delete-policy-unrecognised', yaml(cm('c', { 'argocd.argoproj.io/hook-delete-policy': 'HookSucceded' })));
    expect(f.message).toContain('"HookSucceded" is not a delete policy Argo CD knows (exact, case-sensitive), and this object is not a hook, so Argo CD reads no delete policy on it at all');
    expect(f.message).not.toContain('effective policies');
    expect(f.fix).toBe('use BeforeHookCreation, HookSucceeded, HookFailed (or remove the annotation: delete policies apply to hooks only)');
  });

  test('on a hook it still names the effective policies', () => {
    const [f] = findingsOf('delete-policy-unrecognised', yaml(hookJob('m', { 'argocd.argoproj.io/hook-delete-policy': 'hooksucceeded' })));
    expect(f.message).toContain('so it is dropped (effective policies: BeforeHookCreation, the default)');
    expect(f.fix).toBe('write "HookSucceeded"');
  });
});
