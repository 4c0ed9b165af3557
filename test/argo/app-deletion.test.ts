/**
 * What the cascade keeps and what needs confirmation: argo-cd `Test_syncDeleteOption`
 * (controller/appcontroller_test.go) and `TestFilterObjectsForDeletion` (controller/sort_delete_test.go),
 * with the project's own data; the version split read from v3.3.0 and v3.4.0 `shouldBeDeleted`.
 */
import { keptOnDeletion, nextDeletionWave, requiresDeletionConfirmation } from '../../src/argo/app-deletion';
import { obj, SYNC_OPTIONS } from '../fixtures/manifests';

const cm = (annotations: Record<string, string> = {}) => obj({ kind: 'ConfigMap', name: 'c', annotations });

describe('keptOnDeletion (Test_syncDeleteOption)', () => {
  test('"without delete option object is deleted"', () => {
    expect(keptOnDeletion('', 'ConfigMap', cm())).toBeUndefined();
  });
  test('Delete=false and helm.sh/resource-policy: keep (a CSV item) are retained; a CRD always is', () => {
    expect(keptOnDeletion('', 'ConfigMap', cm({ [SYNC_OPTIONS]: 'Replace=true,Delete=false' }))).toBe('delete-false');
    expect(keptOnDeletion('', 'ConfigMap', cm({ 'helm.sh/resource-policy': 'keep' }))).toBe('resource-policy-keep');
    expect(keptOnDeletion('', 'ConfigMap', cm({ 'helm.sh/resource-policy': 'Keep' }))).toBeUndefined();
    expect(keptOnDeletion('apiextensions.k8s.io', 'CustomResourceDefinition', cm())).toBe('crd');
  });
  test('"delete set on the app level" and "delete should be overridden on the resource" (3.4+)', () => {
    expect(keptOnDeletion('', 'ConfigMap', cm(), ['Delete=false'])).toBe('delete-false');
    expect(keptOnDeletion('', 'ConfigMap', cm({ [SYNC_OPTIONS]: 'Delete=foo' }), ['Delete=false'])).toBeUndefined();
    expect(keptOnDeletion('', 'ConfigMap', cm(), ['Delete=false'], '3.3')).toBeUndefined();
    expect(keptOnDeletion('', 'ConfigMap', cm({ [SYNC_OPTIONS]: 'Delete=false' }), [], '2.14')).toBe('delete-false');
  });
});

describe('requiresDeletionConfirmation (isObjRequiresDeletionConfirmation)', () => {
  test('Delete=confirm on the object in every version; Prune=confirm and the app defaults since 3.4', () => {
    expect(requiresDeletionConfirmation(cm({ [SYNC_OPTIONS]: 'Delete=confirm' }), [], '2.14')).toBe(true);
    expect(requiresDeletionConfirmation(cm({ [SYNC_OPTIONS]: 'Prune=confirm' }))).toBe(true);
    expect(requiresDeletionConfirmation(cm({ [SYNC_OPTIONS]: 'Prune=confirm' }), [], '3.3')).toBe(false);
    expect(requiresDeletionConfirmation(cm(), ['Prune=confirm'])).toBe(true);
    expect(requiresDeletionConfirmation(cm({ [SYNC_OPTIONS]: 'Delete=true' }), ['Delete=confirm'])).toBe(false);
    expect(requiresDeletionConfirmation(cm())).toBe(false);
  });
});

describe('nextDeletionWave (TestFilterObjectsForDeletion)', () => {
  test('the objects of the highest wave only; none of none', () => {
    expect(nextDeletionWave([2, 8, 8, -1, 3], w => w)).toEqual([8, 8]);
    expect(nextDeletionWave([2, 6, 1, 1], w => w)).toEqual([6]);
    expect(nextDeletionWave([-4], w => w)).toEqual([-4]);
    expect(nextDeletionWave([], (w: number) => w)).toEqual([]);
  });
});
