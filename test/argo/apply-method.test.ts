/**
 * The kubectl call Argo CD makes per object, from gitops-engine `pkg/sync/sync_context_test.go` `TestSync_Replace`,
 * `TestSync_ServerSideApply`, `TestSyncContext_ServerSideApplyWithDryRun`, `TestSync_Force`, `TestSyncValidate` and
 * `TestSyncOptionValidate`; the messages are kubectl's printers (`created`, `configured`, `unchanged`,
 * `serverside-applied`, `replaced`) and `applyObject`'s "<Kind>/<name> updated". Data of our own.
 */
import { sim, planOf } from './simulate/helpers';
import { applyDecision, applyMessage } from '../../src/argo/apply-method';
import { clientSideApplyOverflow } from '../../src/argo/apply-size';
import { simulate } from '../../src/argo/simulate';
import { m, manifest } from '../fixtures/manifests';

const opts = (o: string) => ({ 'argocd.argoproj.io/sync-options': o });
const obj = (kind: string, annotations?: Record<string, string>, apiVersion = kind === 'CustomResourceDefinition' ? 'apiextensions.k8s.io/v1' : 'v1') => ({
  apiVersion, kind, metadata: { name: 'x', ...(annotations ? { annotations } : {}) },
});

describe('TestSync_Replace', () => {
  test('Replace=true: create when nothing is live, replace when it is, from the app, the manifest or the live object', () => {
    expect(applyDecision(obj('ConfigMap'), { appSyncOptions: ['Replace=true'] }).method).toBe('create');
    expect(applyDecision(obj('ConfigMap'), { appSyncOptions: ['Replace=true'], live: obj('ConfigMap') }).method).toBe('replace');
    expect(applyDecision(obj('ConfigMap', opts('Replace=true')), { appSyncOptions: [], live: obj('ConfigMap') }).method).toBe('replace');
    expect(applyDecision(obj('ConfigMap'), { appSyncOptions: [], live: obj('ConfigMap', opts('Replace=true')) }).method).toBe('replace');
  });

  test('a live CRD or Namespace is updated, never replaced: "<Kind>/<name> updated"', () => {
    for (const kind of ['CustomResourceDefinition', 'Namespace']) {
      const d = applyDecision(obj(kind), { appSyncOptions: ['Replace=true'], live: obj(kind) });
      expect(d.method).toBe('update');
      expect(applyMessage(d, { group: '', kind, name: 'x' }, true, true)).toBe(`${kind}/x updated`);
    }
  });

  test('Replace goes before server-side apply', () => {
    expect(applyDecision(obj('ConfigMap', opts('Replace=true,ServerSideApply=true')), { appSyncOptions: [] }).method).toBe('create');
  });
});

describe('TestSync_ServerSideApply / TestSyncContext_ServerSideApplyWithDryRun', () => {
  test('from the app or the manifest; the manifest\'s ServerSideApply=false wins; never in the dry run', () => {
    expect(applyDecision(obj('ConfigMap'), { appSyncOptions: ['ServerSideApply=true'] }).method).toBe('server-side-apply');
    expect(applyDecision(obj('ConfigMap', opts('ServerSideApply=true')), { appSyncOptions: [] }).method).toBe('server-side-apply');
    expect(applyDecision(obj('ConfigMap', opts('ServerSideApply=false')), { appSyncOptions: ['ServerSideApply=true'] }).method).toBe('apply');
    expect(applyDecision(obj('ConfigMap'), { appSyncOptions: ['ServerSideApply=true'], dryRun: true }).method).toBe('apply');
  });

  test('kubectl\'s words: serverside-applied, created, configured, unchanged, replaced', () => {
    const cm = { group: '', kind: 'ConfigMap', name: 'x' };
    expect(applyMessage({ method: 'server-side-apply', force: false, validate: true }, cm, true, true)).toBe('configmap/x serverside-applied');
    expect(applyMessage({ method: 'apply', force: false, validate: true }, { group: 'apps', kind: 'Deployment', name: 'web' }, false, true)).toBe('deployment.apps/web created');
    expect(applyMessage({ method: 'apply', force: false, validate: true }, cm, true, true)).toBe('configmap/x configured');
    expect(applyMessage({ method: 'apply', force: false, validate: true }, cm, true, false)).toBe('configmap/x unchanged');
    expect(applyMessage({ method: 'replace', force: true, validate: true }, cm, true, true)).toBe('configmap/x replaced');
  });
});

describe('TestSync_Force / TestSyncValidate / TestSyncOptionValidate', () => {
  test('Force=true from the manifest, the live object or the operation (argocd app sync --force), never the Application\'s options', () => {
    expect(applyDecision(obj('Job', opts('Force=true,Replace=true')), { appSyncOptions: [] }).force).toBe(true);
    expect(applyDecision(obj('Job'), { appSyncOptions: [], live: obj('Job', opts('Force=true')) }).force).toBe(true);
    expect(applyDecision(obj('Job'), { appSyncOptions: [], operationForce: true }).force).toBe(true);
    expect(applyDecision(obj('Job'), { appSyncOptions: ['Force=true'] }).force).toBe(false);
  });

  test('Validate=false from the app or the manifest (processCreateTasks, WithManifestValidation)', () => {
    expect(applyDecision(obj('Job'), { appSyncOptions: ['Validate=false'] }).validate).toBe(false);
    expect(applyDecision(obj('Job', opts('Validate=false')), { appSyncOptions: [] }).validate).toBe(false);
    expect(applyDecision(obj('Job'), { appSyncOptions: [] }).validate).toBe(true);
  });
});

