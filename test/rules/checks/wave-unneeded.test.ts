/**
 * wave-unneeded (src/rules/checks/wave-unneeded.ts): its trip/pass case, its edges, and app-of-apps, after the bootstrap pattern of argoproj/argocd-example-apps `apps/` rendered: an
 * AppProject in an early wave, then child Applications of that project.
 */
import { parseAllDocuments } from 'yaml';
import { lint } from '../../../src/rules';
import { k, yaml, wave, cm, podSpec, deployment, service, hookJob } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const project = (w: string) => `
apiVersion: argoproj.io/v1alpha1
kind: AppProject
metadata:
  name: platform
  namespace: argocd
  annotations:
    argocd.argoproj.io/sync-wave: "${w}"
spec:
  sourceRepos: ['*']
`;

const app = (name: string, w: string, kind = 'Application') => kind === 'Application' ? `
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: ${name}
  namespace: argocd
  annotations:
    argocd.argoproj.io/sync-wave: "${w}"
spec:
  project: platform
  source: { repoURL: https://charts.jetstack.io, chart: cert-manager, targetRevision: v1.14.0 }
  destination: { server: https://kubernetes.default.svc, namespace: cert-manager }
` : `
apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: ${name}
  namespace: argocd
  annotations:
    argocd.argoproj.io/sync-wave: "${w}"
spec:
  generators: [{ list: { elements: [{ env: dev }] } }]
  template:
    metadata: { name: '{{env}}-web' }
    spec:
      project: platform
      source: { repoURL: https://example.com/web.git, path: web }
      destination: { server: https://kubernetes.default.svc, namespace: web }
`;

ruleCase('wave-unneeded', {
  ref: 'article: "each extra wave pays the inter-wave delay"',
  trips: yaml(cm('a', wave('0')), cm('b', wave('1'))),
  passes: yaml(deployment('web', wave('0')), service('web', wave('1'))),
});

describe('wave-unneeded: an Application uses its AppProject', () => {
  test('the wave between AppProject/platform and Application/cert-manager orders something: kinds Argo CD does not list are applied together', () => {
    expect(findingsOf('wave-unneeded', project('-10') + '---' + app('cert-manager', '-5'))).toEqual([]);
  });

  test('an ApplicationSet template\'s project counts the same', () => {
    expect(findingsOf('wave-unneeded', project('-10') + '---' + app('apps', '-5', 'ApplicationSet'))).toEqual([]);
  });

  test('whatever the names: AppProject and Application both rank 0 in kind order, so one wave applies them together', () => {
    expect(findingsOf('wave-unneeded', project('-10') + '---' + app('web', '-5'))).toEqual([]);
  });

  test('another project\'s name is no use', () => {
    const [f] = findingsOf('wave-unneeded', project('-10') + '---' + app('cert-manager', '-5').replace('project: platform', 'project: default'));
    expect(f.message).toContain('nothing in it uses anything from an earlier wave');
  });
});

describe('wave-unneeded', () => {
  test('waves ordering hooks are intent the manifests cannot show: left alone', () => {
    expect(findingsOf('wave-unneeded', yaml(hookJob('a', wave('0')), hookJob('b', wave('1'))))).toEqual([]);
  });

  test('a Sync-phase hook: its wave and the wave right after it are left alone, a later wave no reference needs is not', () => {
    const syncHook = (w: string) => hookJob('seed', { 'argocd.argoproj.io/hook': 'Sync', ...wave(w) });
    // wave 0: a ConfigMap; wave 1: the hook; wave 2: what the hook may have prepared; wave 3: nothing uses wave 2.
    const found = findingsOf('wave-unneeded', yaml(cm('a', wave('0')), syncHook('1'), cm('b', wave('2')), cm('c', wave('3'))));
    expect(found.map((f) => `${f.kind}/${f.name}`)).toEqual(['ConfigMap/c']);
    expect(found[0].message).toContain('nothing in it uses anything from an earlier wave');
    // Merged as the fix says, the plan still runs the hook before both, and nothing is reported.
    expect(findingsOf('wave-unneeded', yaml(cm('a', wave('0')), syncHook('1'), cm('b', wave('2')), cm('c', wave('2'))))).toEqual([]);
  });

  test('after a PreSync hook, the Sync phase\'s own waves are judged as before (the hook is done before the phase starts)', () => {
    const found = findingsOf('wave-unneeded', yaml(hookJob('migrate', wave('0')), cm('a', wave('0')), cm('b', wave('1'))));
    expect(found.map((f) => `${f.kind}/${f.name}`)).toEqual(['ConfigMap/b']);
  });

  test('a Service selecting an earlier Deployment needs its wave; an Ingress routing to a ClusterIP Service does not (Healthy once applied)', () => {
    const ingress = k('networking.k8s.io/v1', 'Ingress', 'web', {
      spec: { rules: [{ http: { paths: [{ backend: { service: { name: 'web' } } }] } }] },
    }, wave('2'));
    const found = findingsOf('wave-unneeded', yaml(deployment('web', wave('0')), service('web', wave('1')), ingress));
    expect(found.map((f) => `${f.kind}/${f.name}`)).toEqual(['Ingress/web']);
    expect(found[0].message).toContain('what it uses from earlier waves (Service/web) is Healthy once applied (a Service that is not a LoadBalancer');
  });

  test('what comes from an older wave needs no wave of its own: it is done before the wave before starts', () => {
    const text = yaml(cm('cfg', wave('0')), cm('other', wave('1')), deployment('web', wave('2'), {}, podSpec({ envFrom: [{ configMapRef: { name: 'cfg' } }] })));
    const found = findingsOf('wave-unneeded', text);
    expect(found.map((f) => `${f.kind}/${f.name}`)).toEqual(['ConfigMap/other', 'Deployment/web']);
    expect(found[1].message).toContain('yet what it uses from earlier waves (ConfigMap/cfg) is done before Sync wave 1 starts');
  });

  test('an Ingress after a LoadBalancer Service needs its wave: the Service waits for its ingress address', () => {
    const ingress = k('networking.k8s.io/v1', 'Ingress', 'web', {
      spec: { rules: [{ http: { paths: [{ backend: { service: { name: 'web' } } }] } }] },
    }, wave('1'));
    const lb = k('v1', 'Service', 'web', { spec: { type: 'LoadBalancer', selector: { app: 'web' }, ports: [{ port: 80 }] } }, wave('0'));
    expect(findingsOf('wave-unneeded', yaml(lb, ingress))).toEqual([]);
  });
});

