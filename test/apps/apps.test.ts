/**
 * Acceptance (#10): realistic apps written with the public API, each synthesized as `cdk8s synth`
 * does and read back as `syncplan plan` reads the files. For each app: every declared edge holds,
 * the waves are the fewest the object-level edges need, and neither the rule pack nor the synth
 * says anything about what the library wrote. App-specific expectations follow.
 */
import { App, Testing } from 'cdk8s';
import { autoscaledWebApp } from './autoscaled-web';
import { AppBuilder, AppReadBack, brokenEdges, findingLines, minimumWaves, synthAndRead, taskNamed, writtenWaves } from './harness';
import { helmHookApp } from './helm-hook';
import { inAppMigrationApp } from './in-app-migration';
import { namespacedMigrationApp } from './namespaced-migration';
import { operatorCrdApp } from './operator-crd';
import { postgresApp } from './postgres';
import { presyncBootstrapApp } from './presync-bootstrap';
import { rbacMigrationApp } from './rbac-migration';
import { twoChartsApp } from './two-charts';
import { workerAfterWebApp } from './worker-after-web';
import { WorkflowConsoleChart } from '../../examples/workflow-console/chart';
import { SyncOrder } from '../../src';
import type { SyncPhase } from '../../src/argo/types';

jest.setTimeout(30_000);

/** Why a check is expected to fail until the planner's part of #10 lands (undefined: it must pass). */
const APPS: ReadonlyArray<{ name: string; build: AppBuilder }> = [
  { name: 'postgres (StatefulSet + headless Service + claim, one tier)', build: postgresApp },
  { name: 'in-app database with a Sync-phase migration', build: inAppMigrationApp },
  { name: 'PreSync bootstrap tier read by a PreSync migration', build: presyncBootstrapApp },
  { name: 'a PreSync migration under its own ServiceAccount, Role and RoleBinding', build: rbacMigrationApp },
  { name: 'operator CRD with custom resources', build: operatorCrdApp },
  { name: 'worker depending on an exposed web tier', build: workerAfterWebApp },
  { name: 'Helm-hooked object in a chart whose Namespace is ordered', build: helmHookApp },
  { name: 'Deployment + HorizontalPodAutoscaler + PodDisruptionBudget', build: autoscaledWebApp },
  { name: 'two charts, two Applications', build: twoChartsApp },
  { name: 'a Namespace of its own with a PreSync migration in it', build: namespacedMigrationApp },
  { name: 'the README example (examples/workflow-console)', build: (app: App) => { new WorkflowConsoleChart(app, 'workflow-console'); } },
];

const PHASES: readonly SyncPhase[] = ['PreSync', 'Sync', 'PostSync'];

/** One synth per app, shared by its checks (a failed synth fails each of them with its message). */
const synths = new Map<AppBuilder, AppReadBack | Error>();
function read(build: AppBuilder): AppReadBack {
  if (!synths.has(build)) {
    try {
      synths.set(build, synthAndRead(build));
    } catch (e) {
      synths.set(build, e as Error);
    }
  }
  const r = synths.get(build)!;
  if (r instanceof Error) throw r;
  return r;
}

describe.each(APPS)('$name', ({ build }) => {

  test('every declared edge holds in the read-back plan', () => {
    const r = read(build);
    for (const c of r.charts) {
      expect(c.edges.length).toBeGreaterThan(0);
      expect(brokenEdges(c)).toEqual([]);
    }
  });

  test('each phase has the fewest waves its object-level edges need', () => {
    for (const c of read(build).charts) {
      const written = Object.fromEntries(PHASES.map((p) => [p, writtenWaves(c, p)]));
      const minimum = Object.fromEntries(PHASES.map((p) => [p, minimumWaves(c, p)]));
      expect({ chart: c.chart.node.id, ...written }).toEqual({ chart: c.chart.node.id, ...minimum });
    }
  });

  test('no finding from the rule pack and nothing printed at synth', () => {
    const r = read(build);
    expect(r.charts.flatMap(findingLines)).toEqual([]);
    expect(r.output).toBe('');
  });
});

