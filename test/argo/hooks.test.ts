import { deletionHookTypesOf, hookTypesOf, isHook, readHook } from '../../src/argo';
import { HOOK, obj } from '../fixtures/manifests';

const HELM = 'helm.sh/hook';
const pod = (annotations: Record<string, string> = {}) => obj({ kind: 'Pod', name: 'p', annotations });
const example = (hook: string) => pod({ [HOOK]: hook });

describe('hooks (gitops-engine pkg/sync/hook/hook_test.go)', () => {
  test('TestNoHooks', () => {
    const h = readHook(pod());
    expect(h).toMatchObject({ isHook: false, skip: false, types: [], ignored: false, phases: ['Sync'] });
  });

  test.each(['PreSync', 'Sync', 'PostSync', 'SyncFail'])('TestOneHook %s', type => {
    const h = readHook(example(type));
    expect(h).toMatchObject({ isHook: true, skip: false, types: [type], phases: [type], ignored: false });
  });

  test('TestSkipHook: Skip alone is not a hook, it is skipped', () => {
    const h = readHook(example('Skip'));
    expect(h).toMatchObject({ isHook: false, skip: true, types: ['Skip'], phases: [], ignored: false });
  });

  test('TestGarbageHook: a misspelt hook is a hook with no type, so it is ignored', () => {
    const h = readHook(example('Garbage'));
    expect(h).toMatchObject({ isHook: true, skip: false, types: [], ignored: true, phases: [], unrecognisedArgo: ['Garbage'] });
  });

  test.each(['presync', 'Presync', 'pre-sync', '', ' ', ',', 'test'])('hook value %p is unrecognised (case-sensitive, empty) → ignored', value => {
    expect(readHook(example(value))).toMatchObject({ isHook: true, ignored: true, phases: [] });
  });

  test('TestTwoHooks: one phase per type', () => {
    const h = readHook(example('PreSync,PostSync'));
    expect(h).toMatchObject({ isHook: true, skip: false, phases: ['PreSync', 'PostSync'] });
    expect([...h.types].sort()).toEqual(['PostSync', 'PreSync']);
  });

  test('TestDupHookTypes / TestSyncDuplicatedPhases', () => {
    expect(readHook(example('Sync,Sync')).types).toEqual(['Sync']);
    expect(readHook(example('PreSync, PreSync')).phases).toEqual(['PreSync']);
    expect(readHook(pod({ [HELM]: 'pre-install,pre-upgrade' })).phases).toEqual(['PreSync']);
  });

  test('TestSkipAndHook: Skip next to a real type is ignored', () => {
    const h = readHook(example('Skip,PreSync,PostSync'));
    expect(h).toMatchObject({ isHook: true, skip: false, phases: ['PreSync', 'PostSync'] });
    expect([...h.types].sort()).toEqual(['PostSync', 'PreSync', 'Skip']);
  });

  test('TestGarbageAndHook: a recognised value next to garbage wins', () => {
    expect(readHook(example('Sync,Garbage'))).toMatchObject({ isHook: true, types: ['Sync'], ignored: false, unrecognisedArgo: ['Garbage'] });
  });

  test('TestHelmHook: pre-install is PreSync', () => {
    expect(readHook(pod({ [HELM]: 'pre-install' }))).toMatchObject({ isHook: true, skip: false, types: ['PreSync'] });
  });

  test('TestGarbageHelmHook / TestIgnore: an unusable Helm hook is ignored', () => {
    expect(readHook(pod({ [HELM]: 'garbage' }))).toMatchObject({ isHook: true, types: [], ignored: true, unrecognisedHelm: ['garbage'] });
  });

  test('TestBothHooks: Argo CD hook types beat Helm hook types', () => {
    const h = readHook(pod({ [HOOK]: 'Sync', [HELM]: 'pre-install' }));
    expect(h).toMatchObject({ types: ['Sync'], phases: ['Sync'], helmOverridden: true });
  });

  test('an unrecognised Argo value falls back to the Helm types', () => {
    expect(readHook(pod({ [HOOK]: 'Garbage', [HELM]: 'post-upgrade' }))).toMatchObject({ isHook: true, types: ['PostSync'], ignored: false, helmOverridden: false });
  });

  test('Skip beats Helm: an Argo Skip makes Helm types irrelevant', () => {
    expect(readHook(pod({ [HOOK]: 'Skip', [HELM]: 'pre-install' }))).toMatchObject({ isHook: false, skip: true, phases: [] });
  });

  // gitops-engine pkg/sync/hook/helm/type_test.go TestTypes, hook_test.go TestIsHook
  test.each([
    ['pre-install', ['PreSync']],
    ['pre-upgrade', ['PreSync']],
    ['post-install', ['PostSync']],
    ['post-upgrade', ['PostSync']],
    ['pre-install,post-install', ['PreSync', 'PostSync']],
  ])('helm TestTypes: helm.sh/hook %p → phases %p', (value, phases) => {
    expect(readHook(pod({ [HELM]: value }))).toMatchObject({ isHook: true, ignored: false, phases });
  });

  test.each(['pre-rollback', 'post-rollback', 'test', 'test-success', 'test-failure', 'anything'])('helm TestTypes: %p is an unusable hook → ignored', value => {
    expect(readHook(pod({ [HELM]: value }))).toMatchObject({ isHook: true, ignored: true, phases: [] });
  });

  test('helm TestIsHook: crd-install (exact value) is not a hook but a normal resource', () => {
    expect(readHook(pod({ [HELM]: 'crd-install' }))).toMatchObject({ isHook: false, ignored: false, phases: ['Sync'], unrecognisedHelm: [] });
    // Only the exact whole value is special: in a list it is just an unusable type.
    expect(readHook(pod({ [HELM]: 'crd-install,pre-install' }))).toMatchObject({ isHook: true, phases: ['PreSync'] });
    expect(readHook(pod({ [HELM]: 'crd-install, test' }))).toMatchObject({ isHook: true, ignored: true });
  });

  // argo-cd controller/hook.go isHookOfType / hasGitOpsEngineSyncPhaseHook
  test.each([
    [{ [HOOK]: 'PreDelete' }, ['PreDelete']],
    [{ [HOOK]: 'PostDelete' }, ['PostDelete']],
    [{ [HELM]: 'pre-delete' }, ['PreDelete']],
    [{ [HELM]: 'post-delete' }, ['PostDelete']],
    [{ [HOOK]: 'PreDelete, PostDelete' }, ['PreDelete', 'PostDelete']],
  ])('deletion hook %p is deletion-only', (annotations, deletionTypes) => {
    expect(readHook(pod(annotations))).toMatchObject({ deletionOnly: true, deletionTypes, unrecognisedArgo: [], unrecognisedHelm: [] });
  });

  test('a deletion hook that also names a sync phase stays in the sync for that phase', () => {
    expect(readHook(example('PreSync,PostDelete'))).toMatchObject({ deletionOnly: false, isHook: true, phases: ['PreSync'], deletionTypes: ['PostDelete'] });
    expect(hookTypesOf(example('PostDelete,PreSync'))).toEqual(['PreSync', 'PostDelete']);
  });

  test('hookTypesOf and isHook', () => {
    expect(hookTypesOf(pod())).toEqual([]);
    expect(hookTypesOf(pod({ [HELM]: 'pre-install,post-upgrade' }))).toEqual(['PreSync', 'PostSync']);
    expect(isHook(example('Sync'))).toBe(true);
    expect(isHook(example('Skip'))).toBe(false);
  });

  // gitops-engine pkg/sync/ignore/ignore_test.go TestIgnore
  test.each([
    ['plain Pod', {}, false],
    ['Sync hook', { [HOOK]: 'Sync' }, false],
    ['garbage hook', { [HOOK]: 'garbage' }, true],
    ['Helm pre-install', { [HELM]: 'pre-install' }, false],
    ['Helm garbage', { [HELM]: 'garbage' }, true],
  ])('TestIgnore: %s → ignored %p', (_name, annotations, ignored) => {
    expect(readHook(pod(annotations)).ignored).toBe(ignored);
  });

  // gitops-engine pkg/sync/sync_phase_test.go
  test.each([
    ['TestSyncPhaseNone', {}, ['Sync']],
    ['TestSyncPhasePreSync', { [HOOK]: 'PreSync' }, ['PreSync']],
    ['TestSyncPhaseSync', { [HOOK]: 'Sync' }, ['Sync']],
    ['TestSyncPhaseSkip', { [HOOK]: 'Skip' }, []],
    ['TestSyncPhaseGarbage', { [HOOK]: 'Garbage' }, []],
    ['TestSyncPhasePost', { [HOOK]: 'PostSync' }, ['PostSync']],
    ['TestSyncPhaseFail', { [HOOK]: 'SyncFail' }, ['SyncFail']],
    ['TestSyncPhaseTwoPhases', { [HOOK]: 'PreSync,PostSync' }, ['PreSync', 'PostSync']],
    ['TestSyncDuplicatedPhases', { [HOOK]: 'PreSync,PreSync' }, ['PreSync']],
  ])('%s', (_name, annotations, phases) => {
    expect(readHook(pod(annotations)).phases).toEqual(phases);
  });
});

