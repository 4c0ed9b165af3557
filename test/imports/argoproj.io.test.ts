/**
 * The L1 classes generated from crds/argo-cd.yaml: every field name of the schema is one Argo CD has
 * (checked against the field names of `@kubernetes-models/argo-cd`, Argo CD 2.7's types, plus the
 * fields documented since), and objects built with the L1s pass that package's validators.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { Chart, Testing } from 'cdk8s';
import { parse } from 'yaml';
import * as argocd from '../../src/imports/argoproj.io';
import { modelErrors } from '../validity/validators';

const ROOT = join(__dirname, '..', '..');
const MODELS = join(ROOT, 'node_modules', '@kubernetes-models', 'argo-cd', 'argoproj.io', 'v1alpha1');

/** Fields documented after Argo CD 2.7 (docs/operator-manual/application.yaml, project.yaml, Progressive-Syncs.md). */
const NEWER_THAN_2_7 = new Set([
  'valuesObject', 'skipSchemaValidation', 'kubeVersion', 'apiVersions', 'namespace', 'components', 'patches',
  'name', 'enabled', 'sourceNamespaces', 'destinationServiceAccounts', 'defaultServiceAccount', 'deletionOrder',
  'templatePatch', 'ignoreApplicationDifferences', 'elementsYaml', 'timeZone', 'refresh',
]);

function schemaFieldNames(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {node.forEach(n => schemaFieldNames(n, out));} else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.properties && typeof o.properties === 'object') Object.keys(o.properties).forEach(k => out.add(k));
    Object.values(o).forEach(v => schemaFieldNames(v, out));
  }
  return out;
}

test('every field of the schema is one of Argo CD\'s', () => {
  const list = parse(readFileSync(join(ROOT, 'crds', 'argo-cd.yaml'), 'utf8'));
  const crds = list.items.map((c: any) => c.spec.versions[0].schema.openAPIV3Schema);
  const known = new Set<string>();
  for (const kind of ['Application', 'AppProject', 'ApplicationSet']) {
    const text = readFileSync(join(MODELS, `${kind}.d.ts`), 'utf8');
    for (const m of text.matchAll(/"([A-Za-z]+)"\??:/g)) known.add(m[1]);
  }
  const unknown = [...schemaFieldNames(crds)].filter(f => !known.has(f) && !NEWER_THAN_2_7.has(f));
  expect(unknown).toEqual([]);
  expect(schemaFieldNames(crds).size).toBeGreaterThan(100);
});

test('an Application built with the L1 is valid (camelCase props, Argo CD field names out)', () => {
  const chart = new Chart(Testing.app(), 'platform');
  new argocd.Application(chart, 'db', {
    metadata: { name: 'database', namespace: 'argocd' },
    spec: {
      project: 'default',
      source: { repoUrl: 'https://git.example.com/platform.git', targetRevision: 'main', path: 'dist', directory: { include: '{a.k8s.yaml,b.k8s.yaml}' } },
      destination: { server: 'https://kubernetes.default.svc', namespace: 'db' },
      syncPolicy: {
        automated: { prune: true, selfHeal: true },
        syncOptions: ['CreateNamespace=true'],
        retry: { limit: 5, backoff: { duration: '5s', factor: 2, maxDuration: '3m' } },
      },
    },
  });
  const [app] = Testing.synth(chart);
  expect(app.spec.source.repoURL).toBe('https://git.example.com/platform.git');
  expect(app.spec.source.repoUrl).toBeUndefined();
  expect(modelErrors(app)).toEqual([]);
});

test('an ApplicationSet with RollingSync steps and an AppProject are valid; maxUpdate is an integer or a string', () => {
  const chart = new Chart(Testing.app(), 'platform');
  new argocd.ApplicationSet(chart, 'set', {
    metadata: { name: 'platform' },
    spec: {
      generators: [{ list: { elements: [{ name: 'database' }, { name: 'console' }] } }],
      template: {
        metadata: { name: '{{name}}', labels: { 'syncplan.io/step': '{{step}}' } },
        spec: { project: 'default', source: { repoUrl: 'https://git.example.com/p.git', path: 'dist' }, destination: { namespace: 'db' } },
      },
      strategy: {
        type: 'RollingSync',
        rollingSync: {
          steps: [
            { matchExpressions: [{ key: 'syncplan.io/step', operator: 'In', values: ['0'] }], maxUpdate: argocd.ApplicationSetSpecStrategyRollingSyncStepsMaxUpdate.fromNumber(1) },
            { matchExpressions: [{ key: 'syncplan.io/step', operator: 'In', values: ['1'] }], maxUpdate: argocd.ApplicationSetSpecStrategyRollingSyncStepsMaxUpdate.fromString('25%') },
          ],
        },
      },
    },
  });
  new argocd.AppProject(chart, 'project', {
    metadata: { name: 'platform' },
    spec: { sourceRepos: ['*'], destinations: [{ server: 'https://kubernetes.default.svc', namespace: 'db' }], clusterResourceWhitelist: [{ group: '', kind: 'Namespace' }] },
  });
  const [set, project] = Testing.synth(chart);
  expect(set.spec.strategy.rollingSync.steps.map((s: any) => s.maxUpdate)).toEqual([1, '25%']);
  expect(modelErrors(set)).toEqual([]);
  expect(modelErrors(project)).toEqual([]);
});