describe('what each app is about', () => {
  test('postgres: the StatefulSet, its headless Service and its claim share one wave, in the order Argo CD applies them', () => {
    const [c] = read(postgresApp).charts;
    const [service, claim, sts] = [taskNamed(c, 'Service', 'postgres-service'), taskNamed(c, 'PersistentVolumeClaim', 'postgres-data'), taskNamed(c, 'StatefulSet', 'postgres')];
    expect([service.wave, claim.wave]).toEqual([sts.wave, sts.wave]);
  });

  test('in-app migration: the migration is a Sync-phase hook, a wave after the database and before the web tier', () => {
    const [c] = read(inAppMigrationApp).charts;
    const [db, migrate, web] = [taskNamed(c, 'StatefulSet', 'shop-db'), taskNamed(c, 'Job', 'shop-migrate'), taskNamed(c, 'Deployment', 'shop-web')];
    expect({ phase: migrate.phase, hook: migrate.hook }).toEqual({ phase: 'Sync', hook: true });
    expect(db.wave).toBeLessThan(migrate.wave);
    expect(migrate.wave).toBeLessThan(web.wave);
    expect(migrate.deletePolicies).toEqual(['BeforeHookCreation', 'HookSucceeded']);
  });

  test('PreSync bootstrap: the config is a PreSync resource applied right before the migration in its step, never deleted after a sync', () => {
    const [c] = read(presyncBootstrapApp).charts;
    const [settings, migrate] = [taskNamed(c, 'ConfigMap', 'billing-migration-settings'), taskNamed(c, 'Job', 'billing-migrate')];
    expect([settings.phase, migrate.phase]).toEqual(['PreSync', 'PreSync']);
    // One step: Argo CD creates hooks in kind order too, and a ConfigMap has no health check to wait for.
    const step = c.plan.steps.find((s) => s.tasks.includes(migrate))!;
    expect(step.tasks).toContain(settings);
    expect(step.tasks.indexOf(settings)).toBeLessThan(step.tasks.indexOf(migrate));
    // HookSucceeded would delete it out from under Pods that read it after the sync.
    expect(settings.deletePolicies).not.toContain('HookSucceeded');
    expect(settings.deletePolicies).not.toContain('HookFailed');
  });

  test('RBAC migration: the ServiceAccount, settings, Role and RoleBinding share the migration\'s PreSync step, created before it in kind order', () => {
    const [c] = read(rbacMigrationApp).charts;
    const presync = c.plan.steps.filter((s) => s.phase === 'PreSync');
    expect(presync).toHaveLength(1);
    expect(presync[0].tasks.map((t) => t.kind)).toEqual(['ServiceAccount', 'ConfigMap', 'Role', 'RoleBinding', 'Job']);
    expect(taskNamed(c, 'Job', 'ledger-migrate').hook).toBe(true);
  });

  test('operator: the CRD is Established in a wave before the operator, the operator Healthy before the custom resources', () => {
    const [c] = read(operatorCrdApp).charts;
    const [crd, operator, backup] = [taskNamed(c, 'CustomResourceDefinition', 'backups.backup.example.com'),
      taskNamed(c, 'Deployment', 'backup-operator-operator'), taskNamed(c, 'Backup', 'orders-nightly')];
    expect([crd.wave < operator.wave, operator.wave < backup.wave]).toEqual([true, true]);
  });

  test('worker: lands in the edge tier\'s wave (after the web Deployment, beside its ClusterIP Service and the Ingress)', () => {
    const [c] = read(workerAfterWebApp).charts;
    const [web, ingress, worker] = [taskNamed(c, 'Deployment', 'storefront-web'), taskNamed(c, 'Ingress', 'storefront-ingress'), taskNamed(c, 'Deployment', 'storefront-worker')];
    expect(worker.wave).toBe(ingress.wave);
    expect(web.wave).toBeLessThan(worker.wave);
  });

  test('worker: SyncOrder means by `web` what cdk8s and the planner mean, its subtree (the Service of exposeViaService too)', () => {
    const app = Testing.app();
    workerAfterWebApp(app);
    const [chart] = app.charts;
    const how = SyncOrder.of(chart).explainBefore(chart.node.findChild('web'), chart.node.findChild('worker'));
    expect(how).toMatch(/\(Deployment storefront-web, Sync wave \d+\) before/);
    expect(how).toMatch(/\(Service storefront, Sync wave \d+\) before/);
  });

  test('Helm hook: the pre-install Job runs as a PreSync hook and the synth passes', () => {
    const [c] = read(helmHookApp).charts;
    const job = taskNamed(c, 'Job', 'search-init-index');
    expect({ phase: job.phase, hook: job.hook }).toEqual({ phase: 'PreSync', hook: true });
  });

  test('HPA + PDB: the autoscaler and the budget share the Deployment\'s wave; the Deployment has no replicas of its own', () => {
    const [c] = read(autoscaledWebApp).charts;
    const [web, hpa, pdb] = [taskNamed(c, 'Deployment', 'catalog-web'), taskNamed(c, 'HorizontalPodAutoscaler', 'catalog-hpa'), taskNamed(c, 'PodDisruptionBudget', 'catalog-pdb')];
    expect([hpa.wave, pdb.wave]).toEqual([web.wave, web.wave]);
    expect((web.manifest.object.spec as Record<string, unknown>).replicas).toBeUndefined();
  });

  test('namespaced migration: the Namespace runs first, before the migration that lives in it', () => {
    const [c] = read(namespacedMigrationApp).charts;
    const steps = c.plan.steps.map((s) => s.tasks.map((t) => `${t.kind}/${t.name}`));
    expect(steps[0].slice(0, 2)).toEqual(['Namespace/ledger', 'Job/ledger-migrate']);
  });

  test('namespaced migration: the library writes no wave on a Namespace Argo CD runs in PreSync', () => {
    // A Namespace is never made a hook, so no Sync wave says what runs (PreSync wave 0, hoisted
    // before the migration): nothing is the right annotation (#10 §3 first bullet).
    const [c] = read(namespacedMigrationApp).charts;
    const ns = taskNamed(c, 'Namespace', 'ledger');
    expect(ns.phase).toBe('PreSync');
    expect((ns.manifest.object.metadata as { annotations?: Record<string, string> }).annotations?.['argocd.argoproj.io/sync-wave']).toBeUndefined();
  });

  test('two charts: each file is its own plan, the platform\'s Namespace only in its own', () => {
    const [platform, orders] = read(twoChartsApp).charts;
    expect(platform.plan.steps.flatMap((s) => s.tasks).map((t) => t.kind)).toContain('Namespace');
    expect(orders.plan.steps.flatMap((s) => s.tasks).map((t) => t.kind)).not.toContain('Namespace');
  });

  test('two charts: a chart-level addDependency (which app.synth turns into object dependencies) fails the synth once: waves cannot order two Applications', () => {
    expect(() => synthAndRead((app) => {
      twoChartsApp(app);
      const [platform, orders] = app.charts;
      orders.addDependency(platform);
    })).toThrow(/objects of chart orders depend on chart platform .*give each chart an ArgoApplication in one app-of-apps chart/);
  });
});
