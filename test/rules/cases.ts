/**
 * One case per rule: a manifest set that trips it and a close one that does not. The pass case
 * differs from the trip case only by the fix, so each pair also checks that the fix works.
 */
import { stringify } from 'yaml';
import { APPLICATION_HEALTH_LUA } from '../../src/argo/application-health';
import type { LintOptions } from '../../src/rules';

export interface RuleCase {
  /** Upstream test or issue the behaviour comes from, for the test title. */
  readonly ref: string;
  readonly trips: string;
  readonly passes: string;
  readonly options?: LintOptions;
  /** Options of the pass case when the fix is in them (argocd-cm), not in the manifests. @default options */
  readonly passesOptions?: LintOptions;
}

type Obj = Record<string, unknown>;

/** A manifest as YAML; `annotations` values are written as given (strings unless a test says not). */
export function k(apiVersion: string, kind: string, name: string, extra: Obj = {}, annotations?: Obj): Obj {
  const metadata: Obj = name.endsWith('-') ? { generateName: name } : { name };
  if (annotations) metadata.annotations = annotations;
  return { apiVersion, kind, metadata, ...extra };
}

export function yaml(...objects: Obj[]): string {
  return objects.map(o => stringify(o)).join('---\n');
}

export const cm = (name: string, a?: Obj) => k('v1', 'ConfigMap', name, { data: { x: 'y' } }, a);
export const secret = (name: string, a?: Obj) => k('v1', 'Secret', name, {}, a);
export const pvc = (name: string, a?: Obj, spec: Obj = {}) =>
  k('v1', 'PersistentVolumeClaim', name, { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec } }, a);

/** A CRD whose schema descriptions make it ~300 KiB as JSON, like kube-prometheus' large CRDs. */
export function bigCrd(a?: Obj): Obj {
  const properties: Obj = {};
  for (let i = 0; i < 300; i++) properties[`field${i}`] = { type: 'string', description: 'x'.repeat(1000) };
  return k('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'prometheuses.monitoring.coreos.com', {
    spec: {
      group: 'monitoring.coreos.com',
      names: { kind: 'Prometheus', plural: 'prometheuses' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties } } }],
    },
  }, a);
}

export function podSpec(opts: { probe?: boolean; env?: Obj[]; envFrom?: Obj[]; sa?: string } = {}): Obj {
  return {
    ...(opts.sa ? { serviceAccountName: opts.sa } : {}),
    containers: [{
      name: 'app',
      image: 'registry.internal/app:1.0.0',
      ...(opts.probe === false ? {} : { readinessProbe: { httpGet: { path: '/healthz', port: 8080 } } }),
      ...(opts.env ? { env: opts.env } : {}),
      ...(opts.envFrom ? { envFrom: opts.envFrom } : {}),
    }],
  };
}

export function deployment(name: string, a?: Obj, spec: Obj = {}, pod: Obj = podSpec()): Obj {
  return k('apps/v1', 'Deployment', name, {
    spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: pod }, ...spec },
  }, a);
}

export function service(name: string, a?: Obj, spec: Obj = {}): Obj {
  return k('v1', 'Service', name, { spec: { selector: { app: name }, ports: [{ port: 80 }], ...spec } }, a);
}