describe('wave-unneeded sees the references a reader sees', () => {
  test('a webhook configuration sees the Service it calls: a wave after its Deployment is needed, one after the ClusterIP Service alone is not', () => {
    const webhook = (name: string, w: string) => k('admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration', 'v', {
      webhooks: [{ name: 'v.example.com', clientConfig: { service: { name, namespace: 'shop' } } }],
    }, wave(w));
    // The Service selects the Deployment, whose health the next wave waits for.
    expect(findingsOf('wave-unneeded', yaml(deployment('hook', wave('0')), service('hook', wave('0')), webhook('hook', '1')), { namespace: 'shop' })).toEqual([]);
    const alone = findingsOf('wave-unneeded', yaml(service('hook', wave('0')), webhook('hook', '1')), { namespace: 'shop' });
    expect(alone).toHaveLength(1);
    expect(alone[0].message).toContain('(Service/hook) is Healthy once applied');
    expect(findingsOf('wave-unneeded', yaml(service('hook', wave('0')), webhook('other', '1')), { namespace: 'shop' })[0].message)
      .toContain('nothing in it uses anything from an earlier wave');
  });

  test.each([
    ['a PVC after its StorageClass', yaml(k('storage.k8s.io/v1', 'StorageClass', 'fast', {}, wave('0')), k('v1', 'PersistentVolumeClaim', 'data', { spec: { storageClassName: 'fast' } }, wave('1'))), 'StorageClass/fast'],
    ['a RoleBinding after its Role', yaml(k('rbac.authorization.k8s.io/v1', 'Role', 'r', {}, wave('0')), k('rbac.authorization.k8s.io/v1', 'RoleBinding', 'rb', {
      roleRef: { kind: 'Role', name: 'r' },
    }, wave('1'))), 'Role/r'],
    ['the article\'s Deployment after its ConfigMap', yaml(cm('cfg', wave('0')), deployment('web', wave('1'), {}, podSpec({ envFrom: [{ configMapRef: { name: 'cfg' } }] }))), 'ConfigMap/cfg'],
  ])('%s: kind order already applies it first and it has no health check to wait for', (_what, text, used) => {
    const [f] = findingsOf('wave-unneeded', text);
    expect(f.message).toContain(`what it uses from earlier waves (${used}) has no health check and kind order applies it first inside one wave`);
  });
});

