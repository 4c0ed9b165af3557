/**
 * namespace-not-string (src/rules/checks/namespace-not-string.ts): argo-cd controller/state.go
 * NormalizeTargetObjects writes the destination namespace over a metadata.namespace that is not a string.
 */
import { yaml, cm, k } from '../../fixtures/manifests';
import { findingsOf, ruleCase } from '../helpers';

const inNamespace = (namespace: unknown) => ({ ...cm('cfg'), metadata: { name: 'cfg', namespace } });

ruleCase('namespace-not-string', {
  ref: 'NormalizeTargetObjects: GetNamespace() of a number is ""',
  trips: yaml(inNamespace(5)),
  passes: yaml(inNamespace('5')),
});

describe('namespace-not-string', () => {
  test('names the namespace the object goes to instead, and the quoted fix', () => {
    const [f] = findingsOf('namespace-not-string', yaml(inNamespace(5)), { namespace: 'shop' });
    expect(f.message).toContain('metadata.namespace is a number (5), not a string');
    expect(f.message).toContain('destination namespace "shop"');
    expect(f.fix).toBe('quote it: namespace: "5"');
    expect(findingsOf('namespace-not-string', yaml(inNamespace(5)))[0].message).toContain("the Application's destination namespace");
  });

  test('a null or empty namespace means none and is fine; a cluster-scoped kind has none to lose', () => {
    expect(findingsOf('namespace-not-string', yaml(inNamespace(null), { ...inNamespace(''), metadata: { name: 'b', namespace: '' } }))).toEqual([]);
    expect(findingsOf('namespace-not-string', yaml({ ...k('rbac.authorization.k8s.io/v1', 'ClusterRole', 'r'), metadata: { name: 'r', namespace: 5 } }))).toEqual([]);
  });

  test('a list as namespace: the fix says to write a string', () => {
    const [f] = findingsOf('namespace-not-string', yaml(inNamespace(['shop'])));
    expect(f.message).toContain('is a list');
    expect(f.fix).toBe('write metadata.namespace as a string');
  });
});