/** A hook Job that passes every hook rule unless `spec`/annotations say otherwise. */
export function hookJob(name: string, a: Obj = {}, spec: Obj = {}, pod: Obj = podSpec({ probe: false })): Obj {
  return k('batch/v1', 'Job', name, {
    spec: { backoffLimit: 0, activeDeadlineSeconds: 600, template: { spec: { restartPolicy: 'Never', ...pod } }, ...spec },
  }, { 'argocd.argoproj.io/hook': 'PreSync', 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation,HookSucceeded', ...a });
}

const wave = (w: string) => ({ 'argocd.argoproj.io/sync-wave': w });
const automatedApp = (name: string, a?: Obj) => {
  const app = childApp(name, a) as { spec: Obj };
  return { ...app, spec: { ...app.spec, syncPolicy: { automated: { prune: true } } } };
};
const appSet = (elements: Obj[], steps: string[], maxUpdate?: unknown) => k('argoproj.io/v1alpha1', 'ApplicationSet', 'platform', {
  spec: {
    generators: [{ list: { elements } }],
    template: {
      metadata: { name: '{{name}}', labels: { step: '{{step}}' } },
      spec: { project: 'default', source: { repoURL: 'https://git.example.com/p.git', path: '{{name}}' }, destination: { server: 'https://kubernetes.default.svc', namespace: '{{name}}' } },
    },
    strategy: {
      type: 'RollingSync',
      rollingSync: { steps: steps.map(st => ({ matchExpressions: [{ key: 'step', operator: 'In', values: [st] }], ...(maxUpdate === undefined ? {} : { maxUpdate }) })) },
    },
  },
});
const childApp = (name: string, a?: Obj) => k('argoproj.io/v1alpha1', 'Application', name, {
  spec: { project: 'default', source: { repoURL: 'https://git.example.com/p.git', path: name }, destination: { server: 'https://kubernetes.default.svc', namespace: name } },
}, a);
const crd = (a?: Obj) => k('apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'widgets.example.com', {
  spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced' },
}, a);
const widget = (a?: Obj) => k('example.com/v1', 'Widget', 'w1', { spec: {} }, a);
const ingress = (name: string, a?: Obj) => k('networking.k8s.io/v1', 'Ingress', name, {
  spec: { rules: [{ http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name, port: { number: 80 } } } }] } }] },
}, a);

