/**
 * The library never contradicts itself: small realistic charts, synthesized, draw no synth warning
 * and, from the rule pack `syncplan lint` runs on the same YAML, no finding about an annotation the
 * library wrote (waves, hooks, depends-on).
 */
import { ApiObject, Chart, Size, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { ArgoApplication, HookPhase, MigrationHook, Tier } from '../../src';
import { Manifest } from '../../src/argo/types';
import { lint } from '../../src/rules';
import { newChart, stderrOf } from '../constructs/helpers';

/** Rules about where the library placed things. */
const PLACEMENT_RULES = ['wave-unneeded', 'namespace-after-resource', 'wave-invalid', 'wave-not-canonical', 'syncfail-hook-wave',
  'crd-not-before-custom-resource', 'reads-resource-created-later', 'gate-never-opens', 'pvc-gates-wave', 'load-balancer-gates-wave'];

function findingsOf(chart: Chart): { warnings: string; findings: string[] } {
  let objects: any[] = [];
  const warnings = stderrOf(() => { objects = Testing.synth(chart); });
  const manifests: Manifest[] = objects.map((object, index) => ({ object, source: { file: 'app.yaml', line: 0, index } }));
  const findings = lint(manifests, { namespace: 'shop' }).filter((f) => PLACEMENT_RULES.includes(f.rule)).map((f) => `${f.rule}: ${f.message}`);
  return { warnings, findings };
}

const probe = kplus.Probe.fromCommand(['true']);

describe('the library\'s own output draws no finding of its own rule pack', () => {
  test('a Namespace the chart orders, with a PreSync migration living in it: no wave Argo CD would not run', () => {
    const chart = newChart('chart', { namespace: 'shop' });
    new ApiObject(chart, 'ns', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
    new MigrationHook(chart, 'migrate', { name: 'migrate', image: 'app:1', command: ['migrate'] });
    new Tier(chart, 'web-tier').add(new kplus.Deployment(chart, 'web', { containers: [{ image: 'app:1', readiness: probe }] }));
    const { warnings, findings } = findingsOf(chart);
    expect(warnings).not.toContain('namespace-after-resource');
    expect(findings).toEqual([]);
    expect(Testing.synth(chart).find((o) => o.kind === 'Namespace').metadata.annotations).toBeUndefined();
  });

  test('a tier after a database it has no reference to: the wave the planner opened is declared, not "unneeded"', () => {
    const chart = newChart('chart', { namespace: 'shop' });
    const claim = new kplus.PersistentVolumeClaim(chart, 'pg-data', { storage: Size.gibibytes(1) });
    const service = new kplus.Service(chart, 'pg-svc', { clusterIP: 'None', ports: [{ port: 5432 }] });
    const pg = new kplus.StatefulSet(chart, 'pg', { service, containers: [{ image: 'postgres:16', portNumber: 5432, readiness: probe }] });
    pg.addVolume(kplus.Volume.fromPersistentVolumeClaim(chart, 'vol', claim));
    const db = new Tier(chart, 'db').add(claim, service, pg);
    new Tier(chart, 'app', { after: [db] }).add(new kplus.Deployment(chart, 'worker', { containers: [{ image: 'app:1', readiness: probe }] }));
    const { warnings, findings } = findingsOf(chart);
    expect(warnings).toBe('');
    expect(findings).toEqual([]);
    const worker = Testing.synth(chart).find((o) => o.kind === 'Deployment');
    expect(worker.metadata.annotations['syncplan.cdk8s.io/depends-on']).toBe('apps/StatefulSet/shop/chart-pg');
  });

  test('a Sync-phase migration, the app after it and its Ingress after the app: every wave after the hook is declared or needed', () => {
    const chart = newChart('chart', { namespace: 'shop' });
    const migrate = new MigrationHook(chart, 'migrate', { name: 'migrate', image: 'app:1', command: ['migrate'], phase: HookPhase.SYNC });
    const web = new kplus.Deployment(chart, 'web', { containers: [{ image: 'app:1', portNumber: 8080, readiness: probe }] });
    const service = web.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
    const app = new Tier(chart, 'app', { after: [migrate] }).add(web, service);
    const ingress = new kplus.Ingress(chart, 'edge');
    ingress.addDefaultBackend(kplus.IngressBackend.fromService(service));
    new Tier(chart, 'edge-tier', { after: [app] }).add(ingress);
    const { warnings, findings } = findingsOf(chart);
    expect(warnings).toBe('');
    expect(findings).toEqual([]);
  });

  test('a CRD and its custom resources: the CRD\'s wave is declared', () => {
    const chart = newChart('chart', { namespace: 'shop' });
    new ApiObject(chart, 'crd', {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: { group: 'example.com', scope: 'Namespaced', names: { kind: 'Widget', plural: 'widgets' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }] },
    });
    new ApiObject(chart, 'w', { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } });
    new Tier(chart, 'app').add(new kplus.Deployment(chart, 'web', { containers: [{ image: 'app:1', readiness: probe }] }));
    expect(findingsOf(chart).findings).toEqual([]);
  });

  test('ArgoApplications of one parent in a chain, with an AppProject: no finding of the cross-Application namespace and destination rules', () => {
    const app = Testing.app();
    const charts = ['database', 'cache', 'console'].map(id => new Chart(app, id, { namespace: id }));
    charts.forEach((c, i) => new ApiObject(c, `cm${i}`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm${i}` } }));
    const parent = new Chart(app, 'platform');
    const project = new ApiObject(parent, 'project', {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AppProject',
      metadata: { name: 'platform', namespace: 'argocd' },
      spec: { sourceRepos: ['*'], destinations: charts.map(c => ({ server: 'https://kubernetes.default.svc', namespace: c.node.id })) },
    });
    let previous: ArgoApplication | undefined;
    for (const c of charts) {
      previous = new ArgoApplication(parent, c.node.id, {
        charts: [c],
        repoURL: 'https://git.example.com/p.git',
        path: 'dist',
        project: 'platform',
        destination: { namespace: c.node.id },
        syncPolicy: { automated: true },
        after: previous ? [previous] : [],
      });
    }
    expect(project.name).toBe('platform');
    expect(stderrOf(() => Testing.synth(parent))).toBe('');
    const manifests: Manifest[] = Testing.synth(parent).map((object, index) => ({ object, source: { file: 'platform.yaml', line: 0, index } }));
    const rules = ['application-outside-control-plane', 'application-project-forbids', 'application-order-ignored'];
    expect(lint(manifests).filter(f => rules.includes(f.rule)).map(f => `${f.rule}: ${f.message}`)).toEqual([]);
    expect(manifests.filter(m => m.object.kind === 'Application').map(m => (m.object.metadata as { namespace?: string }).namespace)).toEqual(['argocd', 'argocd', 'argocd']);
  });
});
