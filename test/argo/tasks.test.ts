import { buildPlan, buildTasks, hookName, Manifest, PlanOptions } from '../../src/argo';
import { HOOK, m, manifest, obj, WAVE } from '../fixtures/manifests';

const names = (ms: readonly Manifest[], options = {}) => buildTasks(ms, options).tasks.map(t => `${t.phase}:${t.kind}/${t.name}`);


/** With annotation tracking (the default since 3.0), what the repo server does with a non-string annotation value. */
const APP_FAILS = 'with annotation tracking (the default since Argo CD 3.0) Argo CD\'s repo server fails to generate the manifests (it cannot write the tracking-id annotation), '
  + 'so the whole Application fails to render, not only this object; with label tracking Argo CD reads no annotation of this object (waves, hooks, sync options) and the API server rejects it';
/** The same for a null value, which label tracking reads as "" since 3.1. */
const APP_FAILS_NULL = 'with annotation tracking (the default since Argo CD 3.0) Argo CD\'s repo server fails to generate the manifests (it cannot write the tracking-id annotation), '
  + 'so the whole Application fails to render, not only this object; with label tracking Argo CD reads it as "" and keeps the other annotations';

describe('tasks (gitops-engine pkg/sync/sync_context.go getSyncTasks)', () => {
  test('TestUnnamedHooksGetUniqueNames: Truncated revision', () => {
    const pod = m({ kind: 'Pod', generateName: '', annotations: { [HOOK]: 'PreSync,PostSync' } });
    const { tasks } = buildTasks([pod], { revision: 'FooBarBaz', startedAt: 1234 });
    expect(tasks.map(t => t.name)).toEqual(['foobarb-presync-1234', 'foobarb-postsync-1234']);
    expect((pod.object.metadata as Record<string, unknown>).name).toBeUndefined();
  });

  test('TestUnnamedHooksGetUniqueNames: Short revision', () => {
    const pod = m({ kind: 'Pod', generateName: 'my-pod-', annotations: { [HOOK]: 'PreSync,PostSync' } });
    expect(buildTasks([pod], { revision: 'foobar', startedAt: 7 }).tasks.map(t => t.name)).toEqual(['my-pod-foobar-presync-7', 'my-pod-foobar-postsync-7']);
  });

  test('hookName: 8+ characters → first 7; 7 or fewer → all; only the suffix is lower-cased', () => {
    expect(hookName('job-', 'SyncFail', '0123456789abcdef', 1700000000)).toBe('job-0123456-syncfail-1700000000');
    expect(hookName('job-', 'Sync', 'ABCDEFG', 1)).toBe('job-abcdefg-sync-1');
    expect(hookName('Job-', 'Sync', '', 0)).toBe('Job--sync-0');
  });

  test('default revision and start time name hooks deterministically', () => {
    expect(names([m({ kind: 'Job', generateName: 'migrate-', annotations: { [HOOK]: 'PreSync' } })])).toEqual(['PreSync:Job/migrate-0000000-presync-0']);
  });

  test('TestNamingNonHookResource: a resource with only generateName is an error Argo CD fails the sync on', () => {
    const { tasks, errors } = buildTasks([m({ kind: 'Pod', generateName: 'p-' })]);
    expect(tasks).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ kind: 'Pod', name: 'p-' });
    expect(errors[0].message).toMatch(/generateName but no metadata.name/);
    expect(errors[0].message).not.toMatch(/\n/);
  });

  test('TestNamingNonHookResource: a resource with neither name nor generateName is an error, kubectl\'s dry-run refusal quoted', () => {
    const { errors, tasks } = buildTasks([m({ kind: 'ConfigMap' })]);
    expect(tasks).toEqual([]);
    expect(errors.map(e => e.message)).toEqual([expect.stringMatching(/^resource has neither metadata\.name nor metadata\.generateName: .*"resource name may not be empty"/)]);
  });

  test('TestAutomaticallyNamingUnnamedHook: a hook with neither name nor generateName is named per phase, as a generateName hook with an empty prefix', () => {
    const hook = m({ kind: 'Pod', annotations: { [HOOK]: 'PreSync,PostSync' } });
    const { errors, tasks } = buildTasks([hook], { revision: 'abcdef0123', startedAt: 1700000000 });
    expect(errors).toEqual([]);
    expect(tasks.map(t => [t.phase, t.name])).toEqual([['PreSync', 'abcdef0-presync-1700000000'], ['PostSync', 'abcdef0-postsync-1700000000']]);
  });

  test('NormalizeTargetObjects: unnamed objects of one kind and namespace share the empty name and collide; generateName ones never do', () => {
    const unnamed = () => m({ kind: 'Pod', annotations: { [HOOK]: 'Sync' } });
    const [a, b] = [unnamed(), unnamed()];
    const { tasks, excluded } = buildTasks([a, b]);
    expect(tasks.map(t => t.manifest)).toEqual([b]);
    expect(excluded.map(x => [x.manifest, x.keptInstead])).toEqual([[a, b]]);
    const generated = () => m({ kind: 'Pod', generateName: 'p-', annotations: { [HOOK]: 'Sync' } });
    expect(buildTasks([generated(), generated()]).excluded).toEqual([]);
  });

  test('TestDeDupingTasks: the same object twice yields one task; the later definition wins (NormalizeTargetObjects)', () => {
    const first = manifest(obj({ kind: 'Pod', name: 'p', annotations: { [HOOK]: 'Sync' } }), 'a.yaml');
    const second = manifest(obj({ kind: 'Pod', name: 'p', annotations: { [HOOK]: 'Sync', [WAVE]: '3' } }), 'b.yaml');
    const { tasks, excluded } = buildTasks([first, second]);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ wave: 3, manifest: second });
    expect(excluded).toHaveLength(1);
    expect(excluded[0]).toMatchObject({ kind: 'Pod', name: 'p', manifest: first });
    expect(excluded[0].reason).toMatch(/^repeated: b\.yaml:1 defines the same object again and wins/);
  });

  test('a repeated key is resolved before hooks are read: a later non-hook definition replaces a hook', () => {
    const { tasks } = buildTasks([
      m({ kind: 'Job', name: 'j', annotations: { [HOOK]: 'PreSync,PostSync' } }),
      m({ kind: 'Job', name: 'j', namespace: 'dest' }),
    ], { namespace: 'dest' });
    expect(tasks.map(t => `${t.phase}:${t.hook}`)).toEqual(['Sync:false']);
  });

  test('generateName objects never collide with each other', () => {
    const hook = { kind: 'Job', generateName: 'smoke-', annotations: { [HOOK]: 'PostSync' } };
    const { tasks, excluded } = buildTasks([m(hook), m(hook)]);
    expect(tasks).toHaveLength(2);
    expect(excluded).toEqual([]);
  });

  test('TestObjectsGetANamespace: the destination namespace is filled in, the input is not mutated', () => {
    const pod = m({ kind: 'Pod', name: 'p' });
    const { tasks } = buildTasks([pod], { namespace: 'fake-argocd-ns' });
    expect(tasks[0].namespace).toBe('fake-argocd-ns');
    expect((tasks[0].target!.metadata as Record<string, unknown>).namespace).toBe('fake-argocd-ns');
    expect((pod.object.metadata as Record<string, unknown>).namespace).toBeUndefined();
  });

  test('cluster-scoped objects get the destination namespace too (comment in getSyncTasks)', () => {
    expect(buildTasks([m({ kind: 'ClusterRole', name: 'r' })], { namespace: 'dest' }).tasks[0].namespace).toBe('dest');
  });

  test('TestHookSkip: Skip alone is never applied and listed as excluded', () => {
    const { tasks, excluded } = buildTasks([m({ kind: 'Pod', name: 'p', annotations: { [HOOK]: 'Skip' } })]);
    expect(tasks).toEqual([]);
    expect(excluded.map(e => [e.kind, e.name, e.reason])).toEqual([['Pod', 'p', 'hook Skip: never applied']]);
  });

  test('TestSkipAndHook: Skip with a real type behaves as that type', () => {
    expect(names([m({ kind: 'Pod', name: 'p', annotations: { [HOOK]: 'Skip,PreSync,PostSync' } })])).toEqual(['PreSync:Pod/p', 'PostSync:Pod/p']);
  });

  test('TestGarbageHook / ignore_test: a hook with no usable type vanishes, with the reason', () => {
    const { tasks, excluded } = buildTasks([
      m({ kind: 'Job', name: 'a', annotations: { [HOOK]: 'presync' } }),
      m({ kind: 'Job', name: 'b', annotations: { 'helm.sh/hook': 'test' } }),
      m({ kind: 'Job', name: 'c', annotations: { [HOOK]: '' } }),
    ]);
    expect(tasks).toEqual([]);
    expect(excluded.map(e => e.name)).toEqual(['a', 'b', 'c']);
    expect(excluded[0].reason).toMatch(/no usable type \(hook "presync"\)/);
    expect(excluded[1].reason).toMatch(/helm.sh\/hook "test"/);
    expect(excluded[2].reason).toMatch(/empty value/);
  });

  test('PreDelete/PostDelete-only hooks are kept out of the sync (partitionTargetObjsForSync)', () => {
    const { tasks, excluded } = buildTasks([
      m({ kind: 'Job', name: 'cleanup', annotations: { [HOOK]: 'PostDelete' } }),
      m({ kind: 'Job', name: 'drain', annotations: { 'helm.sh/hook': 'pre-delete' } }),
      m({ kind: 'Job', name: 'both', annotations: { [HOOK]: 'PreSync,PreDelete' } }),
    ]);
    expect(tasks.map(t => `${t.phase}:${t.name}`)).toEqual(['PreSync:both']);
    expect(excluded.map(e => [e.name, e.reason])).toEqual([
      ['cleanup', 'PostDelete hook: runs only when the Application is deleted'],
      ['drain', 'PreDelete hook: runs only when the Application is deleted'],
    ]);
  });

  // argo-cd v3.3.3 controller/state.go CompareAppState (CSV read, #26586) vs v3.3.5 partitionTargetObjsForSync (#26999).
  test('3.3.3 and 3.3.4 keep a deletion hook out of the sync even beside a sync phase; 3.3.0 to 3.3.2 read no deletion hook in a list', () => {
    const both = [m({ kind: 'Job', name: 'both', annotations: { [HOOK]: 'PreSync,PreDelete' } }), m({ kind: 'Job', name: 'helm', annotations: { 'helm.sh/hook': 'post-install,post-delete' } })];
    const at = (argocdVersion: string) => buildTasks(both, { argocdVersion });
    for (const v of ['3.3.2', '3.3.5', '3.3', '3.4.0']) expect([v, at(v).tasks.map(t => `${t.phase}:${t.name}`)]).toEqual([v, ['PreSync:both', 'PostSync:helm']]);
    for (const v of ['3.3.3', '3.3.4']) {
      const { tasks, excluded } = at(v);
      expect(tasks).toEqual([]);
      expect(excluded.map(e => [e.name, e.reason])).toEqual([
        ['both', `PreDelete hook: Argo CD ${v} keeps a deletion hook out of every sync, its PreSync too (3.3.5 fixed it, argo-cd #26996)`],
        ['helm', `PostDelete hook: Argo CD ${v} keeps a deletion hook out of every sync, its PostSync too (3.3.5 fixed it, argo-cd #26996)`],
      ]);
    }
  });

  test('one task per hook phase; SyncFail hooks get a task (set apart by the plan)', () => {
    expect(names([m({ kind: 'Pod', name: 'p', annotations: { [HOOK]: 'PostSync,SyncFail,PreSync' } })])).toEqual(['PreSync:Pod/p', 'PostSync:Pod/p', 'SyncFail:Pod/p']);
  });

  test('hooks carry delete policies; resources have none', () => {
    const { tasks } = buildTasks([
      m({ kind: 'Job', name: 'h', annotations: { [HOOK]: 'PreSync', 'helm.sh/hook-delete-policy': 'hook-succeeded' } }),
      m({ kind: 'Deployment', name: 'd', annotations: { 'argocd.argoproj.io/hook-delete-policy': 'HookSucceeded' } }),
    ]);
    expect(tasks.map(t => [t.name, t.hook, t.deletePolicies])).toEqual([['h', true, ['HookSucceeded']], ['d', false, []]]);
  });

  test('TestDoNotSyncOrPruneHooks: skipHooks drops every hook and never prunes live hooks', () => {
    const { tasks, excluded } = buildTasks(
      [m({ kind: 'Pod', name: 'do-not-create-me', annotations: { [HOOK]: 'PreSync' } }), m({ kind: 'Deployment', name: 'kept' })],
      { skipHooks: true, live: [m({ kind: 'Service', name: 'do-not-prune-me', namespace: 'fake-argocd-ns', annotations: { [HOOK]: 'PreSync' } })] },
    );
    expect(tasks.map(t => t.name)).toEqual(['kept']);
    expect(excluded.map(e => [e.name, e.reason])).toEqual([
      ['do-not-create-me', 'hooks are skipped (selective sync, self-heal or apply strategy)'],
      ['do-not-prune-me', 'live hook: Argo CD never prunes hooks'],
    ]);
  });

  test('live objects without a target become prune tasks in phase Sync with their own wave', () => {
    const { tasks } = buildTasks([m({ kind: 'Pod', name: 'kept' })], {
      namespace: 'ns',
      live: [
        m({ kind: 'Pod', name: 'kept', namespace: 'ns' }),
        m({ kind: 'Pod', name: 'gone', namespace: 'ns', annotations: { [WAVE]: '4' } }),
        m({ kind: 'Pod', name: 'skipped', namespace: 'ns', annotations: { [HOOK]: 'Skip' } }),
      ],
    });
    expect(tasks.map(t => [t.name, t.action, t.phase, t.wave, t.hook])).toEqual([
      ['kept', 'apply', 'Sync', 0, false],
      ['gone', 'prune', 'Sync', 4, false],
    ]);
  });

  test('a live cluster-scoped object (no namespace) matches its target (Reconcile checks both keys)', () => {
    const { tasks } = buildTasks([m({ kind: 'ClusterRole', name: 'r' })], { namespace: 'dest', live: [m({ kind: 'ClusterRole', name: 'r' })] });
    expect(tasks.map(t => t.action)).toEqual(['apply']);
  });

  test('a Skip target protects its live object from pruning', () => {
    const { tasks } = buildTasks([m({ kind: 'Pod', name: 'p', annotations: { [HOOK]: 'Skip' } })], { live: [m({ kind: 'Pod', name: 'p' })] });
    expect(tasks).toEqual([]);
  });

  test('argo-cd #13730: a non-string annotation is a plan error pointing at its line; the object syncs without annotations', () => {
    const source = { file: 'app.yaml', line: 10, index: 2, lineOf: (path: ReadonlyArray<string | number>) => (path[2] === WAVE ? 14 : undefined) };
    const bad: Manifest = { object: obj({ kind: 'Job', name: 'migrate', annotations: { [HOOK]: 'PreSync', [WAVE]: 5 } }), source };
    const plan = buildPlan([bad]);
    expect(plan.errors).toHaveLength(1);
    expect(plan.errors[0]).toMatchObject({ kind: 'Job', name: 'migrate', source: { file: 'app.yaml', line: 14 } });
    expect(plan.errors[0].message).toBe(`annotation ${WAVE} is number 5, not a string: ${APP_FAILS}; quote the value ("5")`);
    // With no readable annotation the PreSync hook is a plain Sync resource.
    expect(plan.steps.map(s => [s.phase, s.tasks.map(t => [t.name, t.hook])])).toEqual([['Sync', [['migrate', false]]]]);
  });

  test('a document that is not an object is an error, not a crash', () => {
    const plan = buildPlan([{ object: 'text' as unknown as Record<string, unknown>, source: { file: 'x.yaml', line: 3, index: 0 } }]);
    expect(plan.errors.map(e => e.source.line)).toEqual([3]);
    expect(plan.steps).toEqual([]);
  });
});

