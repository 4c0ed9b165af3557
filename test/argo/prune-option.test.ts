/**
 * `Prune=` / `Delete=` per object, from the tests of argo-cd PR #23370 (3.4): gitops-engine
 * `pkg/sync/sync_context_test.go` `TestDoNotPruneAppLevelPruneFalse`, `TestDoNotPruneResourceLevelPruneFalse`,
 * `TestPruneConfirmResourceLevel`, `TestPruneConfirmAppLevel`; argo-cd `controller/state_test.go`
 * `Test_isObjRequiresDeletionConfirmation` and `controller/appcontroller_test.go` `Test_syncDeleteOption`;
 * and, before 3.4, `TestDoNotPrunePruneFalse` and `TestPruneConfirm` at v3.3.0.
 */
import * as fc from 'fast-check';
import { objectOption, optionIs } from '../../src/argo/prune-option';
import { ignoredAppOption } from '../../src/argo/sync-options';
import { ARGOCD_VERSIONS, behavesSince } from '../../src/argo/versions';
import { m } from '../fixtures/manifests';

const pod = (options?: string) => m({ kind: 'Pod', name: 'my-pod', ...(options !== undefined ? { syncOptions: options } : {}) }).object;

describe('objectOption (3.4+)', () => {
  test('TestDoNotPruneAppLevelPruneFalse: the Application\'s Prune=false applies to an object without its own', () => {
    expect(objectOption(pod(), 'Prune', ['Prune=false'], '3.4')).toBe('false');
  });

  test('TestDoNotPruneResourceLevelPruneFalse: the object\'s Prune=false holds whatever the Application says', () => {
    for (const app of [[], ['Prune=true'], ['Prune=false']]) expect(objectOption(pod('Prune=false'), 'Prune', app, '3.4')).toBe('false');
  });

  test('TestPruneConfirmResourceLevel / TestPruneConfirmAppLevel: confirm from the object, else from the Application', () => {
    for (const app of [[], ['Prune=true'], ['Prune=false'], ['Prune=confirm']]) expect(objectOption(pod('Prune=confirm'), 'Prune', app, '3.4')).toBe('confirm');
    expect(objectOption(pod(), 'Prune', ['Prune=confirm'], '3.4')).toBe('confirm');
  });

  test('Test_isObjRequiresDeletionConfirmation "override prune resource": any value on the object overrides the Application', () => {
    expect(objectOption(pod('Prune=foo'), 'Prune', ['Prune=confirm'], '3.4')).toBe('foo');
    expect(objectOption(pod('Delete=foo'), 'Delete', ['Delete=confirm', 'Prune=confirm'], '3.4')).toBe('foo');
    expect(objectOption(pod('Delete=confirm'), 'Prune', ['Prune=confirm'], '3.4')).toBe('confirm');
  });

  test('Test_syncDeleteOption "delete set on the app level" / "delete should be overridden on the resource"', () => {
    expect(objectOption(pod(), 'Delete', ['Delete=false'], '3.4')).toBe('false');
    expect(objectOption(pod('Delete=foo'), 'Delete', ['Delete=false'], '3.4')).toBe('foo');
  });
});

describe('objectOption before 3.4', () => {
  test('TestDoNotPrunePruneFalse / TestPruneConfirm (v3.3.0): only the object\'s exact annotation counts', () => {
    expect(objectOption(pod('Prune=false'), 'Prune', [], '3.3')).toBe('false');
    expect(objectOption(pod('Prune=confirm'), 'Prune', [], '3.3')).toBe('confirm');
    expect(objectOption(pod('Prune=foo,Prune=false'), 'Prune', [], '3.3')).toBe('false');
  });

  test('the Application-level option is ignored, and ignoredAppOption says so', () => {
    expect(objectOption(pod(), 'Prune', ['Prune=false'], '3.3')).toBeUndefined();
    expect(objectOption(pod(), 'Delete', ['Delete=confirm'], '2.14')).toBeUndefined();
    expect(ignoredAppOption('Prune=false', '3.3')?.message).toMatch(/^Argo CD reads Prune= in the Application's syncOptions since 3\.4; 3\.3 ignores it/);
    expect(ignoredAppOption('Delete=confirm', '2.14')?.since).toBe('3.4');
    expect(ignoredAppOption('Prune=false', '3.4')).toBeUndefined();
    expect(ignoredAppOption('PruneLast=true', '3.3')).toBeUndefined();
  });

  test('property: with no Application-level option, every version reads an object\'s Prune=false and Prune=confirm alike', () => {
    fc.assert(fc.property(fc.constantFrom(...ARGOCD_VERSIONS), fc.constantFrom(undefined, 'Prune=false', 'Prune=confirm', 'Delete=false'), (v, own) => {
      const expected = own === 'Prune=false' ? 'false' : own === 'Prune=confirm' ? 'confirm' : undefined;
      expect(objectOption(pod(own), 'Prune', [], v)).toBe(expected);
      expect(ignoredAppOption('Prune=false', v) === undefined).toBe(behavesSince('appPruneDeleteDefaults', v));
    }));
  });
});

describe('the plan carries it on prune tasks (buildPlan)', () => {
  const { buildPlan } = jest.requireActual('../../src/argo/plan') as typeof import('../../src/argo/plan');
  const prunes = (live: ReturnType<typeof m>[], syncOptions: string[], argocdVersion: string) =>
    buildPlan([], { namespace: 'app', live, syncOptions, argocdVersion }).steps.flatMap(s => s.tasks).map(t => [t.name, t.pruneOption]);

  test('TestDoNotPruneAppLevelPruneFalse: Prune=false from the Application since 3.4, never before; the object\'s own in every version', () => {
    const live = [m({ kind: 'ConfigMap', name: 'a' }), m({ kind: 'ConfigMap', name: 'b', syncOptions: 'Prune=confirm' })];
    expect(prunes(live, ['Prune=false'], '3.4')).toEqual([['a', 'false'], ['b', 'confirm']]);
    expect(prunes(live, ['Prune=false'], '3.3')).toEqual([['a', undefined], ['b', 'confirm']]);
  });
});

describe('optionIs (also what Application deletion reads, src/argo/app-deletion.ts)', () => {
  test('before 3.4 each exact item counts on its own (HasAnnotationOption): Delete=false and Delete=confirm can both hold', () => {
    const both = pod('Delete=confirm,Delete=false');
    expect([optionIs(both, 'Delete', 'false', [], '3.3'), optionIs(both, 'Delete', 'confirm', [], '3.3')]).toEqual([true, true]);
    expect(optionIs(pod(), 'Delete', 'false', ['Delete=false'], '3.3')).toBe(false);
  });

  test('since 3.4 the first value (the object\'s, else the Application\'s) is the only one', () => {
    const both = pod('Delete=confirm,Delete=false');
    expect([optionIs(both, 'Delete', 'false', [], '3.4'), optionIs(both, 'Delete', 'confirm', [], '3.4')]).toEqual([false, true]);
    expect(optionIs(pod(), 'Delete', 'false', ['Delete=false'], '3.4')).toBe(true);
  });
});
