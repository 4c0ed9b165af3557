import * as fc from 'fast-check';
import { applyPruneLast, buildPlan, buildTasks, compareTasks, DraftTask, hoist, Manifest, mirrorPruneWaves, PlanOptions } from '../../src/argo';
import { manifestsArb } from '../fixtures/manifest-arbitrary';
import { HOOK, m, WAVE } from '../fixtures/manifests';

/** The pipeline up to the sort, then a hoisted copy. */
function beforeAfter(manifests: readonly Manifest[], options: PlanOptions = {}): [DraftTask[], DraftTask[]] {
  const { tasks } = buildTasks(manifests, options);
  mirrorPruneWaves(tasks);
  applyPruneLast(tasks, options.syncOptions ?? []);
  tasks.sort(compareTasks);
  const before = tasks.map(t => ({ ...t }));
  const after = tasks.map(t => ({ ...t }));
  hoist(after);
  return [before, after];
}
const flat = (manifests: readonly Manifest[], options: PlanOptions = {}) =>
  buildPlan(manifests, options).steps.flatMap(s => s.tasks.map(t => `${t.phase}:${t.wave}:${t.kind}/${t.name}${t.hoisted ? '^' : ''}`));

describe('hoisting (gitops-engine pkg/sync/sync_tasks.go adjustDeps)', () => {
  test('TestSyncTasksSort_NamespaceAndObjectInNamespace: Namespaces move before their first task and take its phase and wave', () => {
    const plan = buildPlan([
      m({ kind: 'Job', name: 'mySyncHookJob1', namespace: 'myNamespace1', annotations: { [HOOK]: 'PreSync' } }),
      m({ kind: 'Job', name: 'mySyncHookJob2', namespace: 'myNamespace2', annotations: { [HOOK]: 'PreSync' } }),
      m({ kind: 'Namespace', name: 'myNamespace1', annotations: { [WAVE]: '1' } }),
      m({ kind: 'Namespace', name: 'myNamespace2', annotations: { [WAVE]: '2' } }),
    ]);
    const tasks = plan.steps.flatMap(s => s.tasks);
    expect(tasks.map(t => t.name)).toEqual(['myNamespace1', 'mySyncHookJob1', 'myNamespace2', 'mySyncHookJob2']);
    expect(tasks.map(t => [t.phase, t.wave])).toEqual([['PreSync', 0], ['PreSync', 0], ['PreSync', 0], ['PreSync', 0]]);
    expect(tasks[0]).toMatchObject({ hoisted: true, hook: false, annotatedPhase: 'Sync', annotatedWave: 1 });
    expect(tasks[2]).toMatchObject({ hoisted: true, annotatedWave: 2 });
  });

  test('TestSyncTasksSort_CRDAndCR: a CRD is pulled into PreSync before a PreSync custom resource', () => {
    const cr = m({ apiVersion: 'argoproj.io/v1', kind: 'Workflow', name: 'wf', annotations: { [HOOK]: 'PreSync' } });
    const crd = m({ kind: 'CustomResourceDefinition', name: 'workflows.argoproj.io', spec: { group: 'argoproj.io', names: { kind: 'Workflow' } } });
    expect(flat([cr, crd])).toEqual(['PreSync:0:CustomResourceDefinition/workflows.argoproj.io^', 'PreSync:0:Workflow/wf']);
  });

  test('a Namespace named like the destination namespace is pulled to the very first task of the sync', () => {
    expect(flat([
      m({ kind: 'Namespace', name: 'shop', annotations: { [WAVE]: '5' } }),
      m({ kind: 'ClusterRole', name: 'reader', annotations: { [WAVE]: '-3' } }),
      m({ kind: 'Job', name: 'migrate', annotations: { [HOOK]: 'PreSync', [WAVE]: '2' } }),
    ], { namespace: 'shop' })).toEqual(['PreSync:2:Namespace/shop^', 'PreSync:2:Job/migrate', 'Sync:-3:ClusterRole/reader']);
  });

  test('only earlier moves: a Namespace already ahead of its objects stays where it is', () => {
    expect(flat([
      m({ kind: 'Namespace', name: 'a', annotations: { [WAVE]: '-1' } }),
      m({ kind: 'Pod', name: 'p', namespace: 'a', annotations: { [WAVE]: '3' } }),
    ])).toEqual(['Sync:-1:Namespace/a', 'Sync:3:Pod/p']);
  });

  test('a Namespace of another API group is not hoisted; a CRD without spec.names.kind is not hoisted', () => {
    expect(flat([
      m({ kind: 'Pod', name: 'p', namespace: 'a' }),
      m({ apiVersion: 'example.com/v1', kind: 'Namespace', name: 'a', annotations: { [WAVE]: '1' } }),
      m({ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w' }),
      m({ kind: 'CustomResourceDefinition', name: 'widgets.example.com', annotations: { [WAVE]: '1' }, spec: { group: 'example.com', names: {} } }),
    // Kind order ignores the group: example.com/Namespace still ranks as Namespace.
    ])).toEqual(['Sync:0:Pod/p', 'Sync:0:Widget/w', 'Sync:1:Namespace/a', 'Sync:1:CustomResourceDefinition/widgets.example.com']);
  });

  test('prune tasks neither move nor anchor a move', () => {
    const plan = buildPlan([m({ kind: 'Namespace', name: 'a', annotations: { [WAVE]: '2' } })], { live: [m({ kind: 'Pod', name: 'old', namespace: 'a' })] });
    expect(plan.steps.flatMap(s => s.tasks.map(t => `${t.action}:${t.wave}:${t.name}`))).toEqual(['prune:0:old', 'apply:2:a']);
  });

  test('a Namespace hook in a later phase is hoisted out of its hook phase (adjustDeps ignores hooks)', () => {
    const plan = buildPlan([
      m({ kind: 'Namespace', name: 'dest', annotations: { [HOOK]: 'PreSync,PostSync' } }),
      m({ kind: 'ConfigMap', name: 'c' }),
    ], { namespace: 'dest' });
    expect(plan.steps.flatMap(s => s.tasks.map(t => `${t.phase}:${t.kind}/${t.name}:${t.annotatedPhase}:${t.hook}`))).toEqual([
      'PreSync:Namespace/dest:PreSync:true', 'Sync:Namespace/dest:PostSync:true', 'Sync:ConfigMap/c:Sync:false',
    ]);
  });

  test('CRD hoisting runs after Namespace hoisting: a CRD can land in front of a hoisted Namespace\'s anchor', () => {
    expect(flat([
      m({ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', namespace: 'a', annotations: { [HOOK]: 'PreSync' } }),
      m({ kind: 'Namespace', name: 'a', annotations: { [WAVE]: '1' } }),
      m({ kind: 'CustomResourceDefinition', name: 'widgets.example.com', spec: { group: 'example.com', names: { kind: 'Widget' } } }),
    ])).toEqual(['PreSync:0:Namespace/a^', 'PreSync:0:CustomResourceDefinition/widgets.example.com^', 'PreSync:0:Widget/w']);
  });

  test('property: hoisting moves only Namespaces/CRDs, only earlier, keeps every other task in order and (phase, wave) sorted', () => {
    fc.assert(fc.property(manifestsArb, fc.constantFrom('', 'dest', 'a'), (manifests, namespace) => {
      const [before, after] = beforeAfter(manifests, { namespace });
      if (after.length !== before.length) return false;
      const moved = after.filter(t => t.hoisted);
      const movedSeqs = new Set(moved.map(t => t.seq));
      if (!moved.every(t => (t.kind === 'Namespace' && t.group === '') || (t.kind === 'CustomResourceDefinition' && t.group === 'apiextensions.k8s.io'))) return false;
      // Others keep their relative order.
      const stay = (ts: DraftTask[]) => ts.filter(t => !movedSeqs.has(t.seq)).map(t => `${t.seq}`);
      if (stay(before).join() !== stay(after).join()) return false;
      // Each moved task has no more non-moved tasks in front of it than before.
      for (const t of moved) {
        const ahead = (ts: DraftTask[]) => ts.slice(0, ts.findIndex(x => x.seq === t.seq)).filter(x => !movedSeqs.has(x.seq)).length;
        if (ahead(after) > ahead(before)) return false;
      }
      // Phase/wave stay non-decreasing, so steps are still contiguous.
      for (let i = 1; i < after.length; i++) {
        const rank = (x: DraftTask) => ['PreSync', 'Sync', 'PostSync', 'SyncFail'].indexOf(x.phase) * 1e6 + x.wave;
        if (rank(after[i - 1]) > rank(after[i])) return false;
      }
      return true;
    }), { numRuns: 500 });
  });
});
