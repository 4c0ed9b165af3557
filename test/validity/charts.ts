/**
 * Charts that use every construct and option of the library, for checks on what it synthesizes
 * (schema validity, determinism). Each builder takes a fresh App so two calls share nothing.
 */
import { join } from 'path';
import { ApiObject, App, Chart, Cron, Duration, Include, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { WorkflowConsoleChart } from '../../examples/workflow-console/chart';
import {
  EnvReference, EnvSource, HookDeletePolicy, HookJob, HookPhase, MigrationHook, SmokeTest, Suppressions, SyncFailHook, SyncWaves, Tier,
} from '../../src';

export const INCLUDED_YAML = join(__dirname, 'fixtures', 'included.yaml');

/** The example app, as `examples/workflow-console/main.ts` builds it. */
export function exampleChart(app: App): Chart {
  return new WorkflowConsoleChart(app, 'workflow-console');
}

/** Tiers of L2s, ApiObjects and Include; every hook and hook option; pins; a Namespace, a CRD and its CR; an Argo CD Application. */
export function everyOptionChart(app: App): Chart {
  const chart = new Chart(app, 'every-option', { namespace: 'shop', disableResourceNameHashes: true });
  new kplus.Namespace(chart, 'ns', { metadata: { name: 'shop' } });

  // Config: L2s and a plain ApiObject.
  const settings = new kplus.ConfigMap(chart, 'settings', { data: { MODE: 'production' } });
  const db = new kplus.Secret(chart, 'db', { stringData: { url: 'postgresql://shop@db/shop', password: 'from-vault' } });
  const raw = new ApiObject(chart, 'raw-config', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'raw-config' }, data: { k: 'v' } });
  const account = new kplus.ServiceAccount(chart, 'web-account', { automountToken: false });
  const config = new Tier(chart, 'config').add(settings, db, raw, account);

  // Data: a third party's rendered YAML.
  const data = new Tier(chart, 'data', { after: [config] }).add(new Include(chart, 'cache', { url: INCLUDED_YAML }));

  const web = new kplus.Deployment(chart, 'web', {
    replicas: 3,
    serviceAccount: account,
    containers: [{
      name: 'web',
      image: 'registry.internal/shop:2.0.0',
      portNumber: 8080,
      envFrom: [kplus.Env.fromConfigMap(settings)],
      envVariables: { DATABASE_URL: kplus.EnvValue.fromSecretValue({ secret: db, key: 'url' }) },
      readiness: kplus.Probe.fromHttpGet('/ready', { port: 8080 }),
      liveness: kplus.Probe.fromTcpSocket({ port: 8080 }),
      resources: {
        cpu: { request: kplus.Cpu.millis(100), limit: kplus.Cpu.units(1) },
        memory: { request: Size.mebibytes(128), limit: Size.gibibytes(1) },
      },
    }],
  });
  const webTier = new Tier(chart, 'web-tier', { after: [config, data] }).add(web);

  const service = web.exposeViaService({ name: 'web', ports: [{ port: 80, targetPort: 8080 }] });
  const ingress = new kplus.Ingress(chart, 'ingress', {
    rules: [{ host: 'shop.internal', path: '/', backend: kplus.IngressBackend.fromService(service) }],
  });
  // Pinned far ahead of what it needs: later tiers follow the pin.
  const edge = new Tier(chart, 'edge', { after: [webTier], wave: 10 }).add(service, ingress);

  // Objects ordered by cdk8s dependencies alone, no tier.
  const flags = new ApiObject(chart, 'flags', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'flags' }, data: { beta: 'false' } });
  const budget = new ApiObject(chart, 'budget', {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web' },
    spec: { minAvailable: 2, selector: { matchLabels: { 'cdk8s.io/metadata.addr': 'every-option-web-c8e9d5a0' } } },
  });
  budget.node.addDependency(flags);

  // A CRD and an instance of it (in a tier below): the CRD is ordered first.
  new ApiObject(chart, 'widgets-crd', {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
      scope: 'Namespaced',
      versions: [{
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                required: ['size'],
                properties: { size: { type: 'integer', minimum: 1 }, colour: { type: 'string', enum: ['red', 'blue'] } },
              },
            },
          },
        },
      }],
    },
  });
  const widget = new ApiObject(chart, 'widget', { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'big' }, spec: { size: 3, colour: 'blue' } });

  // An app-of-apps child, applied after the edge.
  const child = new ApiObject(chart, 'child-app', {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Application',
    metadata: { name: 'shop-workers', namespace: 'argocd' },
    spec: {
      project: 'default',
      source: { repoURL: 'https://git.internal/shop.git', targetRevision: 'main', path: 'workers' },
      destination: { server: 'https://kubernetes.default.svc', namespace: 'shop' },
      syncPolicy: { automated: { prune: true, selfHeal: true }, syncOptions: ['CreateNamespace=false'] },
    },
  });
  new Tier(chart, 'apps', { after: [edge] }).add(child, widget);

  // Every hook option. PreSync hooks read what exists before the sync (the rule pack checks that).
  const dbAdmin = kplus.Secret.fromSecretName(chart, 'db-admin', 'shop-db-admin');
  const platform = kplus.ConfigMap.fromConfigMapName(chart, 'platform', 'platform-settings');
  const migrate = new MigrationHook(chart, 'migrate', {
    name: 'shop-migrate',
    image: 'registry.internal/shop:2.0.0',
    command: ['shop', 'migrate'],
    verify: ['shop', 'migrate', '--check'],
    args: ['--verbose'],
    env: [EnvReference.fromSecret('DATABASE_URL', dbAdmin, 'url'), EnvReference.fromConfigMap('MODE', platform, 'MODE', true)],
    envFrom: [EnvSource.secret(dbAdmin, 'DB_'), EnvSource.configMap(platform)],
    resources: {
      cpu: { request: kplus.Cpu.millis(200), limit: kplus.Cpu.millis(800) },
      memory: { request: Size.mebibytes(64), limit: Size.mebibytes(512) },
    },
    activeDeadline: Duration.minutes(20),
    backoffLimit: 1,
    deletePolicies: [HookDeletePolicy.BEFORE_HOOK_CREATION],
    serviceAccountName: 'migrator',
    automountServiceAccountToken: true,
    runAsUser: 1000,
    writableTmp: false,
    namespace: 'shop',
  });
  new MigrationHook(chart, 'seed', { image: 'registry.internal/shop:2.0.0', command: ['shop', 'seed'], after: [migrate] });
  const smoke = new SmokeTest(chart, 'smoke', {
    service,
    port: 80,
    path: '/ready',
    expectedStatus: 204,
    retryFor: Duration.minutes(5),
    retryInterval: Duration.seconds(10),
    requestTimeout: Duration.seconds(3),
    image: 'curlimages/curl:8.11.1',
  });
  new SmokeTest(chart, 'smoke-external', { url: 'https://shop.internal/ready', after: [smoke] });
  new SyncFailHook(chart, 'page', {
    name: 'shop-page-oncall',
    image: 'registry.internal/pager:1',
    command: ['page', '--team', 'shop'],
    env: [EnvReference.fromSecret('PAGER_TOKEN', db, 'password')],
  });
  new HookJob(chart, 'warm-cache', {
    phase: HookPhase.POST_SYNC,
    image: 'registry.internal/shop:2.0.0',
    command: ['shop', 'warm'],
    containerName: 'warm',
    initSteps: [{ name: 'wait-ready', command: ['shop', 'wait-ready'] }, { name: 'list-keys', command: ['shop', 'list-keys'] }],
    defaultDeletePolicies: [HookDeletePolicy.HOOK_SUCCEEDED, HookDeletePolicy.HOOK_FAILED],
    defaultActiveDeadline: Duration.minutes(3),
  });
  Suppressions.add(raw, 'wave-unneeded', 'kept explicit so the shop team can read the order in the YAML');
  return chart;
}

/** No tier or hook: computed waves from `node.addDependency` alone. */
export function dependenciesChart(app: App): Chart {
  const chart = new Chart(app, 'dependencies', { disableResourceNameHashes: true });
  SyncWaves.enable(chart);
  const ns = new kplus.Namespace(chart, 'ns', { metadata: { name: 'jobs' } });
  const config = new kplus.ConfigMap(chart, 'config', { metadata: { namespace: 'jobs' }, data: { SCHEDULE: 'hourly' } });
  const cron = new kplus.CronJob(chart, 'report', {
    metadata: { namespace: 'jobs' },
    schedule: Cron.hourly(),
    containers: [{ image: 'registry.internal/report:1', envFrom: [kplus.Env.fromConfigMap(config)], securityContext: { ensureNonRoot: false } }],
  });
  cron.node.addDependency(config);
  config.node.addDependency(ns);
  return chart;
}

/** Every chart above, each in its own fresh App. */
export const CHARTS: Record<string, (app: App) => Chart> = {
  'examples/workflow-console': exampleChart,
  'every option': everyOptionChart,
  'dependencies only': dependenciesChart,
};