describe('wave-unneeded sees a Service named by its host name or routed to', () => {
  // After the todo app of redhat-developer-demos/openshift-gitops-examples: a Job that runs a
  // database client against the Service of a Deployment in the wave before.
  const db = [deployment('db', wave('0')), service('db', wave('0'))];
  const client = (container: Record<string, unknown>) => k('batch/v1', 'Job', 'schema', {
    spec: { backoffLimit: 1, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'psql', image: 'postgres:16', ...container }] } } },
  }, wave('1'));

  test.each([
    ['an argument', { command: ['psql'], args: ['--host=db', '--dbname=app'] }],
    ['a command line', { command: ['sh', '-c', 'until pg_isready -h db; do sleep 1; done'] }],
    ['a URL in an env value', { env: [{ name: 'DATABASE_URL', value: 'postgres://app@db.shop.svc.cluster.local:5432/app' }] }],
    ['namespace-qualified', { env: [{ name: 'DB_HOST', value: 'db.shop' }] }],
  ])('a Job naming the Service in %s waits for the Deployment behind it: its wave is needed', (_what, container) => {
    expect(findingsOf('wave-unneeded', yaml(...db, client(container)), { namespace: 'shop' })).toEqual([]);
  });

  test('a word that is no host of the app (another namespace, a longer name, a different Service) does not count', () => {
    for (const value of ['db.other.svc', 'dbx', 'db-backup', 'cache']) {
      const found = findingsOf('wave-unneeded', yaml(...db, client({ env: [{ name: 'X', value }] })), { namespace: 'shop' });
      expect([value, found.map((f) => `${f.kind}/${f.name}`)]).toEqual([value, ['Job/schema']]);
    }
  });

  test('an OpenShift Route and a Gateway API HTTPRoute see the Services they route to', () => {
    const route = k('route.openshift.io/v1', 'Route', 'web', { spec: { to: { kind: 'Service', name: 'web' }, port: { targetPort: 8080 } } }, wave('1'));
    const httpRoute = k('gateway.networking.k8s.io/v1', 'HTTPRoute', 'web', {
      spec: { parentRefs: [{ name: 'edge' }], rules: [{ backendRefs: [{ name: 'web', port: 80 }] }] },
    }, wave('1'));
    const alternate = k('route.openshift.io/v1', 'Route', 'web', {
      spec: { to: { kind: 'Service', name: 'old' }, alternateBackends: [{ kind: 'Service', name: 'web', weight: 10 }] },
    }, wave('1'));
    for (const r of [route, httpRoute, alternate]) {
      expect(findingsOf('wave-unneeded', yaml(deployment('web', wave('0')), service('web', wave('0')), r))).toEqual([]);
    }
    const elsewhere = k('route.openshift.io/v1', 'Route', 'web', { spec: { to: { kind: 'Service', name: 'other' } } }, wave('1'));
    expect(findingsOf('wave-unneeded', yaml(deployment('web', wave('0')), service('web', wave('0')), elsewhere))).toHaveLength(1);
  });
});

function manifests(text: string) {
  return parseAllDocuments(text).map((d, index) => ({ object: d.toJSON(), source: { file: 'app.yaml', line: 0, index } }));
}

const TWO_WAVES = (annotation: string) => `
apiVersion: apps/v1
kind: StatefulSet
metadata: { name: pg, namespace: shop, annotations: { argocd.argoproj.io/sync-wave: "0" } }
spec: { selector: { matchLabels: { app: pg } }, template: { metadata: { labels: { app: pg } }, spec: { containers: [{ name: pg, image: pg }] } } }
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: after-db
  namespace: shop
  annotations:
    argocd.argoproj.io/sync-wave: "1"
${annotation}
`;

describe('wave-unneeded', () => {
  test('fires on a wave nothing visibly needs', () => {
    expect(lint(manifests(TWO_WAVES(''))).map((f) => f.rule)).toContain('wave-unneeded');
  });

  test('respects a declared dependency on the wave before (syncplan.cdk8s.io/depends-on)', () => {
    const declared = TWO_WAVES('    syncplan.cdk8s.io/depends-on: apps/StatefulSet//pg');
    expect(lint(manifests(declared)).map((f) => f.rule)).not.toContain('wave-unneeded');
  });

  test('a declared dependency on something not in the wave before does not count', () => {
    const elsewhere = TWO_WAVES('    syncplan.cdk8s.io/depends-on: apps/StatefulSet//other');
    expect(lint(manifests(elsewhere)).map((f) => f.rule)).toContain('wave-unneeded');
  });
});

describe('wave-unneeded with the operator\'s argocd-cm (lint --argocd-cm)', () => {
  const ingress = k('networking.k8s.io/v1', 'Ingress', 'web', {
    spec: { rules: [{ http: { paths: [{ backend: { service: { name: 'web' } } }] } }] },
  }, wave('2'));
  const text = yaml(deployment('web', wave('0')), service('web', wave('1')), ingress);
  const script = (key: string) => ({ key, script: 'return { status = "Healthy" }', useOpenLibs: false });

  test('a health script for Service judges every Service (GetResourceHealth: the override before the Go check): the Ingress\'s wave waits for it, so it is needed', () => {
    expect(findingsOf('wave-unneeded', text, { argocdCm: { healthScripts: [script('Service')] } })).toEqual([]);
  });

  test('scripts for other kinds change nothing', () => {
    const found = findingsOf('wave-unneeded', text, { argocdCm: { healthScripts: [script('cert-manager.io/Certificate')] } });
    expect(found.map((f) => `${f.kind}/${f.name}`)).toEqual(['Ingress/web']);
  });
});