export const CASES: Readonly<Record<string, RuleCase>> = {
  'annotation-not-string': {
    ref: 'argo-cd #13730',
    trips: yaml(cm('cfg', { 'argocd.argoproj.io/sync-wave': 1 })),
    passes: yaml(cm('cfg', wave('1'))),
  },
  'wave-invalid': {
    ref: 'TestSyncWaves (strconv.Atoi)',
    trips: yaml(cm('cfg', wave(' 2'))),
    passes: yaml(cm('cfg', wave('2'))),
  },
  'wave-not-canonical': {
    ref: 'waves.go strconv.Atoi accepts "+3"',
    trips: yaml(cm('cfg', wave('007'))),
    passes: yaml(cm('cfg', wave('7'))),
  },
  'hook-unrecognised': {
    ref: 'TestGarbageHook',
    trips: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook': 'presync' })),
    passes: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook': 'PreSync' })),
  },
  'helm-hook-unsupported': {
    ref: 'GE/sync/hook/helm/type.go (only install/upgrade hooks map to phases)',
    trips: yaml(k('v1', 'Pod', 'chart-test', { spec: podSpec() }, { 'helm.sh/hook': 'test' })),
    passes: yaml(k('v1', 'Pod', 'chart-test', { spec: podSpec() }, { 'helm.sh/hook': 'post-install,post-upgrade' })),
  },
  'hook-argo-helm-mixed': {
    ref: 'Argo CD Helm docs: Argo CD hooks win over Helm hooks',
    trips: yaml(hookJob('migrate', { 'helm.sh/hook': 'post-install' })),
    passes: yaml(hookJob('migrate', { 'helm.sh/hook': 'pre-install,pre-upgrade' })),
  },
  'delete-policy-unrecognised': {
    ref: 'delete_policy_test.go',
    trips: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation,hooksucceeded' })),
    passes: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation,HookSucceeded' })),
  },
  'sync-option-invalid': {
    ref: 'HasAnnotationOption exact match',
    trips: yaml(cm('cfg', { 'argocd.argoproj.io/sync-options': 'Prune=False' })),
    passes: yaml(cm('cfg', { 'argocd.argoproj.io/sync-options': 'Prune=false' })),
  },
  'sync-option-unknown': {
    ref: 'GE/sync/common/types.go option constants',
    trips: yaml(cm('cfg', { 'argocd.argoproj.io/sync-options': 'PruneFirst=true' })),
    passes: yaml(cm('cfg', { 'argocd.argoproj.io/sync-options': 'PruneLast=true' })),
  },
  'crd-not-before-custom-resource': {
    ref: 'TestSyncTasksSort_CRDAndCR',
    trips: yaml(crd(wave('1')), widget()),
    passes: yaml(crd(wave('-1')), widget()),
  },
  'client-side-apply-too-large': {
    ref: 'argo-cd docs/user-guide/sync-options.md ServerSideApply, upgrading/3.2-3.3.md',
    trips: yaml(bigCrd()),
    passes: yaml(bigCrd({ 'argocd.argoproj.io/sync-options': 'ServerSideApply=true' })),
  },
  'namespace-after-resource': {
    ref: 'TestSyncTasksSort_NamespaceAndObjectInNamespace',
    trips: yaml(k('v1', 'Namespace', 'shop', {}, wave('1')), { ...cm('cfg'), metadata: { name: 'cfg', namespace: 'shop' } }),
    passes: yaml(k('v1', 'Namespace', 'shop', {}, wave('-1')), { ...cm('cfg'), metadata: { name: 'cfg', namespace: 'shop' } }),
  },
  'custom-resource-without-crd': {
    ref: 'TestSyncCustomResources, argo-cd #6489',
    trips: yaml(widget()),
    passes: yaml(widget({ 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true' })),
  },
  'reads-resource-created-later': {
    ref: 'argo-cd #9891',
    trips: yaml(secret('db'), hookJob('migrate', {}, {}, podSpec({ probe: false, envFrom: [{ secretRef: { name: 'db' } }] }))),
    passes: yaml(secret('db', { 'argocd.argoproj.io/hook': 'PreSync', 'argocd.argoproj.io/sync-wave': '-1' }),
      hookJob('migrate', {}, {}, podSpec({ probe: false, envFrom: [{ secretRef: { name: 'db' } }] }))),
  },
  'readiness-probe-missing': {
    ref: 'GE/health/health_deployment.go',
    trips: yaml(deployment('web', wave('1'), {}, podSpec({ probe: false })), service('web', wave('2'))),
    passes: yaml(deployment('web', wave('1')), service('web', wave('2'))),
  },
  'wave-gate-no-health': {
    ref: 'argo-cd #14442',
    trips: yaml(crd(wave('-1')), widget(wave('0')), cm('after', wave('1'))),
    passes: yaml(crd(wave('-1')), widget(wave('1'))),
  },
  'application-health-unchecked': {
    ref: 'argo-cd #3781',
    trips: yaml(childApp('database', wave('0')), childApp('console', wave('1'))),
    passes: yaml(childApp('database', wave('0')), childApp('console', wave('1'))),
    passesOptions: { argocdCm: { applicationHealth: APPLICATION_HEALTH_LUA } },
  },
  'application-health-missing': {
    ref: 'argo-cd #27917',
    trips: yaml(childApp('database', wave('0')), childApp('console', wave('1'))),
    options: { argocdCm: { applicationHealth: 'hs = { status = "Progressing" }\nif obj.status ~= nil and obj.status.health ~= nil then hs.status = obj.status.health.status end\nreturn hs' } },
    passes: yaml(childApp('database', wave('0')), childApp('console', wave('1'))),
    passesOptions: { argocdCm: { applicationHealth: APPLICATION_HEALTH_LUA } },
  },
  'child-automated-sync': {
    ref: 'argo-cd #8778',
    trips: yaml(childApp('database', wave('0')), automatedApp('console', wave('1'))),
    passes: yaml(childApp('database', wave('0')), childApp('console', wave('1'))),
  },
  'rolling-sync-app-in-no-step': {
    ref: 'argo-cd #29347',
    trips: yaml(appSet([{ name: 'db', step: '0' }, { name: 'web', step: '2' }], ['0', '1'])),
    passes: yaml(appSet([{ name: 'db', step: '0' }, { name: 'web', step: '1' }], ['0', '1'])),
  },
  'max-update-quoted-number': {
    ref: 'progressive_sync.go maxUpdate (IntOrString)',
    trips: yaml(appSet([{ name: 'db', step: '0' }], ['0'], '2')),
    passes: yaml(appSet([{ name: 'db', step: '0' }], ['0'], 2)),
  },
  'gate-never-opens': {
    ref: 'argo-cd #25054',
    trips: yaml(deployment('web', wave('1'), { paused: true }), service('web', wave('2'))),
    passes: yaml(deployment('web', wave('1')), service('web', wave('2'))),
  },
  'load-balancer-gates-wave': {
    ref: 'argo-cd #14607',
    trips: yaml(deployment('web'), ingress('web'), cm('after', wave('1'))),
    passes: yaml(deployment('web'), ingress('web', wave('1'))),
  },
  'pvc-gates-wave': {
    ref: 'gitops-engine health_pvc.go (Pending is Progressing)',
    trips: yaml(pvc('data'), deployment('db', wave('1'), {}, { ...podSpec(), volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }] })),
    passes: yaml(pvc('data'), deployment('db', undefined, {}, { ...podSpec(), volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }] }), cm('after', wave('1'))),
  },
  'hook-no-deadline': {
    ref: 'argo-cd #17314',
    trips: yaml(hookJob('migrate', {}, { activeDeadlineSeconds: undefined })),
    passes: yaml(hookJob('migrate')),
  },
  'hook-backoff-default': {
    ref: 'Kubernetes Job backoffLimit default 6',
    trips: yaml(hookJob('migrate', {}, { backoffLimit: undefined })),
    passes: yaml(hookJob('migrate')),
  },
  'hook-ttl-too-short': {
    ref: 'TestSync_MultistepResourceDeletionMidstep',
    trips: yaml(hookJob('migrate', {}, { ttlSecondsAfterFinished: 0 })),
    passes: yaml(hookJob('migrate', {}, { ttlSecondsAfterFinished: 3600 })),
  },
  'hook-name-without-before-hook-creation': {
    ref: 'argo-cd #7430',
    trips: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook-delete-policy': 'HookSucceeded' })),
    passes: yaml(hookJob('migrate', { 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation,HookSucceeded' })),
  },
  'hook-generate-name-piles-up': {
    ref: 'TestUnnamedHooksGetUniqueNames',
    trips: yaml(hookJob('migrate-', { 'argocd.argoproj.io/hook-delete-policy': undefined })),
    passes: yaml(hookJob('migrate-', { 'argocd.argoproj.io/hook-delete-policy': 'HookSucceeded' })),
  },
  'hook-generate-name-collision': {
    ref: 'argo-cd #9184',
    trips: yaml(hookJob('task-'), { ...hookJob('task-'), spec: { ...(hookJob('x').spec as Obj), backoffLimit: 1 } }),
    passes: yaml(hookJob('task-a-'), hookJob('task-b-')),
  },
  'generate-name-without-hook': {
    ref: 'TestNamingNonHookResource',
    trips: yaml(cm('cfg-')),
    passes: yaml(cm('cfg')),
  },
  'syncfail-hook-wave': {
    ref: 'TestSync_SyncFailHook (all SyncFail hooks in one batch)',
    trips: yaml(hookJob('notify', { 'argocd.argoproj.io/hook': 'SyncFail', ...wave('1') })),
    passes: yaml(hookJob('notify', { 'argocd.argoproj.io/hook': 'SyncFail' })),
  },
  'hook-env-literal-secret': {
    ref: 'article: hooks carry their env into the cluster',
    trips: yaml(hookJob('migrate', {}, {}, podSpec({ probe: false, env: [{ name: 'DB_PASSWORD', value: 'hunter2hunter2' }] }))),
    passes: yaml(hookJob('migrate', {}, {}, podSpec({ probe: false, env: [{ name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }] }))),
  },
  'wave-unneeded': {
    ref: 'article: "each extra wave pays the inter-wave delay"',
    trips: yaml(cm('a', wave('0')), cm('b', wave('1'))),
    passes: yaml(deployment('web', wave('0')), service('web', wave('1'))),
  },
  'last-wave-unchecked': {
    ref: 'argo-cd #1715',
    trips: yaml(cm('cfg', wave('0')), deployment('web', wave('1'))),
    passes: yaml(cm('cfg', wave('0')), deployment('web', wave('1')), hookJob('smoke', { 'argocd.argoproj.io/hook': 'PostSync' })),
  },
  'suppression-invalid': {
    ref: 'cdk-nag: suppressions need a reason',
    trips: yaml(cm('cfg', { 'syncplan.cdk8s.io/suppress': 'wave-unneeded' })),
    passes: yaml(cm('cfg', { 'syncplan.cdk8s.io/suppress': 'wave-unneeded: the wave orders a webhook we cannot see' })),
  },
};