describe('plan errors for annotations (argo-cd #13730)', () => {
  const messages = (annotations: unknown, options: PlanOptions = {}) =>
    buildPlan([manifest({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', annotations } })], options).errors.map(e => e.message);

  // What happens is the rule annotation-not-string's words for the tracking method and version (non-string-annotation.ts).
  test.each([
    [{ a: true }, `annotation a is boolean true, not a string: ${APP_FAILS}; quote the value ("true")`],
    [{ a: null }, `annotation a is null, not a string: ${APP_FAILS_NULL}; write "" or remove the key`],
    [{ a: ['x', 'y'] }, `annotation a is a list, not a string: ${APP_FAILS}; write it as one string (a comma-separated list)`],
    [{ a: { b: 'c' } }, `annotation a is a map, not a string: ${APP_FAILS}; write it as one string (a comma-separated list)`],
    [['x'], `metadata.annotations is a list, not a map of strings: ${APP_FAILS}; write it as a map`],
  ])('%p', (annotations, message) => {
    expect(messages(annotations)).toEqual([message]);
  });

  test('with label tracking the app renders: the message says what Argo CD and the API server do then, by version', () => {
    const label = { tracking: { method: 'label' as const } };
    expect(messages({ a: true }, { ...label, argocdVersion: '3.1' })).toEqual([
      'annotation a is boolean true, not a string: with label tracking Argo CD reads no annotation of this object (waves, hooks, sync options) and the API server rejects it; '
      + 'with annotation tracking the whole Application would fail to render; quote the value ("true")',
    ]);
    // Since 3.1 a null value reads as "" and nothing goes wrong: no error (annotation-not-string reports none either).
    expect(messages({ a: null }, { ...label, argocdVersion: '3.1' })).toEqual([]);
    expect(messages({ a: null }, { ...label, argocdVersion: '3.0' })).toEqual([
      'annotation a is null, not a string: with label tracking Argo CD reads no annotation of this object (waves, hooks, sync options) (3.1 reads a null as ""); '
      + 'with annotation tracking the whole Application would fail to render; write "" or remove the key',
    ]);
  });

  // apimachinery v0.33.0 TestNestedNullCoercingStringMap "null value": Unstructured.GetAnnotations, which the
  // controller reads targets with, keeps the other annotations since Argo CD 3.1; argo-cd util/kube/kube_test.go
  // TestSetAppInstanceAnnotationWithInvalidData: with annotation tracking the repo server still refuses the map.
  describe('a null value under label tracking (the app renders)', () => {
    const job = () => manifest({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'migrate', annotations: { [HOOK]: 'PreSync', [WAVE]: '3', 'argocd.argoproj.io/hook-delete-policy': 'HookSucceeded', 'note': null } },
    });
    const plan = (argocdVersion: string, method: 'label' | 'annotation' = 'label') => buildPlan([job()], { argocdVersion, tracking: { method } });
    const placed = (p: ReturnType<typeof buildPlan>) => p.steps.flatMap(s => s.tasks.map(t => [t.phase, t.wave, t.hook, t.deletePolicies]));

    test('3.1+: the hook, its wave and its delete policy count, and there is no plan error', () => {
      for (const version of ['3.1', '3.6']) {
        const p = plan(version);
        expect(p.errors).toEqual([]);
        expect(placed(p)).toEqual([['PreSync', 3, true, ['HookSucceeded']]]);
      }
    });

    test('3.0: no annotation of the object is read (a plain Sync resource), and the plan says so', () => {
      const p = plan('3.0');
      expect(placed(p)).toEqual([['Sync', 0, false, []]]);
      expect(p.errors.map(e => e.message)).toEqual([expect.stringMatching(/^annotation note is null, not a string: with label tracking Argo CD reads no annotation/)]);
    });

    test('a null hook value reads as an empty hook since 3.1 (an ignored object), as nothing before', () => {
      const hook = manifest({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j', annotations: { [HOOK]: null } } });
      const label = { tracking: { method: 'label' as const } };
      const read = (argocdVersion: string) => buildTasks([hook], { ...label, argocdVersion });
      expect(read('3.1').excluded.map(e => e.reason)).toEqual(['hook with no usable type (empty value): Argo CD neither applies nor prunes it']);
      expect(read('3.1').errors).toEqual([]);
      expect(read('3.0').tasks.map(t => `${t.phase}:${t.name}`)).toEqual(['Sync:j']);
    });

    test('annotation tracking: the repo server fails the whole app, an error in every version', () => {
      for (const version of ['3.0', '3.1', '3.6']) {
        expect(plan(version, 'annotation').errors.map(e => e.message)).toEqual([expect.stringMatching(/repo server fails to generate the manifests/)]);
      }
    });

    test('a live object holds "" where its manifest said null (the API server decodes it so): its PruneLast counts in every version', () => {
      const live = manifest({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'old', annotations: { 'argocd.argoproj.io/sync-options': 'PruneLast=true', 'note': null } } });
      const target = manifest({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', annotations: { [WAVE]: '2' } } });
      for (const argocdVersion of ['3.0', '3.1']) {
        const p = buildPlan([target], { argocdVersion, live: [live] });
        // PruneLast: after the highest Sync wave (2), so wave 3.
        expect(p.steps.flatMap(s => s.tasks.filter(t => t.action === 'prune').map(t => t.wave))).toEqual([3]);
      }
    });
  });

  test('one error per bad value, the object still syncs', () => {
    const plan = buildPlan([manifest({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'g-', name: 'c', annotations: { a: 1, b: 2, c: 'ok' } } })]);
    expect(plan.errors.map(e => [e.kind, e.name])).toEqual([['ConfigMap', 'c'], ['ConfigMap', 'c']]);
    expect(plan.steps.flatMap(s => s.tasks.map(t => t.name))).toEqual(['c']);
  });
});

// argo-cd util/kube/kube_test.go TestGetAppInstanceLabelWithInvalidData: with label tracking the repo server reads
// metadata.labels before it writes app.kubernetes.io/instance, and a non-string value, null included, fails it.
describe('plan errors for labels under label tracking (src/argo/non-string-label.ts)', () => {
  const service = (labels: unknown, kind = 'Service', apiVersion = 'v1') => manifest({ apiVersion, kind, metadata: { name: 'my-service', labels } });
  const messages = (ms: Manifest[], options: PlanOptions) => buildPlan(ms, options).errors.map(e => e.message);
  const repoServerFails = (method: string) => `with ${method} tracking Argo CD's repo server fails to generate the manifests (it cannot write the app.kubernetes.io/instance label), `
    + 'so the whole Application fails to render, not only this object';

  test('svc-with-invalid-data.yaml: a null label fails the app under label and annotation+label tracking, in every version', () => {
    const svc = [service({ 'valid-label': 'existing-value', 'invalid-label': null })];
    for (const method of ['label', 'annotation+label'] as const) {
      for (const argocdVersion of ['2.14', '3.1', '3.6']) {
        expect(messages(svc, { argocdVersion, tracking: { method } })).toEqual([
          `label invalid-label is null, not a string: ${repoServerFails(method)}; with annotation tracking the API server reads it as "" and nothing goes wrong; write "" or remove the key`,
        ]);
      }
    }
  });

  test('a number, at the label\'s line; the default tracking of 2.14 is label', () => {
    const source = { file: 'app.yaml', line: 1, index: 0, lineOf: (path: ReadonlyArray<string | number>) => (path[2] === 'version' ? 6 : undefined) };
    const plan = buildPlan([{ ...service({ version: 2 }), source }], { argocdVersion: '2.14' });
    expect(plan.errors).toEqual([{
      kind: 'Service',
      name: 'my-service',
      message: 'label version is number 2, not a string: with label tracking (the default before Argo CD 3.0) Argo CD\'s repo server fails to generate the manifests '
        + '(it cannot write the app.kubernetes.io/instance label), so the whole Application fails to render, not only this object; '
        + 'with annotation tracking the API server would reject it; quote the value ("2")',
      source: { ...source, line: 6 },
    }]);
  });

  test('annotation tracking (the default since 3.0) and CRDs: no plan error (the API server\'s to judge: rule object-invalid)', () => {
    expect(messages([service({ version: 2, note: null })], {})).toEqual([]);
    expect(messages([service({ version: 2 })], { tracking: { method: 'annotation' }, argocdVersion: '2.14' })).toEqual([]);
    expect(messages([service({ version: 2 }, 'CustomResourceDefinition', 'apiextensions.k8s.io/v1')], { tracking: { method: 'label' } })).toEqual([]);
  });

  test('labels that are not a map, and a hook the sync skips: the repo server renders every object', () => {
    const hook = manifest({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j', annotations: { [HOOK]: 'Skip' }, labels: ['x'] } });
    expect(messages([hook], { tracking: { method: 'label' } })).toEqual([
      `metadata.labels is a list, not a map of strings: ${repoServerFails('label')}; with annotation tracking the API server would reject it; write it as a map`,
    ]);
  });
});