/**
 * gitops-engine `applyObject` reads `Replace=true` and `Force=true` from the live object's annotation
 * too since Argo CD 3.3 (argo-cd PR #26110, in v3.3.0 as #26189, `TestSync_Replace` / `TestSync_Force`
 * live cases); before, only the manifest's annotation, the Application's Replace=true and the operation's force.
 */
describe('Replace/Force on the live object: since 3.3', () => {
  test('the live object\'s Replace=true and Force=true are read since 3.3, not before', () => {
    const liveReplace = { appSyncOptions: [], live: obj('ConfigMap', opts('Replace=true')) };
    expect(applyDecision(obj('ConfigMap'), { ...liveReplace, argocdVersion: '3.3' }).method).toBe('replace');
    expect(applyDecision(obj('ConfigMap'), { ...liveReplace, argocdVersion: '3.2' }).method).toBe('apply');
    const liveForce = { appSyncOptions: [], live: obj('Job', opts('Force=true')) };
    expect([applyDecision(obj('Job'), { ...liveForce, argocdVersion: '3.2' }).force, applyDecision(obj('Job'), { ...liveForce, argocdVersion: '3.3' }).force]).toEqual([false, true]);
  });
  test('the manifest\'s own Replace=true and Force=true count in every version', () => {
    const d = applyDecision(obj('Job', opts('Replace=true,Force=true')), { appSyncOptions: [], live: obj('Job'), argocdVersion: '2.14' });
    expect([d.method, d.force]).toEqual(['replace', true]);
  });
  test('a large object whose live copy says Replace=true overflows the annotation before 3.3 (client-side apply)', () => {
    const big = { ...obj('ConfigMap'), data: { blob: 'a'.repeat(300 * 1024) } };
    const live = obj('ConfigMap', opts('Replace=true'));
    expect(clientSideApplyOverflow(big, [], live)).toBeUndefined();
    expect(clientSideApplyOverflow(big, [], live, '3.2')).toBeGreaterThan(256 * 1024);
  });
});

describe('the last-applied-configuration limit (apply-size.ts asks applyDecision)', () => {
  const big = (annotations?: Record<string, string>) => ({ ...obj('ConfigMap', annotations), data: { blob: 'a'.repeat(300 * 1024) } });
  test('only a client-side apply writes it: Replace (on the manifest, the app or the live object) and SSA do not', () => {
    expect(clientSideApplyOverflow(big(), [])).toBeGreaterThan(256 * 1024);
    expect(clientSideApplyOverflow(big(), ['Replace=true'])).toBeUndefined();
    expect(clientSideApplyOverflow(big(opts('ServerSideApply=true')), [])).toBeUndefined();
    expect(clientSideApplyOverflow(big(), [], obj('ConfigMap', opts('Replace=true')))).toBeUndefined();
  });
});

describe('in the simulated sync', () => {
  test('the results carry the call\'s output', () => {
    const live = manifest({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'app' }, data: { a: 'old' } });
    const r = sim([m({ kind: 'ConfigMap', name: 'cfg', syncOptions: 'Replace=true' }), m({ kind: 'Secret', name: 'new', syncOptions: 'ServerSideApply=true' })], { live: [live] });
    expect(r.results.map(x => x.message)).toEqual(['secret/new serverside-applied', 'configmap/cfg replaced']);
  });

  test('the live object\'s Replace=true replaces since 3.3; 3.2 applies (TestSync_Replace, argo-cd PR #26110)', () => {
    const live = manifest({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'app', annotations: opts('Replace=true') }, data: { a: 'old' } });
    const run = (argocdVersion: string) => sim([m({ kind: 'ConfigMap', name: 'cfg' })], { live: [live], sim: { argocdVersion } }).results.map(x => x.message);
    expect([run('3.2'), run('3.3')]).toEqual([['configmap/cfg configured'], ['configmap/cfg replaced']]);
  });

  test('a live CRD with Replace=true is updated; a large CRD with Replace=true or SSA does not hit the annotation limit', () => {
    const crd = (annotations: Record<string, string>) => manifest({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com', annotations },
      spec: { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', description: 'd'.repeat(300 * 1024) }] },
    });
    const failing = simulate(planOf([crd({})]), {});
    expect(failing.message).toMatch(/Too long: may not be more than 262144 bytes/);
    const replaced = crd(opts('Replace=true'));
    const live = [manifest({ ...replaced.object })];
    const r = simulate(planOf([replaced], { live }), { live });
    expect(r.operationPhase).toBe('Succeeded');
    expect(r.results[0].message).toBe('CustomResourceDefinition/widgets.example.com updated');
    expect(simulate(planOf([crd({})]), { syncOptions: ['ServerSideApply=true'] }).operationPhase).toBe('Succeeded');
  });

  test('Validate=false does not lift what the API server itself refuses', () => {
    const bad = m({ kind: 'ConfigMap', name: 'Bad_Name', syncOptions: 'Validate=false' });
    const r = sim([bad]);
    expect(r.operationPhase).toBe('Failed');
    expect(r.notes.some(n => n.startsWith('Validate=false'))).toBe(true);
  });

  test('Force=true in the Application\'s sync options is named as ignored', () => {
    const r = sim([m({ kind: 'ConfigMap', name: 'a' })], { sim: { syncOptions: ['Force=true'] } });
    expect(r.notes.some(n => n.startsWith('Force=true'))).toBe(true);
  });
});