describe('deletionHookTypesOf (controller/hook.go isHookOfType, TestIsPreDeleteHook, TestMultiHookOfType)', () => {
  const hook = (argo?: string, helm?: string) => obj({
    kind: 'Job',
    name: 'h',
    annotations: { ...(argo !== undefined ? { 'argocd.argoproj.io/hook': argo } : {}), ...(helm !== undefined ? { 'helm.sh/hook': helm } : {}) },
  });
  test('PreDelete since 3.3; CSV lists since 3.3.3 (#26586, in 3.4.0 as #26420), the whole value before', () => {
    expect(deletionHookTypesOf(hook('PreDelete'))).toEqual(['PreDelete']);
    expect(deletionHookTypesOf(hook('PreDelete'), '3.2')).toEqual([]);
    expect(deletionHookTypesOf(hook('PostDelete'), '2.14')).toEqual(['PostDelete']);
    expect(deletionHookTypesOf(hook('PostSync, PostDelete'))).toEqual(['PostDelete']);
    expect(deletionHookTypesOf(hook('PostSync,PostDelete'), '3.3.2')).toEqual([]);
    expect(deletionHookTypesOf(hook('PostSync,PostDelete'), '3.3.3')).toEqual(['PostDelete']);
    expect(deletionHookTypesOf(hook('PostSync,PostDelete'), '3.3')).toEqual(['PostDelete']); // 3.3's latest patch
    expect(deletionHookTypesOf(hook(undefined, 'pre-delete,post-delete'))).toEqual(['PreDelete', 'PostDelete']);
    expect(deletionHookTypesOf(hook(undefined, 'post-delete'), '3.0')).toEqual(['PostDelete']);
    expect(deletionHookTypesOf(hook('postdelete'))).toEqual([]);
  });
});
